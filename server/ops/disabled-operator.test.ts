// A disabled operator moves no money, not even with requests already on their way: each request
// below is authenticated, then held just before its money transaction while an admin disables the
// operator (the disable answers first), then let go. None of them may take effect — the ledger,
// the adjustment requests and the withdrawal orders are checked — while the same path, for an
// operator still enabled, does.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signedInOperator } from '../../tests/support/operators.ts'
import { createTestApp, engines, loginPlayer, TEST_PASSWORD, type TestApp } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

/** Where an in-flight request waits, once authenticated, before its money transaction. */
const hold = vi.hoisted(() => ({ before: async () => {} }))

vi.mock('./adjustments.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./adjustments.ts')>()
  return {
    ...actual,
    adjustOrRequest: async (...args: Parameters<typeof actual.adjustOrRequest>) => {
      await hold.before()
      return actual.adjustOrRequest(...args)
    },
    decideAdjustment: async (...args: Parameters<typeof actual.decideAdjustment>) => {
      await hold.before()
      return actual.decideAdjustment(...args)
    },
  }
})

/** R$ 20 000: above the four-eyes bound, so it waits for a second person. */
const LARGE = 2_000_000

describe.each(engines)('a disabled operator on %s', { timeout: 120_000 }, (engine) => {
  let t: TestApp
  let app: FastifyInstance
  let ip = 0
  const operator = (role: 'admin' | 'payments') =>
    signedInOperator(app, t.db.kysely, role, Date.now(), `198.51.100.${++ip}`)
  const idOf = async (name: string) =>
    Number(
      (await t.db.kysely.selectFrom('operators').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    )

  beforeAll(async () => {
    t = await createTestApp(engine)
    app = t.app
  })
  afterAll(async () => t.close())

  /**
   * Starts `requests`, waits until every one is authenticated and held before its money, runs
   * `meanwhile` (the disable), then lets them go and answers their responses.
   */
  async function inFlight<T>(requests: (() => Promise<T>)[], meanwhile: () => Promise<void>): Promise<T[]> {
    let arrived = 0
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    hold.before = async () => {
      arrived++
      await released
    }
    try {
      const answers = Promise.all(requests.map((request) => request()))
      await vi.waitFor(() => expect(arrived).toBe(requests.length), { timeout: 20_000 })
      await meanwhile()
      release()
      return await answers
    } finally {
      hold.before = async () => {}
    }
  }

  it('six approvals of R$ 20 000 in flight when the approver is disabled: none takes effect', async () => {
    const admin = await operator('admin')
    const requester = await operator('payments')
    const approver = await operator('payments')
    const player = await loginPlayer(app, { ageConfirmed: true })
    const requestIds = Array.from({ length: 6 }, () => randomUUID())
    for (const requestId of requestIds) {
      const asked = await requester.call('adjust', {
        requestId,
        userId: player.userId,
        amount: LARGE,
        reason: 'prêmio',
      })
      expect(asked.data).toMatchObject({ status: 'pending' })
    }
    const before = await readPlayerBalances(t.db.kysely, player.userId)
    const approverId = await idOf(approver.name)

    const answers = await inFlight(
      requestIds.map((id) => () => approver.post('adjustments/decide', { id, decision: 'approve', reason: 'ok' })),
      async () => {
        const disabled = await admin.call('operators/disable', {
          operatorId: approverId,
          disabled: true,
          reason: 'saiu',
        })
        expect(disabled).toMatchObject({ success: true })
      },
    )
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ success: false, msgCode: 'ops_session_invalid' })
    }
    // Nothing moved: the player's balance, the ledger's transfers, the requests still waiting.
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toEqual(before)
    const transfers = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where(
        'id',
        'in',
        requestIds.map((id) => `ops:${id}`),
      )
      .execute()
    expect(transfers).toEqual([])
    const requests = await t.db.kysely
      .selectFrom('adjustment_requests')
      .select('status')
      .where('id', 'in', requestIds)
      .execute()
    expect(requests.map((r) => r.status)).toEqual(requestIds.map(() => 'pending'))

    // The same path for an operator still enabled applies the money once.
    const other = await operator('payments')
    const [approved] = await inFlight(
      [() => other.post('adjustments/decide', { id: requestIds[0], decision: 'approve', reason: 'ok' })],
      async () => {},
    )
    expect(approved?.json()).toMatchObject({ success: true })
    expect((await readPlayerBalances(t.db.kysely, player.userId)).cash).toBe(before.cash + LARGE)
  })

  it('an adjustment in flight when its operator is disabled is not applied', async () => {
    const admin = await operator('admin')
    const payments = await operator('payments')
    const player = await loginPlayer(app, { ageConfirmed: true })
    const requestId = randomUUID()
    const [answer] = await inFlight(
      [() => payments.post('adjust', { requestId, userId: player.userId, amount: 1_000, reason: 'acerto' })],
      async () => {
        const operatorId = await idOf(payments.name)
        expect(await admin.call('operators/disable', { operatorId, disabled: true, reason: 'saiu' })).toMatchObject({
          success: true,
        })
      },
    )
    expect(answer?.statusCode).toBe(401)
    expect((await readPlayerBalances(t.db.kysely, player.userId)).cash).toBe(0)
    expect(
      await t.db.kysely.selectFrom('adjustment_requests').select('id').where('id', '=', requestId).execute(),
    ).toEqual([])
  })

  it('a withdrawal approval in flight when its operator is disabled does not send the money', async () => {
    const admin = await operator('admin')
    const payments = await operator('payments')
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 250_000 })
    const order = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 200_000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(order.data.status).toBe('review')
    const orderId = order.data.orderId as string
    const balances = await readPlayerBalances(t.db.kysely, player.userId)

    const review = app.payments.withdrawals.review.bind(app.payments.withdrawals)
    const spy = vi.spyOn(app.payments.withdrawals, 'review').mockImplementation(async (...args) => {
      await hold.before()
      return review(...args)
    })
    try {
      const [answer] = await inFlight(
        [() => payments.post('withdrawals/review', { orderId, decision: 'approve' })],
        async () => {
          const operatorId = await idOf(payments.name)
          expect(await admin.call('operators/disable', { operatorId, disabled: true, reason: 'saiu' })).toMatchObject({
            success: true,
          })
        },
      )
      expect(answer?.statusCode).toBe(401)
    } finally {
      spy.mockRestore()
    }
    const row = await t.db.kysely
      .selectFrom('withdrawal_orders')
      .select(['status', 'sent_attempt'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('review')
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toEqual(balances)
    expect(
      await t.db.kysely
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'withdrawal.approve')
        .where('object_id', '=', orderId)
        .execute(),
    ).toEqual([])
  })
})
