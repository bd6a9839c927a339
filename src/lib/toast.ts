// Toasts: one message at a time, at least 3000 ms and longer for long text, closable,
// placed where they cover neither the control that caused them nor the focused field.
import { appStore, atom } from './store.ts'

export interface Toast {
  id: number
  text: string
  /** How long it stays, in ms (the host may keep it while the player is reading it). */
  durationMs: number
  /** The controls the toast must not cover: the one tapped or focused when it was shown. */
  avoid: Element[]
}

export const toastAtom = atom<Toast | null>(null)
let nextId = 1
let timer: ReturnType<typeof setTimeout> | undefined

/** At least the given time, plus reading time for long text (about 15 characters a second). */
export function toastDuration(text: string, minimumMs = 3000): number {
  return Math.min(12_000, Math.max(minimumMs, 1500 + text.length * 65))
}

// The control the player last touched: a toast after an awaited request no longer has it focused
// (Safari never focuses a tapped button), so the tap is remembered for a few seconds.
let lastTouched: { element: Element; at: number } | undefined
const INTERACTIVE = 'button, a, input, select, textarea, [role="button"], [role="tab"], [role="switch"]'
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest(INTERACTIVE) : null
      if (target && !target.closest('.toast')) lastTouched = { element: target, at: Date.now() }
    },
    { capture: true, passive: true },
  )
}

function controlsToAvoid(): Element[] {
  const avoid: Element[] = []
  const active = typeof document === 'undefined' ? null : document.activeElement
  if (active && active !== document.body && active.tagName !== 'IFRAME') avoid.push(active)
  if (lastTouched && Date.now() - lastTouched.at < 15_000 && !avoid.includes(lastTouched.element)) {
    avoid.push(lastTouched.element)
  }
  return avoid
}

export function showToast(text: string, minimumMs = 3000): void {
  const id = nextId++
  const durationMs = toastDuration(text, minimumMs)
  appStore.set(toastAtom, { id, text, durationMs, avoid: controlsToAvoid() })
  clearTimeout(timer)
  timer = setTimeout(() => dismissToast(id), durationMs)
}

/** Closes the toast (only that one, when an id is given: a newer toast stays). */
export function dismissToast(id?: number): void {
  const current = appStore.get(toastAtom)
  if (current && (id === undefined || current.id === id)) appStore.set(toastAtom, null)
}
