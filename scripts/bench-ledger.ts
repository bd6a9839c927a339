// Ledger benchmark: spin-shaped transactions (bet + win + round row, one transaction, through
// the real ledger and wallet) per second and p99 latency at several concurrencies, on SQLite
// and — when a PostgreSQL URL is given — on PostgreSQL next to pgbench on the same machine at
// the same concurrency: a pgbench script of the same statements (the fair baseline) and the
// TPC-B default (for reference). Prints the ratios.
//
// What this measures is lighter than a real spin (no session touch, player lock, seed, jackpot
// share or round row of the game's own table), and the pgbench script copies this bench, not the
// spin: it is the ledger's own cost. The real spin path is `npm run bench:spin`.
//
//   npm run bench:ledger                      # SQLite only
//   npm run bench:ledger -- postgres://postgres@127.0.0.1:5432/test
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { createDevicePlayer } from '../server/accounts/players.ts'
import { type Db, openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { withTemporaryDatabase } from '../server/db/temporary-database.ts'
import { AccountDirectory } from '../server/ledger/accounts.ts'
import { Ledger } from '../server/ledger/ledger.ts'
import { bet, win } from '../server/ledger/wallet.ts'
import { cliArgs } from './cli-args.ts'

const CONCURRENCY = [1, 4, 16, 32]
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const { positionals } = cliArgs({ allowPositionals: true }, 'usage: npm run bench:ledger [-- <postgres url>]')
if (positionals.length > 1) {
  console.error('usage: npm run bench:ledger [-- <postgres url>]')
  process.exit(2)
}
const pgUrl = positionals[0] ?? process.env.BENCH_DATABASE_URL

interface Figure {
  tps: number
  p99: number
}

async function benchLedger(db: Db, concurrency: number): Promise<Figure> {
  const accounts = new AccountDirectory(db.kysely)
  await accounts.ensureHouseAccounts(Date.now())
  const ledger = new Ledger({ db: db.kysely, engine: db.engine, sqlite: db.sqlite, accounts, now: () => Date.now() })
  await sql`create table if not exists bench_rounds (id text primary key, player_id bigint not null, bet bigint not null, win bigint not null, created_at bigint not null)`.execute(
    db.kysely,
  )
  // One player per worker, as real spins come from different players.
  const players: number[] = []
  for (let i = 0; i < concurrency; i++) {
    const playerId = await createDevicePlayer(db.kysely, Date.now())
    players.push(playerId)
    await ledger.transfer({
      id: `bench-fund-${playerId}`,
      debit: { house: 'adjustments' },
      credit: { player: playerId, code: 'cash' },
      amount: 1_000_000_000,
      kind: 'adjustment',
    })
  }
  const latencies: number[] = []
  const deadline = performance.now() + SECONDS * 1000
  const run = randomBytes(4).toString('hex')
  let n = 0
  await Promise.all(
    players.map(async (playerId) => {
      while (performance.now() < deadline) {
        const id = `${run}-${n++}`
        const started = performance.now()
        await ledger.transact(async (tx) => {
          await bet(tx, { playerId, transactionId: `b${id}`, roundId: id, amount: 100 })
          await win(tx, { playerId, transactionId: `w${id}`, roundId: id, amount: 50 })
          await tx.trx
            .insertInto('bench_rounds' as never)
            .values({ id, player_id: playerId, bet: 100, win: 50, created_at: Date.now() } as never)
            .execute()
        })
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { tps: latencies.length / SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 }
}

function pgbench(url: string, args: string[]): number {
  const out = execFileSync('pgbench', [...args, url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)
  if (!match) throw new Error(`could not read pgbench output:\n${out}`)
  return Number(match[1])
}

// The same statements, in the same order, as one spin through the ledger (bet + win + round):
// lock the player's accounts, look up the bet id, one conditional two-account update and a
// transfer row per money movement, the wallet rows, the wagering look-ups, the round row, and
// the outbox row with its NOTIFY. House accounts are ids 1–6 (game = 3); player p's cash
// account is 7 + 3·(p − 1).
const spinScript = `\\set p random(1, 32)
\\set cash 7 + 3 * (:p - 1)
\\set bonus :cash + 1
BEGIN;
SELECT code, balance FROM ledger_accounts WHERE id IN (:cash, :bonus) ORDER BY id FOR UPDATE;
SELECT * FROM wallet_bets WHERE transaction_id = md5(random()::text);
UPDATE ledger_accounts SET balance = balance + CASE WHEN id = :cash THEN CAST(-100 AS bigint) ELSE CAST(100 AS bigint) END WHERE id IN (:cash, 3) AND (id <> :cash OR player_id IS NULL OR balance >= 100) RETURNING id, balance, player_id;
INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference, resolves_id, debit_balance_after, credit_balance_after, created_at) VALUES (md5(random()::text), :cash, 3, 100, 'bet', 'round:r', NULL, 0, 0, 0) RETURNING seq;
INSERT INTO wallet_bets (transaction_id, player_id, round_id, amount, cash_part, bonus_part, state, win_transaction_id, win_amount, created_at) VALUES (md5(random()::text), :p, md5(random()::text), 100, 100, 0, 'placed', NULL, NULL, 0);
SELECT * FROM bonus_wagering WHERE player_id = :p;
SELECT * FROM wallet_bets WHERE player_id = :p AND round_id = 'r' ORDER BY created_at DESC LIMIT 1;
UPDATE ledger_accounts SET balance = balance + CASE WHEN id = 3 THEN CAST(-50 AS bigint) ELSE CAST(50 AS bigint) END WHERE id IN (3, :cash) AND (id <> 3 OR player_id IS NULL OR balance >= 50) RETURNING id, balance, player_id;
INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference, resolves_id, debit_balance_after, credit_balance_after, created_at) VALUES (md5(random()::text), 3, :cash, 50, 'win', 'round:r', NULL, 0, 0, 0) RETURNING seq;
UPDATE wallet_bets SET win_transaction_id = md5(random()::text), win_amount = 50 WHERE transaction_id = 'none';
SELECT * FROM bonus_wagering WHERE player_id = :p;
INSERT INTO bench_rounds (id, player_id, bet, win, created_at) VALUES (md5(random()::text), :p, 100, 50, 0);
WITH inserted AS (INSERT INTO outbox (topic, player_id, payload, created_at) VALUES ('balance', :p, '{}', 0) RETURNING id) SELECT pg_notify('outbox', '') FROM (SELECT 1) one WHERE EXISTS (SELECT 1 FROM inserted);
COMMIT;
`

const fmt = (n: number) => n.toFixed(0).padStart(7)
const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10)

console.log(
  `Spin-shaped transactions (bet + win + round row), ${SECONDS} s per run, ${process.versions.node} on ${navigator.hardwareConcurrency} cores\n`,
)
console.log('SQLite (node:sqlite, WAL, synchronous=FULL, BEGIN IMMEDIATE)')
console.log('  clients      tx/s    p99')
for (const c of CONCURRENCY) {
  const dir = mkdtempSync(path.join(tmpdir(), 'jl-bench-'))
  const db = openDatabase({ dataDir: dir })
  await migrateToLatest(db)
  const figure = await benchLedger(db, c)
  await db.close()
  rmSync(dir, { recursive: true, force: true })
  console.log(`  ${String(c).padStart(7)}  ${fmt(figure.tps)} ${ms(figure.p99)}`)
}

if (pgUrl) {
  console.log('\nPostgreSQL (pg pool = clients) vs pgbench on the same server, same clients, 2 threads')
  console.log('  clients   ledger tx/s      p99   pgbench same-shape   ratio   pgbench TPC-B   ratio')
  for (const c of CONCURRENCY) {
    const figure = await withTemporaryDatabase(pgUrl, 'jl_bench', async (url) => {
      const db = openDatabase({ url, poolSize: c })
      await migrateToLatest(db)
      const result = await benchLedger(db, c)
      await db.close()
      return result
    })
    const sameShape = await withTemporaryDatabase(pgUrl, 'jl_bench', async (url) => {
      const db = openDatabase({ url })
      await migrateToLatest(db)
      const accounts = new AccountDirectory(db.kysely)
      await accounts.ensureHouseAccounts(Date.now())
      await sql`create table bench_rounds (id text primary key, player_id bigint not null, bet bigint not null, win bigint not null, created_at bigint not null)`.execute(
        db.kysely,
      )
      for (let i = 0; i < 32; i++) {
        await createDevicePlayer(db.kysely, 0)
      }
      await sql`update ledger_accounts set balance = 1000000000 where player_id is not null and code = 'cash'`.execute(
        db.kysely,
      )
      await db.close()
      const script = path.join(tmpdir(), `jl-spin-${randomBytes(3).toString('hex')}.sql`)
      writeFileSync(script, spinScript)
      try {
        return pgbench(url, ['-n', '-f', script, '-c', String(c), '-j', String(Math.min(c, 2)), '-T', String(SECONDS)])
      } finally {
        rmSync(script, { force: true })
      }
    })
    const tpcb = await withTemporaryDatabase(pgUrl, 'jl_bench', async (url) => {
      execFileSync('pgbench', ['-i', '-q', '-s', '1', url], { stdio: 'ignore' })
      return pgbench(url, ['-n', '-c', String(c), '-j', String(Math.min(c, 2)), '-T', String(SECONDS)])
    })
    console.log(
      `  ${String(c).padStart(7)}   ${fmt(figure.tps)}   ${ms(figure.p99)}   ${fmt(sameShape)}            ${(figure.tps / sameShape).toFixed(2)}   ${fmt(tpcb)}         ${(figure.tps / tpcb).toFixed(2)}`,
    )
  }
}
