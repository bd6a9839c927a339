// The graceful stop on SIGTERM: `/readyz` turns 503 (a load balancer stops sending), after a
// grace delay the listener closes (new connections go to another instance), the requests in
// flight finish with their transactions, the outbox they wrote is delivered, the push sockets
// close with "reconnect" (1012), then the app and the database close.
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'

export interface ShutdownOptions {
  /** How long `/readyz` says 503 before the listener closes (the load balancer's check interval). */
  delayMs: number
  /** The most time in-flight requests get before the app closes anyway. */
  timeoutMs: number
}

export async function gracefulShutdown(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  app.lifecycle.stopping = true
  if (options.delayMs > 0) await sleep(options.delayMs)
  // Stop accepting; Fastify's own close tolerates the listener being closed already.
  app.server.close()
  app.server.closeIdleConnections()
  const deadline = Date.now() + options.timeoutMs
  while (app.lifecycle.inFlight() > 0 && Date.now() < deadline) await sleep(20)
  if (app.lifecycle.inFlight() > 0)
    app.log.warn({ inFlight: app.lifecycle.inFlight() }, 'closing with requests in flight')
  await app.lifecycle.drain()
  await app.close()
}
