// `npm run rtp`: every version of every game, computed exactly from all reel-stop combinations
// (server/games/rtp.ts), printed next to the figures the game publishes: RTP (4 decimals and the
// exact fraction), its parts, hit frequency, volatility index, max win, free-spin frequency and
// the time each took. Exits 1 if a published figure differs from the computation.
// `npm run rtp -- --write` republishes the figures (contract/games/published.ts).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gameVersions } from '../contract/games/catalog.ts'
import { figuresKey, type PublishedFigures } from '../contract/games/figures.ts'
import { published } from '../contract/games/published.ts'
import { computeRtp, publishFigures } from '../server/games/rtp.ts'
import { cliArgs } from './cli-args.ts'

const write = cliArgs({ options: { write: { type: 'boolean', default: false } } }, 'usage: npm run rtp [-- --write]')
  .values.write
const figures: Record<string, PublishedFigures> = {}
let mismatches = 0
const started = performance.now()

const pad = (value: string | number, width: number) => String(value).padStart(width)
const percent = (value: number) => (value * 100).toFixed(4)
console.log(
  `${'game@version'.padEnd(22)}${pad('combinations', 15)}${pad('base %', 9)}${pad('free %', 9)}${pad('jackpot %', 10)}${pad('RTP %', 9)}${pad('published', 12)}${pad('hit %', 7)}${pad('vol. index', 15)}${pad('max win', 11)}${pad('free spins', 12)}${pad('ms', 6)}`,
)
const fractions: string[] = []
for (const game of gameVersions) {
  const report = computeRtp(game)
  const figure = publishFigures(report)
  const key = figuresKey(game)
  figures[key] = figure
  const shown = published[key]
  const same = JSON.stringify(shown) === JSON.stringify(figure)
  if (!same) mismatches++
  const freeSpins = report.freeSpinsFrequency > 0 ? `1 in ${Math.round(1 / report.freeSpinsFrequency)}` : '—'
  console.log(
    `${key.padEnd(22)}${pad(report.combinations.toLocaleString('en'), 15)}${pad(percent(report.baseRtp), 9)}${pad(percent(report.freeSpinsRtp), 9)}${pad(percent(report.jackpotRtp), 10)}${pad(percent(report.rtp), 9)}${pad(shown ? `${shown.rtp.toFixed(4)}${same ? ' ✓' : ' ✗'}` : '—', 12)}${pad(figure.hitFrequency.toFixed(2), 7)}${pad(`${figure.volatilityIndex.toFixed(2)} ${figure.volatility}`, 15)}${pad(`${figure.maxWin}×`, 11)}${pad(freeSpins, 12)}${pad(Math.round(report.millis), 6)}`,
  )
  fractions.push(`${key.padEnd(22)}RTP = ${figure.rtpFraction}`)
}
console.log(`\nExact RTP (base game + free spins + jackpot, as a fraction of the bet):\n${fractions.join('\n')}`)
console.log(`\n${gameVersions.length} game versions in ${Math.round(performance.now() - started)} ms.`)

if (write) {
  const file = fileURLToPath(new URL('../contract/games/published.ts', import.meta.url))
  writeFileSync(
    file,
    `// Published figures of every version of every game ("id@version"), written by
// \`npm run rtp -- --write\` from the exact computation (server/games/rtp.ts). A test recomputes them.
import type { PublishedFigures } from './figures.ts'

export type { PublishedFigures }

export const published: Record<string, PublishedFigures> = ${JSON.stringify(figures, null, 2)}
`,
  )
  // Formatted as `npm run check` wants it, by the repository's own Biome and settings.
  const biome = fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url))
  execFileSync(biome, ['format', '--write', file], { stdio: ['ignore', 'ignore', 'inherit'] })
  console.log('Published figures written to contract/games/published.ts.')
} else if (mismatches > 0) {
  console.error(
    `${mismatches} game version(s) publish figures that differ from the computation; run \`npm run rtp -- --write\`.`,
  )
  process.exit(1)
} else {
  console.log('Every published figure matches the computation.')
}
