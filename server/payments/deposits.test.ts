// PIX deposits end to end through HTTP, on each engine: order → BR Code → sandbox bank →
// signed webhook → ledger. Money assertions read the ledger, not the answers.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { createTestApp, engines, loginPlayer, sandboxBankOf, type TestApp } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { parseBrCode } from './brcode.ts'

/** A dynamic code names its charge by location; the sandbox's location ends in the txid. */
const txidOfCode = (code: string) => parseBrCode(code).url?.split('/').pop() ?? ''

import { manualClock } from '../../tests/support/clock.ts'
import { signWebhook } from './webhook-signature.ts'

const START = Date.UTC(2026, 10, 20, 15, 0) // a Friday, 12:00 in São Paulo
const SECRET = 'sandbox-webhook-secret-for-tests'

describe.each(engines)('PIX deposits on %s', (engine) => {
  let t: TestApp
  const clock = manualClock(START)

  async function start(env: Record<string, string> = {}) {
    t = await createTestApp(engine, { PIX_WEBHOOK_SECRET: SECRET, ...env }, clock)
  }
  beforeEach(() => {
    clock.time = START
  })
  afterEach(async () => {
    await t.close()
  })

  async function player(options: { verified?: boolean; registrationLimits?: boolean } = {}) {
    const {
      post: call,
      userId,
      cpf,
    } = await loginPlayer(t.app, {
      ageConfirmed: true,
      verified: options.verified !== false,
      registrationLimits: options.registrationLimits,
    })
    return { call, userId, cpf }
  }

  const balances = (userId: number) => readPlayerBalances(t.db.kysely, userId)
  const orderRows = () => t.db.kysely.selectFrom('deposit_orders').selectAll().execute()
  const depositTransfers = () =>
    t.db.kysely.selectFrom('ledger_transfers').selectAll().where('kind', '=', 'deposit').execute()

  async function createOrder(call: Awaited<ReturnType<typeof player>>['call'], amount: number, extra: object = {}) {
    const res = await call('/charge/create/order', { amount, requestId: randomUUID(), ...extra })
    return res.json()
  }

  const bankPay = (payload: object) =>
    sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload,
      headers: { 'content-type': 'application/json' },
    })

  function webhook(pix: object[], options: { secret?: string; at?: number; signature?: string | null } = {}) {
    const rawBody = JSON.stringify({ pix })
    const timestamp = Math.floor((options.at ?? clock.time) / 1000)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.signature !== null) {
      headers['x-pix-timestamp'] = String(timestamp)
      headers['x-pix-signature'] = options.signature ?? signWebhook(options.secret ?? SECRET, rawBody, timestamp)
    }
    return t.app.inject({ method: 'POST', url: '/api/payments/webhook/pix', headers, payload: rawBody })
  }

  /** The PSP's books record `pix` as received (the sandbox takes PIX only to its charges). */
  const pspReceived = (pix: ReturnType<typeof pixFor>) =>
    t.db.kysely
      .insertInto('sandbox_received_pix')
      .values({
        end_to_end_id: pix.endToEndId,
        txid: pix.txid,
        amount: Math.round(Number(pix.valor) * 100),
        payer_cpf: pix.pagador.cpf,
        paid_at: Date.parse(pix.horario),
      })
      .execute()
  const auditRows = (action: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()
  const houseBalance = async (code: string) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('code', '=', code)
          .where('player_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).balance,
    )

  /** A PIX as the provider reports it, paid by `payerCpf`. */
  const pixFor = (
    txid: string,
    valor: string,
    payerCpf: string,
    endToEndId = `E99999999202611201500${randomAlnum(11)}`,
  ) => ({
    endToEndId,
    txid,
    valor,
    horario: new Date(clock.time).toISOString(),
    pagador: { cpf: payerCpf },
  })

  it('creates an order whose BR Code decodes to its amount and txid with a valid CRC, and credits it once paid in the sandbox bank', async () => {
    await start()
    const { call, userId } = await player()
    const list = (await call('/charge/amount/list')).json().data
    expect(list).toMatchObject({ amounts: [1000, 2000, 5000, 10000, 15000, 30000], sandbox: true, expirySeconds: 600 })

    const order = (await createOrder(call, 5000)).data
    expect(order).toMatchObject({ amount: 5000, status: 'pending', expiresAt: START + 600_000, serverTime: START })
    const decoded = parseBrCode(order.payCode) // throws on a bad CRC
    expect(decoded).toMatchObject({
      txid: '***',
      dynamic: true,
      merchantName: 'JOGO LIMPO',
      merchantCity: 'SAO PAULO',
    })
    expect(decoded.amount).toBeUndefined()
    const txid = txidOfCode(order.payCode)
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/)
    expect(order.payUrl).toContain(`/sandbox/bank?code=${encodeURIComponent(order.payCode)}`)
    const qr = await t.app.inject({ method: 'GET', url: new URL(order.qrcodeUrl).pathname })
    expect(qr.headers['content-type']).toContain('image/svg+xml')
    expect(qr.body).toContain('<svg')

    const page = await sandboxBankOf(t.app).inject({
      method: 'GET',
      url: `/sandbox/bank?code=${encodeURIComponent(order.payCode)}`,
    })
    expect(page.body).toContain('R$\u00a050,00')
    expect(page.body).toContain(txid)

    const paid = await bankPay({ code: order.payCode })
    expect(paid.json().data).toMatchObject({ paid: true, webhookStatus: 'delivered', pix: { valor: '50.00' } })
    expect(await balances(userId)).toMatchObject({ cash: 5000, bonus: 0, total: 5000 })
    const [transfer] = await depositTransfers()
    expect(transfer).toMatchObject({ id: `deposit:${paid.json().data.pix.endToEndId}`, reference: order.orderId })
    const detail = (await call('/charge/order/detail', { orderId: order.orderId })).json().data
    expect(detail).toMatchObject({ status: 'paid', paidAmount: 5000, paidAt: START })
    const statement = (await call('/v1/bus/statement', { pageNum: 1, pageSize: 10 })).json().data
    expect(statement.entries[0]).toMatchObject({ kind: 'deposit', amount: 5000, balanceAfter: 5000 })
    // The sandbox bank will not take the same charge twice.
    expect((await bankPay({ txid })).json()).toMatchObject({
      success: false,
      msgCode: 'charge_already_paid',
    })
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
  })

  it('credits a webhook replayed 10 times (and 10 at once) exactly once', async () => {
    await start()
    const { call, userId, cpf } = await player()
    const order = (await createOrder(call, 2000)).data
    // Paid at the bank, its own notice lost: the replays are of a payment the provider confirms.
    const paid = (await bankPay({ code: order.payCode, webhook: 'drop' })).json().data
    const pix = { ...paid.pix, pagador: { cpf } }
    for (let i = 0; i < 10; i++) expect((await webhook([pix])).statusCode).toBe(200)
    await Promise.all(Array.from({ length: 10 }, () => webhook([pix])))
    expect((await balances(userId)).cash).toBe(2000)
    expect(await depositTransfers()).toHaveLength(1)
    const payments = await t.db.kysely.selectFrom('pix_payments').selectAll().execute()
    expect(payments).toHaveLength(1)
  })

  it('refuses forged, unsigned and stale webhooks with 401 and changes nothing', async () => {
    await start()
    const { call, userId, cpf } = await player()
    const order = (await createOrder(call, 2000)).data
    const pix = pixFor(txidOfCode(order.payCode), '20.00', cpf)
    const refusals = [
      await webhook([pix], { secret: 'someone-elses-secret-000' }),
      await webhook([pix], { signature: null }),
      await webhook([pix], { at: clock.time - 301_000 }),
      await webhook([pix], { signature: 'ab'.repeat(32) }),
    ]
    for (const res of refusals) expect(res.json()).toMatchObject({ success: false, msgCode: 'webhook_refused' })
    expect(refusals.map((r) => r.statusCode)).toEqual([401, 401, 401, 401])
    // The body was signed but then altered (amount raised): refused too.
    const rawBody = JSON.stringify({ pix: [pix] })
    const ts = Math.floor(clock.time / 1000)
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/pix',
      headers: {
        'content-type': 'application/json',
        'x-pix-timestamp': String(ts),
        'x-pix-signature': signWebhook(SECRET, rawBody, ts),
      },
      payload: rawBody.replace('20.00', '2000.00'),
    })
    expect(tampered.statusCode).toBe(401)
    expect((await balances(userId)).cash).toBe(0)
    expect(await t.db.kysely.selectFrom('pix_payments').selectAll().execute()).toHaveLength(0)
    expect((await orderRows())[0]?.status).toBe('pending')
  })

  it('expires an order after 600 s and still credits a payment that arrives late', async () => {
    await start()
    const { call, userId } = await player()
    const order = (await createOrder(call, 5000)).data
    const txid = txidOfCode(order.payCode)
    clock.time = START + 600_000
    expect((await call('/charge/order/detail', { orderId: order.orderId })).json().data.status).toBe('expired')
    expect(await t.app.payments.deposits.expire()).toBe(1)
    expect((await orderRows())[0]?.status).toBe('expired')
    // The bank will not start a payment on an expired charge…
    expect((await bankPay({ txid })).json()).toMatchObject({ success: false, msgCode: 'charge_expired' })
    // …but one that started before and settles late is credited: money is never dropped.
    expect((await bankPay({ txid, late: true })).json().data).toMatchObject({
      paid: true,
      webhookStatus: 'delivered',
    })
    expect((await balances(userId)).cash).toBe(5000)
    expect((await orderRows())[0]).toMatchObject({ status: 'paid', paid_amount: 5000 })
    const [payment] = await t.db.kysely.selectFrom('pix_payments').selectAll().execute()
    expect(Number(payment?.late)).toBe(1)
  })

  it('credits only the order amount of an overpayment, flags it, and returns the excess', async () => {
    await start()
    const { call, userId } = await player()
    const order = (await createOrder(call, 5000)).data
    expect((await bankPay({ code: order.payCode, amount: '60,00' })).json()).toMatchObject({ success: true })
    expect((await balances(userId)).cash).toBe(5000)
    expect((await orderRows())[0]).toMatchObject({ status: 'paid', paid_amount: 5000 })
    expect(Number((await orderRows())[0]?.amount_mismatch)).toBe(1)
    const [refund] = await t.db.kysely.selectFrom('pix_refunds').selectAll().execute()
    expect(refund).toMatchObject({ reason: 'overpaid', status: 'returned' })
    expect(Number(refund?.amount)).toBe(1000)
  })

  it('credits nothing for a signed webhook of a payment the provider never received, and audits it', async () => {
    await start()
    const { call, userId, cpf } = await player()
    const order = (await createOrder(call, 9000)).data
    // The webhook secret leaked: a correctly signed notice of a R$ 90 payment that never happened.
    const forged = pixFor(txidOfCode(order.payCode), '90.00', cpf)
    const res = await webhook([forged])
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([{ endToEndId: forged.endToEndId, outcome: 'unconfirmed' }])
    expect(await balances(userId)).toMatchObject({ cash: 0, total: 0 })
    expect(await depositTransfers()).toHaveLength(0)
    expect(await houseBalance('pix_clearing')).toBe(0)
    const [audit] = await auditRows('payments.webhook_contradicted')
    expect(audit).toMatchObject({ object_id: forged.endToEndId, actor_id: null })
    expect(JSON.parse(String(audit?.after))).toMatchObject({ differs: ['unknown_to_provider'], outcome: 'unconfirmed' })
  })

  it('credits what the provider confirms, not what a signed webhook claims (R$ 999 999 999,99 for a R$ 90 payment)', async () => {
    await start()
    const { call, userId, cpf } = await player()
    const order = (await createOrder(call, 9000)).data
    const paid = (await bankPay({ code: order.payCode, webhook: 'drop' })).json().data
    const inflated = { ...paid.pix, valor: '999999999.99', pagador: { cpf } }
    expect((await webhook([inflated])).json().data).toEqual([{ endToEndId: paid.pix.endToEndId, outcome: 'credited' }])
    expect(await balances(userId)).toMatchObject({ cash: 9000 })
    expect(await houseBalance('pix_clearing')).toBe(-9000)
    const [audit] = await auditRows('payments.webhook_contradicted')
    expect(JSON.parse(String(audit?.after))).toMatchObject({ differs: ['valor'] })
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
  })

  it('credits a webhook that names no payer when the provider confirms the player paid (its word on the payer is applied)', async () => {
    await start()
    const { call, userId } = await player()
    const order = (await createOrder(call, 9000)).data
    const paid = (await bankPay({ code: order.payCode, webhook: 'drop' })).json().data
    // API Pix lets a webhook leave the payer out; the payment itself (GET /pix/{e2eid}) names them.
    const { pagador: _left, ...withoutPayer } = paid.pix
    expect((await webhook([withoutPayer])).json().data).toEqual([
      { endToEndId: paid.pix.endToEndId, outcome: 'credited' },
    ])
    expect(await balances(userId)).toMatchObject({ cash: 9000 })
    expect(await depositTransfers()).toHaveLength(1)
    const [audit] = await auditRows('payments.webhook_contradicted')
    expect(JSON.parse(String(audit?.after))).toMatchObject({ differs: ['pagador'], outcome: 'credited' })
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
  })

  it('alerts when PIX clearing is below what the provider confirmed: a gauge above 0 and an audit row per payment', async () => {
    const token = 'metrics-token-0123456789abcdef'
    await start({ METRICS_TOKEN: token })
    const { call, userId, cpf } = await player()
    const real = (await createOrder(call, 1000)).data
    await bankPay({ code: real.payCode })
    // A payment credited without the provider's word (as a forged webhook was before payments
    // were confirmed): the ledger balances, so the audit alone cannot see it.
    const order = (await createOrder(call, 9000)).data
    const forged = pixFor(txidOfCode(order.payCode), '90.00', cpf)
    expect(await t.app.payments.deposits.apply(forged)).toBe('credited')
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
    expect(await houseBalance('pix_clearing')).toBe(-10000)
    // The provider's list is read every 5 minutes.
    clock.time += 6 * 60_000
    await t.app.payments.deposits.reconcile()
    expect(t.app.payments.deposits.unconfirmedCentavos).toBe(9000)
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(metrics.body).toMatch(/^jogolimpo_pix_clearing_unconfirmed_centavos 9000$/m)
    const audits = await auditRows('payments.pix_unconfirmed')
    expect(audits.map((a) => a.object_id)).toEqual([forged.endToEndId])
    // Checked again, it is still below: the gauge stays, no second audit row for the same payment.
    clock.time += 6 * 60_000
    await t.app.payments.deposits.reconcile()
    expect(await auditRows('payments.pix_unconfirmed')).toHaveLength(1)
    expect(t.app.payments.deposits.unconfirmedCentavos).toBe(9000)
    expect((await balances(userId)).cash).toBe(10000)
  })

  it('finds a payment whose webhook was lost by asking the provider (reconciliation)', async () => {
    await start()
    const { call, userId } = await player()
    const order = (await createOrder(call, 1000)).data
    expect((await bankPay({ code: order.payCode, webhook: 'drop' })).json().data).toMatchObject({
      webhookStatus: 'dropped',
    })
    expect((await balances(userId)).cash).toBe(0)
    expect(await t.app.payments.deposits.reconcile()).toBe(1)
    expect((await balances(userId)).cash).toBe(1000)
    expect(await t.app.payments.deposits.reconcile()).toBe(0)
    expect((await balances(userId)).cash).toBe(1000)
  })

  it('reconciles a paid order without applying its PIX again: no ledger transaction, no `replayed` count', async () => {
    const token = 'metrics-token-0123456789abcdef'
    await start({ METRICS_TOKEN: token })
    const { call, userId } = await player()
    const order = (await createOrder(call, 1000)).data
    await bankPay({ code: order.payCode })
    expect((await balances(userId)).cash).toBe(1000)
    const replayed = async () => {
      const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body
      return Number(/^jogolimpo_deposits_total\{outcome="replayed"\} (\S+)$/m.exec(text)?.[1])
    }
    expect(await replayed()).toBe(0)
    const apply = vi.spyOn(t.app.payments.deposits, 'apply')
    const transact = vi.spyOn(t.app.ledger, 'transact')
    // Idle passes within the paid order's hour, one of them long enough to list every PIX received.
    for (const step of [15_000, 15_000, 6 * 60_000]) {
      clock.time += step
      expect(await t.app.payments.deposits.reconcile()).toBe(0)
    }
    expect(apply).not.toHaveBeenCalled()
    expect(transact).not.toHaveBeenCalled()
    expect(await replayed()).toBe(0)
    // A delivery the PSP repeats is still a replay, counted once.
    const [pix] = await t.db.kysely.selectFrom('pix_payments').selectAll().execute()
    const again = await t.app.payments.deposits.apply({
      endToEndId: String(pix?.end_to_end_id),
      txid: String(pix?.txid),
      valor: '10.00',
      horario: new Date(clock.time).toISOString(),
    })
    expect(again).toBe('replayed')
    expect(await replayed()).toBe(1)
    expect((await balances(userId)).cash).toBe(1000)
  })

  it('keeps a PIX for an unknown txid out of every balance', async () => {
    await start()
    const { userId } = await player()
    // Paid before the 48 h the start-up's reconciliation lists, so only the webhook brings it.
    const pix = {
      ...pixFor('X'.repeat(32), '99.00', randomCpf()),
      horario: new Date(START - 49 * 3600_000).toISOString(),
    }
    await pspReceived(pix)
    const res = await webhook([pix])
    expect(res.json().data).toEqual([expect.objectContaining({ outcome: 'unmatched' })])
    expect((await balances(userId)).cash).toBe(0)
    expect(await depositTransfers()).toHaveLength(0)
  })

  it('answers a repeated requestId with the same order, and refuses it with other details', async () => {
    await start()
    const { call } = await player()
    const requestId = randomUUID()
    const first = (await call('/charge/create/order', { amount: 2000, requestId })).json().data
    const again = (await call('/charge/create/order', { amount: 2000, requestId })).json().data
    expect(again.orderId).toBe(first.orderId)
    expect(again.payCode).toBe(first.payCode)
    const other = (await call('/charge/create/order', { amount: 3000, requestId })).json()
    expect(other).toMatchObject({ success: false, msgCode: 'request_id_reused' })
    expect(await orderRows()).toHaveLength(1)
  })

  it('refuses orders before verification, outside the amount range and with bad input, writing nothing', async () => {
    await start()
    const unverified = await player({ verified: false })
    const refused = (await createOrder(unverified.call, 2000)).valueOf()
    expect(refused).toMatchObject({ success: false, msgCode: 'verification_required' })
    const { call } = await player()
    const small = await createOrder(call, 500)
    expect(small).toMatchObject({ success: false, msgCode: 'amount_out_of_range' })
    expect(small.msg).toBe('O valor precisa ficar entre R$\u00a010,00 e R$\u00a05.000,00.')
    for (const payload of [
      { amount: -5, requestId: randomUUID() },
      { amount: 20.5, requestId: randomUUID() },
      { amount: '2000', requestId: randomUUID() },
      // (An order without requestId is the legacy client's: it gets a derived one — legacy-contract.test.ts.)
      { amount: 2000, requestId: 'x' },
      { amount: 2000, requestId: randomUUID(), extra: 1 },
    ]) {
      const res = await call('/charge/create/order', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, msgCode: 'invalid_request' })
    }
    expect(await orderRows()).toHaveLength(0)
    expect(await t.db.kysely.selectFrom('sandbox_charges').selectAll().execute()).toHaveLength(0)
  })

  it('enforces deposit limits: a clear refusal and no order; lower at once, higher after 24 h', async () => {
    await start()
    const { call } = await player()
    expect((await call('/v1/bus/setDepositLimit', { period: 'day', amount: 5000 })).json().success).toBe(true)
    expect((await createOrder(call, 3000)).success).toBe(true)
    const over = await createOrder(call, 3000)
    expect(over).toMatchObject({
      success: false,
      msgCode: 'deposit_limit_reached',
      data: { period: 'day', limit: 5000, used: 3000, remaining: 2000, resetsAt: Date.UTC(2026, 10, 21, 3) },
    })
    expect(over.msg).toContain('R$\u00a020,00')
    expect(await orderRows()).toHaveLength(1)

    // A raise waits 24 hours; the old limit still holds meanwhile.
    const raised = (await call('/v1/bus/setDepositLimit', { period: 'day', amount: 20000 })).json().data
    expect(raised.deposit[0]).toMatchObject({ amount: 5000, pending: { amount: 20000, from: START + 86_400_000 } })
    expect((await createOrder(call, 3000)).msgCode).toBe('deposit_limit_reached')
    // An unpaid order stops counting once it expires.
    clock.time = START + 601_000
    expect((await createOrder(call, 3000)).success).toBe(true)
    clock.time = START + 86_400_000
    expect((await createOrder(call, 15000)).success).toBe(true)
    // A lower limit applies at once.
    const lowered = (await call('/v1/bus/setDepositLimit', { period: 'week', amount: 1000 })).json().data
    expect(lowered.deposit[1]).toMatchObject({ period: 'week', amount: 1000, pending: null })
    expect((await createOrder(call, 1000)).msgCode).toBe('deposit_limit_reached')
  })

  it('lets only as many concurrent orders through as the limit covers', async () => {
    await start()
    const { call } = await player()
    await call('/v1/bus/setDepositLimit', { period: 'month', amount: 5000 })
    const results = await Promise.all(Array.from({ length: 10 }, () => createOrder(call, 2000)))
    expect(results.filter((r) => r.success)).toHaveLength(2)
    expect(results.filter((r) => r.msgCode === 'deposit_limit_reached')).toHaveLength(8)
    expect(await orderRows()).toHaveLength(2)
  })

  it('refuses deposits while self-excluded and withdraws the first-deposit offer', async () => {
    // The first-deposit bonus exists only in a market whose rules allow it (not Brazil's).
    await start({ MARKET_COUNTRY: 'MX' })
    const { call } = await player()
    expect((await call('/charge/amount/list')).json().data.firstDepositOffer).not.toBeNull()
    const excluded = (await call('/v1/bus/selfExclude', { duration: '7d' })).json().data
    expect(excluded.selfExclusion).toEqual({ startedAt: START, until: START + 7 * 86_400_000 })
    const refused = await createOrder(call, 2000)
    expect(refused).toMatchObject({ success: false, msgCode: 'self_excluded' })
    expect(refused.msg).toContain('saques continuam liberados')
    expect((await call('/charge/amount/list')).json().data.firstDepositOffer).toBeNull()
    // A shorter exclusion does not shorten it.
    expect((await call('/v1/bus/selfExclude', { duration: '24h' })).json().data.selfExclusion.until).toBe(
      START + 7 * 86_400_000,
    )
    expect(await orderRows()).toHaveLength(0)
    clock.time = START + 7 * 86_400_000
    expect((await createOrder(call, 2000)).success).toBe(true)
  })

  it('refuses deposits until the daily loss and time limits of the registration are set (Portaria 2.579/2025)', async () => {
    await start()
    const { call } = await player({ registrationLimits: false })
    const refused = await createOrder(call, 2000)
    expect(refused).toMatchObject({ success: false, msgCode: 'registration_limits_required' })
    expect(refused.msg).toContain('limite diário de perda')
    expect((await call('/v1/bus/limits')).json().data.registrationDone).toBe(false)
    // One of the two is not enough.
    expect((await call('/v1/bus/setLossLimit', { period: 'day', amount: 5000 })).json().success).toBe(true)
    expect((await createOrder(call, 2000)).msgCode).toBe('registration_limits_required')
    expect(await orderRows()).toHaveLength(0)
    const set = (await call('/v1/bus/setRegistrationLimits', { dailyLoss: 5000, dailyMinutes: 60 })).json().data
    expect(set.registrationDone).toBe(true)
    expect((await createOrder(call, 2000)).success).toBe(true)
    // Once set they stay: raising is pending for 24 h, removing is refused and changes nothing.
    expect((await call('/v1/bus/setLossLimit', { period: 'day', amount: null })).json().msgCode).toBe('limit_required')
    const session = await call('/v1/bus/setSessionLimit', { dailyMinutes: null, sessionMinutes: 30 })
    expect(session.json().msgCode).toBe('limit_required')
    const view = (await call('/v1/bus/limits')).json().data
    expect(view.loss[0]).toMatchObject({ amount: 5000, pending: null })
    expect(view.session).toMatchObject({ daily: { minutes: 60, pending: null }, perSession: { minutes: null } })
    expect((await createOrder(call, 2000)).success).toBe(true)
  })

  it('credits the first-deposit bonus (rate × deposit, with wagering) once, only when accepted', async () => {
    // The first-deposit bonus exists only in a market whose rules allow it (not Brazil's).
    await start({ MARKET_COUNTRY: 'MX' })
    const { call, userId } = await player()
    const offer = (await call('/charge/amount/list')).json().data.firstDepositOffer
    expect(offer).toEqual({ rate: 2, maxDeposit: 15000, maxBonus: 30000, wageringMultiplier: 10 })
    const order = (await createOrder(call, 5000, { acceptOffer: true })).data
    await bankPay({ code: order.payCode })
    expect(await balances(userId)).toMatchObject({ cash: 5000, bonus: 10000 })
    expect((await call('/v1/bus/accountInfo')).json().data.wagering).toEqual({
      required: 100000,
      wagered: 0,
      remaining: 100000,
    })
    expect((await call('/charge/order/detail', { orderId: order.orderId })).json().data.bonusAmount).toBe(10000)
    // The offer is gone after the first deposit; a second accepted order earns nothing more.
    expect((await call('/charge/amount/list')).json().data.firstDepositOffer).toBeNull()
    const second = (await createOrder(call, 30000, { acceptOffer: true })).data
    await bankPay({ code: second.payCode })
    expect(await balances(userId)).toMatchObject({ cash: 35000, bonus: 10000 })
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
  })

  it('gives no bonus to a first deposit that did not accept the offer, nor with promotions off', async () => {
    await start({ PROMOTIONS: 'off' })
    const { call, userId } = await player()
    expect((await call('/charge/amount/list')).json().data.firstDepositOffer).toBeNull()
    const order = (await createOrder(call, 5000, { acceptOffer: true })).data
    await bankPay({ code: order.payCode })
    expect(await balances(userId)).toMatchObject({ cash: 5000, bonus: 0 })
  })
})

function randomAlnum(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
}
