// Measures what the first route (`/`) downloads: the entry JS and CSS, their static imports,
// and the lazily loaded home chunk with its imports — gzip-compressed, against the budget in
// ARCHITECTURE.md (≤ 120 KB). Run after `npm run build`: `npm run size`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 120
const dist = path.resolve('dist')

interface Chunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>
const files = new Set<string>()

function collect(key: string): void {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) collect(imported)
}

collect('index.html')
collect('src/features/home/HomePage.tsx')

let total = 0
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
  total += size
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`)
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first route (JS + CSS, gzip) — budget ${BUDGET_KB} KB`)
if (total > BUDGET_KB * 1024) {
  console.error('Over budget.')
  process.exit(1)
}
