// The work waiting for operators, on each engine: withdrawals in review, verifications in the
// queue, adjustments waiting for a second person, open money-watch flags, conversations waiting
// for an answer and closures whose payout is stuck are each counted from their rows — recounted
// here from the tables after work is added and after some is done — and each role is told only
// the counts of work it may do.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxBankOf, TEST_OPS_TOKEN } from '../../tests/support/server.ts'
import { SANDBOX_CPF_NAME_MISMATCH } from '../accounts/identity-sandbox.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('pending work on %s', { timeout: 120_000 }, (engine) => {
  const clock = manualClock(START)

  // Withdrawals above R$ 50 wait for review; adjustments above R$ 500 for a second person.
  const t = appPerTest(engine, {
    env: { WITHDRAW_REVIEW_ABOVE: '5000', OPS_FOUR_EYES_ABOVE: '50000' },
    clock,
    start: START,
  })

  const operator = operatorsOf(t, clock)

  /** What the rows say is waiting, counted here from the tables, not through the app. */
  async function recount(operatorId: number | null) {
    const db = t.db.kysely
    const reviews = await db.selectFrom('withdrawal_orders').select('status').execute()
    const verifications = await db.selectFrom('verification_reviews').select('status').execute()
    const requests = await db.selectFrom('adjustment_requests').select(['status', 'requested_by']).execute()
    const flags = await db.selectFrom('risk_flags').select('status').execute()
    const chats = await db.selectFrom('support_conversations').select(['status', 'waiting_since']).execute()
    const amlClasses = await db.selectFrom('aml_classes').select('review_due_at').execute()
    const matches = await db.selectFrom('sanctions_matches').select('status').execute()
    const interventions = await db.selectFrom('harm_interventions').select(['kind', 'status']).execute()
    const closures = await db.selectFrom('account_closures').select('state').execute()
    return {
      withdrawals: reviews.filter((r) => r.status === 'review').length,
      verifications: verifications.filter((r) => r.status === 'open').length,
      fourEyes: requests.filter(
        (r) => r.status === 'pending' && (r.requested_by === null || Number(r.requested_by) !== operatorId),
      ).length,
      flags: flags.filter((r) => r.status === 'open').length,
      chats: chats.filter((r) => r.status === 'open' && r.waiting_since !== null).length,
      amlReviews: amlClasses.filter((r) => r.review_due_at !== null && Number(r.review_due_at) <= clock.time).length,
      sanctions: matches.filter((r) => r.status === 'open').length,
      harmTasks: interventions.filter((r) => r.kind === 'contact_task' && r.status === 'open').length,
      closures: closures.filter((r) => r.state === 'stuck').length,
    }
  }

  const idOf = async (name: string) =>
    Number(
      (await t.db.kysely.selectFrom('operators').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    )

  /** A verified player who deposits through the sandbox bank and asks a withdrawal that waits for review. */
  async function withdrawalInReview() {
    const player = await loginPlayer(t.app, { ageConfirmed: true, verified: true, bound: true })
    const created = await player.call('/charge/create/order', { amount: 10_000, requestId: randomUUID() })
    const paid = await sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: created.data.payCode },
      headers: { 'content-type': 'application/json' },
    })
    expect(paid.json().success).toBe(true)
    // Withdrawn without play: the money watch raises a flag too.
    const asked = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 8_000,
      requestId: randomUUID(),
      password: player.password,
    })
    expect(asked.success).toBe(true)
    return asked.data.orderId as string
  }

  it('counts each kind of waiting work from its rows, for the roles that may do it', async () => {
    const admin = await operator('admin')
    const payments = await operator('payments')
    const risk = await operator('risk')
    const support = await operator('support')

    // Nothing waits yet: every count the role may see is there, and zero.
    expect((await admin.call('pending')).data).toEqual({
      withdrawals: 0,
      verifications: 0,
      fourEyes: 0,
      flags: 0,
      chats: 0,
      amlReviews: 0,
      sanctions: 0,
      harmTasks: 0,
      closures: 0,
    })

    const orders = [await withdrawalInReview(), await withdrawalInReview()]
    const mismatch = await loginPlayer(t.app, { ageConfirmed: true })
    const saved = await mismatch.call('/charge/amount/saveUserAccountInfo', {
      fullName: 'Maria da Silva',
      birthDate: '1990-01-15',
      cpf: SANDBOX_CPF_NAME_MISMATCH,
    })
    expect(saved.data.status).toBe('review')
    const asking = await loginPlayer(t.app, { ageConfirmed: true })
    expect((await asking.call('/v1/support/send', { text: 'Meu saque?', requestId: randomUUID() })).success).toBe(true)
    // An account closed by an operator with a balance and no verified CPF: its payout waits.
    const unpaid = await loginPlayer(t.app, { ageConfirmed: true, cash: 1500 })
    expect(await admin.call('players/close', { userId: unpaid.userId, reason: 'pedido por telefone' })).toMatchObject({
      success: true,
    })
    const quiet = await loginPlayer(t.app, { ageConfirmed: true })
    expect((await quiet.call('/v1/support/send', { text: 'Olá', requestId: randomUUID() })).success).toBe(true)
    for (const [by, requestId] of [
      [payments, 'big-1'],
      [admin, 'big-2'],
    ] as const)
      expect(
        await by.call('adjust', { requestId, userId: mismatch.userId, amount: 80_000, reason: 'acordo' }),
      ).toMatchObject({ success: true, data: { status: 'pending' } })

    const adminId = await idOf(admin.name)
    const paymentsId = await idOf(payments.name)
    const rows = await recount(adminId)
    expect(rows).toMatchObject({ withdrawals: 2, verifications: 1, fourEyes: 1, flags: 2, chats: 2, closures: 1 })
    expect((await admin.call('pending')).data).toEqual(rows)
    // Each role sees only what it may work on; an adjustment's requester does not count their own.
    expect((await payments.call('pending')).data).toEqual({
      withdrawals: rows.withdrawals,
      fourEyes: (await recount(paymentsId)).fourEyes,
      closures: rows.closures,
    })
    expect((await risk.call('pending')).data).toEqual({
      verifications: rows.verifications,
      flags: rows.flags,
      amlReviews: rows.amlReviews,
      sanctions: rows.sanctions,
      harmTasks: rows.harmTasks,
      closures: rows.closures,
    })
    expect((await support.call('pending')).data).toEqual({ chats: rows.chats, harmTasks: rows.harmTasks })
    // The scripts' account (no person) may decide every adjustment.
    const service = await t.app.inject({
      method: 'POST',
      url: '/api/ops/pending',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: {},
    })
    expect(service.json().data).toEqual(await recount(null))

    // Work done leaves the counts: a review decided, a verification settled, an adjustment
    // approved, a case decided, a conversation answered and a stuck closure closed.
    expect(await payments.call('withdrawals/review', { orderId: orders[0], decision: 'approve' })).toMatchObject({
      success: true,
    })
    const [review] = (await risk.call('verifications/queue')).data.items
    expect(await risk.call('verifications/decide', { id: review.id, decision: 'approve' })).toMatchObject({
      success: true,
    })
    expect(await admin.call('adjustments/decide', { id: 'big-1', decision: 'approve', reason: 'ok' })).toMatchObject({
      success: true,
    })
    const [flag] = (await risk.call('risk/flags', { status: 'open' })).data.items
    expect(await risk.call('risk/decide', { flagId: flag.id, decision: 'cleared', reason: 'ok' })).toMatchObject({
      success: true,
    })
    const [chat] = (await support.call('support/inbox', {})).data.conversations
    expect(
      await support.call('support/reply', { conversationId: chat.id, text: 'Já vejo', requestId: randomUUID() }),
    ).toMatchObject({ success: true })
    const [stuck] = (await payments.call('closures/list', {})).data.items
    expect(
      await payments.call('closures/close', { closureId: stuck.closureId, reason: 'sem CPF; saldo em aberto' }),
    ).toMatchObject({ success: true })

    const after = await recount(adminId)
    expect(after).toMatchObject({ withdrawals: 1, verifications: 0, fourEyes: 0, flags: 1, chats: 1, closures: 0 })
    expect((await admin.call('pending')).data).toEqual(after)
    // The adjustment left is the admin's own: only payments may decide it.
    expect((await payments.call('pending')).data).toEqual({ withdrawals: 1, fourEyes: 1, closures: 0 })
    expect((await support.call('pending')).data).toEqual({ chats: 1, harmTasks: after.harmTasks })
  })
})
