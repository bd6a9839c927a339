// Measures what the first route (`/`) downloads: the entry JS and CSS, their static imports,
// and the lazily loaded home chunk with its imports — gzip-compressed, against the budget in
// ARCHITECTURE.md (≤ 120 KB); and the game page's JavaScript (≤ 60 KB). Run after
// `npm run build`: `npm run size`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 120
/** The game page's JavaScript (issue 6). */
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

const firstRoute = collect('src/features/home/HomePage.tsx', collect('index.html', new Set()))
const appOk = report('first route (JS + CSS, gzip)', firstRoute, BUDGET_KB)
console.log('')
const gamePage = collect('games-client/index.html', new Set())
const gameOk = report('game page JS (gzip)', gamePage, GAME_PAGE_BUDGET_KB, (file) => file.endsWith('.js'))
if (!appOk || !gameOk) {
  console.error('Over budget.')
  process.exit(1)
}
