// Proof-of-liabilities bench: the Merkle sum tree over PLAYERS players (default 1 000 000) built
// as a frozen day builds it — every player's owed balance read from the ledger a page at a time,
// each leaf hashed with a fresh salt, the leaves written, one level of nodes kept — timed, with
// the process's heap sampled while it runs to show it stays bounded (a first build over a tenth of
// the players is measured the same way, for comparison), beside its floor: the same snapshot reads
// and leaf rows with no hashing. Then one player's proof: its time and its size in the API's
// envelope. Prints the figures with the load average.
//
//   npm run bench:liabilities                               # SQLite, 1 000 000 players
//   PLAYERS=100000 npm run bench:liabilities
//   npm run bench:liabilities -- postgres://postgres@127.0.0.1:5432/test
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { verifyLiabilityProof } from '../contract/liabilities.ts'
import { owedBalancesAfter } from '../server/ledger/transparency.ts'
import { buildLiabilities, liabilityProof } from '../server/transparency/liabilities.ts'
import { createTestDb } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'
import { integerSeries } from './year/sql-series.ts'

const PLAYERS = Number(process.env.PLAYERS ?? 1_000_000)
const usage = 'usage: npm run bench:liabilities [-- <postgres url>]'
const { positionals } = cliArgs({ allowPositionals: true }, usage)
if (positionals.length > 1) {
  console.error(usage)
  process.exit(2)
}
const pgUrl = positionals[0] ?? process.env.BENCH_DATABASE_URL
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl
const engine = pgUrl ? 'postgres' : 'sqlite'
const NOW = Date.now()
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

const testDb = await createTestDb(engine)
const k = testDb.db.kysely

/**
 * The floor: the same database work with nothing in between — every balance read page by page in
 * one snapshot and a leaf row written for each (the same salts' size) — but no hashing and no tree.
 */
async function floor(day: string) {
  const started = performance.now()
  await testDb.db.readSnapshot(async (snapshot) => {
    let after = 0
    for (;;) {
      const page = await owedBalancesAfter(snapshot, after, 2000)
      if (page.length === 0) break
      const rows = page.map(({ playerId, balance }, i) => ({
        day,
        position: after + i,
        player_id: playerId,
        salt: randomBytes(16).toString('base64url'),
        balance,
      }))
      for (let i = 0; i < rows.length; i += 500)
        await k
          .insertInto('liability_leaves')
          .values(rows.slice(i, i + 500))
          .execute()
      after = (page.at(-1) as { playerId: number }).playerId
    }
  })
  const ms = performance.now() - started
  await k.deleteFrom('liability_leaves').where('day', '=', day).execute()
  return ms
}

/** Players `from`..`to` with a cash account each (balances 0 … R$ 10 000,00), written by the database itself. */
async function addPlayers(from: number, to: number) {
  const series = integerSeries(engine, from, to)
  await sql`insert into players (id, device_id, language, created_at)
    select i, 'bench-' || i, 'pt-BR', ${NOW} from (${series}) s`.execute(k)
  await sql`insert into ledger_accounts (player_id, code, balance, created_at)
    select i, 'cash', (cast(i as bigint) * 7919) % 1000001, ${NOW} from (${series}) s`.execute(k)
}

async function measure(day: string) {
  global.gc?.()
  const base = process.memoryUsage().heapUsed
  let peak = base
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 50)
  const started = performance.now()
  const figures = await buildLiabilities(
    { db: k, readSnapshot: testDb.db.readSnapshot, holder: 'bench', now: () => NOW },
    day,
  )
  if (!figures) throw new Error('the day is claimed by another builder')
  const ms = performance.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  return { figures, ms, heapGrowthMb: mb(peak - base) }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
try {
  const tenth = Math.max(1, Math.floor(PLAYERS / 10))
  console.log(`${engine}: writing ${tenth} players…`)
  await addPlayers(1, tenth)
  const small = await measure('2026-03-01')
  console.log(
    `  tree over ${small.figures.players} players: ${(small.ms / 1000).toFixed(1)} s, heap growth at most ${small.heapGrowthMb} MB (load ${load()})`,
  )
  console.log(`writing players up to ${PLAYERS}…`)
  if (PLAYERS > tenth) await addPlayers(tenth + 1, PLAYERS)
  const loadBefore = load()
  const floorMs = await floor('2026-02-28')
  const big = await measure('2026-03-02')
  const loadAfter = load()
  const proofStarted = performance.now()
  const proof = await liabilityProof(k, Math.floor(PLAYERS * 0.77) || 1, '2026-03-02')
  const proofMs = performance.now() - proofStarted
  if (!proof || !verifyLiabilityProof(proof).ok) throw new Error('the proof does not verify')
  const bytes = Buffer.byteLength(JSON.stringify({ success: true, msgCode: 'ok', msg: '', data: proof }))
  console.log(
    `  tree over ${big.figures.players} players (depth ${big.figures.depth}, total ${big.figures.total} centavos): ` +
      `${(big.ms / 1000).toFixed(1)} s, heap growth at most ${big.heapGrowthMb} MB (load ${loadBefore} → ${loadAfter})`,
  )
  console.log(
    `  floor (the same snapshot reads and leaf rows, no hashing): ${(floorMs / 1000).toFixed(1)} s — the build takes ${(big.ms / floorMs).toFixed(2)}× the floor`,
  )
  console.log(`  one player's proof: ${proofMs.toFixed(1)} ms, ${bytes} bytes in its envelope; verified`)
} finally {
  await testDb.drop()
}
