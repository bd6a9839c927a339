// `npm run check` part: the server's seams. Each folder under server/ is a module, and modules
// stand in layers (`layers` below, lowest first): a module imports only modules of lower layers,
// so the module graph has no cycle; no module imports another module's route file (app.ts
// mounts routes); a route file holds no SQL; a migration imports no live code — only npm packages, types, and its
// sibling migration files — so a later change elsewhere cannot change what it did — and has a
// number of its own. Tests are free to import anything. Exits 1 naming every violation.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cliArgs } from './cli-args.ts'

/** Lowest first. A module may import its own files and those of modules in lower layers. */
export const layers: string[][] = [
  ['lib'],
  ['core', 'db', 'i18n'],
  ['http', 'audit', 'geo'],
  ['push', 'mail'],
  ['ledger'],
  ['sigap'],
  ['metrics', 'accounts'],
  ['games', 'payments'],
  ['responsible-gaming', 'rewards', 'attribution', 'closure'],
  ['ops'],
  ['support', 'risk'],
  ['transparency', 'regulatory-files', 'aml', 'harm'],
  ['retention', 'player-data'],
  ['app'],
]

/** The files every module may use: the app's entry points stand above everything. */
const entryFiles = new Set(['app.ts', 'main.ts'])

export interface ModuleImport {
  from: string
  to: string
  line: number
  typeOnly: boolean
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const importPattern =
  /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm

/** Every relative import of every non-test source file under `root`, resolved to a path. */
export function relativeImports(root: string): ModuleImport[] {
  const found: ModuleImport[] = []
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(importPattern)) {
      const specifier = (match[3] ?? match[4]) as string
      found.push({
        from: file,
        to: path.resolve(path.dirname(file), specifier),
        line: text.slice(0, match.index).split('\n').length,
        typeOnly: match[2] !== undefined,
      })
    }
  }
  return found
}

/** The module a server file belongs to: its folder under server/; app.ts and main.ts are `app`, other top-level files `core`. */
export function moduleOf(root: string, file: string): string | null {
  const relative = path.relative(root, file)
  if (relative.startsWith('..')) return null
  const parts = relative.split(path.sep)
  if (parts.length === 1) return entryFiles.has(parts[0] as string) ? 'app' : 'core'
  return parts[0] as string
}

const isRouteFile = (file: string) => /(^|[-.])routes\.ts$/.test(path.basename(file))
const isMigration = (root: string, file: string) =>
  path.relative(root, file).split(path.sep).slice(0, 2).join('/') === 'db/migrations'

export function checkModules(root: string): string[] {
  const layerOf = new Map<string, number>()
  layers.forEach((names, index) => {
    for (const name of names) layerOf.set(name, index)
  })
  const violations: string[] = []
  const unlayered = new Set<string>()
  const where = (i: ModuleImport) => `${path.relative(path.dirname(root), i.from)}:${i.line}`
  for (const i of relativeImports(root)) {
    const from = moduleOf(root, i.from) as string
    const to = moduleOf(root, i.to)
    const target = path.relative(path.dirname(root), i.to)
    if (isMigration(root, i.from)) {
      const sibling = path.dirname(i.to) === path.dirname(i.from)
      if (!i.typeOnly && !sibling && to !== null) {
        violations.push(`${where(i)}: a migration imports live code (${target}); copy what it needs into it`)
      }
      continue
    }
    if (to === null || to === from) continue
    const fromLayer = layerOf.get(from)
    const toLayer = layerOf.get(to)
    if (fromLayer === undefined || toLayer === undefined) {
      const name = fromLayer === undefined ? from : to
      if (!unlayered.has(name)) violations.push(`${where(i)}: module ${name} has no layer in scripts/check-modules.ts`)
      unlayered.add(name)
      continue
    }
    if (from !== 'app' && isRouteFile(i.to)) {
      violations.push(`${where(i)}: ${from} imports ${to}'s route file ${target}; move what it needs into a service`)
    } else if (!i.typeOnly && toLayer >= fromLayer) {
      violations.push(`${where(i)}: ${from} imports ${to} (${target}), which is not below it`)
    } else if (i.typeOnly && toLayer > fromLayer) {
      violations.push(`${where(i)}: ${from} imports types from ${to} (${target}), which stands above it`)
    }
  }
  violations.push(...duplicateMigrationNumbers(root))
  violations.push(...sqlInRouteFiles(root))
  return violations
}

// A query builder's entry or a raw SQL template: what a route file must leave to its module's
// services and query files.
const queryPattern = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`/g

/** Route files that hold SQL: a route validates, authorises and answers; its module's code queries. */
export function sqlInRouteFiles(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (isRouteFile(full)) {
        const text = readFileSync(full, 'utf8')
        for (const match of text.matchAll(queryPattern)) {
          const line = text.slice(0, match.index).split('\n').length
          found.push(
            `${path.relative(path.dirname(root), full)}:${line}: a route file queries the database (${match[0]}); move the query into the module's service or query file`,
          )
        }
      }
    }
  }
  walk(root)
  return found
}

/** Two migration files sharing a number: their order would depend on the rest of their names. */
export function duplicateMigrationNumbers(root: string): string[] {
  const dir = path.join(root, 'db', 'migrations')
  let names: string[]
  try {
    names = readdirSync(dir).filter((name) => /^\d+-.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
  } catch {
    return []
  }
  const byNumber = new Map<string, string[]>()
  for (const name of names) {
    const number = name.split('-')[0] as string
    byNumber.set(number, [...(byNumber.get(number) ?? []), name])
  }
  return [...byNumber.entries()]
    .filter(([, files]) => files.length > 1)
    .map(([number, files]) => `server/db/migrations: ${files.join(' and ')} share the number ${number}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cliArgs({}, 'usage: node scripts/check-modules.ts')
  const root = path.resolve(import.meta.dirname, '..', 'server')
  const violations = checkModules(root)
  if (violations.length > 0) {
    console.error(`Module seams (scripts/check-modules.ts): ${violations.length} violation(s)`)
    for (const violation of violations) console.error(`  ${violation}`)
    process.exit(1)
  }
  console.log(
    'Module seams: every import runs down the layers; no route file or live code imported across; no SQL in a route file.',
  )
}
