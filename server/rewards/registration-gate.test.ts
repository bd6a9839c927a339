// No promotion and no play before the registration is complete, on each engine: a verified
// player who never set the mandatory daily limits, or an account (a legacy one) that never
// confirmed 18+, is refused every reward credit — gift, sign-in, wheel, tasks, invites — and every
// game opening and spin, with the msgCode and its text in pt-BR, en and hi; nothing reaches the
// ledger. Once the step is done the same calls are credited. A game session opened before the
// rule (its rows taken away here) cannot spin on either, on PostgreSQL's one-statement path too.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { engines, loginPlayer, REGISTRATION_LIMITS_FOR_TESTS } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)

const rewardCalls = [
  '/activity/openNewPlayerGift',
  '/activity/drawSignReward',
  '/activity/wheel/spin',
  '/v1/bus/taskOneGot',
  '/v1/bus/receiveInviteRewards',
] as const

describe.each(engines)('rewards and play before the registration on %s', (engine) => {
  const clock = manualClock(START)
  // A market whose rules allow every reward listed (Brazil's forbid the gift and invites), so each
  // is seen refused by this gate and credited once the step is done.
  const t = appPerTest(engine, { env: { MARKET_COUNTRY: 'MX' }, clock, start: START })

  const rewardRows = async (userId: number) =>
    (await t.db.kysely.selectFrom('reward_claims').select('id').where('player_id', '=', userId).execute()).length
  const rounds = async (userId: number) =>
    (await t.db.kysely.selectFrom('game_rounds').select('id').where('player_id', '=', userId).execute()).length
  const spin = async (sessionToken: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 50, requestId: randomUUID() },
      })
    ).json()

  it('a verified player without the registration limits is credited no reward and opens no game, then is once they are set', async () => {
    const p = await loginPlayer(t.app, { ageConfirmed: true, verified: true, registrationLimits: false, cash: 5_000 })
    for (const path of rewardCalls) {
      const answer = await p.call(path, path === '/activity/wheel/spin' ? { requestId: randomUUID() } : {})
      expect(answer, path).toMatchObject({ success: false, msgCode: 'registration_limits_required' })
    }
    const en = await p.call('/activity/openNewPlayerGift', {}, 'en')
    expect(en.msg).toMatch(/daily loss limit/i)
    const hi = await p.call('/activity/drawSignReward', {}, 'hi')
    expect(hi.msgCode).toBe('registration_limits_required')
    expect(hi.msg).not.toBe(en.msg)
    // The legacy client's game opening.
    expect(await p.call('/game/forward', { id: 66121 })).toMatchObject({
      success: false,
      msgCode: 'registration_limits_required',
    })
    expect(await rewardRows(p.userId)).toBe(0)
    expect(await readPlayerBalances(t.db.kysely, p.userId)).toMatchObject({ cash: 5_000, bonus: 0 })

    expect((await p.call('/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)).success).toBe(true)
    expect(await p.call('/activity/openNewPlayerGift')).toMatchObject({ success: true, data: { amount: 10_000 } })
    expect((await p.call('/activity/drawSignReward')).success).toBe(true)
    expect((await p.call('/activity/wheel/spin', { requestId: randomUUID() })).success).toBe(true)
    expect(await rewardRows(p.userId)).toBeGreaterThanOrEqual(3)
    const { sessionToken } = await openGameSession(t.app, p.call)
    expect((await spin(sessionToken)).success).toBe(true)
  })

  it('an account that never confirmed 18+ is credited no reward and opens no game (legacy routes included)', async () => {
    const p = await loginPlayer(t.app, { verified: true, cash: 5_000 })
    for (const path of rewardCalls) {
      const answer = await p.call(path, path === '/activity/wheel/spin' ? { requestId: randomUUID() } : {})
      expect(answer, path).toMatchObject({ success: false, msgCode: 'age_not_confirmed' })
    }
    expect((await p.call('/activity/openNewPlayerGift', {}, 'en')).msg).toMatch(/18/)
    expect((await p.call('/activity/openNewPlayerGift', {}, 'hi')).msg).toMatch(/18/)
    expect(await p.call('/game/forward', { id: 66121 })).toMatchObject({ success: false, msgCode: 'age_not_confirmed' })
    expect(await rewardRows(p.userId)).toBe(0)
    expect(await readPlayerBalances(t.db.kysely, p.userId)).toMatchObject({ cash: 5_000, bonus: 0 })
  })

  it('a game session opened before the rule spins no more without the limits or the 18+ confirmation', async () => {
    const p = await loginPlayer(t.app, { ageConfirmed: true, cash: 5_000 })
    const { sessionToken } = await openGameSession(t.app, p.call)
    // Two spins first: on PostgreSQL the next ones take the one-statement path (ledger_spin).
    expect((await spin(sessionToken)).success).toBe(true)
    expect((await spin(sessionToken)).success).toBe(true)
    const played = await rounds(p.userId)
    const before = await readPlayerBalances(t.db.kysely, p.userId)

    await t.db.kysely.deleteFrom('player_limits').where('player_id', '=', p.userId).execute()
    expect(await spin(sessionToken)).toMatchObject({ success: false, msgCode: 'registration_limits_required' })

    expect((await p.call('/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)).success).toBe(true)
    await t.db.kysely.updateTable('players').set({ adult_confirmed_at: null }).where('id', '=', p.userId).execute()
    expect(await spin(sessionToken)).toMatchObject({ success: false, msgCode: 'age_not_confirmed' })

    expect(await rounds(p.userId)).toBe(played)
    expect(await readPlayerBalances(t.db.kysely, p.userId)).toEqual(before)
  })
})
