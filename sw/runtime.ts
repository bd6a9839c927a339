// Runtime caching of GET data that is safe to show stale: the language list and packs.
// Money and account calls are POSTs and never cached.
import { registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/cache/'),
  new StaleWhileRevalidate({ cacheName: 'language-data' }),
)
