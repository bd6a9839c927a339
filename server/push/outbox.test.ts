// The outbox is pruned after delivery: rows past the keep time go, in batches, and nothing newer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { playerEvent, pruneOutbox, writeOutbox } from './outbox.ts'

describe.each(engines)('outbox pruning on %s', (engine) => {
  let testDb: TestDb
  beforeEach(async () => {
    testDb = await createTestDb(engine)
  })
  afterEach(async () => {
    await testDb.drop()
  })

  it('deletes every row older than the cut-off, across batches, and keeps the newer ones', async () => {
    const db = testDb.db.kysely
    const event = playerEvent(1, 'balance', {})
    const old = Array.from({ length: 2_345 }, () => event)
    await db.transaction().execute((trx) => writeOutbox(trx, engine, old, 1_000))
    await db.transaction().execute((trx) => writeOutbox(trx, engine, [event, event, event], 5_000))
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count()).toBe(2_348)
    expect(await pruneOutbox(db, 5_000, 500)).toBe(2_345)
    expect(await count()).toBe(3)
    expect(await pruneOutbox(db, 5_000, 500)).toBe(0)
    const left = await db.selectFrom('outbox').select('created_at').execute()
    expect(left.map((r) => Number(r.created_at))).toEqual([5_000, 5_000, 5_000])
  })
})
