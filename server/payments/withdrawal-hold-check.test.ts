// The checks that decide, before a withdrawal is written, whether it waits for an operator (the
// money watch's holding rules), when they cannot answer, on each engine: a check that fails for
// its own reasons holds the withdrawal for a person to look at, while a check that lost the
// database connection refuses the request as the database's moment — nothing written, the same
// requestId retried once the database is back is paid as asked, never parked for review.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_PASSWORD as PASSWORD,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

/** What node-postgres throws when the server ends the session under a query. */
const connectionLost = () => new Error('Connection terminated unexpectedly')
/** An admin shutdown of the backend (pg_terminate_backend), by its SQLSTATE. */
const backendTerminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })

describe.each(engines)('withdrawal hold checks that cannot answer, on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)
  /** What the added check does on its next call: answer, or throw. */
  let nextCheck: () => boolean

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, {}, clock)
    nextCheck = () => false
    app.payments.reviewWithdrawalsWhen(async () => nextCheck())
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function player() {
    const { call, userId, cpf } = await loginPlayer(app, {
      ageConfirmed: true,
      bound: true,
      verified: true,
      cash: 10000,
    })
    const withdraw = (requestId: string) =>
      call('/withdraw/create/order', {
        accountNumber: cpf,
        payType: 'cpf',
        amount: 5000,
        requestId,
        password: PASSWORD,
      })
    return { userId, withdraw }
  }
  const orders = () => testDb.db.kysely.selectFrom('withdrawal_orders').select(['request_id', 'status']).execute()

  for (const [lost, error] of [
    ['a terminated connection', connectionLost],
    ['a backend ended by the administrator', backendTerminated],
  ] as const) {
    it(`refuses with service_unavailable on ${lost}, writes nothing, and the retry is paid as asked, not held`, async () => {
      const { userId, withdraw } = await player()
      const requestId = randomUUID()
      nextCheck = () => {
        throw error()
      }
      const first = await withdraw(requestId)
      expect(first).toMatchObject({ success: false, msgCode: 'service_unavailable' })
      expect(await orders()).toEqual([])
      expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 10000, withdrawalHold: 0 })

      nextCheck = () => false
      const retried = await withdraw(requestId)
      expect(retried.success, JSON.stringify(retried)).toBe(true)
      expect(await orders()).toEqual([{ request_id: requestId, status: 'processing' }])
      expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 5000, withdrawalHold: 5000 })
    })
  }

  it('holds the withdrawal for review when a check fails for any other reason', async () => {
    const { userId, withdraw } = await player()
    nextCheck = () => {
      throw new TypeError('a rule read a field that is not there')
    }
    const requestId = randomUUID()
    expect((await withdraw(requestId)).success).toBe(true)
    expect(await orders()).toEqual([{ request_id: requestId, status: 'review' }])
    expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 5000, withdrawalHold: 5000 })
  })
})
