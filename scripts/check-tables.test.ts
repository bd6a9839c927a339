// The table-ownership check sees every way a module can reach another module's table: Kysely's
// query builders, raw `sql` templates, and a table's name held in a variable; and passes the
// server as it is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkTables } from './check-tables.ts'

let dir: string | null = null

function tree(file: string, source: string): string {
  dir = mkdtempSync(path.join(tmpdir(), 'tables-'))
  const root = path.join(dir, 'server')
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), source)
  return root
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

describe('check-tables', () => {
  it('sees a query builder on another module’s table', () => {
    const root = tree('rewards/x.ts', "export const q = (db) => db.selectFrom('game_rounds').selectAll()\n")
    expect(checkTables(root)).toEqual([expect.stringMatching(/rewards touches game_rounds, owned by games$/)])
  })

  it('sees raw SQL', () => {
    const root = tree('rewards/x.ts', 'export const q = sql`select count(*) from game_rounds where player_id = 1`\n')
    expect(checkTables(root)).toEqual([
      expect.stringMatching(/rewards touches game_rounds, owned by games \(raw SQL\)$/),
    ])
  })

  it('sees a table chosen through a variable', () => {
    const root = tree(
      'rewards/x.ts',
      "const table = 'ledger_transfers'\nexport const q = (db) => db.selectFrom(table)\n",
    )
    expect(checkTables(root)).toEqual([
      expect.stringMatching(/x\.ts:1: rewards touches ledger_transfers, owned by ledger \(a table name in a string\)$/),
    ])
  })

  it('lets a module use its own tables every way', () => {
    const root = tree('games/x.ts', "const t = 'game_rounds'\nexport const q = sql`select * from game_rounds`\n")
    expect(checkTables(root)).toEqual([])
  })

  it('passes the server as it is', () => {
    expect(checkTables(path.resolve(import.meta.dirname, '..', 'server'))).toEqual([])
  })
})
