// Spin benchmark: the real spin path over HTTP (server/main.ts as its own process: game-session
// token, session touch, seeds, jackpot share, wallet, round row, outbox) at 1/16/32/64 clients,
// next to two floors measured in the same run: the spin floor — a bare `node:http` server doing
// a plain spin's work on a database the app made with nothing in between (SQLite: the spin's
// prepared statements, group-committed; PostgreSQL: one call of the ledger's `ledger_spin` on a
// pool as large as the server's) — and the 2-row floor, one durable transaction per request
// (SQLite: WAL, synchronous=FULL, BEGIN IMMEDIATE, one UPDATE + one INSERT; PostgreSQL: the
// same on a pool as large as the server's). Prints spins/s, p50, p99
// and the ratio to each floor, with the CPU milliseconds each answered request cost the server's
// process and PostgreSQL (read from /proc) and the kilobytes it made the database write (SQLite:
// the process's writes to storage; PostgreSQL: write-ahead log). The app runs as in production,
// its harm watch on at production's pace (BENCH_HARM_POLL_MS to change it); the same app on
// databases of their own, its watch polling every second and off, takes its turns in the same
// rounds, so the markers' cost to the spin is printed too. PostgreSQL runs when
// TEST_DATABASE_URL is set.
//
//   npm run bench:spin                       # BENCH_SECONDS=6 of each kind, in BENCH_ROUNDS=3 turns
//                                            # (BENCH_GOAL_ROUNDS=10 turns of that length at 32 clients)
//   BENCH_CLIENTS=1,32 BENCH_ENGINES=postgres npm run bench:spin
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:spin
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer, type ServerResponse } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import pg from 'pg'
import { findGame } from '../contract/games/catalog.ts'
import type { GameDef } from '../contract/games/engine.ts'
import { spinOutcome } from '../contract/games/fair.ts'
import { jackpotContribution, jackpotRule } from '../contract/games/jackpot.ts'
import { REALITY_CHECK_DEFAULT_MINUTES } from '../contract/limit-values.ts'
import type { Database } from '../server/db/schema.ts'
import {
  type DirectSqlite,
  type DirectStatement,
  NodeSqliteDatabase,
  type SqliteTime,
  type SqliteValue,
} from '../server/db/sqlite-dialect.ts'
import { createTemporaryDatabase } from '../server/db/temporary-database.ts'
import { spinStatements } from '../server/games/direct-spin.ts'
import { PLAY_BREAK_MS } from '../server/games/play-limits.ts'
import { balanceView, newRoundId, roundRow, roundView } from '../server/games/round-views.ts'
import { hmacSha256 } from '../server/games/seeds.ts'
import { sessionOf } from '../server/games/sessions.ts'
import { messageFor } from '../server/i18n/messages.ts'
import { loadLanguagePacks } from '../server/i18n/packs.ts'
import { ledgerSql } from '../server/ledger/direct.ts'
import { type FunctionSpin, type SpinFunctionAnswer, spinFunctionQuery } from '../server/ledger/spin-function.ts'
import { localDate, periodStart, periodStartDate } from '../server/lib/periods.ts'
import { sha256Hex } from '../server/lib/secrets.ts'
import { newOutboxRows } from '../server/push/hub.ts'
import { outboxRowSql } from '../server/push/outbox.ts'
import { OPS_TOKEN, startServer } from '../tests/chaos/server-process.ts'
import { newSpinPlayer, postJson, type SpinPlayer } from '../tests/chaos/spin-player.ts'
import { cliArgs } from './cli-args.ts'
import { scrapeMetrics } from './server-metrics.ts'

const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,16,32,64').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
/** Each kind's seconds are split into this many rounds, the kinds taking turns. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/**
 * Turns of the same length at the goals' client count: one turn's ratio moves by ±0.2 on a shared
 * 2-core host, so three cannot settle a 0.8 budget; the verdict rests on ten.
 */
const GOAL_ROUNDS = Math.max(ROUNDS, Number(process.env.BENCH_GOAL_ROUNDS ?? 10))
/**
 * How long a turn's readings wait after its last request. A turn leaves work behind it — SQLite's
 * checkpointer copying the turn's WAL into the file (every 250 ms), PostgreSQL's WAL writer — which
 * would otherwise fall on the next turn, always the same one (the app's follows the spin floor's),
 * and be counted to neither: it is counted to the turn that made it, before the next one starts.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000)
const PORT = Number(process.env.BENCH_PORT ?? 9240)
/** The server's PostgreSQL pool (server/db/database.ts); the floor gets the same. */
const PG_POOL = 16
const FLOOR_ROWS = 1024
/** How often the app's harm watch runs during the bench (the markers' work beside the spin). */
/**
 * How often the app compared with the floors runs its harm watch: production's own setting
 * (HARM_POLL_MS's default, a minute) unless BENCH_HARM_POLL_MS names another — the floors do the
 * spin's work, and the app beside them does what it does in production.
 */
const APP_HARM_POLL_MS = process.env.BENCH_HARM_POLL_MS
/** The side turn that prices the markers: the watch every second, so its runs fall inside even a short turn. */
const WATCHFUL_HARM_POLL_MS = '1000'

// --- the floor: a child process running only this ---------------------------------------------

/** The floor's time inside SQLite, as the server's `jogolimpo_sqlite_seconds_total` counts it (it reads nothing). */
const floorSqliteSeconds: SqliteTime = { read: 0, write: 0, commit: 0 }

async function floorServer(engine: string, where: string, port: number) {
  let handle: (row: number) => Promise<void>
  if (engine === 'sqlite') {
    const db = new DatabaseSync(path.join(where, 'floor.sqlite'))
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = FULL')
    db.exec('create table accounts (id integer primary key, balance integer not null)')
    db.exec(
      'create table transfers (id integer primary key, account_id integer not null, amount integer not null, created_at integer not null)',
    )
    const fill = db.prepare('insert into accounts (id, balance) values (?, 0)')
    for (let i = 0; i < FLOOR_ROWS; i++) fill.run(i)
    const begin = db.prepare('begin immediate')
    const update = db.prepare('update accounts set balance = balance + 1 where id = ?')
    const insert = db.prepare('insert into transfers (account_id, amount, created_at) values (?, 1, ?)')
    const commit = db.prepare('commit')
    handle = async (row) => {
      const started = performance.now()
      begin.run()
      update.run(row)
      insert.run(row, Date.now())
      const committing = performance.now()
      commit.run()
      const done = performance.now()
      floorSqliteSeconds.write += (committing - started) / 1000
      floorSqliteSeconds.commit += (done - committing) / 1000
    }
  } else {
    const pool = new pg.Pool({ connectionString: where, max: PG_POOL })
    await pool.query('create table accounts (id int primary key, balance bigint not null)')
    await pool.query(
      'create table transfers (id bigserial primary key, account_id int not null, amount bigint not null, created_at bigint not null)',
    )
    await pool.query(`insert into accounts select g, 0 from generate_series(0, ${FLOOR_ROWS - 1}) g`)
    handle = async (row) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query('update accounts set balance = balance + 1 where id = $1', [row])
        await client.query('insert into transfers (account_id, amount, created_at) values ($1, 1, $2)', [
          row,
          Date.now(),
        ])
        await client.query('commit')
      } finally {
        client.release()
      }
    }
  }
  let next = 0
  createServer((req, res) => {
    if (req.url === '/sqlite-seconds') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(floorSqliteSeconds))
      return
    }
    req.resume()
    req.on('end', () => {
      handle(next++ % FLOOR_ROWS).then(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
        (error: Error) => res.writeHead(500).end(error.message),
      )
    })
  }).listen(port, '127.0.0.1')
}

// --- the spin-shaped floor: a spin's work with nothing in between -----------------------------

/** The market's time zone the app runs with (its default), for the day rows and limit periods. */
const TIME_ZONE = 'America/Sao_Paulo'
const SESSION_EXPIRY_MS = 12 * 3600_000
const SEEN_WRITE_EVERY_MS = 10_000

/**
 * A bare `node:http` server doing exactly a plain spin's reads and rows on an SQLite database the
 * app made (a file of its own, its players made by the app, which then stops): the session's
 * look-up and lazy mark as seen, the balances, the requestId, the seed pair, the account gate, the
 * losses, the time played and the wagering row read; the outcome by `contract/games/fair.ts`; the
 * accounts moved, the transfer rows, the nonce, the bet row, the round, the day row and the pool's
 * sum written; each spin in its savepoint, the requests read meanwhile group-committed with their
 * outbox rows, the answers sent after the commit, and the new outbox rows read back as the push hub
 * reads them. The statements are the app's own — the spin's compiled from its Kysely queries
 * (server/games/direct-spin.ts), the hub's likewise, the ledger's texts (server/ledger/direct.ts) —
 * prepared on the app's own kind of writer connection (its settings, cache and checkpointer); no
 * framework, no checks beyond what the statements need: what a spin costs here is the least the
 * app's could. The bench checks that it wrote as many bytes and spent as long inside SQLite as the
 * app, spin for spin (`sameWork`).
 */
/** A Kysely that only compiles, as the app's SQLite dialect does: the spin's statements' texts. */
function sqliteCompiler(): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
}

/** The app's language packs' version, which every answer's envelope carries. */
const languageVersion = loadLanguagePacks(path.join(import.meta.dirname, '..', 'locales')).version

/**
 * A plain spin's answer as the app gives it: the round as the player sees it (`roundView`), the
 * balance, the seed pair, the pool, in the envelope with its message and language version — the
 * floors answer with the app's bytes, not a shorter reply.
 */
function spinAnswer(
  row: Database['game_rounds'],
  balance: { cash: number; bonus: number },
  seed: { server_seed_hash: string; client_seed: string },
  jackpotPool: number,
): string {
  return JSON.stringify({
    success: true,
    msgCode: 'success',
    msg: messageFor('success', 'pt-BR'),
    data: {
      round: roundView(row, null),
      replayed: false,
      balance: balanceView(balance),
      seed: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nextNonce: Number(row.nonce) + 1 },
      jackpotPool,
    },
    languageVersion,
  })
}

/** The spin floor's time inside SQLite, counted as the app counts its own (`NodeSqliteDatabase`). */
const spinFloorSeconds: SqliteTime = { read: 0, write: 0, commit: 0 }

function spinFloorServer(file: string, port: number) {
  // The app's own writer connection (its pragmas, page cache and checkpoints off the event loop)
  // and its own timed statements, used bare: a floor on other settings would do other work per
  // spin, and one timed otherwise would not count its time inside SQLite as the app's is counted.
  const connection = new NodeSqliteDatabase(file, spinFloorSeconds)
  const db = connection.raw
  // The app's own statements: the spin's (compiled from its Kysely queries, direct-spin.ts) and
  // the ledger's (direct.ts), the same texts the app's plain path prepares.
  const direct: DirectSqlite = { prepare: (text) => connection.prepareDirect(text) }
  const p = (text: string) => connection.prepareDirect(text)
  const game$ = spinStatements(sqliteCompiler(), direct, TIME_ZONE)
  const q = game$.queries
  const st = {
    begin: p('begin immediate'),
    commit: p('commit'),
    rollback: p('rollback'),
    savepoint: p('savepoint spin'),
    release: p('release spin'),
    undo: p('rollback to spin'),
    house: p("select id, code from ledger_accounts where player_id is null and code in ('game', 'jackpot_pool')"),
    accounts: direct.prepare(ledgerSql.accountsOf),
    lock: direct.prepare(ledgerSql.lock),
    wagering: direct.prepare(ledgerSql.wagering),
    move: direct.prepare(ledgerSql.move),
    transfers: [2, 3].map((n) => p(ledgerSql.transfers(n))),
    bet: direct.prepare(ledgerSql.betRow),
    pool: direct.prepare(ledgerSql.sum(1)),
    outbox: p(outboxRowSql),
  }
  // The push hub's read after each commit (server/push/hub.ts), the same text: the app reads back
  // every outbox row its spins write, to send each player's balance.
  const delivered = newOutboxRows(sqliteCompiler(), 0).compile()
  const outboxRead = p(delivered.sql)
  const outboxBatch = Number(delivered.parameters.at(-1))
  let outboxCursor = Number((p('select coalesce(max(id), 0) as id from outbox').get() as { id: number }).id)
  const house = new Map((st.house.all() as { id: number; code: string }[]).map((row) => [row.code, row.id]))
  const gameHouse = house.get('game') as number
  const poolHouse = house.get('jackpot_pool') as number
  const accountsOf = new Map<number, { cash: number; bonus: number }>()

  const spin = (token: string, bet: number, requestId: string, now: number) => {
    const hash = sha256Hex(token)
    const session = sessionOf(game$.session.all(...q.session.parameters(hash, now)))
    if (!session) throw new Error('game_session_closed')
    game$.seen.all(...q.seen.parameters(hash, now))
    const game = findGame(session.gameId) as GameDef
    const { playerId } = session
    let ids = accountsOf.get(playerId)
    if (!ids) {
      const rows = st.accounts.all(playerId) as { id: number; code: string }[]
      ids = {
        cash: rows.find((r) => r.code === 'cash')?.id as number,
        bonus: rows.find((r) => r.code === 'bonus')?.id as number,
      }
      accountsOf.set(playerId, ids)
    }
    const balances = st.lock.all(ids.cash, ids.bonus) as { id: number; balance: number }[]
    const cash = balances.find((r) => r.id === ids.cash)?.balance as number
    const bonus = balances.find((r) => r.id === ids.bonus)?.balance as number
    if (game$.found.get(...q.found.parameters(playerId, requestId))) throw new Error('replay')
    const seed = game$.seed.get(...q.seed.parameters(playerId)) as unknown as {
      id: number
      server_seed: string
      server_seed_hash: string
      client_seed: string
      next_nonce: number
    }
    game$.gate.all(...q.gate.parameters(playerId))
    game$.losses.all(...q.losses.parameters(playerId, now))
    game$.sessions.all(...q.sessions.parameters(playerId, now))
    st.wagering.get(playerId)
    const nonce = seed.next_nonce
    const outcome = spinOutcome(
      game,
      bet,
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
      hmacSha256,
    )
    const share = jackpotContribution(jackpotRule, bet)
    const roundId = newRoundId()
    const win = outcome.win
    // Each account once, by its net move, in id order; then the transfer rows with their balances after.
    const moves = new Map<number, number>([
      [ids.cash, win - bet],
      [gameHouse, bet - share - win],
      [poolHouse, share],
    ])
    const after = new Map<number, number>()
    for (const id of [...moves.keys()].sort((a, b) => a - b)) {
      after.set(id, (st.move.get(moves.get(id) as number, id) as { balance: number }).balance)
    }
    const at = (id: number) => after.get(id) as number
    const reference = `round:${roundId}`
    const rows: SqliteValue[] = [
      `bet:${roundId}:bet:cash`,
      ids.cash,
      gameHouse,
      bet,
      'bet',
      reference,
      null,
      at(ids.cash) - win,
      at(gameHouse) + share + win,
      now,
      `jackpot:share:${roundId}`,
      gameHouse,
      poolHouse,
      share,
      'jackpot_share',
      reference,
      null,
      at(gameHouse) + win,
      at(poolHouse),
      now,
    ]
    if (win > 0)
      rows.push(
        `win:${roundId}:win:cash`,
        gameHouse,
        ids.cash,
        win,
        'win',
        reference,
        null,
        at(gameHouse),
        at(ids.cash),
        now,
      )
    ;(st.transfers[win > 0 ? 1 : 0] as DirectStatement).run(...rows)
    if (game$.nonce.run(...q.nonce.parameters(seed.id, nonce)) !== 1) throw new Error('nonce moved')
    st.bet.run(`${roundId}:bet`, playerId, roundId, bet, bet, 0, 'placed', `${roundId}:win`, win, now)
    const before = cash + bonus
    const round = roundRow({
      id: roundId,
      playerId,
      sessionId: session.id,
      requestId,
      game,
      bet,
      stops: JSON.stringify(outcome.stops),
      freeSpins: JSON.stringify(outcome.freeSpins.map((one) => one.stops)),
      win,
      jackpotWin: 0,
      contribution: share,
      before,
      seedId: seed.id,
      seed,
      nonce,
      now,
    })
    game$.round.run(...q.round.parameters(round))
    game$.day.run(...q.day.parameters({ playerId, gameId: game.id, createdAt: now, bet, paid: win }))
    const pool = Number((st.pool.get(poolHouse) as { total: number }).total)
    return { playerId, body: spinAnswer(round, { cash: cash - bet + win, bonus }, seed, pool) }
  }

  type Waiting = { token: string; bet: number; requestId: string; res: ServerResponse }
  let queue: Waiting[] = []
  let draining = false
  const drain = () => {
    const group = queue
    queue = []
    const now = Date.now()
    const answers: { res: ServerResponse; status: number; body: string }[] = []
    const players = new Set<number>()
    try {
      st.begin.run()
      for (const one of group) {
        st.savepoint.run()
        try {
          const done = spin(one.token, one.bet, one.requestId, now)
          st.release.run()
          players.add(done.playerId)
          answers.push({ res: one.res, status: 200, body: done.body })
        } catch (error) {
          st.undo.run()
          st.release.run()
          answers.push({ res: one.res, status: 200, body: JSON.stringify({ success: false, msgCode: String(error) }) })
        }
      }
      for (const player of players) st.outbox.run('balance', player, '{}', now)
      if (players.size > 0) st.outbox.run('jackpot', null, '{}', now)
      st.commit.run()
      for (;;) {
        const rows = outboxRead.all(outboxCursor, outboxBatch)
        if (rows.length === 0) break
        outboxCursor = Number(rows.at(-1)?.id)
        if (rows.length < outboxBatch) break
      }
    } catch (error) {
      if (db.isTransaction) st.rollback.run()
      for (const answer of answers) Object.assign(answer, { status: 500, body: String(error) })
    }
    for (const { res, status, body } of answers) res.writeHead(status, { 'content-type': 'application/json' }).end(body)
    if (queue.length > 0) setImmediate(drain)
    else draining = false
  }
  createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (req.url === '/sqlite-seconds') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spinFloorSeconds))
        return
      }
      if (req.url !== '/api/game/spin') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}')
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { bet: number; requestId: string }
      queue.push({ token: String(req.headers['game-session']), bet: body.bet, requestId: body.requestId, res })
      if (!draining) {
        draining = true
        setImmediate(drain)
      }
    })
  }).listen(port, '127.0.0.1')
}

// --- the PostgreSQL spin floor: the same one-statement spin with nothing in between -------------

/**
 * A bare `node:http` server spinning on a PostgreSQL database the app made (its players made by
 * the app, which then stops) exactly as the app's plain spin does, on a pool as large as the
 * app's: the outcome drawn by `contract/games/fair.ts` from the seed pair it last saw, then one
 * call of the ledger's function `ledger_spin` (the same statement, spin-function.ts), which
 * checks and writes everything; the answer after it returns. A player's session, accounts and
 * seed pair are read once, at their first spin. No framework, no checks beyond the function's.
 */
async function pgSpinFloorServer(url: string, port: number) {
  const pool = new pg.Pool({ connectionString: url, max: PG_POOL })
  const { rows: house } = await pool.query<{ id: string; code: string }>(
    "select id, code from ledger_accounts where player_id is null and (code like 'game%' or code like 'jackpot_pool%')",
  )
  const shards = (code: string) =>
    house
      .filter((row) => row.code === code || row.code.startsWith(`${code}.`))
      .map((row) => ({ shard: row.code === code ? 0 : Number(row.code.split('.')[1]), id: Number(row.id) }))
      .sort((a, b) => a.shard - b.shard)
      .map((row) => row.id)
  const gameIds = shards('game')
  const poolIds = shards('jackpot_pool')
  type Known = {
    playerId: number
    sessionId: string
    game: GameDef
    cash: number
    bonus: number
    seed: { id: number; server_seed: string; server_seed_hash: string; client_seed: string; next_nonce: number }
  }
  const known = new Map<string, Known>()
  const readSeed = async (playerId: number) =>
    (
      await pool.query(
        'select id, server_seed, server_seed_hash, client_seed, next_nonce from fair_seeds where player_id = $1 and revealed_at is null',
        [playerId],
      )
    ).rows[0] as Known['seed']
  const learn = async (hash: string): Promise<Known> => {
    const session = (
      await pool.query<{ id: string; player_id: string; game_id: string }>(
        'select id, player_id, game_id from game_sessions where session_token_hash = $1',
        [hash],
      )
    ).rows[0]
    if (!session) throw new Error('game_session_closed')
    const playerId = Number(session.player_id)
    const accounts = (
      await pool.query<{ id: string; code: string }>('select id, code from ledger_accounts where player_id = $1', [
        playerId,
      ])
    ).rows
    const id = (code: string) => Number(accounts.find((row) => row.code === code)?.id)
    const one = {
      playerId,
      sessionId: session.id,
      game: findGame(session.game_id) as GameDef,
      cash: id('cash'),
      bonus: id('bonus'),
      seed: await readSeed(playerId),
    }
    known.set(hash, one)
    return one
  }

  const spin = async (token: string, bet: number, requestId: string) => {
    const now = Date.now()
    const hash = sha256Hex(token)
    const one = known.get(hash) ?? (await learn(hash))
    const { playerId, game, seed } = one
    const nonce = Number(seed.next_nonce)
    const outcome = spinOutcome(
      game,
      bet,
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
      hmacSha256,
    )
    const roundId = newRoundId()
    const contribution = jackpotContribution(jackpotRule, bet)
    const call: FunctionSpin = {
      tokenHash: hash,
      now,
      openAfter: now - SESSION_EXPIRY_MS,
      seenBefore: now - SEEN_WRITE_EVERY_MS,
      playerId,
      sessionId: one.sessionId,
      gameId: game.id,
      gameVersion: game.version,
      cashId: one.cash,
      bonusId: one.bonus,
      houseId: gameIds[playerId % gameIds.length] as number,
      poolId: poolIds[playerId % poolIds.length] as number,
      poolIds,
      requestId,
      seedId: Number(seed.id),
      nonce,
      serverSeedHash: seed.server_seed_hash,
      clientSeed: seed.client_seed,
      roundId,
      bet,
      stops: JSON.stringify(outcome.stops),
      freeSpins: JSON.stringify(outcome.freeSpins.map((free) => free.stops)),
      win: outcome.win,
      contribution,
      day: localDate(now, TIME_ZONE),
      lossFrom: {
        day: periodStartDate('day', now, TIME_ZONE),
        week: periodStartDate('week', now, TIME_ZONE),
        month: periodStartDate('month', now, TIME_ZONE),
      },
      playedSince: Math.min(periodStart('day', now, TIME_ZONE), now - 24 * 3600_000),
      dayStart: periodStart('day', now, TIME_ZONE),
      realityCheckMinutes: REALITY_CHECK_DEFAULT_MINUTES,
      playBreakMs: PLAY_BREAK_MS,
    }
    const { text, values } = spinFunctionQuery(call)
    // Prepared once per connection, as the app's statements are (server/db/database.ts).
    const row = (await pool.query<SpinFunctionAnswer>({ name: 'ledger_spin', text, values })).rows[0]
    if (row?.outcome !== 'done') {
      // Read again for the next spin; this one is counted as failed.
      seed.next_nonce = Number((await readSeed(playerId)).next_nonce)
      throw new Error(`handed back: ${row?.outcome}`)
    }
    seed.next_nonce = nonce + 1
    const before = Number(row.balance_before)
    const round = roundRow({
      id: roundId,
      playerId,
      sessionId: one.sessionId,
      requestId,
      game,
      bet,
      stops: call.stops,
      freeSpins: call.freeSpins,
      win: outcome.win,
      jackpotWin: 0,
      contribution,
      before,
      seedId: Number(seed.id),
      seed,
      nonce,
      now,
    })
    return spinAnswer(round, { cash: Number(row.cash), bonus: Number(row.bonus) }, seed, Number(row.pool))
  }

  createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (req.url !== '/api/game/spin') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}')
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { bet: number; requestId: string }
      spin(String(req.headers['game-session']), body.bet, body.requestId).then(
        (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer),
        (error: Error) =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ success: false, msgCode: error.message })),
      )
    })
  }).listen(port, '127.0.0.1')
}

// --- CPU by process (Linux /proc): where a spin's cost goes, next to the floor's ----------------

/** CPU ticks (user + system) used so far by each of these processes and each PostgreSQL backend. */
function cpuTicks(pids: number[]): { app: Map<string, number>; db: Map<string, number> } {
  const ticks = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return Number(fields[11]) + Number(fields[12])
    } catch {
      return 0
    }
  }
  const app = new Map(pids.map((pid) => [String(pid), ticks(String(pid))]))
  const db = new Map<string, number>()
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') db.set(pid, ticks(pid))
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc: figures print as 0
  }
  return { app, db }
}

/**
 * CPU seconds used between two readings, process by process: a process that exited meanwhile
 * (an autovacuum worker, a backend the pool closed) takes its ticks with it, so only processes
 * alive at the end count, from their first reading or from their start.
 */
function cpuSecondsBetween(before: ReturnType<typeof cpuTicks>, after: ReturnType<typeof cpuTicks>) {
  const spent = (b: Map<string, number>, a: Map<string, number>) => {
    let sum = 0
    for (const [pid, ticks] of a) sum += Math.max(0, ticks - (b.get(pid) ?? 0))
    // Linux reports CPU time in ticks of 1/100 s (USER_HZ).
    return sum / 100
  }
  return { app: spent(before.app, after.app), db: spent(before.db, after.db) }
}

// --- bytes written: how much a request makes the database write, next to the floor's ----------

/**
 * Bytes the database has written so far for this workload. PostgreSQL (a WAL reader given): the
 * write-ahead log's position, which every row and index entry a transaction writes moves.
 * SQLite: what the process sent to storage (`write_bytes` in /proc/<pid>/io, counted when a page
 * is dirtied: the WAL and the checkpoints).
 */
async function bytesWritten(pid: number, walReader: pg.Pool | null): Promise<number> {
  if (walReader) {
    const { rows } = await walReader.query<{ at: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as at`,
    )
    return Number(rows[0]?.at ?? 0)
  }
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8')
    return Number(/^write_bytes: (\d+)$/m.exec(io)?.[1] ?? 0)
  } catch {
    return 0
  }
}

// --- time inside SQLite: the server's metrics, the floor's own count --------------------------

const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'

const sqliteTotal = (x: SqliteTime) => x.read + x.write + x.commit

/** The server's `jogolimpo_sqlite_seconds_total` by kind, from /metrics. */
async function serverSqliteSecondsFrom(base: string): Promise<SqliteTime> {
  const sample = await scrapeMetrics(base, METRICS_TOKEN)
  const of = (kind: string) => sample(`jogolimpo_sqlite_seconds_total{kind="${kind}"}`)
  return { read: of('read'), write: of('write'), commit: of('commit') }
}

/** The server's spins by path (`jogolimpo_sqlite_spin_path_total` / `jogolimpo_postgres_spin_path_total`): the plain one, or `LedgerTx`. */
async function serverSpinPathsFrom(base: string): Promise<{ plain: number; fellBack: number }> {
  const sample = await scrapeMetrics(base, METRICS_TOKEN)
  const of = (path: string) =>
    sample(`jogolimpo_sqlite_spin_path_total{path="${path}"}`) +
    sample(`jogolimpo_postgres_spin_path_total{path="${path}"}`)
  return { plain: of('direct') + of('function'), fellBack: of('fell_back') }
}

/** The harm watch's worker runs and the players they recomputed (`jogolimpo_harm_watch_total`), from /metrics. */
async function harmWatchFrom(base: string): Promise<{ runs: number; players: number }> {
  const sample = await scrapeMetrics(base, METRICS_TOKEN)
  return {
    runs: sample('jogolimpo_harm_watch_total{what="runs"}'),
    players: sample('jogolimpo_harm_watch_total{what="players"}'),
  }
}

async function floorSqliteSecondsFrom(base: string): Promise<SqliteTime> {
  return (await (await fetch(`${base}/sqlite-seconds`)).json()) as SqliteTime
}

// --- the load --------------------------------------------------------------------------------

interface Figure {
  perSecond: number
  p50: number
  p99: number
  failed: number
  /** CPU milliseconds per answered request: the server's process, and PostgreSQL's. */
  appCpuMs: number
  dbCpuMs: number
  /** Kilobytes the database wrote per answered request (see bytesWritten). */
  writtenKb: number
  /** SQLite: milliseconds of the event loop inside SQLite per answered request, by kind. */
  sqliteMs: SqliteTime
}

/** What a run reads before and after itself, besides the clock. */
interface Probes {
  pids: number[]
  written?: () => Promise<number>
  sqliteSeconds?: () => Promise<SqliteTime>
}

/** What runs of one kind measured, added up over the rounds (`figureOf` makes the figures). */
interface Sample {
  latencies: number[]
  failed: number
  seconds: number
  cpu: { app: number; db: number }
  bytes: number
  sqlite: SqliteTime
}

const newSample = (): Sample => ({
  latencies: [],
  failed: 0,
  seconds: 0,
  cpu: { app: 0, db: 0 },
  bytes: 0,
  sqlite: { read: 0, write: 0, commit: 0 },
})

/** Runs `one` from `clients` clients for `seconds`, adding what it measured to `into`. */
async function measure(
  clients: number,
  seconds: number,
  one: (client: number, n: number) => Promise<boolean>,
  probes: Probes = { pids: [] },
  into: Sample = newSample(),
  settleMs = 0,
): Promise<Sample> {
  const { pids } = probes
  const written = probes.written ?? (async () => 0)
  const sqliteSeconds = probes.sqliteSeconds ?? (async () => ({ read: 0, write: 0, commit: 0 }))
  const cpuBefore = cpuTicks(pids)
  const writtenBefore = await written()
  const sqliteBefore = await sqliteSeconds()
  let n = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const started = performance.now()
        const ok = await one(client, n++)
        if (ok) into.latencies.push(performance.now() - started)
        else into.failed++
      }
    }),
  )
  // The work the turn left behind (its checkpoints) is its own: read after it has run.
  await sleep(settleMs)
  const cpu = cpuSecondsBetween(cpuBefore, cpuTicks(pids))
  into.cpu.app += cpu.app
  into.cpu.db += cpu.db
  into.bytes += (await written()) - writtenBefore
  const sqliteAfter = await sqliteSeconds()
  into.sqlite.read += sqliteAfter.read - sqliteBefore.read
  into.sqlite.write += sqliteAfter.write - sqliteBefore.write
  into.sqlite.commit += sqliteAfter.commit - sqliteBefore.commit
  into.seconds += seconds
  return into
}

function figureOf(sample: Sample): Figure {
  const latencies = [...sample.latencies].sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0
  const per = (s: number) => (1000 * s) / Math.max(1, latencies.length)
  return {
    perSecond: latencies.length / Math.max(sample.seconds, 1e-9),
    p50: at(0.5),
    p99: at(0.99),
    failed: sample.failed,
    appCpuMs: per(sample.cpu.app),
    dbCpuMs: per(sample.cpu.db),
    writtenKb: sample.bytes / 1024 / Math.max(1, latencies.length),
    sqliteMs: { read: per(sample.sqlite.read), write: per(sample.sqlite.write), commit: per(sample.sqlite.commit) },
  }
}

async function load(
  clients: number,
  seconds: number,
  one: (client: number, n: number) => Promise<boolean>,
  probes: Probes = { pids: [] },
): Promise<Figure> {
  return figureOf(await measure(clients, seconds, one, probes))
}

async function startFloor(engine: string, where: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [import.meta.filename, '--floor', engine, where, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const agent = new Agent({ keepAlive: true })
  // As long as the app server is given (tests/chaos/server-process.ts): on a loaded host the
  // child's imports alone can take more than ten seconds.
  for (let i = 0; i < 600; i++) {
    try {
      await postJson(agent, `http://127.0.0.1:${port}`, '/', {})
      agent.destroy()
      return child
    } catch {
      await sleep(100)
    }
  }
  child.kill('SIGKILL')
  throw new Error('floor server did not start')
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

/** The concurrency the goals are stated at, and the goals. */
const GOAL_CLIENTS = 32
const GOALS = { ratio: 0.8, p99Ms: 100 }

function verdict(engine: 'sqlite' | 'postgres', s: Figure, f: Figure | undefined, two: Figure, turns: string): string {
  const checks: [string, boolean][] = []
  if (f) {
    const ratio = s.perSecond / f.perSecond
    checks.push([
      `ratio to the spin floor ${ratio.toFixed(2)} (turn by turn ${turns}) ≥ ${GOALS.ratio}`,
      ratio >= GOALS.ratio,
    ])
    const same = sameWork(engine, s, f)
    checks.push([same.text, same.met])
  } else checks.push(['no spin floor measured', false])
  checks.push([`p99 ${s.p99.toFixed(0)} ms ≤ ${GOALS.p99Ms}`, s.p99 <= GOALS.p99Ms])
  const said = checks.map(([text, met]) => `${text} ${met ? 'met' : 'NOT met'}`).join('; ')
  return `  goals at ${GOAL_CLIENTS} clients: ${said}\n${bound(engine, s, f ?? two)}`
}

/** How far the spin floor's work may stray from the app's: bytes written, time inside the database. */
const SAME_WORK = 0.05

/**
 * Whether the spin floor did the app's work, spin for spin: the bytes it made the database write
 * and its time inside the database (SQLite: inside its calls; PostgreSQL: the server's CPU) each
 * within ±5 % of the app's. A heavier floor would flatter the ratio, a lighter one shame it.
 */
function sameWork(engine: 'sqlite' | 'postgres', s: Figure, f: Figure): { text: string; met: boolean } {
  const inside = (x: Figure) => (engine === 'postgres' ? x.dbCpuMs : sqliteTotal(x.sqliteMs))
  const part = (name: string, app: number, floor: number, unit: string) => {
    const off = app > 0 ? floor / app - 1 : Number.POSITIVE_INFINITY
    const met = Math.abs(off) <= SAME_WORK
    const text = `${name} ${floor.toFixed(2)} ${unit} against the app's ${app.toFixed(2)} (${off >= 0 ? '+' : ''}${(100 * off).toFixed(1)} %)`
    return { text, met }
  }
  const bytes = part('written', s.writtenKb, f.writtenKb, 'KB')
  const time = part(engine === 'postgres' ? 'PostgreSQL CPU' : 'inside SQLite', inside(s), inside(f), 'ms')
  const kinds = (x: Figure) =>
    `${x.sqliteMs.read.toFixed(3)} + ${x.sqliteMs.write.toFixed(3)} + ${x.sqliteMs.commit.toFixed(3)}`
  const split =
    engine === 'sqlite' ? `; reads + writes + commit: the floor's ${kinds(f)} ms, the app's ${kinds(s)} ms` : ''
  return {
    text: `the floor's work per spin (${bytes.text}, ${time.text}${split}) within ±${100 * SAME_WORK} %`,
    met: bytes.met && time.met,
  }
}

/**
 * The most spins a second the database's own share of a spin allows, as measured in this run:
 * what the rest (HTTP, the app's checks, the bench's client) would have to cost for the goals —
 * nothing at all — to reach it. SQLite has one writer: a spin's writes and its share of the
 * group's commit run one after another whatever thread runs them. PostgreSQL: its CPU per spin
 * spread over every core.
 */
function bound(engine: 'sqlite' | 'postgres', s: Figure, f: Figure): string {
  const ratioAt = (perSecond: number) => (perSecond / f.perSecond).toFixed(2)
  if (engine === 'sqlite') {
    const held = s.sqliteMs.write + s.sqliteMs.commit
    const most = 1000 / Math.max(held, 1e-6)
    return (
      `  bound: a spin holds SQLite's one writer ${held.toFixed(2)} ms (writes ${s.sqliteMs.write.toFixed(2)} + commit ${s.sqliteMs.commit.toFixed(2)}; ` +
      `the spin floor's ${(f.sqliteMs.write + f.sqliteMs.commit).toFixed(2)}) → at most ${most.toFixed(0)} spins/s, ratio ${ratioAt(most)}, were all else free`
    )
  }
  const cores = navigator.hardwareConcurrency
  const most = (cores * 1000) / Math.max(s.dbCpuMs, 1e-6)
  return (
    `  bound: PostgreSQL spends ${s.dbCpuMs.toFixed(2)} ms of CPU on a spin (the floor's request ${f.dbCpuMs.toFixed(2)}) on ${cores} cores → ` +
    `at most ${most.toFixed(0)} spins/s, ratio ${ratioAt(most)}, were the server and the client free`
  )
}

const load1 = () => loadavg()[0]?.toFixed(2) ?? '?'

async function startSpinFloor(where: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [import.meta.filename, '--spin-floor', where, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`, { method: 'POST' })).ok) return child
    } catch {
      await sleep(100)
    }
  }
  child.kill('SIGKILL')
  throw new Error('spin floor did not start')
}

interface SideApp {
  server: ChildProcess
  base: string
  /** Its database: SQLite's file, or PostgreSQL's URL. */
  where: string
  remove(): Promise<void>
}

/** The app on a database of its own, its harm watch polling every `harmPollMs` ms (0: off). */
async function sideApp(
  engine: 'sqlite' | 'postgres',
  kind: string,
  harmPollMs: string,
  port: number,
): Promise<SideApp> {
  const dir = mkdtempSync(path.join(tmpdir(), `jl-bench-spin-${kind}-`))
  const db =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, `jl_${kind}`)
  const server = await startServer(
    { ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dir }), METRICS_TOKEN, HARM_POLL_MS: harmPollMs },
    port,
  )
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    where: db ? db.url : path.join(dir, 'jogo-limpo.sqlite'),
    remove: async () => {
      await stop(server)
      await db?.drop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'jl-bench-spin-'))
  const app =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_bench')
  const floorDb =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_floor')
  // The app as production runs it: its harm watch on, at production's pace (APP_HARM_POLL_MS).
  const server = await startServer(
    {
      ...(app ? { DATABASE_URL: app.url } : { DATA_DIR: dir }),
      METRICS_TOKEN,
      ...(APP_HARM_POLL_MS ? { HARM_POLL_MS: APP_HARM_POLL_MS } : {}),
    },
    PORT,
  )
  // The markers' cost to the spin, measured in the same rounds: the same app, each on a database
  // of its own, with its harm watch polling every second (watchful) and with it off (quiet).
  const watchful = await sideApp(engine, 'watchful', WATCHFUL_HARM_POLL_MS, PORT + 4)
  const quiet = await sideApp(engine, 'noharm', '0', PORT + 3)
  // The spin floor's database: made by the same app (its players, sessions and seeds), which
  // stops once they exist. A file shared with the app would make each pay for the other's
  // spins: SQLite drops a connection's page cache whenever another process has written, and
  // each process's checkpointer copies whatever the WAL holds, the other's spins included.
  const floorHome = await sideApp(engine, 'spinfloor', '0', PORT + 5)
  const floor = await startFloor(engine, floorDb ? floorDb.url : dir, PORT + 1)
  // PostgreSQL's WAL position is the cluster's; any connection reads it.
  const walReader = app ? new pg.Pool({ connectionString: app.url, max: 1 }) : null
  const writtenBy = (pid: number) => () => bytesWritten(pid, walReader)
  const maxClients = Math.max(...CLIENTS)
  const agent = new Agent({ keepAlive: true, maxSockets: maxClients })
  const base = `http://127.0.0.1:${PORT}`
  const floorBase = `http://127.0.0.1:${PORT + 1}`
  const spinFloorBase = `http://127.0.0.1:${PORT + 2}`
  const quietBase = quiet.base
  const watchfulBase = watchful.base
  let spinFloor: ChildProcess | undefined
  try {
    // The app's players, and the spin floor's on its own database.
    const players: SpinPlayer[] = []
    const floorPlayers: SpinPlayer[] = []
    for (let i = 0; i < maxClients; i++) players.push(await newSpinPlayer(agent, base, OPS_TOKEN, 100_000_000))
    for (let i = 0; i < maxClients; i++)
      floorPlayers.push(await newSpinPlayer(agent, floorHome.base, OPS_TOKEN, 100_000_000))
    await stop(floorHome.server)
    const quietPlayers: SpinPlayer[] = []
    const watchfulPlayers: SpinPlayer[] = []
    for (let i = 0; i < maxClients; i++) {
      quietPlayers.push(await newSpinPlayer(agent, quietBase, OPS_TOKEN, 100_000_000))
      watchfulPlayers.push(await newSpinPlayer(agent, watchfulBase, OPS_TOKEN, 100_000_000))
    }
    spinFloor = await startSpinFloor(floorHome.where, PORT + 2)
    // Every spin of the run has its own requestId (warm-up included): no replay is counted.
    const run = `${process.pid}-${Date.now().toString(36)}`
    let sent = 0
    const requestId = () => `${run}-${sent++}`
    const refused = (reply: { success: boolean; msgCode?: string }) => {
      if (!reply.success) console.error(`  refused: ${reply.msgCode}`)
      return reply.success
    }
    const spin = async (client: number) => refused(await (players[client] as SpinPlayer).spin(100, requestId()))
    const quietSpin = async (client: number) =>
      refused(await (quietPlayers[client] as SpinPlayer).spin(100, requestId()))
    const watchfulSpin = async (client: number) =>
      refused(await (watchfulPlayers[client] as SpinPlayer).spin(100, requestId()))
    const floorSpin = async (client: number) => {
      const player = floorPlayers[client] as SpinPlayer
      const reply = await postJson(
        agent,
        spinFloorBase,
        '/api/game/spin',
        { bet: 100, requestId: requestId() },
        { 'game-session': player.sessionToken },
      )
      return refused(reply.body as { success: boolean; msgCode?: string })
    }
    const bare = async () => ((await postJson(agent, floorBase, '/', {})).body as { success: boolean }).success
    // Warm all up (JIT, caches, the SQLite page cache) before measuring.
    await load(Math.min(8, maxClients), 1, bare)
    // Every player spins in the warm-up: the spin floors and the app on PostgreSQL learn each
    // player's session and seed pair at their first spin.
    if (spinFloor) await load(maxClients, 1, floorSpin)
    await load(maxClients, 1, spin)
    await load(maxClients, 1, quietSpin)
    await load(maxClients, 1, watchfulSpin)
    console.log(
      `\n${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: the app's spin over HTTP, the spin floor and the 2-row floor, taking turns (load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')})`,
    )
    const columns = `p50      p99  app cpu ${engine === 'postgres' ? ' db cpu' : ' sqlite'}    KB`
    console.log(`  clients  what               /s      ${columns}  app ÷ this  load`)
    let atGoal: { s: Figure; f: Figure | undefined; two: Figure; turns: string } | undefined
    let harmCost: number | undefined
    const harmBefore = await harmWatchFrom(watchfulBase)
    const appHarmBefore = await harmWatchFrom(base)
    const db = (x: Figure) => (engine === 'postgres' ? x.dbCpuMs : sqliteTotal(x.sqliteMs))
    const cpu = (x: Figure) =>
      `${x.appCpuMs.toFixed(2).padStart(8)}${db(x).toFixed(2).padStart(7)}${x.writtenKb.toFixed(1).padStart(6)}`
    const cell = (x: Figure) =>
      `${x.perSecond.toFixed(0).padStart(7)} ${x.p50.toFixed(1).padStart(6)}ms ${x.p99.toFixed(1).padStart(6)}ms ${cpu(x)}`
    for (const clients of CLIENTS) {
      // The app and its floors take turns in short rounds, so a change of the machine's load
      // meanwhile falls on each of them alike.
      const floorProbes: Probes | undefined = spinFloor && {
        pids: [spinFloor.pid as number],
        written: writtenBy(spinFloor.pid as number),
        ...(engine === 'sqlite' ? { sqliteSeconds: () => floorSqliteSecondsFrom(spinFloorBase) } : {}),
      }
      const appProbes: Probes = {
        pids: [server.pid as number],
        written: writtenBy(server.pid as number),
        ...(engine === 'sqlite' ? { sqliteSeconds: () => serverSqliteSecondsFrom(base) } : {}),
      }
      const twoProbes: Probes = {
        pids: [floor.pid as number],
        written: writtenBy(floor.pid as number),
        ...(engine === 'sqlite' ? { sqliteSeconds: () => floorSqliteSecondsFrom(floorBase) } : {}),
      }
      const pathsBefore = await serverSpinPathsFrom(base)
      const sideProbes = (side: SideApp): Probes => ({
        pids: [side.server.pid as number],
        written: writtenBy(side.server.pid as number),
        ...(engine === 'sqlite' ? { sqliteSeconds: () => serverSqliteSecondsFrom(side.base) } : {}),
      })
      const quietProbes = sideProbes(quiet)
      const watchfulProbes = sideProbes(watchful)
      const samples = { f: newSample(), s: newSample(), two: newSample(), q: newSample(), w: newSample() }
      // Each turn's answered spins, for the ratios turn by turn: how far one run's ratio can be trusted.
      const answered = new Map<Sample, number[]>()
      const turn = async (kind: (client: number) => Promise<boolean>, probes: Probes, into: Sample) => {
        const before = into.latencies.length
        await measure(clients, SECONDS / ROUNDS, kind, probes, into, SETTLE_MS)
        answered.set(into, [...(answered.get(into) ?? []), into.latencies.length - before])
      }
      const byTurn = (over: Sample) => {
        const app = answered.get(samples.s) ?? []
        const other = answered.get(over) ?? []
        return app.map((n, i) => (n / Math.max(1, other[i] ?? 0)).toFixed(2)).join(', ')
      }
      await sleep(SETTLE_MS)
      const rounds = clients === GOAL_CLIENTS ? GOAL_ROUNDS : ROUNDS
      for (let round = 0; round < rounds; round++) {
        if (floorProbes) await turn(floorSpin, floorProbes, samples.f)
        await turn(spin, appProbes, samples.s)
        await turn(quietSpin, quietProbes, samples.q)
        await turn(watchfulSpin, watchfulProbes, samples.w)
        await turn(bare, twoProbes, samples.two)
      }
      const q = figureOf(samples.q)
      const w = figureOf(samples.w)
      const f = floorProbes ? figureOf(samples.f) : undefined
      const s = figureOf(samples.s)
      const two = figureOf(samples.two)
      const failed = (x: Figure) => (x.failed > 0 ? `  (failed: ${x.failed})` : '')
      const ratio = (x: Figure) => `${(s.perSecond / x.perSecond).toFixed(2)}×`.padStart(10)
      console.log(
        `  ${String(clients).padStart(7)}  app          ${cell(s)}  ${''.padStart(10)}  ${load1()}${failed(s)}`,
      )
      const paths = await serverSpinPathsFrom(base)
      const plain = paths.plain - pathsBefore.plain
      const through = paths.fellBack - pathsBefore.fellBack
      console.log(`           (the app's plain path: ${plain} spins, through LedgerTx: ${through})`)
      console.log(`           harm watch 1s${cell(w)}  ${ratio(w)}${failed(w)}`)
      console.log(`           no harm watch${cell(q)}  ${ratio(q)}${failed(q)}`)
      if (f) console.log(`           spin floor   ${cell(f)}  ${ratio(f)}${failed(f)}`)
      if (f)
        console.log(
          `           turn by turn: app ÷ spin floor ${byTurn(samples.f)}; app ÷ the same app without its watch ${byTurn(samples.q)}`,
        )
      const same = f && sameWork(engine, s, f)
      if (same) console.log(`           ${same.text}: ${same.met ? 'met' : 'NOT met'}`)
      console.log(`           2-row floor  ${cell(two)}  ${ratio(two)}${failed(two)}`)
      if (clients === GOAL_CLIENTS) atGoal = { s, f, two, turns: f ? byTurn(samples.f) : '' }
      if (clients === GOAL_CLIENTS) harmCost = w.perSecond / q.perSecond
    }
    if (atGoal) console.log(verdict(engine, atGoal.s, atGoal.f, atGoal.two, atGoal.turns))
    const appHarm = await harmWatchFrom(base)
    console.log(
      `  the app's harm watch (${APP_HARM_POLL_MS ? `every ${APP_HARM_POLL_MS} ms` : "HARM_POLL_MS's default"}) while the spins above were measured: ${appHarm.runs - appHarmBefore.runs} runs recomputed ` +
        `the markers and score of ${appHarm.players - appHarmBefore.players} players (jogolimpo_harm_watch_total)`,
    )
    const harm = await harmWatchFrom(watchfulBase)
    console.log(
      `  harm watch 1s (every ${WATCHFUL_HARM_POLL_MS} ms): ${harm.runs - harmBefore.runs} runs recomputed ` +
        `the markers and score of ${harm.players - harmBefore.players} players`,
    )
    if (harm.runs === harmBefore.runs)
      console.log("  (the watchful app's harm watch did not run: its figures are without it)")
    if (harmCost !== undefined)
      console.log(
        `  the app with its harm watch every second ÷ the same app without it (no harm watch) at ${GOAL_CLIENTS} clients: ${harmCost.toFixed(2)}×`,
      )
  } finally {
    agent.destroy()
    await walReader?.end()
    await Promise.all([
      stop(server),
      quiet.remove(),
      watchful.remove(),
      floorHome.remove(),
      stop(floor),
      ...(spinFloor ? [stop(spinFloor)] : []),
    ])
    await app?.drop()
    await floorDb?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  console.log(
    `Spin benchmark: ${ROUNDS} turns of ${SECONDS / ROUNDS} s of each kind (${GOAL_ROUNDS} at the goals' ${GOAL_CLIENTS} clients), Node ${process.versions.node}, ${navigator.hardwareConcurrency} cores (shared: compare the ratio)`,
  )
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',')
  if (engines.includes('sqlite')) await benchEngine('sqlite')
  if (!engines.includes('postgres')) return
  if (process.env.TEST_DATABASE_URL) await benchEngine('postgres')
  else console.log('\nPostgreSQL skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).')
}

// The floors run as this file's own child processes, named by a first option.
const { values, positionals } = cliArgs(
  {
    options: { 'spin-floor': { type: 'boolean', default: false }, floor: { type: 'boolean', default: false } },
    allowPositionals: true,
  },
  'usage: npm run bench:spin (settings in BENCH_SECONDS, BENCH_CLIENTS, BENCH_ENGINES)',
)
if (values['spin-floor']) {
  const where = positionals[0] as string
  if (where.startsWith('postgres')) await pgSpinFloorServer(where, Number(positionals[1]))
  else spinFloorServer(where, Number(positionals[1]))
} else if (values.floor) {
  await floorServer(positionals[0] as string, positionals[1] as string, Number(positionals[2]))
} else if (positionals.length > 0) {
  console.error('usage: npm run bench:spin (settings in BENCH_SECONDS, BENCH_CLIENTS, BENCH_ENGINES)')
  process.exit(2)
} else {
  await main()
}
