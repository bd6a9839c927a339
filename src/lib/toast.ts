// Toasts: one message at a time, 3000 ms by default (SPEC 10).
import { appStore, atom } from './store.ts'

export interface Toast {
  id: number
  text: string
}

export const toastAtom = atom<Toast | null>(null)
let nextId = 1

export function showToast(text: string, durationMs = 3000): void {
  const id = nextId++
  appStore.set(toastAtom, { id, text })
  setTimeout(() => {
    if (appStore.get(toastAtom)?.id === id) appStore.set(toastAtom, null)
  }, durationMs)
}
