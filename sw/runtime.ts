// Runtime caching of GET data that is safe to show stale: the language list and packs, the game
// catalog, game definitions and icons, and each game's art sprite (cached the first time the game
// opens, not installed with the app). Money and account calls are POSTs and never cached.
import { registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/cache/'),
  new StaleWhileRevalidate({ cacheName: 'language-data' }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && /^\/api\/game\/(list|def\/|icon\/)/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'game-catalog' }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/games-client/art/'),
  new StaleWhileRevalidate({ cacheName: 'game-art' }),
)
