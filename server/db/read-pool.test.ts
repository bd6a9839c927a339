// The read pool without a replica to read (PostgreSQL only: SQLite's read pool is its one
// connection, the same Kysely instance): a replica URL nobody answers at moves every read to the
// primary from the first one — no read fails —, the state says why, and the pool closes whether
// or not it was ever read through.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createTestDb, engines, testDatabaseUrl } from '../../tests/support/server.ts'
import { openDatabase } from './database.ts'

describe.skipIf(!engines.includes('postgres'))('the read pool (postgres)', () => {
  it('reads from the primary while the replica does not answer, and says why', async () => {
    const testDb = await createTestDb('postgres')
    // Port 1 on loopback: refused at once.
    const db = openDatabase({
      url: testDatabaseUrl(testDb.db),
      schema: testDb.db.schema as string,
      poolSize: 2,
      replicaUrl: 'postgres://postgres@127.0.0.1:1/test',
    })
    try {
      const standby = await sql<{ r: boolean }>`select pg_is_in_recovery() as r`.execute(db.reads)
      expect(standby.rows[0]?.r).toBe(false)
      expect(db.replica?.state()).toMatchObject({ up: false, fallback: 'down', reads: { replica: 0, primary: 1 } })
      expect(await db.replica?.check()).toMatchObject({ up: false, fallback: 'down' })
      const count = await db.reads
        .selectFrom('players')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute()
      expect(count[0]?.n).toBe(0)
      expect(db.replica?.state().reads).toEqual({ replica: 0, primary: 2 })
    } finally {
      await db.close()
      await testDb.drop()
    }
  })

  it('closes a read pool never read through', async () => {
    const testDb = await createTestDb('postgres')
    const db = openDatabase({
      url: testDatabaseUrl(testDb.db),
      schema: testDb.db.schema as string,
      poolSize: 2,
      replicaUrl: 'postgres://postgres@127.0.0.1:1/test',
    })
    await db.close()
    expect(db.replica?.state().up).toBe(false)
    await testDb.drop()
  })
})
