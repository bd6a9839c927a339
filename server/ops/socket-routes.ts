// `/ws/ops`: the console's push socket, authenticated by the session cookie at the upgrade.
// It carries `ops` messages — an order, deposit or refund changed (ids and status) — so every
// open console re-reads its worklist at once and sees an order another operator just took.
import type { FastifyPluginAsync } from 'fastify'
import { sessionContext } from './auth.ts'

export const opsSocketRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws/ops', { websocket: true }, async (socket, request) => {
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
