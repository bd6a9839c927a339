// Update flow: a new worker waits until the page asks it to take over (the update prompt);
// the first install claims open pages at once so they work offline straight away.
import { clientsClaim } from 'workbox-core'

declare const self: ServiceWorkerGlobalScope

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()
