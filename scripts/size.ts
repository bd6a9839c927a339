// Measures what the first route (`/`) downloads: the entry JS and CSS, the app it starts
// (preloaded by the HTML), their static imports, and the lazily loaded home chunk with its imports — gzip-compressed, against the budget in
// docs/architecture.md (≤ 120 KB); and the game page's JavaScript (≤ 60 KB). Then lists each
// chunk's largest modules (from its source map) and fails if zod reached the browser. `npm run size`
// builds the app first when its inputs changed (scripts/build-if-stale.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { cliArgs } from './cli-args.ts'

cliArgs({}, 'usage: npm run size')

const BUDGET_KB = 120
/** The game page's JavaScript. */
const GAME_PAGE_BUDGET_KB = 60
const dist = path.resolve('dist')

interface Chunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

function collect(key: string, files: Set<string>): Set<string> {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) collect(imported, files)
  return files
}

function report(label: string, files: Set<string>, budgetKb: number, only: (file: string) => boolean = () => true) {
  let total = 0
  for (const file of [...files].filter(only)) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
    total += size
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`)
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  ${label} — budget ${budgetKb} KB`)
  return total <= budgetKb * 1024
}

// The entry starts the app (src/app/start.tsx) after the first paint; the HTML preloads it.
const firstRoute = collect(
  'src/features/home/HomePage.tsx',
  collect('src/app/start.tsx', collect('index.html', new Set())),
)
const appOk = report('first route (JS + CSS, gzip)', firstRoute, BUDGET_KB)
console.log('')
const gamePage = collect('games-client/index.html', new Set())
const gameOk = report('game page JS (gzip)', gamePage, GAME_PAGE_BUDGET_KB, (file) => file.endsWith('.js'))
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** One source-map segment: base64 VLQ numbers (generated column, source, line, column, name). */
function decodeSegment(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/** Characters of a chunk's code per original module, read from its source map. */
function modulesOf(file: string): [string, number][] {
  // Bundler helpers (e.g. the preload helper) come without a map: nothing to break down.
  if (!existsSync(path.join(dist, `${file}.map`))) return []
  const code = readFileSync(path.join(dist, file), 'utf8').split('\n')
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as {
    sources: string[]
    mappings: string
  }
  const sizes = new Map<string, number>()
  let source = 0
  map.mappings.split(';').forEach((line, index) => {
    let column = 0
    const starts: { column: number; source: number | null }[] = []
    for (const segment of line ? line.split(',') : []) {
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment)
      column += columnDelta
      if (sourceDelta !== undefined) source += sourceDelta
      starts.push({ column, source: sourceDelta === undefined ? null : source })
    }
    starts.forEach((start, i) => {
      const end = starts[i + 1]?.column ?? code[index]?.length ?? start.column
      const name = start.source === null ? '(bundler)' : (map.sources[start.source] ?? '?').replace(/^(\.\.\/)+/, '')
      sizes.set(name, (sizes.get(name) ?? 0) + end - start.column)
    })
  })
  return [...sizes].sort((a, b) => b[1] - a[1])
}

console.log('\nLargest modules of each chunk over 4 KB (raw):')
let zodShipped = false
const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file: `assets/${file}`, size: readFileSync(path.join(dist, 'assets', file)).length }))
  .sort((a, b) => b.size - a.size)
for (const { file, size } of chunks) {
  const modules = modulesOf(file)
  if (modules.some(([name]) => name.includes('node_modules/zod/'))) {
    zodShipped = true
    console.error(`zod is bundled into ${file}: import only types from contract modules that use zod.`)
  }
  if (size < 4096) continue
  const largest = modules
    .slice(0, 3)
    .map(([name, chars]) => `${name.replace(/^.*node_modules\//, '')} ${(chars / 1024).toFixed(1)}`)
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}: ${largest.join(', ')}`)
}

if (!appOk || !gameOk || zodShipped) {
  console.error(zodShipped ? 'zod reached the browser.' : 'Over budget.')
  process.exit(1)
}
