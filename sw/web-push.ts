// Web Push with the app closed: a push from the server (deposit credited, withdrawal paid, a
// support reply) becomes a notification; tapping it focuses an open window of the app (or opens
// one) at the notification's page.
import type { WebPushMessage } from '../contract/web-push.ts'

declare const self: ServiceWorkerGlobalScope

self.addEventListener('push', (event) => {
  let message: WebPushMessage
  try {
    message = event.data?.json() as WebPushMessage
  } catch {
    return
  }
  if (!message?.title) return
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === url.origin)
      if (open) {
        await open.focus()
        await open.navigate(url.href)
      } else {
        await self.clients.openWindow(url.href)
      }
    })(),
  )
})
