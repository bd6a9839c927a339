// A withdrawal whose answer was lost is found again by the requestId the app sent with it: the
// player who made it reads that order (the same order, one hold in the ledger), another player
// asking with the same requestId reads nothing, and a requestId that made nothing answers null, so
// the app knows a repeat is safe. On each engine, with a real deposit through the sandbox bank.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxBankOf,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

describe.each(engines)('a withdrawal found by its requestId on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>

  beforeEach(async () => {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: '60000' })
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  /** A verified player with R$ 50 deposited through the sandbox bank and a password bound. */
  async function fundedPlayer() {
    const player = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const created = await player.call('/charge/create/order', { amount: 5000, requestId: randomUUID() })
    expect(created.success).toBe(true)
    const paid = await sandboxBankOf(app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: created.data.payCode },
      headers: { 'content-type': 'application/json' },
    })
    expect(paid.json()).toMatchObject({ success: true, data: { paid: true } })
    const bound = await player.call('/user/bindLoginAccount', {
      userName: `jogadora${player.userId}`,
      password: player.password,
      confirmPassword: player.password,
    })
    expect(bound.success).toBe(true)
    return player
  }

  const ordersOf = (playerId: number) =>
    testDb.db.kysely
      .selectFrom('withdrawal_orders')
      .select(['id', 'request_id'])
      .where('player_id', '=', playerId)
      .execute()

  it('answers the order the requestId made to its owner only, and null when it made none', async () => {
    const ana = await fundedPlayer()
    const bia = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const requestId = randomUUID()

    const made = await ana.call('/withdraw/create/order', {
      accountNumber: ana.cpf,
      payType: 'cpf',
      amount: 3000,
      requestId,
      password: ana.password,
    })
    expect(made.success).toBe(true)

    // The answer above is what the app lost: asking by requestId finds that very order.
    const found = await ana.call('/v1/bus/withdrawalByRequest', { requestId })
    expect(found.success).toBe(true)
    expect(found.data.order.orderId).toBe(made.data.orderId)
    expect(await ordersOf(ana.userId)).toEqual([{ id: made.data.orderId, request_id: requestId }])
    expect(await readPlayerBalances(testDb.db.kysely, ana.userId)).toMatchObject({ cash: 2000, withdrawalHold: 3000 })

    // Another player with the same requestId reads nothing of Ana's.
    const foreign = await bia.call('/v1/bus/withdrawalByRequest', { requestId })
    expect(foreign).toMatchObject({ success: true, data: { order: null } })

    // A requestId that made nothing: null, and the ledger is untouched by asking.
    const none = await ana.call('/v1/bus/withdrawalByRequest', { requestId: randomUUID() })
    expect(none).toMatchObject({ success: true, data: { order: null } })
    expect(await ordersOf(ana.userId)).toHaveLength(1)
    expect(await readPlayerBalances(testDb.db.kysely, ana.userId)).toMatchObject({ cash: 2000, withdrawalHold: 3000 })
  })

  it('refuses a call without a session, and a malformed requestId in the player’s words', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/bus/withdrawalByRequest',
      payload: { requestId: randomUUID() },
    })
    expect(anonymous.json().success).toBe(false)
    expect(anonymous.statusCode).toBeLessThan(500)

    const ana = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const malformed = await ana.call('/v1/bus/withdrawalByRequest', { requestId: 'x'.repeat(500) })
    expect(malformed).toMatchObject({ success: false, msgCode: 'invalid_request' })
    expect(malformed.msg).toMatch(/Identificador do pedido/)
  })
})
