// Push bench: how long after a player's support message is sent does an operator's open console
// hear of it? The app listens on a real port; an operator's socket on /ws/ops waits while players
// send messages over HTTP, and each send is timed from the request leaving to the `support` push
// arriving (p50, p99, max). The floor, in the same run and taking turns with the app: a bare
// node:http server holding a bare WebSocket (the same `ws` library) that, on each POST, pushes one
// frame and answers — the same HTTP in and socket out with nothing in between. The product's
// promise is that the console knows within a second; the bench prints the verdict with the load
// average.
//
//   npm run bench:push                                       # SQLite
//   npm run bench:push -- postgres://postgres@127.0.0.1:5432/test
//   npm run bench:push -- --sends 400
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import WebSocket, { WebSocketServer } from 'ws'
import { createOperator, openSession } from '../server/ops/operators.ts'
import { SUPPORT_SENDS_PER_MINUTE } from '../server/support/routes.ts'
import { createTestApp, loginPlayer, type TestPlayer } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'
import { quantile } from './quantile.ts'

const usage = 'usage: npm run bench:push [-- [--sends N] [<postgres url>]]'
const { values, positionals } = cliArgs(
  { allowPositionals: true, options: { sends: { type: 'string', default: '200' } } },
  usage,
)
const SENDS = Number(values.sends)
if (!Number.isInteger(SENDS) || SENDS < 10 || positionals.length > 1) {
  console.error(usage)
  process.exit(2)
}
const pgUrl = positionals[0] ?? process.env.BENCH_DATABASE_URL
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl
const TURN = 25

/** A socket's frames, handed to whoever waits for the next one. */
function frames(socket: WebSocket, wanted: (message: { type: string; data?: { topic?: string } }) => boolean) {
  const waiting: Array<() => void> = []
  socket.on('message', (raw) => {
    if (wanted(JSON.parse(String(raw)))) waiting.shift()?.()
  })
  return () => new Promise<void>((resolve) => waiting.push(resolve))
}

async function opened(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers })
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve())
    socket.once('error', reject)
  })
  return socket
}

// The app: a support operator's console socket and enough players that none meets the send limit.
const engine = pgUrl ? 'postgres' : 'sqlite'
const t = await createTestApp(engine, { API_RATE_LIMIT_PER_MINUTE: '1000000' })
const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
const now = t.app.clock.now()
const { id: operatorId } = await createOperator(
  t.db.kysely,
  { email: 'bench@jogolimpo.example', name: 'Bench', role: 'support' },
  now,
)
const { token } = await openSession(t.db.kysely, operatorId, '127.0.0.1', now, { idleMs: 3600_000, maxMs: 3600_000 })
const consoleSocket = await opened(`${address.replace('http', 'ws')}/ws/ops`, {
  cookie: `jl_ops=${token}`,
  origin: address,
})
const nextSupportPush = frames(consoleSocket, (m) => m.type === 'ops' && m.data?.topic === 'support')
const players: TestPlayer[] = []
for (let i = 0; i < Math.ceil(SENDS / (SUPPORT_SENDS_PER_MINUTE - 1)); i++) players.push(await loginPlayer(t.app))

async function appSend(i: number): Promise<number> {
  const player = players[i % players.length] as TestPlayer
  const heard = nextSupportPush()
  const started = performance.now()
  const response = await fetch(`${address}/api/v1/support/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'access-token': player.token },
    body: JSON.stringify({ text: `Mensagem ${i}`, requestId: randomUUID() }),
  })
  const body = (await response.json()) as { success: boolean }
  if (!body.success) throw new Error(`send refused: ${JSON.stringify(body)}`)
  await heard
  return performance.now() - started
}

// The floor: HTTP in, one frame out, nothing in between.
const wss = new WebSocketServer({ noServer: true })
const bare = createServer((request, response) => {
  let length = 0
  request.on('data', (chunk: Buffer) => {
    length += chunk.length
  })
  request.on('end', () => {
    const frame = JSON.stringify({ type: 'ops', data: { topic: 'support', id: String(length) } })
    for (const client of wss.clients) client.send(frame)
    response.setHeader('content-type', 'application/json')
    response.end('{"success":true}')
  })
})
bare.on('upgrade', (request, socket, head) =>
  wss.handleUpgrade(request, socket, head, (client) => {
    client.send(JSON.stringify({ type: 'ready' }))
  }),
)
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
const bareUrl = `127.0.0.1:${(bare.address() as AddressInfo).port}`
const floorSocket = await opened(`ws://${bareUrl}/`)
const nextFloorPush = frames(floorSocket, (m) => m.type === 'ops')

async function floorSend(i: number): Promise<number> {
  const heard = nextFloorPush()
  const started = performance.now()
  const response = await fetch(`http://${bareUrl}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'access-token': 'x'.repeat(43) },
    body: JSON.stringify({ text: `Mensagem ${i}`, requestId: randomUUID() }),
  })
  await response.json()
  await heard
  return performance.now() - started
}

const app: number[] = []
const floor: number[] = []
const loadBefore = loadavg()
for (let done = 0; done < SENDS; done += TURN) {
  for (let i = done; i < Math.min(SENDS, done + TURN); i++) app.push(await appSend(i))
  for (let i = done; i < Math.min(SENDS, done + TURN); i++) floor.push(await floorSend(i))
}
const loadAfter = loadavg()

const row = (name: string, xs: number[]) =>
  `${name.padEnd(34)} ${quantile(xs, 0.5).toFixed(2).padStart(8)} ${quantile(xs, 0.99).toFixed(2).padStart(8)} ${Math.max(
    ...xs,
  )
    .toFixed(2)
    .padStart(8)}`
console.log(`bench:push on ${engine}: ${SENDS} sends, taking turns ${TURN} at a time`)
console.log(`${''.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`)
console.log(row('app: send → console push', app))
console.log(row('floor: bare HTTP → bare socket', floor))
const worst = Math.max(...app)
console.log(`within a second: ${worst < 1000 ? 'yes' : 'NO'} (slowest ${worst.toFixed(1)} ms)`)
console.log(
  `load average: ${loadBefore.map((l) => l.toFixed(2)).join(' ')} → ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
)

consoleSocket.close()
floorSocket.close()
await new Promise((resolve) => bare.close(resolve))
await t.close()
process.exitCode = worst < 1000 ? 0 : 1
