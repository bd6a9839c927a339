// The money watch's holding rules through the API, on each engine. Fresh accounts that take the
// gift, the sign-in and the wheel, wager them and ask the cash out have each withdrawal held for
// review with a `promotion_only` flag; two accounts on one device, paid by one payer or paying out
// to one PIX key are held with a `linked_accounts` flag naming the other account; a depositor's
// own money goes out as before. A held withdrawal's money stays held in the ledger and nothing is
// sent to the bank.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxBankOf } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { settleBonus } from '../ledger/bonus.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('promotion farms and linked accounts on %s', { timeout: 180_000 }, (engine) => {
  const clock = manualClock(START)
  // No withdrawal is big enough for the amount review: only the money watch holds one here. A
  // market whose rules allow the welcome gift (Brazil's do not), the farms' main takings.
  const t = appPerTest(engine, {
    env: { WITHDRAW_REVIEW_ABOVE: '10000000', MARKET_COUNTRY: 'MX' },
    clock,
    start: START,
  })
  const operator = operatorsOf(t, clock)

  async function player() {
    const p = await loginPlayer(t.app, { ageConfirmed: true, verified: true, bound: true })
    const deposit = async (amount: number, payerCpf?: string) => {
      const created = await p.call('/charge/create/order', { amount, requestId: randomUUID() })
      expect(created.success, JSON.stringify(created)).toBe(true)
      const paid = await sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code: created.data.payCode, ...(payerCpf ? { payerCpf } : {}) },
      })
      expect(paid.json().success).toBe(true)
    }
    const withdraw = (
      amount: number,
      key: { accountNumber: string; payType: string } = {
        accountNumber: p.cpf,
        payType: 'cpf',
      },
    ) => p.call('/withdraw/create/order', { ...key, amount, requestId: randomUUID(), password: p.password })
    const play = async (spins: number) => {
      const { sessionToken } = await openGameSession(t.app, p.call)
      for (let i = 0; i < spins; i++) {
        const spin = await t.app.inject({
          method: 'POST',
          url: '/api/game/spin',
          headers: { 'game-session': sessionToken },
          payload: { bet: 50, requestId: randomUUID() },
        })
        expect(spin.json().success, spin.body).toBe(true)
      }
    }
    return { ...p, deposit, withdraw, play }
  }

  const orderOf = (orderId: string) =>
    t.db.kysely.selectFrom('withdrawal_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  const openFlags = async (playerId: number) =>
    (
      await t.db.kysely
        .selectFrom('risk_flags')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('status', '=', 'open')
        .execute()
    ).map((f) => ({ rule: f.rule, reasons: JSON.parse(f.reasons as string) }))
  const paidOut = async (playerId: number) =>
    (
      await t.db.kysely
        .selectFrom('ledger_transfers')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.debit_account_id')
        .select('ledger_transfers.id')
        .where('ledger_accounts.player_id', '=', playerId)
        .where('ledger_transfers.kind', '=', 'withdrawal_post')
        .execute()
    ).length

  /** A held withdrawal: in review, its money held, nothing sent to the bank or posted. */
  async function expectHeld(p: { userId: number }, orderId: string, amount: number) {
    const order = await orderOf(orderId)
    expect(order).toMatchObject({ status: 'review', sent_attempt: 0 })
    expect(await readPlayerBalances(t.db.kysely, p.userId)).toMatchObject({ withdrawalHold: amount })
    expect(await paidOut(p.userId)).toBe(0)
  }

  it('fresh accounts that cash out the gift, sign-in and wheel are each held for review as promotion-only', async () => {
    const payments = await operator('payments')
    for (let n = 0; n < 3; n++) {
      const farm = await player()
      expect((await farm.call('/activity/openNewPlayerGift')).success).toBe(true)
      expect((await farm.call('/activity/drawSignReward')).success).toBe(true)
      expect((await farm.call('/activity/wheel/spin', { requestId: randomUUID() })).success).toBe(true)
      await farm.play(4)
      // The rest of the 5× play, as its last bet would leave it: the requirement met, the bonus cash.
      await t.app.ledger.transact(async (tx) => {
        await tx.trx
          .updateTable('bonus_wagering')
          .set((eb) => ({ wagered: eb.ref('required') }))
          .where('player_id', '=', farm.userId)
          .execute()
        await settleBonus(tx, farm.userId, `test:wagered:${farm.userId}`)
      })
      const before = await readPlayerBalances(t.db.kysely, farm.userId)
      expect(before.cash).toBeGreaterThan(1_120)

      const asked = await farm.withdraw(1_120)
      expect(asked.success, JSON.stringify(asked)).toBe(true)
      await expectHeld(farm, asked.data.orderId, 1_120)
      expect(await readPlayerBalances(t.db.kysely, farm.userId)).toMatchObject({ cash: before.cash - 1_120 })
      const flags = await openFlags(farm.userId)
      const promotionOnly = flags.find((f) => f.rule === 'promotion_only')
      expect(promotionOnly?.reasons).toMatchObject({ deposits: 0, depositedEver: 0, withdrawnEver: 1_120 })
      expect(promotionOnly?.reasons.promotions).toBeGreaterThanOrEqual(10_000)

      // The operator sees why beside the withdrawal in the review queue.
      const beside = await payments.call('risk/withdrawal', { orderId: asked.data.orderId })
      expect(beside.data.openFlags.map((f: { rule: string }) => f.rule)).toContain('promotion_only')
    }
  })

  it('two accounts on one device are held with the link named', async () => {
    const first = await player()
    const second = await player()
    // The second account signs in on the first one's device (by name and password).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: second.userName, password: second.password, apiType: 1, deviceId: first.deviceId },
    })
    expect(login.json().success, login.body).toBe(true)
    await second.deposit(10_000)
    const asked = await second.withdraw(5_000)
    expect(asked.success, JSON.stringify(asked)).toBe(true)
    await expectHeld(second, asked.data.orderId, 5_000)
    const linked = (await openFlags(second.userId)).find((f) => f.rule === 'linked_accounts')
    expect(linked?.reasons).toMatchObject({ linked: 1, viaDevice: 1, accounts: `#${first.userId}` })
  })

  it('two accounts paid by one payer are held with the link named', async () => {
    const first = await player()
    const second = await player()
    await first.deposit(10_000)
    // The first player's CPF pays the second one's deposit (returned: not the player's own money).
    await second.deposit(2_000, first.cpf)
    await second.deposit(10_000)
    const asked = await second.withdraw(5_000)
    expect(asked.success, JSON.stringify(asked)).toBe(true)
    await expectHeld(second, asked.data.orderId, 5_000)
    const linked = (await openFlags(second.userId)).find((f) => f.rule === 'linked_accounts')
    expect(linked?.reasons).toMatchObject({ linked: 1, viaPayer: 1, accounts: `#${first.userId}` })
  })

  it('two accounts paying out to one PIX key are held with the link named', async () => {
    const first = await player()
    const second = await player()
    const key = `farm-${randomUUID().slice(0, 8)}@example.com`
    const bank = (cpf: string) =>
      sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/dict',
        payload: { key, keyType: 'email', cpf },
      })
    expect((await bank(first.cpf)).json().success).toBe(true)
    await first.deposit(10_000)
    const firstOut = await first.withdraw(5_000, { accountNumber: key, payType: 'email' })
    expect(firstOut.success, JSON.stringify(firstOut)).toBe(true)
    expect((await orderOf(firstOut.data.orderId)).status).not.toBe('review')
    // The key moves to the second account's CPF, which pays out to it too.
    expect((await bank(second.cpf)).json().success).toBe(true)
    await second.deposit(10_000)
    const asked = await second.withdraw(5_000, { accountNumber: key, payType: 'email' })
    expect(asked.success, JSON.stringify(asked)).toBe(true)
    await expectHeld(second, asked.data.orderId, 5_000)
    const linked = (await openFlags(second.userId)).find((f) => f.rule === 'linked_accounts')
    expect(linked?.reasons).toMatchObject({ linked: 1, viaPayoutAccount: 1, accounts: `#${first.userId}` })
  })

  it("a depositor's own money, played and asked out, is not held", async () => {
    const depositor = await player()
    await depositor.deposit(10_000)
    await depositor.play(4)
    const asked = await depositor.withdraw(5_000)
    expect(asked.success, JSON.stringify(asked)).toBe(true)
    expect((await orderOf(asked.data.orderId)).status).not.toBe('review')
    const rules = (await openFlags(depositor.userId)).map((f) => f.rule)
    expect(rules).not.toContain('promotion_only')
    expect(rules).not.toContain('linked_accounts')
  })
})
