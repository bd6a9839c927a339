// Slow clients cannot hold the server's connections: a request's headers must arrive within
// HEADERS_TIMEOUT_MS and the whole request (headers and body) within REQUEST_TIMEOUT_MS, checked
// every second (Node's own check runs every 30 s and its request timeout is 5 minutes), and one
// address holds at most MAX_CONNECTIONS_PER_ADDRESS connections at once. The defaults leave a
// phone on a bad 2G link room: the largest body the API takes (64 KiB) at 4 KiB/s is 16 s.
// Proxies TRUST_PROXY names are not capped (every client behind them shares their address).
import type { Server, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import type { TrustProxy } from '../config.ts'

export interface SlowClientLimits {
  headersTimeoutMs: number
  requestTimeoutMs: number
  maxConnectionsPerAddress: number
}

/** How often Node looks for requests past their timeouts. */
const CHECK_EVERY_MS = 1000

/** The options Fastify hands to `http.createServer`, and its own `requestTimeout`. */
export function serverTimeouts(limits: SlowClientLimits): { http: ServerOptions; requestTimeout: number } {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: CHECK_EVERY_MS,
    },
    requestTimeout: limits.requestTimeoutMs,
  }
}

function exemptProxies(trust: TrustProxy): (address: string) => boolean {
  // A hop count is only safe when every connection comes through the proxies, and `true`
  // believes anyone: either way the socket's address is a proxy's, not a client's.
  if (trust === true || typeof trust === 'number') return () => true
  if (trust === false) return () => false
  const trusted = proxyAddr.compile(trust)
  return (address) => trusted(address, 0)
}

const TOO_MANY = 'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 5\r\n\r\n'

/** Answers 429 and closes a connection past the cap for its address; answers the open counts. */
export function capConnectionsPerAddress(
  server: Server,
  limits: SlowClientLimits,
  trust: TrustProxy,
  onRefused: (address: string) => void = () => {},
): Map<string, number> {
  const exempt = exemptProxies(trust)
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (!address || exempt(address)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > limits.maxConnectionsPerAddress) {
      onRefused(address)
      socket.end(TOO_MANY)
      socket.setTimeout(5000, () => socket.destroy())
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
  return open
}
