// Every page navigation is answered with the precached shell, so the app opens offline; the
// client router then shows the right screen (or /404).
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/ws/, /^\/healthz/, /^\/games-client\//, /^\/console/],
  }),
)
