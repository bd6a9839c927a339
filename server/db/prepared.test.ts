// PostgreSQL statements prepared once per connection (database.ts): the same text reuses its
// prepared statement, and a table changed under a prepared `select *` fails that statement once,
// after which the connection prepares afresh and answers with the new columns.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDb, engines, type TestDb } from '../../tests/support/server.ts'

describe.runIf(engines.includes('postgres'))('prepared statements on postgres', () => {
  let t: TestDb | undefined
  afterEach(async () => {
    await t?.drop()
    t = undefined
  })

  it('prepares a statement once per connection and recovers when its table changes under it', async () => {
    t = await createTestDb('postgres')
    const db = t.db.kysely
    await db.connection().execute(async (conn) => {
      await sql`create table prepared_probe (id int primary key, a text)`.execute(conn)
      await sql`insert into prepared_probe values (1, 'um')`.execute(conn)
      const read = () =>
        conn
          .selectFrom('prepared_probe' as never)
          .selectAll()
          .where('id' as never, '=', 1 as never)
          .execute()
      expect(await read()).toEqual([{ id: 1, a: 'um' }])
      expect(await read()).toEqual([{ id: 1, a: 'um' }])
      const prepared = await sql<{
        n: number
      }>`select count(*)::int as n from pg_prepared_statements where statement like '%prepared_probe%'`.execute(conn)
      expect(prepared.rows[0]?.n).toBe(1)
      await sql`alter table prepared_probe add column b text default 'dois'`.execute(conn)
      await expect(read()).rejects.toMatchObject({ code: '0A000' })
      expect(await read()).toEqual([{ id: 1, a: 'um', b: 'dois' }])
    })
  })
})
