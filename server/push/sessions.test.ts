// On each engine: a revoked session (logout, device revoked, an operator's "end every session" — here or on
// another instance) closes every push socket it authenticated, within a second, and nothing is
// pushed to it afterwards.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildTestApp, createTestDb, engines, loginPlayer, TEST_OPS_TOKEN } from '../../tests/support/server.ts'
import { SESSION_ENDED } from './hub.ts'

interface Socket {
  messages: { type: string; data: unknown }[]
  closed: Promise<{ code: number; at: number }>
  ready: Promise<void>
  socket: WebSocket
}

async function connect(app: FastifyInstance, token: string): Promise<Socket> {
  const address = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    : await app.listen({ port: 0, host: '127.0.0.1' })
  const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`)
  const messages: Socket['messages'] = []
  let onReady = () => {}
  const ready = new Promise<void>((resolve) => {
    onReady = resolve
  })
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw))
    messages.push(message)
    // Ready once the first balance (sent right after `ready`) has arrived.
    if (message.type === 'balance') onReady()
  })
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.once('close', (code) => resolve({ code, at: performance.now() })),
  )
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'auth', token }))
  await ready
  return { messages, closed, ready, socket }
}

const post = (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers: { 'access-token': token }, payload })

const credit = (app: FastifyInstance, playerId: number) =>
  app.ledger.transfer({
    id: randomUUID(),
    debit: { house: 'adjustments' },
    credit: { player: playerId, code: 'cash' },
    amount: 500,
    kind: 'adjustment',
  })

describe.each(engines)('session end closes push sockets on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setup(instances = 1) {
    const testDb = await createTestDb(engine)
    cleanups.push(() => testDb.drop())
    const apps: FastifyInstance[] = []
    for (let i = 0; i < instances; i++) {
      const app = await buildTestApp(testDb.db)
      cleanups.push(() => app.close())
      apps.push(app)
    }
    return apps
  }

  async function open(app: FastifyInstance, token: string) {
    const client = await connect(app, token)
    cleanups.push(async () => client.socket.close())
    return client
  }

  it('closes the socket within a second of logout, and pushes it no balance after', async () => {
    const [app] = (await setup()) as [FastifyInstance]
    const player = await loginPlayer(app)
    const client = await open(app, player.token)
    const before = client.messages.length

    const loggedOutAt = performance.now()
    expect((await post(app, '/user/logout', player.token)).json().success).toBe(true)
    const closed = await client.closed
    expect(closed.code).toBe(SESSION_ENDED)
    expect(closed.at - loggedOutAt).toBeLessThan(1000)

    await credit(app, player.userId)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(client.messages.slice(before).filter((m) => m.type === 'balance')).toEqual([])
  })

  it('closes the sockets of a revoked device and keeps the other device connected', async () => {
    const [app] = (await setup()) as [FastifyInstance]
    const phone = await loginPlayer(app, { bound: { userName: 'jogador777', password: 'boa-senha-42' } })
    const tabletLogin = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 'jogador777', password: 'boa-senha-42', apiType: 1 },
    })
    const tablet = tabletLogin.json().data as { token: string }
    const phoneSocket = await open(app, phone.token)
    const tabletSocket = await open(app, tablet.token)
    const devices = (await post(app, '/user/devices', phone.token)).json().data.list
    const tabletRow = devices.find((d: { current: boolean }) => !d.current)

    const revokedAt = performance.now()
    expect((await post(app, '/user/devices/revoke', phone.token, { id: tabletRow.id })).json().success).toBe(true)
    const closed = await tabletSocket.closed
    expect(closed.at - revokedAt).toBeLessThan(1000)

    await credit(app, phone.userId)
    await expect.poll(() => phoneSocket.messages.filter((m) => m.type === 'balance').length).toBe(2)
    expect(phoneSocket.socket.readyState).toBe(WebSocket.OPEN)
  })

  it('closes a socket on one instance within a second of an operator ending every session on another', async () => {
    const [a, b] = (await setup(2)) as [FastifyInstance, FastifyInstance]
    const player = await loginPlayer(a)
    const client = await open(b, player.token)
    const endedAt = performance.now()
    const ended = await a.inject({
      method: 'POST',
      url: '/api/ops/players/logout',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { userId: player.userId, reason: 'conta comprometida' },
    })
    expect(ended.json().data).toMatchObject({ sessions: 1 })
    const closed = await client.closed
    expect(closed.code).toBe(SESSION_ENDED)
    expect(closed.at - endedAt).toBeLessThan(1000)
  })

  it('closes a socket on one instance within a second of logout on another', async () => {
    const [a, b] = (await setup(2)) as [FastifyInstance, FastifyInstance]
    const player = await loginPlayer(a)
    const client = await open(b, player.token)
    const loggedOutAt = performance.now()
    expect((await post(a, '/user/logout', player.token)).json().success).toBe(true)
    const closed = await client.closed
    expect(closed.code).toBe(SESSION_ENDED)
    expect(closed.at - loggedOutAt).toBeLessThan(1000)
  })
})
