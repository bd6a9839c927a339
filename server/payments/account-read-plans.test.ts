// The per-player reads of the account screen on SQLite, as the planner sees them: a regular's
// count of paid deposits and the in-flight withdrawal check are answered from an index alone, so
// they do not grow with the player's year of orders (the count read every order from the table;
// the check, with its statuses as bound parameters, could not use the partial index made for it).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RecordedQuery, recordingSqlite, sqlitePlans } from '../../tests/support/sqlite-plans.ts'
import { copySqliteTemplate } from '../../tests/support/template-db.ts'
import { paidDepositCount } from './deposits.ts'
import { inFlightTerm } from './withdrawal-orders.ts'

describe('the account screen’s per-player reads on SQLite', () => {
  let dir: string
  let file: string
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'account-plans-'))
    await copySqliteTemplate(dir)
    file = path.join(dir, 'jogo-limpo.sqlite')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('count paid deposits from the (player, status) index and find an in-flight withdrawal through its partial index', async () => {
    const read: RecordedQuery[] = []
    const db = recordingSqlite(file, read)
    expect(await paidDepositCount(db, 7)).toBe(0)
    expect(
      await db.selectFrom('withdrawal_orders').select('id').where('player_id', '=', 7).where(inFlightTerm).execute(),
    ).toEqual([])
    await db.destroy()
    const plans = sqlitePlans(file, read).map((steps) => steps.join(' | '))
    expect(plans).toEqual([
      'SEARCH deposit_orders USING COVERING INDEX deposit_orders_player_status (player_id=? AND status=?)',
      'SEARCH withdrawal_orders USING INDEX withdrawal_one_in_flight (player_id=?)',
    ])
  })
})
