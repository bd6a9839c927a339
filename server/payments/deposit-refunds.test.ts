// Deposits credit exactly the charge, once, on each engine: an overpayment
// credits the charge and returns the excess; a second payment, an underpayment, a payment from
// another CPF (or no CPF), during a break or over a deposit limit is returned in full — through
// the provider's refund (API Pix devolucao), recorded, retried when the provider fails, shown to
// the player and the operator. Money is read from the ledger and from the sandbox bank.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import {
  createTestApp,
  engines,
  loginPlayer,
  sandboxBankOf,
  sandboxOf,
  sandboxRegisterOf,
  TEST_OPS_TOKEN,
  type TestApp,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { refundIdFor } from './ids.ts'
import { signWebhook } from './webhook-signature.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const SECRET = 'sandbox-webhook-secret-for-tests'

describe.each(engines)('deposit refunds on %s', (engine) => {
  let t: TestApp
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    t = await createTestApp(engine, { PIX_WEBHOOK_SECRET: SECRET }, clock)
  })
  afterEach(async () => {
    await t.close()
  })

  async function player() {
    const { call, userId, cpf } = await loginPlayer(t.app, { ageConfirmed: true, verified: true })
    const order = async (amount: number) => {
      const created = await call('/charge/create/order', { amount, requestId: randomUUID() })
      expect(created.success).toBe(true)
      return created.data as { orderId: string; payCode: string }
    }
    return { call, userId, cpf, order }
  }

  const bankPay = async (payload: object) =>
    (
      await sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload,
        headers: { 'content-type': 'application/json' },
      })
    ).json()

  const webhook = (pix: object[]) => {
    const rawBody = JSON.stringify({ pix })
    const timestamp = Math.floor(clock.time / 1000)
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/pix',
      headers: {
        'content-type': 'application/json',
        'x-pix-timestamp': String(timestamp),
        'x-pix-signature': signWebhook(SECRET, rawBody, timestamp),
      },
      payload: rawBody,
    })
  }

  const db = () => t.db.kysely
  const balances = (userId: number) => readPlayerBalances(db(), userId)
  const houseBalance = async (code: string) => {
    const row = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', code)
      .where('player_id', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.balance)
  }
  const refundRows = () => db().selectFrom('pix_refunds').selectAll().orderBy('created_at').execute()
  const bankRefunds = () => db().selectFrom('sandbox_refunds').selectAll().execute()
  const opsRefunds = async (query = '') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/ops/refunds${query}`,
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
      })
    ).json()

  it('a R$ 10 charge paid with R$ 1.000 credits R$ 10 and returns R$ 990 to the payer (ledger and provider)', async () => {
    const { call, userId, order } = await player()
    const { orderId, payCode } = await order(1000)
    const paid = await bankPay({ code: payCode, amount: '1000.00' })
    expect(paid).toMatchObject({ success: true, data: { paid: true, webhookStatus: 'delivered' } })
    const endToEndId: string = paid.data.pix.endToEndId

    // Ledger: the player got the charge's R$ 10 and not a centavo more; R$ 990 was set aside for
    // the payer, outside every player balance; the books balance.
    expect(await balances(userId)).toEqual({ cash: 1000, bonus: 0, withdrawalHold: 0, total: 1000 })
    expect(await houseBalance('pix_clearing')).toBe(-100000)
    expect(await houseBalance('pix_refunds')).toBe(99000)
    const transfers = await db()
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount'])
      .where('kind', 'in', ['deposit', 'pix_refund'])
      .execute()
    expect(transfers.map((tr) => [tr.kind, Number(tr.amount)]).sort()).toEqual([
      ['deposit', 1000],
      ['pix_refund', 99000],
    ])
    expect((await auditLedger(db())).ok).toBe(true)

    // Provider: the sandbox bank returned R$ 990 of that PIX to its payer (API Pix devolucao).
    const refund = await sandboxOf(t.app).getRefund(endToEndId, refundIdFor(endToEndId))
    expect(refund).toMatchObject({ id: refundIdFor(endToEndId), valor: '990.00', status: 'DEVOLVIDO' })
    expect(refund?.rtrId).toMatch(/^D99999999\w{23}$/)
    expect((await bankRefunds()).map((r) => [r.end_to_end_id, Number(r.amount)])).toEqual([[endToEndId, 99000]])

    // Our record: one refund per PIX, with its end-to-end id, amount, reason and status.
    const [row] = await refundRows()
    expect(row).toMatchObject({ end_to_end_id: endToEndId, order_id: orderId, reason: 'overpaid', status: 'returned' })
    expect(Number(row?.amount)).toBe(99000)
    expect(row?.return_id).toBe(refund?.rtrId)

    // The player sees it: pushed with the credit, on the order, and in the refunds list.
    const pushes = await db()
      .selectFrom('outbox')
      .select(['topic', 'payload'])
      .where('player_id', '=', userId)
      .where('topic', 'in', ['deposit', 'refund'])
      .orderBy('id')
      .execute()
    expect(pushes.map((p) => [p.topic, JSON.parse(p.payload)])).toEqual([
      ['deposit', { orderId, amount: 1000, bonusAmount: 0, refund: { amount: 99000, reason: 'overpaid' } }],
      ['refund', { orderId, amount: 99000, reason: 'overpaid', credited: 1000 }],
    ])
    const detail = (await call('/charge/order/detail', { orderId })).data
    expect(detail).toMatchObject({
      status: 'paid',
      paidAmount: 1000,
      refunds: [{ amount: 99000, reason: 'overpaid', status: 'returned', endToEndId, returnedAt: START }],
    })
    const list = (await call('/charge/refund/list', { pageNum: 1, pageSize: 10 })).data
    expect(list).toMatchObject({ total: 1, refunds: [{ orderId, amount: 99000, reason: 'overpaid' }] })

    // The operator sees it; the sandbox bank's page shows it with the charge.
    const ops = await opsRefunds()
    expect(ops.data.refunds).toEqual([
      expect.objectContaining({ endToEndId, playerId: userId, amount: 99000, reason: 'overpaid', status: 'returned' }),
    ])
    const bankPage = await sandboxBankOf(t.app).inject({
      method: 'GET',
      url: `/sandbox/bank?code=${encodeURIComponent(payCode)}`,
    })
    expect(bankPage.body).toContain('R$\u00a0990,00 — devolvido ao pagador')
  })

  it('returns a second payment of a paid charge in full, crediting nothing more', async () => {
    const { userId, order } = await player()
    const { payCode } = await order(2000)
    expect((await bankPay({ code: payCode })).success).toBe(true)
    const again = await bankPay({ code: payCode, again: true })
    expect(again).toMatchObject({ success: true, data: { paid: true } })
    expect(await balances(userId)).toMatchObject({ cash: 2000, total: 2000 })
    const rows = await refundRows()
    expect(rows.map((r) => [r.reason, Number(r.amount), r.status])).toEqual([['already_paid', 2000, 'returned']])
    expect(rows[0]?.end_to_end_id).toBe(again.data.pix.endToEndId)
    expect((await bankRefunds()).map((r) => Number(r.amount))).toEqual([2000])
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('returns in full a payment below the charge or from another CPF; a notice naming no payer is credited as the provider has it', async () => {
    const { userId, cpf, order } = await player()
    const under = await order(5000)
    expect((await bankPay({ code: under.payCode, amount: '30,00' })).success).toBe(true)
    const stranger = await order(2000)
    expect((await bankPay({ code: stranger.payCode, payerCpf: randomCpf() })).success).toBe(true)
    // A PIX whose notice names no payer (the bank's answer leaves `pagador` out, so its notice
    // is delivered here without it), though it was paid from the player's own CPF: the payment
    // applied is the provider's (`GET /pix/{e2eid}`), which names the player.
    const anonymous = await order(1500)
    const dropped = await bankPay({ code: anonymous.payCode, webhook: 'drop', payerCpf: cpf })
    expect(dropped.data.pix.pagador).toBeUndefined()
    expect((await webhook([dropped.data.pix])).json().data).toEqual([
      { endToEndId: dropped.data.pix.endToEndId, outcome: 'credited' },
    ])

    expect(await balances(userId)).toMatchObject({ cash: 1500, total: 1500 })
    // An order refused in full is over (its charge was paid at the bank): it no longer holds a limit.
    expect((await refundRows()).map((r) => [r.order_id, r.reason, Number(r.amount), r.status])).toEqual([
      [under.orderId, 'underpaid', 3000, 'returned'],
      [stranger.orderId, 'payer_not_player', 2000, 'returned'],
    ])
    expect((await bankRefunds()).map((r) => Number(r.amount)).sort()).toEqual([2000, 3000])
    const orders = await db()
      .selectFrom('deposit_orders')
      .select(['id', 'status', 'paid_amount'])
      .where('id', '<>', anonymous.orderId)
      .execute()
    expect(orders.every((o) => o.status === 'expired' && o.paid_amount === null)).toBe(true)
    expect(await houseBalance('pix_refunds')).toBe(5000)
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('returns a payment that arrives during a self-exclusion or past a deposit limit lowered meanwhile', async () => {
    const { call, userId, order } = await player()
    expect((await call('/v1/bus/setDepositLimit', { period: 'day', amount: 5000 })).success).toBe(true)
    const first = await order(3000)
    const second = await order(2000)
    expect((await bankPay({ code: first.payCode })).success).toBe(true)
    expect((await call('/v1/bus/setDepositLimit', { period: 'day', amount: 4000 })).success).toBe(true)
    expect((await bankPay({ code: second.payCode })).success).toBe(true)

    const third = await order(1000)
    expect((await call('/v1/bus/selfExclude', { duration: '24h' })).success).toBe(true)
    // The pause withdrew the charge, so the bank refuses it; one that started paying before the
    // pause and settles after it (late) is returned.
    expect(await bankPay({ code: third.payCode })).toMatchObject({ success: false, msgCode: 'charge_expired' })
    expect((await bankPay({ code: third.payCode, late: true })).success).toBe(true)

    expect(await balances(userId)).toMatchObject({ cash: 3000 })
    expect((await refundRows()).map((r) => [r.order_id, r.reason, Number(r.amount)])).toEqual([
      [second.orderId, 'deposit_limit', 2000],
      [third.orderId, 'self_excluded', 1000],
    ])
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('returns a payment to an order made before an operator froze the account, and credits again once unfrozen', async () => {
    const { userId, order } = await player()
    const freeze = async (frozen: boolean) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ops/players/freeze',
          headers: { 'x-ops-token': TEST_OPS_TOKEN },
          payload: { userId, frozen, reason: 'análise de risco' },
        })
      ).json()
    const held = await order(1000)
    const later = await order(2000)
    expect(await freeze(true)).toMatchObject({ success: true })
    expect((await bankPay({ code: held.payCode })).success).toBe(true)
    expect(await freeze(false)).toMatchObject({ success: true })
    expect((await bankPay({ code: later.payCode })).success).toBe(true)

    expect(await balances(userId)).toMatchObject({ cash: 2000 })
    expect((await refundRows()).map((r) => [r.order_id, r.reason, Number(r.amount)])).toEqual([
      [held.orderId, 'account_held', 1000],
    ])
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('returns a payment to an order made before the barred-person register named the player', async () => {
    const { userId, cpf, order } = await player()
    const before = await order(1000)
    // The register names the player; the sweep, due since none ran, finds it.
    sandboxRegisterOf(t.app).add(cpf, 'social_benefit')
    expect(await t.app.sigap.sweep.run()).toBe('done')
    expect((await bankPay({ code: before.payCode })).success).toBe(true)
    expect(await balances(userId)).toMatchObject({ cash: 0, bonus: 0 })
    expect((await refundRows()).map((r) => [r.order_id, r.reason, Number(r.amount)])).toEqual([
      [before.orderId, 'account_held', 1000],
    ])
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('returns once however often the same overpayment is reported (webhook replays, reconciliation)', async () => {
    const { userId, cpf, order } = await player()
    const { payCode } = await order(1000)
    const paid = await bankPay({ code: payCode, amount: '25.00', webhook: 'drop' })
    const pix = { ...paid.data.pix, pagador: { cpf } }
    await Promise.all(Array.from({ length: 5 }, () => webhook([pix])))
    for (let i = 0; i < 3; i++) await webhook([pix])
    await t.app.payments.deposits.reconcile()
    expect(await balances(userId)).toMatchObject({ cash: 1000 })
    expect((await refundRows()).map((r) => Number(r.amount))).toEqual([1500])
    expect((await bankRefunds()).map((r) => Number(r.amount))).toEqual([1500])
    expect(await houseBalance('pix_refunds')).toBe(1500)
  })

  it('keeps a refund the provider did not take, and the poller sends it later', async () => {
    const { userId, order } = await player()
    const { payCode } = await order(1000)
    const sandbox = sandboxOf(t.app)
    sandbox.requestRefund = async () => {
      throw new Error('provider timeout')
    }
    expect((await bankPay({ code: payCode, amount: '30.00' })).success).toBe(true)
    expect(await balances(userId)).toMatchObject({ cash: 1000 })
    const [pending] = await refundRows()
    expect(pending).toMatchObject({ status: 'pending', reason: 'overpaid' })
    expect(Number(pending?.attempts)).toBe(1)
    expect(await bankRefunds()).toHaveLength(0)
    // Set aside already: the money is recorded as owed to the payer, in no player's balance.
    expect(await houseBalance('pix_refunds')).toBe(2000)
    expect((await opsRefunds('?status=pending')).data.refunds).toHaveLength(1)

    // The provider answers again; the next reconciliation round sends it.
    delete (sandbox as { requestRefund?: unknown }).requestRefund
    clock.time += 15_000
    await t.app.payments.deposits.reconcile()
    expect((await refundRows())[0]).toMatchObject({ status: 'returned', returned_at: START + 15_000 })
    expect((await bankRefunds()).map((r) => Number(r.amount))).toEqual([2000])
    expect(await balances(userId)).toMatchObject({ cash: 1000 })
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('sets aside a PIX for a charge no order has and shows the operator a refund the bank refused', async () => {
    const endToEndId = 'E99999999202611201500ABCDEFGHIJK'
    const payer = randomCpf()
    // Paid before the 48 h the start-up's reconciliation lists, so only the webhook brings it.
    const PAID_AT = START - 49 * 3600_000
    // The PSP's books hold it (its API takes PIX only to its own charges, so the test writes them).
    await db()
      .insertInto('sandbox_received_pix')
      .values({ end_to_end_id: endToEndId, txid: 'X'.repeat(32), amount: 9900, payer_cpf: payer, paid_at: PAID_AT })
      .execute()
    // Already returned in full on the bank's side, so the bank refuses the app's refund.
    await db()
      .insertInto('sandbox_refunds')
      .values({
        end_to_end_id: endToEndId,
        id: 'bankSideReturn',
        return_id: 'D99999999202611201500ABCDEFGHIJK',
        amount: 9900,
        description: 'devolvido pelo banco',
        status: 'DEVOLVIDO',
        requested_at: PAID_AT,
        settled_at: PAID_AT,
      })
      .execute()
    const res = await webhook([
      {
        endToEndId,
        txid: 'X'.repeat(32),
        valor: '99.00',
        horario: new Date(PAID_AT).toISOString(),
        pagador: { cpf: payer },
      },
    ])
    expect(res.json().data).toEqual([{ endToEndId, outcome: 'unmatched' }])
    expect(await houseBalance('pix_refunds')).toBe(9900)
    const failed = (await opsRefunds('?status=failed')).data.refunds
    expect(failed).toEqual([
      expect.objectContaining({ endToEndId, playerId: null, orderId: null, reason: 'unknown_charge', amount: 9900 }),
    ])
    expect(failed[0].providerReason).toContain('PixDevolucaoInvalida')
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it("a return's final status notified by the provider's webhook settles the app's record, as the provider has it", async () => {
    const { order } = await player()
    const { payCode } = await order(1000)
    const paid = await bankPay({ code: payCode, amount: '15.00' })
    const pix = paid.data.pix as { endToEndId: string; txid: string; valor: string; horario: string }
    // The return as a PSP that answers EM_PROCESSAMENTO first leaves it: on its way.
    await db()
      .updateTable('pix_refunds')
      .set({ status: 'processing', returned_at: null })
      .where('end_to_end_id', '=', pix.endToEndId)
      .execute()
    // A notice naming a return of another PIX moves nothing.
    const other = { ...pix, endToEndId: 'E99999999202611201500ZZZZZZZZZZZ' }
    await webhook([{ ...other, devolucoes: [{ id: 'X1', status: 'DEVOLVIDO' }] }])
    expect((await refundRows())[0]).toMatchObject({ status: 'processing' })
    // The PSP's notice for this PIX: the app asks the PSP (its answer, DEVOLVIDO) and records it.
    const devolucoes = (await sandboxOf(t.app).refunds.forPix(pix.endToEndId)).map(({ id, status }) => ({ id, status }))
    const res = await webhook([{ ...pix, devolucoes }])
    expect(res.json().data).toEqual([{ endToEndId: pix.endToEndId, outcome: 'replayed' }])
    expect((await refundRows())[0]).toMatchObject({ end_to_end_id: pix.endToEndId, status: 'returned' })
    expect(Number((await refundRows())[0]?.returned_at)).toBeGreaterThan(0)
    expect(await houseBalance('pix_refunds')).toBe(500)
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('answers the refunds read only to the operator and each player only their own', async () => {
    const owner = await player()
    const other = await player()
    const { payCode } = await owner.order(1000)
    await bankPay({ code: payCode, amount: '12.00' })
    expect((await other.call('/charge/refund/list', {})).data).toMatchObject({ total: 0, refunds: [] })
    const wrongToken = await t.app.inject({
      method: 'GET',
      url: '/api/ops/refunds',
      headers: { 'x-ops-token': 'not-the-token' },
    })
    expect(wrongToken.json()).toMatchObject({ success: false, data: null })
    const badQuery = await t.app.inject({
      method: 'GET',
      url: '/api/ops/refunds?status=lost',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
    })
    expect(badQuery.statusCode).toBe(400)
  })
})
