// Whether the browser believes it is online, and the global "a request is running" flag (shown
// as the loading bar under the header).
import { appStore, atom } from './store.ts'

export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine)
export const pendingRequestsAtom = atom(0)
export const loadingAtom = atom((get) => get(pendingRequestsAtom) > 0)

if (typeof window !== 'undefined') {
  // The global loading bar is CSS on this attribute (it shows once a call has taken 0.5 s).
  appStore.sub(loadingAtom, () => document.documentElement.toggleAttribute('data-busy', appStore.get(loadingAtom)))
  window.addEventListener('online', () => appStore.set(onlineAtom, true))
  window.addEventListener('offline', () => appStore.set(onlineAtom, false))
}
