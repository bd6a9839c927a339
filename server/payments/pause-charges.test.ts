// A pause withdraws the player's still-payable PIX codes, on each engine: the order made before
// the pause is cancelled (the player's view says so, without the code), its charge is removed at
// the sandbox PSP (API Pix `PATCH /cob/{txid}`), and the sandbox bank refuses to pay it — so no
// money goes out to come back. The ledger is unchanged. A PSP that did not answer at the pause is
// asked again by reconciliation; asking again changes nothing.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { engines, loginPlayer, sandboxBankOf, sandboxOf, TEST_OPS_TOKEN } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { ProviderUnavailable } from './provider.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('a pause withdraws open PIX charges on %s', (engine) => {
  const clock = manualClock(START)
  const t = appPerTest(engine, { clock, start: START })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const db = () => t.db.kysely

  async function player() {
    const { call, userId } = await loginPlayer(t.app, { ageConfirmed: true, verified: true })
    const order = async (amount: number) => {
      const created = await call('/charge/create/order', { amount, requestId: randomUUID() })
      expect(created.success, JSON.stringify(created)).toBe(true)
      const row = await db()
        .selectFrom('deposit_orders')
        .select('txid')
        .where('id', '=', created.data.orderId)
        .executeTakeFirstOrThrow()
      return { ...(created.data as { orderId: string; payCode: string }), txid: row.txid }
    }
    const detail = async (orderId: string) => (await call('/charge/order/detail', { orderId })).data
    return { call, userId, order, detail }
  }

  const bankPay = async (code: string) =>
    (
      await sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code },
        headers: { 'content-type': 'application/json' },
      })
    ).json()

  /** What the ledger holds: every transfer, the player's balances, PIX clearing. */
  const ledgerState = async (userId: number) => ({
    transfers: (await db().selectFrom('ledger_transfers').select(['id', 'kind', 'amount']).orderBy('id').execute()).map(
      (row) => [row.id, row.kind, Number(row.amount)],
    ),
    balances: await readPlayerBalances(db(), userId),
  })

  it('cancels the order, removes its charge at the PSP, and the bank refuses to pay it; the ledger is unchanged', async () => {
    const p = await player()
    const open = await p.order(5000)
    expect((await sandboxOf(t.app).getCharge(open.txid))?.status).toBe('ATIVA')
    const before = await ledgerState(p.userId)

    clock.time += 60_000
    const paused = await p.call('/v1/bus/selfExclude', { duration: '24h' })
    expect(paused.success).toBe(true)

    expect((await sandboxOf(t.app).getCharge(open.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    const refused = await bankPay(open.payCode)
    expect(refused).toMatchObject({ success: false, msgCode: 'charge_expired' })
    expect(await db().selectFrom('sandbox_received_pix').selectAll().execute()).toEqual([])
    expect(await p.detail(open.orderId)).toMatchObject({
      status: 'cancelled',
      payCode: '',
      cancelled: { at: clock.time, reason: 'self_excluded' },
    })

    // Reconciliation and a second pause change nothing more.
    await t.app.payments.deposits.reconcile()
    expect(await t.app.payments.deposits.cancelForPause(p.userId)).toBe(0)
    expect(await ledgerState(p.userId)).toEqual(before)
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('a PSP that does not answer at the pause is asked again by reconciliation; an operator’s pause does it too', async () => {
    const p = await player()
    const first = await p.order(2000)
    const cancel = vi
      .spyOn(t.app.payments.provider, 'cancelCharge')
      .mockRejectedValueOnce(new ProviderUnavailable('down'))
    expect((await p.call('/v1/bus/selfExclude', { duration: '24h' })).success).toBe(true)
    expect(cancel).toHaveBeenCalledTimes(1)
    expect((await p.detail(first.orderId)).status).toBe('cancelled')
    expect((await sandboxOf(t.app).getCharge(first.txid))?.status).toBe('ATIVA')
    await t.app.payments.deposits.reconcile()
    expect((await sandboxOf(t.app).getCharge(first.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect(await bankPay(first.payCode)).toMatchObject({ success: false, msgCode: 'charge_expired' })

    // Another player's order, and an operator lengthening a pause that began without one.
    const q = await player()
    const second = await q.order(3000)
    const extended = await t.app.inject({
      method: 'POST',
      url: '/api/ops/players/extendExclusion',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { userId: q.userId, until: clock.time + 7 * 24 * 3600_000, reason: 'pedido do jogador ao suporte' },
    })
    expect(extended.json().success, extended.body).toBe(true)
    expect((await sandboxOf(t.app).getCharge(second.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect((await q.detail(second.orderId)).status).toBe('cancelled')
    expect((await readPlayerBalances(db(), q.userId)).total).toBe(0)
  })
})
