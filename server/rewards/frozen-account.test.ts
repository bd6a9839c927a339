// A frozen account, on each engine: the account says it is frozen (the home shows a notice), the
// home's summary invites to no reward — no gift, wheel, check-in, tasks, invites, first-deposit or
// newcomer prompt, and why (`account_frozen`) — and each reward is refused at its gate; once
// unfrozen, the invitations are back. No reward reaches the ledger while frozen.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { engines, loginPlayer, TEST_OPS_TOKEN } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)

describe.each(engines)('a frozen account on %s', (engine) => {
  const clock = manualClock(START)
  // A market whose rules allow every reward (Brazil's forbid the gift, invites and the install
  // reward, which its summary never offers anyway), so the freeze is seen taking each away.
  const t = appPerTest(engine, { env: { MARKET_COUNTRY: 'MX' }, clock, start: START })

  const freeze = async (userId: number, frozen: boolean) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/ops/players/freeze',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: { userId, frozen, reason: 'análise de risco' },
      })
    ).json()

  it('is told on the account, invited to no reward, and refused each; unfrozen, the invitations are back', async () => {
    const { call, userId } = await loginPlayer(t.app, { ageConfirmed: true, verified: true })
    const before = (await call('/activity/summary')).data
    expect(before).toMatchObject({ blocked: null, gift: { available: true }, prompts: { newcomerGame: true } })
    expect(before.wheel).not.toBeNull()
    expect(before.signIn).not.toBeNull()
    expect(before.invites).not.toBeNull()
    expect(before.download).not.toBeNull()
    expect((await call('/v1/bus/accountInfo')).data.frozen).toBe(false)

    expect(await freeze(userId, true)).toMatchObject({ success: true })
    expect((await call('/v1/bus/accountInfo')).data.frozen).toBe(true)
    const frozen = (await call('/activity/summary')).data
    expect(frozen).toMatchObject({
      enabled: false,
      blocked: 'account_frozen',
      gift: null,
      signIn: null,
      wheel: null,
      tasks: null,
      invites: null,
      download: null,
      prompts: { newcomerGame: false, firstDeposit: null },
    })
    // Every reward's own gate refuses it as well.
    expect((await call('/activity/wheel/spin', { requestId: randomUUID() })).msgCode).toBe('account_frozen')
    expect((await readPlayerBalances(t.db.kysely, userId)).total).toBe(0)

    expect(await freeze(userId, false)).toMatchObject({ success: true })
    expect((await call('/v1/bus/accountInfo')).data.frozen).toBe(false)
    expect((await call('/activity/summary')).data).toMatchObject({ blocked: null, gift: { available: true } })
  })
})
