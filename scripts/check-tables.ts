// `npm run check` part: each server module touches only its own tables (server/db/owners.ts).
// Scans the server's source (not tests, not migrations) for Kysely table references —
// selectFrom / insertInto / updateTable / deleteFrom / joins — and names every query that
// reaches into another module's table. Exits 1 when there is one.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type ServerModule, tableOwners } from '../server/db/owners.ts'

const root = path.resolve(import.meta.dirname, '..', 'server')
const tableReference =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

/** The module a file belongs to: its folder under server/ (the sandbox counts as its own). */
function moduleOf(file: string): string {
  const relative = path.relative(root, file).split(path.sep)
  if (relative[0] === 'payments' && relative[1] === 'sandbox') return 'payments/sandbox'
  return relative.length > 1 ? (relative[0] as string) : '(root)'
}

const owners = tableOwners as Record<string, ServerModule>
const violations: string[] = []
for (const file of sourceFiles(root)) {
  const module = moduleOf(file)
  if (module === 'db') continue
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(tableReference)) {
    const table = match[1] as string
    const owner = owners[table]
    if (owner === undefined) {
      violations.push(`${path.relative(process.cwd(), file)}: unknown table ${table}`)
    } else if (owner !== module) {
      const line = text.slice(0, match.index).split('\n').length
      violations.push(`${path.relative(process.cwd(), file)}:${line}: ${module} touches ${table}, owned by ${owner}`)
    }
  }
}

if (violations.length > 0) {
  console.error(`Table ownership (server/db/owners.ts): ${violations.length} violation(s)`)
  for (const violation of violations) console.error(`  ${violation}`)
  process.exit(1)
}
console.log('Table ownership: every module touches only its own tables.')
