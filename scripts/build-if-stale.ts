// `npm start`'s build step: builds the player app only when its inputs changed since the build
// in dist/ (a hash of every input file's path and content, kept in dist/.build-inputs). A
// restart with nothing changed starts the server at once instead of rebuilding.
//
//   node scripts/build-if-stale.ts          # build when stale
//   node scripts/build-if-stale.ts --check  # exit 1 when stale, build nothing
//   node scripts/build-if-stale.ts --stamp  # record dist/ as built from the inputs now (npm run build)
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { languages } from '../contract/languages.ts'
import { cliArgs } from './cli-args.ts'

const root = path.resolve(import.meta.dirname, '..')
const stampFile = path.join(root, 'dist', '.build-inputs')
// What `lingui compile && vite build` reads (locales' compiled JSON, untracked, is made from the .po files).
const inputs = [
  'index.html',
  'src',
  'contract',
  'games-client',
  'console',
  'sw',
  'public',
  'locales',
  'vite.config.ts',
  'vite.console.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package-lock.json',
]

function files(entry: string): string[] {
  const full = path.join(root, entry)
  if (!existsSync(full)) return []
  if (statSync(full).isFile()) return [entry]
  return readdirSync(full, { withFileTypes: true })
    .flatMap((d) => files(path.join(entry, d.name)))
    .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.test.tsx') && !/locales\/[^/]+\/[^/]+\.json$/.test(f))
}

export function inputsHash(): string {
  const hash = createHash('sha256')
  for (const file of inputs.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  }
  // The Node and Vite versions shape the output too.
  hash.update(process.version)
  return hash.digest('hex')
}

const current = inputsHash()
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : ''
// The server reads its own texts from the compiled catalogs, which the build makes.
const serverTextsCompiled = languages.every((language) =>
  existsSync(path.join(root, 'locales', language, 'server.json')),
)
const fresh = built === current && existsSync(path.join(root, 'dist', 'index.html')) && serverTextsCompiled
const { values } = cliArgs(
  { options: { stamp: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } } },
  'usage: node scripts/build-if-stale.ts [--stamp | --check]',
)
if (values.stamp) {
  writeFileSync(stampFile, `${current}\n`)
  process.exit(0)
}
if (values.check) {
  console.log(fresh ? 'dist/ is current' : 'dist/ is stale')
  process.exit(fresh ? 0 : 1)
}
if (fresh) {
  console.log('dist/ is current: skipping the build (delete dist/ to force one)')
} else {
  // `npm run build` stamps dist/ itself when it succeeds.
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}
