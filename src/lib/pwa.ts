// Service worker registration (workbox-window), the "new version waiting" flag behind the
// update prompt, and the install prompt the header banner offers.
import { call } from './api.ts'
import { appStore, atom } from './store.ts'

/** A new version is installed and waiting. */
export const updateWaitingAtom = atom(false)

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}
export const installPromptAtom = atom<InstallPromptEvent | null>(null)

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // Registration (workbox-window, update checks) is not needed to draw the first screen.
  void import('./serviceWorker.ts').then((sw) => sw.register(() => appStore.set(updateWaitingAtom, true)))
}

/** Lets the waiting service worker take over; the page reloads once it controls. */
export function applyUpdate(): void {
  appStore.set(updateWaitingAtom, false)
  void import('./serviceWorker.ts').then((sw) => sw.skipWaiting())
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    appStore.set(installPromptAtom, event as InstallPromptEvent)
  })
  // Installed by any way the browser offers (its own menu too): the server hears of it, and the
  // download reward follows (a second report changes nothing).
  window.addEventListener('appinstalled', () => {
    appStore.set(installPromptAtom, null)
    void call('/v1/account/installAccepted').catch(() => undefined)
  })
}

export async function promptInstall(): Promise<boolean> {
  const event = appStore.get(installPromptAtom)
  if (!event) return false
  await event.prompt()
  const { outcome } = await event.userChoice
  appStore.set(installPromptAtom, null)
  // The server counts accepted installs.
  if (outcome === 'accepted') void call('/v1/account/installAccepted').catch(() => undefined)
  return outcome === 'accepted'
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false
}
