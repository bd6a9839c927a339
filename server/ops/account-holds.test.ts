// An operator's holds on a player's account, on each engine: freezing is for
// risk and admin (support and payments are refused before anything runs); a frozen player still
// logs in and sees their balance but cannot open a game, spin, order a deposit or a withdrawal,
// or take a reward (`account_frozen`), and unfreezing gives all of it back. Closing is for admin
// only and begins the account's closure: the balance is paid to a key in the player's own CPF
// first (nothing else goes out meanwhile, `account_closing`); once paid it ends every session and
// device, refuses logins (`account_closed`) and keeps every record. Each change is audited
// with who, before / after, reason and address.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxOf, TEST_PASSWORD, type TestPlayer } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const FROZEN_PT = 'Sua conta está em análise. Fale com o atendimento.'

describe.each(engines)('account holds on %s', { timeout: 120_000 }, (engine) => {
  const clock = manualClock(START)

  // Withdrawals above R$ 50 wait for review: one stays in flight as long as the test needs.
  const t = appPerTest(engine, { env: { WITHDRAW_REVIEW_ABOVE: '5000' }, clock, start: START })

  const operator = operatorsOf(t, clock)

  const auditRows = (action: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()

  /** Opens a game the way the game page does; answers the game session's token. */
  async function openGame(call: TestPlayer['call']) {
    return (await openGameSession(t.app, call)).sessionToken
  }
  const spin = async (sessionToken: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId: randomUUID() },
      })
    ).json()

  it('freezes for risk and admin only; a frozen player sees their balance but cannot play, deposit, withdraw or take a reward, and unfreezing restores it', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
    const sessionToken = await openGame(player.call)
    expect((await spin(sessionToken)).success).toBe(true)

    const support = await operator('support')
    const payments = await operator('payments')
    const risk = await operator('risk')
    for (const refused of [support, payments]) {
      const res = await refused.post('players/freeze', { userId: player.userId, frozen: true, reason: 'x' })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ success: false, msgCode: 'ops_forbidden' })
    }
    // A reason is required.
    expect(await risk.call('players/freeze', { userId: player.userId, frozen: true, reason: '  ' })).toMatchObject({
      success: false,
      msgCode: 'invalid_request',
    })
    expect((await support.call('players/view', { userId: player.userId })).data.holds).toEqual({
      frozenAt: null,
      closedAt: null,
      closingAt: null,
    })

    const frozen = await risk.call('players/freeze', {
      userId: player.userId,
      frozen: true,
      reason: 'chargeback suspeito',
    })
    expect(frozen).toMatchObject({ success: true, data: { holds: { frozenAt: START, closedAt: null } } })
    expect((await support.call('players/view', { userId: player.userId })).data.holds.frozenAt).toBe(START)
    const [audit] = await auditRows('player.freeze')
    expect(audit).toMatchObject({
      actor_name: risk.name,
      object_id: String(player.userId),
      reason: 'chargeback suspeito',
    })
    expect(JSON.parse(String(audit?.before))).toEqual({ frozenAt: null, closedAt: null, closingAt: null })
    // No withdrawal of theirs was waiting for the bank: the freeze held none.
    expect(JSON.parse(String(audit?.after))).toEqual({
      frozenAt: START,
      closedAt: null,
      closingAt: null,
      withdrawals: [],
    })
    expect(audit?.ip).toBe(risk.address)

    const balanceBefore = await readPlayerBalances(t.db.kysely, player.userId)
    const refusedFrozen = { success: false, msgCode: 'account_frozen', msg: FROZEN_PT }
    expect(await spin(sessionToken)).toMatchObject(refusedFrozen)
    expect(await player.call('/game/forward', { id: 'fruta-fina' })).toMatchObject(refusedFrozen)
    expect(await player.call('/charge/create/order', { amount: 2_000, requestId: randomUUID() })).toMatchObject(
      refusedFrozen,
    )
    const withdraw = () =>
      player.call('/withdraw/create/order', {
        accountNumber: player.cpf,
        payType: 'cpf',
        amount: 2_000,
        requestId: randomUUID(),
        password: TEST_PASSWORD,
      })
    expect(await withdraw()).toMatchObject(refusedFrozen)
    // A reward Brazil's rules allow (the welcome gift is forbidden there whatever the account).
    expect(await player.call('/activity/drawSignReward')).toMatchObject(refusedFrozen)
    expect((await player.call('/charge/create/order', { amount: 2_000, requestId: randomUUID() }, 'en')).msg).toBe(
      'Your account is under review. Please contact support.',
    )
    // Nothing moved, and the player still reads their own account.
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toEqual(balanceBefore)
    expect((await player.call('/v1/bus/accountInfo')).success).toBe(true)
    expect((await player.call('/v1/bus/statement', {})).success).toBe(true)

    const admin = await operator('admin')
    expect(
      await admin.call('players/freeze', { userId: player.userId, frozen: false, reason: 'análise concluída' }),
    ).toMatchObject({ success: true, data: { holds: { frozenAt: null } } })
    const [lifted] = await auditRows('player.unfreeze')
    expect(lifted).toMatchObject({ actor_name: admin.name, reason: 'análise concluída' })
    expect(JSON.parse(String(lifted?.before))).toMatchObject({ frozenAt: START })

    expect((await spin(sessionToken)).success).toBe(true)
    expect((await player.call('/charge/create/order', { amount: 2_000, requestId: randomUUID() })).success).toBe(true)
    expect((await withdraw()).success).toBe(true)
  })

  it('closes for admin only: the balance is paid to the own CPF first; then sessions and devices end, logins are refused and every record stays', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
    const risk = await operator('risk')
    const admin = await operator('admin')
    expect((await risk.post('players/close', { userId: player.userId, reason: 'pedido' })).statusCode).toBe(403)

    // With money in it, the close begins the closure: the account is closing, its balance on its way
    // to a key in the player's own CPF, and nothing else goes out meanwhile.
    const closing = await admin.call('players/close', { userId: player.userId, reason: 'pedido do jogador' })
    expect(closing).toMatchObject({ success: true, data: { holds: { closedAt: null, closingAt: START }, sessions: 0 } })
    const [begun] = await auditRows('closure.begin')
    expect(begun).toMatchObject({ actor_name: admin.name, reason: 'pedido do jogador', ip: admin.address })
    expect(JSON.parse(String(begun?.after))).toMatchObject({ cause: 'operator', cash: 10_000 })
    const order = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 1_000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(order).toMatchObject({ success: false, msgCode: 'account_closing' })
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toMatchObject({ cash: 0, withdrawalHold: 10_000 })

    // The bank pays it; the next pass closes the account.
    clock.time += 60_000
    await sandboxOf(t.app).settleDuePayouts()
    await t.app.payments.withdrawals.reconcile()
    await t.app.closure.runDue()
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toMatchObject({
      cash: 0,
      bonus: 0,
      withdrawalHold: 0,
    })
    const transfers = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('ledger_transfers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const transfersBefore = await transfers()
    const [audit] = await auditRows('closure.close')
    expect(JSON.parse(String(audit?.after))).toMatchObject({ cause: 'operator', paid: 10_000, sessions: 1, devices: 1 })
    const closedAt = START + 60_000

    // Closing it again changes nothing.
    const closed = await admin.call('players/close', { userId: player.userId, reason: 'pedido do jogador' })
    expect(closed).toMatchObject({ success: true, data: { holds: { closedAt }, sessions: 0, devices: 0 } })

    // The session is gone; the device and the password both hear the account is closed.
    expect(await player.call('/v1/bus/accountInfo')).toMatchObject({ success: false, msgCode: 'token_invalid' })
    const byDevice = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { deviceId: player.deviceId, deviceSecret: player.deviceSecret },
    })
    expect(byDevice.json()).toMatchObject({ success: false, msgCode: 'account_closed' })
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: player.userName, password: TEST_PASSWORD, apiType: 1 },
    })
    expect(byPassword.json()).toMatchObject({ success: false, msgCode: 'account_closed' })
    // A wrong password still says nothing about the account.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: player.userName, password: 'Wrong-Passw0rd9', apiType: 1 },
    })
    expect(wrong.json()).toMatchObject({ success: false, msgCode: 'login_failed' })

    // Every record stays: the player, the ledger, the withdrawal, the audit.
    expect(await transfers()).toBe(transfersBefore)
    const view = await admin.call('players/view', { userId: player.userId })
    expect(view.data.holds.closedAt).toBe(closedAt)
    expect(view.data.withdrawals).toHaveLength(1)
    expect(view.data.devices.every((d: { revoked: boolean }) => d.revoked)).toBe(true)
  })
})
