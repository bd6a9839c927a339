// Checks a seeded year (npm run seed:year) at its full size: the ledger's own audit (balances sum
// to zero, each account is its transfers, none negative — what `npm run restore` runs) and about
// one round in 10 000, drawn at random, replayed through contract/games/fair.ts from its seed pair
// (the committed hash is the server seed's SHA-256; the stops, free spins and win are the same).
// Prints both with their time; exits 1 if either fails.
//
//   npm run seed:year-check -- --sqlite /work/data-year/sqlite
//   npm run seed:year-check -- --postgres postgres://postgres@127.0.0.1:5432/year_full
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { openDatabase } from '../server/db/database.ts'
import { auditLedger } from '../server/ledger/audit.ts'
import { cliArgs } from './cli-args.ts'
import { replaySample } from './year/replay-sample.ts'

const usage = 'usage: npm run seed:year-check -- (--sqlite <dir> | --postgres <url>)'
const { values } = cliArgs({ options: { sqlite: { type: 'string' }, postgres: { type: 'string' } } }, usage)
if (!values.sqlite === !values.postgres) {
  console.error(usage)
  process.exit(2)
}
const db = values.sqlite ? openDatabase({ dataDir: values.sqlite }) : openDatabase({ url: values.postgres as string })
const k = db.kysely
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

let started = performance.now()
const audit = await auditLedger(k)
console.log(
  `ledger audit over ${audit.transfers} transfers: ${audit.ok ? 'ok' : 'FAILED'} (sum of balances ${audit.sumOfBalances}, ` +
    `${audit.mismatchedAccounts.length} accounts unlike their transfers, ${audit.negativePlayerAccounts.length} negative) in ${seconds(started)} s`,
)

started = performance.now()
const oneIn10000 = values.sqlite ? sql<boolean>`abs(random()) % 10000 = 0` : sql<boolean>`random() < 0.0001`
const { sampled, differing } = await replaySample(k, oneIn10000)
const named = differing.length > 0 ? ` (${differing.slice(0, 5).join(', ')})` : ''
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(', ')
console.log(
  `replayed ${sampled} rounds drawn at random through fair.ts: ${differing.length} differ${named} in ${seconds(started)} s; load ${load}`,
)
await db.close()
process.exit(audit.ok && differing.length === 0 && sampled > 0 ? 0 : 1)
