// Whether the browser believes it is online, and the global "a request is running" flag.
import { appStore, atom } from './store.ts'

export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine)
export const pendingRequestsAtom = atom(0)
export const loadingAtom = atom((get) => get(pendingRequestsAtom) > 0)

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => appStore.set(onlineAtom, true))
  window.addEventListener('offline', () => appStore.set(onlineAtom, false))
}
