// `npm run rtp`: computes every game's RTP exactly by enumerating all reel-stop combinations and
// prints RTP, hit frequency, volatility index, max win and the time each took, next to the
// figures the game publishes. Exits 1 if a published figure differs from the enumeration.
// `npm run rtp -- --write` republishes the figures (contract/games/published.ts).
import { writeFileSync } from 'node:fs'
import { games } from '../contract/games/catalog.ts'
import type { PublishedFigures } from '../contract/games/figures.ts'
import { published } from '../contract/games/published.ts'
import { computeRtp, publishFigures } from '../server/games/rtp.ts'

const write = process.argv.includes('--write')
const figures: Record<string, PublishedFigures> = {}
let mismatches = 0

const pad = (value: string | number, width: number) => String(value).padStart(width)
console.log(
  `${'game'.padEnd(20)}${pad('layout', 14)}${pad('combinations', 14)}${pad('base %', 9)}${pad('jackpot %', 11)}${pad('RTP %', 9)}${pad('published', 11)}${pad('hit %', 8)}${pad('vol. index', 12)}${pad('max win', 10)}${pad('ms', 8)}`,
)
for (const game of games) {
  const report = computeRtp(game)
  const figure = publishFigures(report)
  figures[game.id] = figure
  const shown = published[game.id]
  const same = JSON.stringify(shown) === JSON.stringify(figure)
  if (!same) mismatches++
  console.log(
    `${game.id.padEnd(20)}${pad(game.layout, 14)}${pad(report.combinations.toLocaleString('en'), 14)}${pad((report.baseRtp * 100).toFixed(4), 9)}${pad((report.jackpotRtp * 100).toFixed(4), 11)}${pad((report.rtp * 100).toFixed(4), 9)}${pad(shown ? `${shown.rtp.toFixed(2)}${same ? ' ✓' : ' ✗'}` : '—', 11)}${pad(figure.hitFrequency.toFixed(1), 8)}${pad(`${figure.volatilityIndex.toFixed(2)} ${figure.volatility}`, 12)}${pad(`${figure.maxWin}×`, 10)}${pad(Math.round(report.millis), 8)}`,
  )
}

if (write) {
  writeFileSync(
    new URL('../contract/games/published.ts', import.meta.url),
    `// Published figures of each game, written by \`npm run rtp -- --write\` from the exact enumeration
// (server/games/rtp.ts). A test recomputes them.
import type { PublishedFigures } from './figures.ts'

export type { PublishedFigures }

export const published: Record<string, PublishedFigures> = ${JSON.stringify(figures, null, 2)}
`,
  )
  console.log('Published figures written to contract/games/published.ts (run `npm run format` to format it).')
} else if (mismatches > 0) {
  console.error(
    `${mismatches} game(s) publish figures that differ from the enumeration; run \`npm run rtp -- --write\`.`,
  )
  process.exit(1)
} else {
  console.log('Every published figure matches the enumeration.')
}
