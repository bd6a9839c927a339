// Service worker registration (workbox-window), the "new version waiting" flag behind the
// update prompt, and the install prompt the header banner offers.
import type { Workbox } from 'workbox-window'
import { appStore, atom } from './store.ts'

export const updateWaitingAtom = atom(false)

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}
export const installPromptAtom = atom<InstallPromptEvent | null>(null)

let workbox: Workbox | undefined

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // workbox-window is not needed to draw the first screen, so it loads in its own chunk after.
  void import('workbox-window').then(({ Workbox }) => {
    workbox = new Workbox('/sw.js', { scope: '/' })
    workbox.addEventListener('waiting', () => appStore.set(updateWaitingAtom, true))
    workbox.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload()
    })
    return workbox.register()
  })
}

/** Lets the waiting service worker take over; the page reloads once it controls. */
export function applyUpdate(): void {
  appStore.set(updateWaitingAtom, false)
  workbox?.messageSkipWaiting()
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    appStore.set(installPromptAtom, event as InstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => appStore.set(installPromptAtom, null))
}

export async function promptInstall(): Promise<boolean> {
  const event = appStore.get(installPromptAtom)
  if (!event) return false
  await event.prompt()
  const { outcome } = await event.userChoice
  appStore.set(installPromptAtom, null)
  return outcome === 'accepted'
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false
}
