// A small integrator's client typed only by what openapi-typescript generates from the OpenAPI
// document (`./api.ts`, written by server/http/openapi-client.test.ts next to a copy of this file,
// then compiled with tsc). It makes the five calls a game integration needs: device login,
// account info, launching a game, opening the game page's session, one spin.
import type { paths } from './api.ts'

type PostPath = { [P in keyof paths]: paths[P] extends { post: unknown } ? P : never }[keyof paths]
type Operation<P extends PostPath> = paths[P] extends { post: infer O } ? O : never
type RequestBody<P extends PostPath> =
  Operation<P> extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined
type Reply<P extends PostPath> =
  Operation<P> extends {
    responses: { 200: { content: { 'application/json': infer R } } }
  }
    ? R
    : never

export interface Outcome {
  userId: number
  balanceBefore: number
  bet: number
  win: number
  balanceAfter: number
}

export async function playOneSpin(
  baseUrl: string,
  deviceId: string,
  /** What the test does between login and play: the registration limits, money. */
  fund: (userId: number, token: string) => Promise<void>,
): Promise<Outcome> {
  async function post<P extends PostPath>(path: P, body: RequestBody<P>, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
    })
    return (await response.json()) as Reply<P>
  }

  const login = await post('/api/user/login', { deviceId, ageConfirmed: true })
  if (!login.success) throw new Error(`login refused: ${login.msgCode}`)
  const token: string = login.data.token
  const userId: number = login.data.userId
  await fund(userId, token)
  const auth = { 'access-token': token }

  const info = await post('/api/v1/bus/accountInfo', undefined, auth)
  if (!info.success) throw new Error(`accountInfo refused: ${info.msgCode}`)
  const balanceBefore: number = info.data.balance.total

  const launched = await post('/api/game/forward', { id: 'fruta-fina' }, auth)
  if (!launched.success) throw new Error(`forward refused: ${launched.msgCode}`)
  const launchToken = new URL(launched.data.openGameUrl, baseUrl).searchParams.get('launch') ?? ''

  const session = await post('/api/game/session/open', { launchToken })
  if (!session.success) throw new Error(`session/open refused: ${session.msgCode}`)
  const gameSession = { 'game-session': session.data.sessionToken }
  const nextServerSeedHash: string = session.data.nextServerSeedHash
  if (session.data.seed === null) {
    const seed = await post(
      '/api/game/session/seed',
      { clientSeed: 'integrator-seed', nextServerSeedHash },
      gameSession,
    )
    if (!seed.success) throw new Error(`session/seed refused: ${seed.msgCode}`)
  }

  const bet = 100
  const spin = await post('/api/game/spin', { bet, requestId: `spin-${deviceId}` }, gameSession)
  if (!spin.success) throw new Error(`spin refused: ${spin.msgCode}`)
  return {
    userId,
    balanceBefore,
    bet: spin.data.round.bet,
    win: spin.data.round.win,
    balanceAfter: spin.data.balance.total,
  }
}
