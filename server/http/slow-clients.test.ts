// Slow clients against the real server over real sockets, with the default limits: a body sent
// 1 byte every 3 s and headers sent the same way are cut within their timeouts (Node alone keeps
// them 5 minutes), while a phone on a slow link (a 6 KB login at 500 bytes/s, ~13 s) is answered;
// one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections (the next is answered 429 and
// closed, and a slot freed is usable again), proxies named in TRUST_PROXY excepted.
import { randomUUID } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, createTestDb, type TestDb } from '../../tests/support/server.ts'
import { loadConfig } from '../config.ts'

const defaults = loadConfig({}).slowClients

interface Connection {
  socket: Socket
  /** Everything the server sent. */
  received: () => string
  /** Resolves with the milliseconds from `connect` to the server closing the connection. */
  closed: Promise<number>
}

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    let data = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      data += chunk
    })
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)))
    socket.once('error', () => {})
    socket.once('connect', () => resolve({ socket, received: () => data, closed }))
    socket.once('error', reject)
  })
}

/** Writes `text` in pieces of `size` bytes, one every `everyMs`, while the socket is open. */
async function drip(socket: Socket, text: string, size: number, everyMs: number): Promise<void> {
  for (let at = 0; at < text.length && !socket.destroyed && !socket.writableEnded; at += size) {
    socket.write(text.slice(at, at + size))
    await sleep(everyMs)
  }
}

describe('slow clients on a real socket', { timeout: 90_000 }, () => {
  let testDb: TestDb
  let app: FastifyInstance
  let port: number

  beforeAll(async () => {
    testDb = await createTestDb('sqlite')
    app = await buildTestApp(testDb.db, {})
    // TEST_SERVER_PORT: a port the caller keeps for it (else any free one).
    await app.listen({ port: Number(process.env.TEST_SERVER_PORT ?? 0), host: '127.0.0.1' })
    port = (app.server.address() as { port: number }).port
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it('has limits a phone on a slow network passes', () => {
    expect(defaults).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 30_000, maxConnectionsPerAddress: 256 })
  })

  it.concurrent('cuts a body sent 1 byte every 3 s within the request timeout', async () => {
    const conn = await open(port)
    const body = JSON.stringify({ deviceId: randomUUID() }).padEnd(400, ' ')
    conn.socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    void drip(conn.socket, body, 1, 3000)
    const ms = await Promise.race([conn.closed, sleep(45_000).then(() => Number.POSITIVE_INFINITY)])
    conn.socket.destroy()
    expect(ms).toBeLessThan(defaults.requestTimeoutMs + 3000)
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 |^$/)
  })

  it.concurrent('cuts headers sent 1 byte every 3 s within the headers timeout', async () => {
    const conn = await open(port)
    void drip(conn.socket, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 1, 3000)
    const ms = await Promise.race([conn.closed, sleep(45_000).then(() => Number.POSITIVE_INFINITY)])
    conn.socket.destroy()
    expect(ms).toBeLessThan(defaults.headersTimeoutMs + 3000)
  })

  it.concurrent('answers a phone on a slow link: a 6 KB login at 500 bytes a second', async () => {
    const conn = await open(port)
    const body = `${JSON.stringify({ deviceId: randomUUID() }).slice(0, -1)}${' '.repeat(6000)}}`
    const head = `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`
    const started = Date.now()
    await drip(conn.socket, head + body, 250, 500)
    await conn.closed
    expect(Date.now() - started).toBeGreaterThan(10_000)
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200 /)
    expect(conn.received()).toContain('"success":true')
  })

  it('holds at most MAX_CONNECTIONS_PER_ADDRESS connections from one address; a freed slot is usable again', async () => {
    const held: Connection[] = []
    for (let i = 0; i < defaults.maxConnectionsPerAddress; i++) held.push(await open(port))
    const extra = await open(port)
    expect(await Promise.race([extra.closed, sleep(5000).then(() => -1)])).toBeGreaterThanOrEqual(0)
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 /)
    // The connections held still work.
    const first = held[0] as Connection
    first.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    await first.closed
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /)
    const again = await open(port)
    again.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    await again.closed
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 /)
    for (const conn of held) conn.socket.destroy()
  })

  it('does not cap a proxy TRUST_PROXY names (its clients share its address)', async () => {
    const behindProxy = await buildTestApp(testDb.db, { TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_ADDRESS: '2' })
    try {
      await behindProxy.listen({
        port: process.env.TEST_SERVER_PORT ? Number(process.env.TEST_SERVER_PORT) + 1 : 0,
        host: '127.0.0.1',
      })
      const proxyPort = (behindProxy.server.address() as { port: number }).port
      const held = await Promise.all([1, 2, 3, 4].map(() => open(proxyPort)))
      const last = held[3] as Connection
      last.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
      await last.closed
      expect(last.received()).toMatch(/^HTTP\/1\.1 200 /)
      for (const conn of held) conn.socket.destroy()
    } finally {
      await behindProxy.close()
    }
  })
})
