// A TCP proxy between a test's server and PostgreSQL, to stand in for a PostgreSQL restart or a
// failover without touching the PostgreSQL every test process shares: `cut()` drops every
// connection through it at once and refuses new ones (the listener closes), `restore()` accepts
// again on the same port. What the app sees is what a restart shows it: its sockets closed under
// it, then connection refused for a while, then a server that answers.
import { connect, createServer, type Server, type Socket } from 'node:net'

export interface PgProxy {
  port: number
  /** The database URL with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string
  /** Drops every connection and refuses new ones until `restore()`. */
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startPgProxy(target: { host: string; port: number }, port: number): Promise<PgProxy> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    // A side reset by the other: the pair is torn down below, nothing to report.
    socket.on('error', () => {})
  }
  const listen = () =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = connect(target.port, target.host)
        track(client)
        track(upstream)
        client.pipe(upstream)
        upstream.pipe(client)
        client.once('close', () => upstream.destroy())
        upstream.once('close', () => client.destroy())
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve(server))
    })
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const socket of sockets) socket.destroy()
    })
  let server: Server | null = await listen()
  return {
    port,
    url(databaseUrl) {
      const url = new URL(databaseUrl)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    async cut() {
      if (server) await stop(server)
      server = null
    },
    async restore() {
      server ??= await listen()
    },
    async close() {
      if (server) await stop(server)
      server = null
    },
  }
}
