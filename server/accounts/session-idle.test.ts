// Sessions that end when the player leaves, on each engine with a clock the test moves: after
// SESSION_IDLE_MINUTES (30 by default) without an authenticated call the token stops working, the
// device's id and secret no longer log in alone (the password or a passkey does, as the same
// device), the games it launched close, and push sockets on every instance close; a call before
// then, or a game in progress, keeps the session; an account with no password or passkey logs
// back in by its device as before. The reality check is the game's and is left as it is: it comes
// due by play time, an idle end neither answers nor clears it, and its answer stays.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { buildTestApp, createTestDb, engines, loginPlayer } from '../../tests/support/server.ts'
import { SESSION_ENDED } from '../push/hub.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const MINUTE = 60_000

describe.each(engines)('sessions end after inactivity on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setup(options: { instances?: number; env?: Record<string, string> } = {}) {
    const clock = manualClock(START)
    const testDb = await createTestDb(engine)
    cleanups.push(() => testDb.drop())
    const apps: FastifyInstance[] = []
    for (let i = 0; i < (options.instances ?? 1); i++) {
      const app = await buildTestApp(testDb.db, { SESSION_IDLE_MINUTES: '30', ...options.env }, clock)
      cleanups.push(() => app.close())
      apps.push(app)
    }
    return { clock, apps, app: apps[0] as FastifyInstance }
  }

  const post = async (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
    (await app.inject({ method: 'POST', url: `/api${url}`, headers: { 'access-token': token }, payload })).json()
  const anonymous = async (app: FastifyInstance, url: string, payload: object) =>
    (await app.inject({ method: 'POST', url: `/api${url}`, payload })).json()

  it('ends the session after 30 minutes without a call; the device then needs the password, and stays the same device', async () => {
    const { app, clock } = await setup()
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true })
    expect((await post(app, '/v1/bus/accountInfo', player.token)).success).toBe(true)

    // Activity moves the end: a call at 29 minutes keeps the session past the first half hour.
    clock.time += 29 * MINUTE
    expect((await post(app, '/v1/bus/accountInfo', player.token)).success).toBe(true)
    clock.time += 29 * MINUTE
    expect((await post(app, '/v1/bus/accountInfo', player.token)).success).toBe(true)

    clock.time += 30 * MINUTE
    expect(await post(app, '/v1/bus/accountInfo', player.token)).toMatchObject({
      success: false,
      msgCode: 'token_invalid',
    })
    const token = await app.db
      .selectFrom('session_tokens')
      .select(['revoked_at', 'idle_at'])
      .where('player_id', '=', player.userId)
      .executeTakeFirstOrThrow()
    expect(Number(token.revoked_at)).toBe(Number(token.idle_at))

    // The device's id and secret alone: refused, with what to do.
    const device = { deviceId: player.deviceId, deviceSecret: player.deviceSecret }
    const again = await anonymous(app, '/user/login', device)
    expect(again).toMatchObject({ success: false, msgCode: 'session_idle' })
    expect(again.msg).toMatch(/passkey ou senha/)

    // The password, with the device's id and secret: the same device, no new one.
    const withPassword = await anonymous(app, '/user/login', {
      userName: player.userName,
      password: player.password,
      apiType: 1,
      ...device,
    })
    expect(withPassword, JSON.stringify(withPassword)).toMatchObject({
      success: true,
      data: { deviceId: player.deviceId },
    })
    expect(withPassword.data.deviceSecret).toBeUndefined()
    expect((await post(app, '/v1/bus/accountInfo', withPassword.data.token)).success).toBe(true)
    const devices = await app.db
      .selectFrom('devices')
      .select('idle_ended_at')
      .where('player_id', '=', player.userId)
      .execute()
    expect(devices).toEqual([{ idle_ended_at: null }])
    // And its id and secret log in again later, as before.
    expect((await anonymous(app, '/user/login', device)).success).toBe(true)
  })

  it('the end is a setting (SESSION_IDLE_MINUTES); a guest account without a password logs back in by its device', async () => {
    const { app, clock } = await setup({ env: { SESSION_IDLE_MINUTES: '10' } })
    const guest = await loginPlayer(app, { ageConfirmed: true })
    clock.time += 9 * MINUTE
    expect((await post(app, '/v1/bus/accountInfo', guest.token)).success).toBe(true)
    clock.time += 10 * MINUTE
    expect(await post(app, '/v1/bus/accountInfo', guest.token)).toMatchObject({ msgCode: 'token_invalid' })
    const back = await anonymous(app, '/user/login', { deviceId: guest.deviceId, deviceSecret: guest.deviceSecret })
    expect(back).toMatchObject({ success: true, data: { userId: guest.userId } })
  })

  it('a game in progress keeps the session; left alone, the game closes with it', async () => {
    const { app, clock } = await setup()
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true })
    const game = await openGameSession(app, player.call)
    const ping = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/game/session/ping',
          headers: { 'game-session': game.sessionToken },
          payload: {},
        })
      ).json()
    // The game page pings while it is open: 50 minutes of play, no call of the app's own.
    for (let minute = 0; minute < 50; minute += 10) {
      clock.time += 10 * MINUTE
      expect((await ping()).success).toBe(true)
    }
    expect((await post(app, '/v1/bus/accountInfo', player.token)).success).toBe(true)

    // Then nothing for half an hour: the session and the game end together.
    clock.time += 31 * MINUTE
    expect(await ping()).toMatchObject({ success: false, msgCode: 'game_session_closed' })
    expect(await post(app, '/v1/bus/accountInfo', player.token)).toMatchObject({ msgCode: 'token_invalid' })
    const closed = await app.db.selectFrom('game_sessions').select('closed_at').executeTakeFirstOrThrow()
    expect(closed.closed_at).not.toBeNull()
  })

  it('leaves the reality check as it is: due by play time, not answered or cleared by an idle end, its answer kept', async () => {
    // A check every 45 minutes of play: longer than the 30 minutes an idle session lasts.
    const { app, clock } = await setup({ env: { REALITY_CHECK_DEFAULT_MINUTES: '45' } })
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 100_000 })
    const game = async (sessionToken: string, path: string, payload: object = {}) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api${path}`,
          headers: { 'game-session': sessionToken },
          payload,
        })
      ).json()
    // The game page pings while it is open (what keeps the session), and the player spins.
    const spin = async (sessionToken: string) => {
      await game(sessionToken, '/game/session/ping')
      return game(sessionToken, '/game/spin', { bet: 100, requestId: randomUUID() })
    }

    // 40 minutes of play, a spin every 10 (no call of the app's own): no check yet.
    const first = await openGameSession(app, player.call)
    expect((await spin(first.sessionToken)).success).toBe(true)
    for (let minute = 0; minute < 40; minute += 10) {
      clock.time += 10 * MINUTE
      expect((await spin(first.sessionToken)).success).toBe(true)
    }
    // At 45 minutes of play the check is due, counted from the session's first spin.
    clock.time += 5 * MINUTE
    expect(await spin(first.sessionToken)).toMatchObject({
      success: false,
      msgCode: 'reality_check_due',
      data: { playedMs: 45 * MINUTE, sessionStart: START },
    })
    // The dialog waits 20 minutes: the game page's pings keep the session, and the check stays due.
    for (const minute of [10, 20]) {
      clock.time += 10 * MINUTE
      const ping = await game(first.sessionToken, '/game/session/ping')
      expect(ping.data.realityCheck, `after ${minute} minutes`).toMatchObject({ sessionStart: START })
      expect((await spin(first.sessionToken)).msgCode).toBe('reality_check_due')
    }
    expect((await game(first.sessionToken, '/game/realityCheck', { answer: 'continue' })).success).toBe(true)
    expect((await spin(first.sessionToken)).success).toBe(true)

    // The player leaves: half an hour without anything ends the session and its game.
    clock.time += 31 * MINUTE
    expect(await post(app, '/v1/bus/accountInfo', player.token)).toMatchObject({ msgCode: 'token_invalid' })
    expect(await game(first.sessionToken, '/game/session/ping')).toMatchObject({ msgCode: 'game_session_closed' })
    // The idle end wrote no answer and removed none: the player's own answer is there as given.
    const answers = async () =>
      (
        await app.db
          .selectFrom('reality_checks')
          .select(['answer', 'answered_at'])
          .where('player_id', '=', player.userId)
          .orderBy('id')
          .execute()
      ).map((row) => ({ answer: row.answer, at: Number(row.answered_at) }))
    expect(await answers()).toEqual([{ answer: 'continue', at: START + 65 * MINUTE }])

    // Back with the password: a new play session (the break was longer than 15 minutes) counts its
    // own 45 minutes, neither shortened nor skipped by the idle end.
    const back = await anonymous(app, '/user/login', {
      userName: player.userName,
      password: player.password,
      apiType: 1,
      deviceId: player.deviceId,
      deviceSecret: player.deviceSecret,
    })
    expect(back.success, JSON.stringify(back)).toBe(true)
    const second = await openGameSession(app, (path, body) => post(app, path, back.data.token, body))
    const resumedAt = clock.time
    expect((await spin(second.sessionToken)).success).toBe(true)
    for (let minute = 0; minute < 40; minute += 10) {
      clock.time += 10 * MINUTE
      expect((await spin(second.sessionToken)).success).toBe(true)
    }
    clock.time += 5 * MINUTE
    expect(await spin(second.sessionToken)).toMatchObject({
      msgCode: 'reality_check_due',
      data: { playedMs: 45 * MINUTE, sessionStart: resumedAt },
    })
    expect(await answers()).toHaveLength(1)
  })

  it('closes the push socket on another instance once the session is idle, without any call', async () => {
    const { apps, clock } = await setup({ instances: 2 })
    const [a, b] = apps as [FastifyInstance, FastifyInstance]
    const player = await loginPlayer(a, { ageConfirmed: true, bound: true })
    const address = await b.listen({ port: 0, host: '127.0.0.1' })
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`)
    cleanups.push(async () => socket.close())
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const ready = new Promise((resolve) =>
      socket.on('message', (raw) => JSON.parse(String(raw)).type === 'balance' && resolve(null)),
    )
    socket.send(JSON.stringify({ type: 'auth', token: player.token }))
    await ready
    clock.time += 30 * MINUTE
    const started = performance.now()
    expect(await closed).toBe(SESSION_ENDED)
    expect(performance.now() - started).toBeLessThan(1500)
  })
})
