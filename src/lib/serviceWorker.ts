// The service worker's registration, loaded after the first screen: it tells when a new version
// waits (the update prompt), and a periodic update check so a PWA left open still sees a
// release (every 30 min, and when the app comes back to the foreground).
import { Workbox } from 'workbox-window'

const UPDATE_CHECK_MS = 30 * 60 * 1000

let workbox: Workbox | undefined

/** Registers `/sw.js`; `onWaiting` runs when a new version waits for the player's yes. */
export function register(onWaiting: () => void): Promise<unknown> {
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', onWaiting)
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload()
  })
  const check = () => void workbox?.update()
  setInterval(check, UPDATE_CHECK_MS)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check())
  return workbox.register()
}

export function skipWaiting(): void {
  workbox?.messageSkipWaiting()
}
