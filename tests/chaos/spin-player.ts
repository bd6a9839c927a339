// A player spinning over real HTTP against a server process, as the game page does: device login
// with the 18+ confirmation and the registration's limits, cash from the operator API, `/game/forward`, the launch token traded
// for a game-session token, the first client seed, then `/game/spin`. Shared by the spin crash
// test and `npm run bench:spin`; keep-alive sockets so the figures measure the server.
import { type Agent, request } from 'node:http'
import { REGISTRATION_LIMITS_FOR_TESTS } from '../support/registration-limits.ts'

export interface SpinReply {
  success: boolean
  msgCode?: string
  data: { round: { roundId: string; bet: number; win: number; jackpotWin: number }; replayed: boolean } | null
}

/** POSTs JSON to `base + path` on the keep-alive agent and answers the parsed body. */
export function postJson(agent: Agent, base: string, path: string, body: object, headers: Record<string, string> = {}) {
  const url = new URL(path, base)
  const payload = JSON.stringify(body)
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) })
          } catch {
            reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`))
          }
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

export interface SpinPlayer {
  userId: number
  sessionToken: string
  spin(bet: number, requestId: string): Promise<SpinReply>
}

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data is read as the app reads it
type Envelope = { success: boolean; msgCode?: string; data: any }

async function must(agent: Agent, base: string, path: string, body: object, headers: Record<string, string> = {}) {
  const { body: reply } = await postJson(agent, base, path, body, headers)
  const envelope = reply as Envelope
  if (!envelope.success) throw new Error(`${path} refused: ${JSON.stringify(reply)}`)
  return envelope.data
}

/** A new player with `cash` centavos and an open game session with its first seed pair. */
export async function newSpinPlayer(
  agent: Agent,
  base: string,
  opsToken: string,
  cash: number,
  gameId = 'fruta-fina',
): Promise<SpinPlayer> {
  const login = await must(agent, base, '/api/user/login', { deviceId: crypto.randomUUID(), ageConfirmed: true })
  const userId = login.userId as number
  const player = { 'access-token': login.token as string }
  await must(agent, base, '/api/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS, player)
  await must(
    agent,
    base,
    '/api/ops/adjust',
    { requestId: `fund-${userId}`, userId, amount: cash, reason: 'spin load' },
    { 'x-ops-token': opsToken },
  )
  const forward = await must(agent, base, '/api/game/forward', { id: gameId }, player)
  const launchToken = new URL(forward.openGameUrl, base).searchParams.get('launch') as string
  const opened = await must(agent, base, '/api/game/session/open', { launchToken })
  const sessionToken = opened.sessionToken as string
  if (!opened.seed) {
    await must(
      agent,
      base,
      '/api/game/session/seed',
      { clientSeed: `carga-${userId}`, nextServerSeedHash: opened.nextServerSeedHash },
      { 'game-session': sessionToken },
    )
  }
  return {
    userId,
    sessionToken,
    spin: async (bet, requestId) =>
      (await postJson(agent, base, '/api/game/spin', { bet, requestId }, { 'game-session': sessionToken }))
        .body as SpinReply,
  }
}
