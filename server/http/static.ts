// Serves the built PWA: hashed assets compressed (the build's brotli or gzip copy, as the browser
// accepts) and cached for a year, the shell and service worker always
// revalidated, and every other GET that wants HTML answered with the shell (the client router
// sends unknown paths to /404).
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, onSendHookHandler } from 'fastify'
import { documentOnlyHeaders } from './security-headers.ts'

/** Only scripts and stylesheets: an SVG or HTML opened on its own is a document and keeps them. */
const withoutDocumentHeaders: onSendHookHandler = async (_request, reply, payload) => {
  const type = String(reply.getHeader('content-type') ?? '')
  if (/^(application|text)\/javascript|^text\/css/.test(type))
    for (const name of documentOnlyHeaders) reply.removeHeader(name)
  return payload
}

export const staticSite: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built PWA found; run `npm run build` to serve the app')
    return
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: 'index.html',
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath)
      if (relative.startsWith(`assets${path.sep}`) || relative.startsWith(`console${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable')
      else res.header('cache-control', 'no-cache')
    },
  })
  // The hashed assets on their own, compressed: the plugin's preCompressed lookup misses a
  // directory's index.html, so the shells (`/`, `/games-client/`) are served by the instance above.
  await app.register(async (assets) => {
    assets.addHook('onSend', withoutDocumentHeaders)
    await assets.register(fastifyStatic, {
      root: path.join(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
    // The operator console's assets (its own build, dist/console), compressed the same way.
    if (existsSync(path.join(root, 'console', 'assets')))
      await assets.register(fastifyStatic, {
        root: path.join(root, 'console', 'assets'),
        prefix: '/console/assets/',
        decorateReply: false,
        preCompressed: true,
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        },
      })
  })
  app.get('/console', (_request, reply) => reply.redirect('/console/'))
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')
    if (!wantsHtml) return reply.status(404).type('text/plain').send('Not found')
    // The console's own router shows its pages (/console/withdrawals, /console/setup…).
    const shell = request.url.startsWith('/console/') ? 'console/index.html' : 'index.html'
    return reply.header('cache-control', 'no-cache').sendFile(shell)
  })
}
