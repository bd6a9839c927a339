// `/ws/ops`: the console's push socket, authenticated by the session cookie at the upgrade, and
// only from a page of this server's own origin (a browser sends the cookie with a WebSocket
// opened by any site, so a foreign Origin is refused before the cookie is looked at).
// It carries `ops` messages — an order, deposit or refund changed (ids and status) — so every
// open console re-reads its worklist at once and sees an order another operator just took.
import type { FastifyPluginAsync } from 'fastify'
import { sessionContext } from './auth.ts'

/**
 * Whether a socket's Origin is this server's: PUBLIC_URL's origin, or the Host the request came
 * to (http or https). A request without an Origin is no browser page's, and needs the cookie all
 * the same.
 */
function sameOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true
  if (origin === new URL(publicUrl).origin) return true
  return host !== undefined && (origin === `https://${host}` || origin === `http://${host}`)
}

export const opsSocketRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws/ops', { websocket: true }, async (socket, request) => {
    if (!sameOrigin(request.headers.origin, request.headers.host, app.config.publicUrl)) {
      socket.send(JSON.stringify({ type: 'error', data: { msgCode: 'ops_forbidden' } }))
      socket.close(4003, 'origin_refused')
      return
    }
    const { context } = await sessionContext(app, request)
    if (!context?.sessionHash || context.me.mustEnrolTotp) {
      socket.send(JSON.stringify({ type: 'error', data: { msgCode: 'ops_session_invalid' } }))
      socket.close(4003, 'ops_session_invalid')
      return
    }
    app.push.addOperator(socket, context.sessionHash)
    socket.send(JSON.stringify({ type: 'ready', data: null }))
  })
}
