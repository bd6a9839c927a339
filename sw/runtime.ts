// Runtime caching of GET data that is safe to show stale: the language list and packs, the game
// catalog, game definitions and icons, each game's art sprite (cached the first time the game
// opens, not installed with the app), and the public transparency figures and frozen days (the
// network first: the page says when its figures were computed). Money and account calls are POSTs
// and never cached.
// Every cache is bounded (entries and age) and keeps only successful answers.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'

const DAY = 24 * 60 * 60

const bounded = (maxEntries: number, maxAgeSeconds: number) => [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true }),
]

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/cache/'),
  new StaleWhileRevalidate({ cacheName: 'language-data', plugins: bounded(10, 30 * DAY) }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && /^\/api\/game\/(list|def\/|icon\/)/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'game-catalog', plugins: bounded(100, 7 * DAY) }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/games-client/art/'),
  new StaleWhileRevalidate({ cacheName: 'game-art', plugins: bounded(30, 30 * DAY) }),
)

// The public figures only: a player's own proof of liabilities (their secret salt in it) is never cached.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    /^\/api\/transparency(\/|$)/.test(url.pathname) &&
    !url.pathname.startsWith('/api/transparency/liabilities/'),
  new NetworkFirst({ cacheName: 'transparency', networkTimeoutSeconds: 5, plugins: bounded(60, 365 * DAY) }),
)
