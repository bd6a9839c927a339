// `/ws`: the player's push socket. The client authenticates with its first message
// `{ type: 'auth', token }` (browsers cannot set headers on a WebSocket); then it receives
// `balance` messages, starting with the current one. The socket closes (4003) when its token is
// revoked.
import type { FastifyPluginAsync } from 'fastify'

const AUTH_TIMEOUT_MS = 5000

export const pushRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws', { websocket: true }, (socket) => {
    let authenticated = false
    const timer = setTimeout(() => {
      if (!authenticated) socket.close(4001, 'auth timeout')
    }, AUTH_TIMEOUT_MS)
    socket.on('message', async (raw) => {
      if (authenticated) return
      let token: unknown
      try {
        const message = JSON.parse(String(raw)) as { type?: unknown; token?: unknown }
        token = message.type === 'auth' ? message.token : undefined
      } catch {
        token = undefined
      }
      const session = typeof token === 'string' ? await app.accounts.verifyToken(token) : undefined
      clearTimeout(timer)
      if (session === undefined) {
        socket.send(JSON.stringify({ type: 'error', data: { msgCode: 'token_invalid' } }))
        socket.close(4003, 'token_invalid')
        return
      }
      authenticated = true
      app.push.add(session.playerId, socket, session.tokenHash)
      socket.send(JSON.stringify({ type: 'ready', data: null }))
      await app.push.sendBalance(session.playerId)
    })
    socket.on('close', () => clearTimeout(timer))
  })
}
