// An operator's holds on a player's account, on each engine: freezing is for
// risk and admin (support and payments are refused before anything runs); a frozen player still
// logs in and sees their balance but cannot open a game, spin, order a deposit or a withdrawal,
// or take a reward (`account_frozen`), and unfreezing gives all of it back. Closing is for admin
// only, refused while the ledger holds any money for the player; once empty it ends every session
// and device, refuses logins (`account_closed`) and keeps every record. Each change is audited
// with who, before / after, reason and address.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  fundPlayer,
  loginPlayer,
  TEST_PASSWORD,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const FROZEN_PT = 'Sua conta está em análise. Fale com o atendimento.'

describe.each(engines)('account holds on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  let ip = 0

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    // Withdrawals above R$ 50 wait for review: one stays in flight as long as the test needs.
    app = await buildTestApp(testDb.db, { WITHDRAW_REVIEW_ABOVE: '5000' }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const operator = (role: OperatorRole) => signedInOperator(app, testDb.db.kysely, role, clock.now(), `192.0.2.${++ip}`)

  const auditRows = (action: string) =>
    testDb.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()

  /** Opens a game the way the game page does; answers the game session's token. */
  async function openGame(call: TestPlayer['call']) {
    return (await openGameSession(app, call)).sessionToken
  }
  const spin = async (sessionToken: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId: randomUUID() },
      })
    ).json()

  it('freezes for risk and admin only; a frozen player sees their balance but cannot play, deposit, withdraw or take a reward, and unfreezing restores it', async () => {
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
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
    expect(JSON.parse(String(audit?.before))).toEqual({ frozenAt: null, closedAt: null })
    // No withdrawal of theirs was waiting for the bank: the freeze held none.
    expect(JSON.parse(String(audit?.after))).toEqual({ frozenAt: START, closedAt: null, withdrawals: [] })
    expect(audit?.ip).toBe(risk.address)

    const balanceBefore = await readPlayerBalances(testDb.db.kysely, player.userId)
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
    expect(await player.call('/activity/openNewPlayerGift')).toMatchObject(refusedFrozen)
    expect((await player.call('/charge/create/order', { amount: 2_000, requestId: randomUUID() }, 'en')).msg).toBe(
      'Your account is under review. Please contact support.',
    )
    // Nothing moved, and the player still reads their own account.
    expect(await readPlayerBalances(testDb.db.kysely, player.userId)).toEqual(balanceBefore)
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

  it('closes for admin only, not while money is held; then ends sessions and devices, refuses logins and keeps every record', async () => {
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
    const risk = await operator('risk')
    const admin = await operator('admin')
    expect((await risk.post('players/close', { userId: player.userId, reason: 'pedido' })).statusCode).toBe(403)

    expect(await admin.call('players/close', { userId: player.userId, reason: 'pedido do jogador' })).toMatchObject({
      success: false,
      msgCode: 'account_has_balance',
      data: { cash: 10_000, bonus: 0, withdrawalHold: 0, withdrawalInFlight: null },
    })
    // A withdrawal on its way holds the money outside cash: still refused.
    const order = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 10_000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(order.success, JSON.stringify(order)).toBe(true)
    expect(order.data.status).toBe('review')
    expect(await admin.call('players/close', { userId: player.userId, reason: 'pedido do jogador' })).toMatchObject({
      success: false,
      msgCode: 'account_has_balance',
      data: { cash: 0, withdrawalHold: 10_000, withdrawalInFlight: order.data.orderId },
    })
    // The operator turns the payout down: the money is the player's cash again, then taken out.
    expect(
      await admin.call('withdrawals/review', { orderId: order.data.orderId, decision: 'reject', reason: 'teste' }),
    ).toMatchObject({ success: true })
    const empty = await readPlayerBalances(testDb.db.kysely, player.userId)
    if (empty.cash > 0) await fundPlayer(app, player.userId, { cash: -empty.cash })
    expect(await readPlayerBalances(testDb.db.kysely, player.userId)).toMatchObject({
      cash: 0,
      bonus: 0,
      withdrawalHold: 0,
    })
    const transfers = async () =>
      Number(
        (
          await testDb.db.kysely
            .selectFrom('ledger_transfers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const transfersBefore = await transfers()

    const closed = await admin.call('players/close', { userId: player.userId, reason: 'pedido do jogador' })
    expect(closed).toMatchObject({ success: true, data: { holds: { closedAt: START }, sessions: 1, devices: 1 } })
    const [audit] = await auditRows('player.close')
    expect(audit).toMatchObject({ actor_name: admin.name, reason: 'pedido do jogador', ip: admin.address })
    expect(JSON.parse(String(audit?.after))).toMatchObject({ closedAt: START, sessions: 1, devices: 1 })

    // The session is gone; the device and the password both hear the account is closed.
    expect(await player.call('/v1/bus/accountInfo')).toMatchObject({ success: false, msgCode: 'token_invalid' })
    const byDevice = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { deviceId: player.deviceId, deviceSecret: player.deviceSecret },
    })
    expect(byDevice.json()).toMatchObject({ success: false, msgCode: 'account_closed' })
    const byPassword = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: player.userName, password: TEST_PASSWORD, apiType: 1 },
    })
    expect(byPassword.json()).toMatchObject({ success: false, msgCode: 'account_closed' })
    // A wrong password still says nothing about the account.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: player.userName, password: 'Wrong-Passw0rd9', apiType: 1 },
    })
    expect(wrong.json()).toMatchObject({ success: false, msgCode: 'login_failed' })

    // Every record stays: the player, the ledger, the withdrawal, the audit.
    expect(await transfers()).toBe(transfersBefore)
    const view = await admin.call('players/view', { userId: player.userId })
    expect(view.data.holds.closedAt).toBe(START)
    expect(view.data.withdrawals).toHaveLength(1)
    expect(view.data.devices.every((d: { revoked: boolean }) => d.revoked)).toBe(true)
  })
})
