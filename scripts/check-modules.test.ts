// The seam check fails on each kind of planted import — a module importing one above it (which
// would close a cycle), another module's route file, live code from a migration — and on SQL in a
// route file, and passes on the server as it is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkModules } from './check-modules.ts'

let dir: string | null = null

/** A small server/ tree: each entry is a file and its source. */
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'seams-'))
  const root = path.join(dir, 'server')
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), source)
  }
  return root
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

const base = {
  'ledger/ledger.ts': 'export const ledger = 1\n',
  'games/rounds.ts': "import { ledger } from '../ledger/ledger.ts'\nexport const rounds = ledger\n",
  'games/routes.ts': "import { rounds } from './rounds.ts'\nexport const gameRoutes = rounds\n",
  'db/schema.ts': 'export interface Database { x: number }\n',
  'db/migrations/columns.ts': 'export const id = 1\n',
  'app.ts': "import { gameRoutes } from './games/routes.ts'\nexport const app = gameRoutes\n",
}

describe('check-modules', () => {
  it('passes a tree whose imports run down the layers', () => {
    expect(checkModules(tree(base))).toEqual([])
  })

  it('fails a route file that queries the database, by builder or raw SQL', () => {
    const root = tree({
      ...base,
      'ops/player-routes.ts':
        "export const a = (db) => db.selectFrom('operator_notes').selectAll()\nexport const b = sql`select 1`\n",
    })
    expect(checkModules(root)).toEqual([
      expect.stringMatching(/^server\/ops\/player-routes\.ts:1: a route file queries the database \(\.selectFrom\(\)/),
      expect.stringMatching(/^server\/ops\/player-routes\.ts:2: a route file queries the database \(sql`\)/),
    ])
  })

  it('fails a module importing one above it', () => {
    const root = tree({
      ...base,
      'ledger/ledger.ts': "import { rounds } from '../games/rounds.ts'\nexport const ledger = rounds\n",
    })
    expect(checkModules(root)).toEqual([
      'server/ledger/ledger.ts:1: ledger imports games (server/games/rounds.ts), which is not below it',
    ])
  })

  it("fails a module importing another module's route file", () => {
    const root = tree({
      ...base,
      'ops/player.ts': "import { gameRoutes } from '../games/routes.ts'\nexport const p = gameRoutes\n",
    })
    expect(checkModules(root)).toEqual([
      "server/ops/player.ts:1: ops imports games's route file server/games/routes.ts; move what it needs into a service",
    ])
  })

  it('fails a migration importing live code, and allows types and its siblings', () => {
    const root = tree({
      ...base,
      'db/migrations/0099-x.ts': [
        "import type { Database } from '../schema.ts'",
        "import { id } from './columns.ts'",
        "import { rounds } from '../../games/rounds.ts'",
        'export const m = [id, rounds] as unknown as Database',
        '',
      ].join('\n'),
    })
    expect(checkModules(root)).toEqual([
      'server/db/migrations/0099-x.ts:3: a migration imports live code (server/games/rounds.ts); copy what it needs into it',
    ])
  })

  it('fails two migrations sharing a number', () => {
    const root = tree({ ...base, 'db/migrations/0007-a.ts': 'export {}\n', 'db/migrations/0007-b.ts': 'export {}\n' })
    expect(checkModules(root)).toEqual(['server/db/migrations: 0007-a.ts and 0007-b.ts share the number 0007'])
  })

  it('fails a module the layers do not name', () => {
    const root = tree({
      ...base,
      'novel/thing.ts': "import { ledger } from '../ledger/ledger.ts'\nexport const t = ledger\n",
    })
    expect(checkModules(root)).toEqual([
      'server/novel/thing.ts:1: module novel has no layer in scripts/check-modules.ts',
    ])
  })

  it('passes the server as it is', () => {
    expect(checkModules(path.resolve(import.meta.dirname, '..', 'server'))).toEqual([])
  })
})
