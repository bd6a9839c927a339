// A game session ends with the player's session token that launched it, on each engine: after
// logout, after the device is revoked from another device, after an operator's "end every
// session" (which reports the game closed), after the token expires — and on every instance,
// including one that had spun on the session (it remembers the session's player). The refused
// spin moves no money.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_OPS_TOKEN,
  TEST_PASSWORD,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 26, 15, 0)

describe.each(engines)('a game session ends with the session that launched it on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = []
  const clock = manualClock(START)
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setup(instances = 1, env: Record<string, string> = {}) {
    clock.time = START
    const testDb = await createTestDb(engine)
    cleanups.push(() => testDb.drop())
    const apps: FastifyInstance[] = []
    for (let i = 0; i < instances; i++) {
      const app = await buildTestApp(testDb.db, env, clock)
      cleanups.push(() => app.close())
      apps.push(app)
    }
    return { apps, db: testDb.db }
  }

  /** Launches a game as the game page does (launch token → game-session token → first client seed). */
  async function launch(app: FastifyInstance, player: Pick<TestPlayer, 'call'>) {
    return (await openGameSession(app, player.call, { clientSeed: 'semente-do-navegador' })).sessionToken
  }

  const gamePage = async (app: FastifyInstance, sessionToken: string, url: string, payload: object = {}) =>
    (await app.inject({ method: 'POST', url: `/api${url}`, headers: { 'game-session': sessionToken }, payload })).json()
  const spin = (app: FastifyInstance, sessionToken: string) =>
    gamePage(app, sessionToken, '/game/spin', { bet: 100, requestId: randomUUID() })

  /** Spin, ping and seed all refuse the session, and the refused spin moved no money. */
  async function expectEnded(app: FastifyInstance, sessionToken: string, userId: number) {
    const total = (await readPlayerBalances(app.db, userId)).total
    expect(await spin(app, sessionToken)).toMatchObject({ success: false, msgCode: 'game_session_closed' })
    expect(await gamePage(app, sessionToken, '/game/session/ping')).toMatchObject({
      success: false,
      msgCode: 'game_session_closed',
    })
    expect(await gamePage(app, sessionToken, '/game/realityCheck', { answer: 'continue' })).toMatchObject({
      success: false,
      msgCode: 'game_session_closed',
    })
    expect((await readPlayerBalances(app.db, userId)).total).toBe(total)
  }

  it('ends at logout: spin, ping and reality check refuse the old game-session token', async () => {
    const { apps } = await setup()
    const app = apps[0] as FastifyInstance
    const player = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
    const sessionToken = await launch(app, player)
    expect((await spin(app, sessionToken)).success).toBe(true)
    expect((await gamePage(app, sessionToken, '/game/session/ping')).success).toBe(true)

    expect((await player.call('/user/logout')).success).toBe(true)
    await expectEnded(app, sessionToken, player.userId)
  })

  it('ends when its device is revoked from another device; the other device’s game plays on', async () => {
    const { apps } = await setup()
    const app = apps[0] as FastifyInstance
    const phone = await loginPlayer(app, { ageConfirmed: true, cash: 10_000, bound: { userName: 'jogador321' } })
    const tabletLogin = (
      await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userName: 'jogador321', password: TEST_PASSWORD, apiType: 1 },
      })
    ).json()
    expect(tabletLogin.success).toBe(true)
    const tabletCall: Pick<TestPlayer, 'call'> = {
      call: async (path, body = {}) =>
        (
          await app.inject({
            method: 'POST',
            url: `/api${path}`,
            headers: { 'access-token': tabletLogin.data.token },
            payload: body,
          })
        ).json(),
    }
    const tabletGame = await launch(app, tabletCall)
    const phoneGame = await launch(app, phone)
    expect((await spin(app, tabletGame)).success).toBe(true)

    const devices = (await phone.call('/user/devices')).data.list as { id: number; current: boolean }[]
    const tabletRow = devices.find((device) => !device.current) as { id: number }
    expect((await phone.call('/user/devices/revoke', { id: tabletRow.id })).success).toBe(true)

    await expectEnded(app, tabletGame, phone.userId)
    expect((await spin(app, phoneGame)).success).toBe(true)
  })

  it('ends at an operator’s "end every session", which reports the game it closed', async () => {
    const { apps } = await setup()
    const app = apps[0] as FastifyInstance
    const player = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
    const sessionToken = await launch(app, player)
    expect((await spin(app, sessionToken)).success).toBe(true)

    const logout = await app.inject({
      method: 'POST',
      url: '/api/ops/players/logout',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { userId: player.userId, reason: 'conta comprometida' },
    })
    expect(logout.json().data).toMatchObject({ sessions: 1, games: 1 })
    expect(logout.json().data.closed).toBeGreaterThanOrEqual(1)
    await expectEnded(app, sessionToken, player.userId)
  })

  it('ends on every instance: logout on one, the game refused on another that had spun on it', async () => {
    const { apps } = await setup(2)
    const [a, b] = apps as [FastifyInstance, FastifyInstance]
    const player = await loginPlayer(a, { ageConfirmed: true, cash: 10_000 })
    const sessionToken = await launch(b, player.on(b))
    // B now remembers the session's player and locks it in the statement that checks the session.
    expect((await spin(b, sessionToken)).success).toBe(true)
    expect((await spin(b, sessionToken)).success).toBe(true)

    expect((await player.call('/user/logout')).success).toBe(true)
    await expectEnded(b, sessionToken, player.userId)
  })

  it('ends when the player’s session token expires, however often the game is played', async () => {
    const { apps } = await setup(1, { TOKEN_TTL_SECONDS: String(24 * 3600) })
    const app = apps[0] as FastifyInstance
    const player = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
    const sessionToken = await launch(app, player)
    // The game page keeps its own session alive (12 h idle) but never uses the player's token.
    for (let minute = 0; minute < 24 * 60; minute += 50) {
      clock.time = START + minute * 60_000
      expect((await gamePage(app, sessionToken, '/game/session/ping')).success).toBe(true)
      // The player keeps answering the reality check: none is due when the token expires.
      expect((await gamePage(app, sessionToken, '/game/realityCheck', { answer: 'continue' })).success).toBe(true)
    }
    clock.time = START + 24 * 3600_000 + 1
    await expectEnded(app, sessionToken, player.userId)
  })

  it('a launch token cannot be opened once the session that asked for it is logged out', async () => {
    const { apps } = await setup()
    const app = apps[0] as FastifyInstance
    const player = await loginPlayer(app, { ageConfirmed: true })
    const forward = await player.call('/game/forward', { id: 'fruta-fina' })
    const launchToken = new URL(forward.data.openGameUrl, 'http://x').searchParams.get('launch') as string
    expect((await player.call('/user/logout')).success).toBe(true)
    const opened = await app.inject({ method: 'POST', url: '/api/game/session/open', payload: { launchToken } })
    expect(opened.json()).toMatchObject({ success: false, msgCode: 'launch_token_invalid' })
  })
})
