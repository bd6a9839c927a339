// `npm run check` part: each server module touches only its own tables (server/db/owners.ts).
// Scans the server's source (not tests, not migrations) for Kysely table references —
// selectFrom / insertInto / updateTable / deleteFrom / joins — and names every query that
// reaches into another module's table. Exits 1 when there is one.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ServerModule, tableOwners } from '../server/db/owners.ts'
import { houseAccountCodes } from '../server/ledger/accounts.ts'
import { cliArgs } from './cli-args.ts'

const tableReference =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]/g
/** A table named in raw SQL: `sql\`… from game_rounds …\`` and the like. */
const rawSqlReference = /\b(?:from|join|update|into|table)\s+"?([a-z_][a-z0-9_]*)"?/gi
/** A string literal that is exactly a table's name (a table chosen through a variable). */
const literalReference = /(['"`])([a-z_][a-z0-9_]*)\1/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

/** The module a file belongs to: its folder under server/ (the sandbox counts as its own). */
function moduleOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep)
  if (relative[0] === 'payments' && relative[1] === 'sandbox') return 'payments/sandbox'
  return relative.length > 1 ? (relative[0] as string) : '(root)'
}

const owners = tableOwners as Record<string, ServerModule>
// House account codes are words the ledger owns, whatever table shares the name.
const houseAccounts = new Set<string>(houseAccountCodes)

/** Every query of a module's code that reaches into another module's table, under `root` (server/). */
export function checkTables(root: string): string[] {
  const violations: string[] = []
  for (const file of sourceFiles(root)) {
    const module = moduleOf(root, file)
    if (module === 'db') continue
    const text = readFileSync(file, 'utf8')
    const seen = new Set<number>()
    const check = (table: string, index: number, how: string) => {
      if (seen.has(index)) return
      seen.add(index)
      const owner = owners[table]
      if (owner !== undefined && owner !== module) {
        const line = text.slice(0, index).split('\n').length
        violations.push(
          `${path.relative(process.cwd(), file)}:${line}: ${module} touches ${table}, owned by ${owner}${how}`,
        )
      }
    }
    for (const match of text.matchAll(tableReference)) {
      const table = match[1] as string
      if (owners[table] === undefined) violations.push(`${path.relative(process.cwd(), file)}: unknown table ${table}`)
      // Keyed by the quote's position, so the literal scan below does not count it twice.
      check(table, match.index + match[0].search(/['"`]/), '')
    }
    // Raw SQL lives in template literals; a table's name in any string literal is a table chosen
    // through a variable (names that are also ordinary words are not tables elsewhere by rule).
    for (const template of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g)) {
      for (const match of (template[1] as string).matchAll(rawSqlReference)) {
        check(match[1] as string, template.index + template[0].indexOf('`') + 1 + (match.index ?? 0), ' (raw SQL)')
      }
    }
    for (const match of text.matchAll(literalReference)) {
      const table = match[2] as string
      if (owners[table] !== undefined && !houseAccounts.has(table))
        check(table, match.index, ' (a table name in a string)')
    }
  }
  return violations
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cliArgs({}, 'usage: node scripts/check-tables.ts')
  const violations = checkTables(path.resolve(import.meta.dirname, '..', 'server'))

  if (violations.length > 0) {
    console.error(`Table ownership (server/db/owners.ts): ${violations.length} violation(s)`)
    for (const violation of violations) console.error(`  ${violation}`)
    process.exit(1)
  }
  console.log('Table ownership: every module touches only its own tables.')
}
