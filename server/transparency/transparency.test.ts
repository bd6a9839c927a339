// The transparency page's figures recounted from the raw tables. A history of 45 days is written
// straight into the tables (withdrawals with their steps and ledger posts, returned deposits,
// rounds of several game versions, support conversations, limit events), the service freezes the
// finished days and computes the page, and every figure — the page's and each frozen day's — is
// counted again here in plain code over every row and compared. Then the chain: the published
// snapshots verify, a rewritten past day does not (by the `npm run transparency:verify` script
// over real HTTP), and the public routes answer in the envelope, in JSON and in CSV.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findGame, gameVersions } from '../../contract/games/catalog.ts'
import { figuresKey } from '../../contract/games/figures.ts'
import { published } from '../../contract/games/published.ts'
import {
  type DayFigures,
  type GameRoundFigures,
  median,
  percentile,
  type Snapshot,
  type TransparencyView,
} from '../../contract/transparency.ts'
import { GENESIS_HASH, verifyChain } from '../../contract/transparency-chain.ts'
import { TrackerStep } from '../../contract/withdrawals.ts'
import { buildTestApp, createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { writeHistory } from '../../tests/support/transparency-history.ts'
import { throughAppendOnly } from '../audit/append-only.ts'
import type { Db } from '../db/database.ts'
import { maskedPlayerName } from '../games/round-views.ts'
import { localDate, periodStart } from '../lib/periods.ts'
import { postTransferId } from '../payments/withdrawal-orders.ts'
import { addDays, dayPeriod, gameViews } from './figures.ts'
import { snapshotCsv } from './routes.ts'

const run = promisify(execFile)
const TZ = 'America/Sao_Paulo'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// 10 March 2026, 15:00 in São Paulo.
const NOW = Date.parse('2026-03-10T18:00:00Z')
const START = NOW - 45 * DAY

// ---- The recount: plain code over every row ----

async function rawTables(db: Db) {
  const k = db.kysely
  return {
    orders: await k.selectFrom('withdrawal_orders').selectAll().execute(),
    steps: await k.selectFrom('withdrawal_steps').selectAll().orderBy('id').execute(),
    transfers: await k.selectFrom('ledger_transfers').selectAll().execute(),
    refunds: await k.selectFrom('pix_refunds').selectAll().execute(),
    rounds: await k.selectFrom('game_rounds').selectAll().execute(),
    players: await k.selectFrom('players').selectAll().execute(),
    messages: await k.selectFrom('support_messages').selectAll().execute(),
    conversations: await k.selectFrom('support_conversations').selectAll().execute(),
    events: await k.selectFrom('limit_events').selectAll().execute(),
    accounts: await k.selectFrom('ledger_accounts').selectAll().execute(),
  }
}
type Raw = Awaited<ReturnType<typeof rawTables>>
const within = (t: number | string | null, from: number, to: number) =>
  t !== null && Number(t) >= from && Number(t) < to
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

function recountWithdrawals(raw: Raw, from: number, to: number) {
  const paid = raw.orders.filter((o) => o.status === 'paid' && within(o.updated_at, from, to))
  const durations = sorted(paid.map((o) => Number(o.updated_at) - Number(o.created_at)))
  const posts = new Map(raw.transfers.filter((t) => t.kind === 'withdrawal_post').map((t) => [t.id, Number(t.amount)]))
  const hold = (kind: 'review' | 'coolOff') => {
    const waits: number[] = []
    let count = 0
    for (const order of raw.orders.filter((o) => within(o.created_at, from, to))) {
      const steps = raw.steps.filter((s) => s.order_id === order.id)
      const checks = steps.find((s) => s.code === TrackerStep.checks)
      const args = JSON.parse(checks?.args ?? '{}')
      const isKind = kind === 'review' ? args.review === true : args.review !== true && args.coolOffUntil != null
      if (!isKind) continue
      count++
      const next = steps.find((s) => s.code === TrackerStep.sent || s.code === TrackerStep.failed)
      if (next) waits.push(Number(next.created_at) - Number(order.created_at))
    }
    const w = sorted(waits)
    return { count, released: w.length, medianWaitMs: median(w), longestWaitMs: w.at(-1) ?? null }
  }
  const failed = raw.orders.filter((o) => o.status === 'failed' && within(o.updated_at, from, to))
  const reasons = [...new Set(failed.map((o) => o.fail_reason as string))].sort()
  return {
    paid: paid.length,
    paidAmount: paid.reduce((s, o) => s + Number(o.amount), 0),
    medianMs: median(durations),
    p95Ms: percentile(durations, 95),
    slowestMs: durations.at(-1) ?? null,
    within5Min: durations.filter((d) => d <= 5 * MINUTE).length,
    within120Min: durations.filter((d) => d <= 120 * MINUTE).length,
    review: hold('review'),
    coolOff: hold('coolOff'),
    returned: reasons.map((reason) => {
      const mine = failed.filter((o) => o.fail_reason === reason)
      return { reason, count: mine.length, amount: mine.reduce((s, o) => s + Number(o.amount), 0) }
    }),
    feeSteps: paid.filter((o) => posts.get(postTransferId(o.id)) !== Number(o.amount)).length,
  }
}

function recountRefunds(raw: Raw, from: number, to: number) {
  const mine = raw.refunds.filter((r) => within(r.created_at, from, to))
  return [...new Set(mine.map((r) => r.reason))].sort().map((reason) => {
    const rows = mine.filter((r) => r.reason === reason)
    const times = sorted(
      rows.filter((r) => r.status === 'returned').map((r) => Number(r.returned_at) - Number(r.created_at)),
    )
    return {
      reason,
      count: rows.length,
      amount: rows.reduce((s, r) => s + Number(r.amount), 0),
      returned: times.length,
      medianReturnMs: median(times),
      slowestReturnMs: times.at(-1) ?? null,
    }
  })
}

function recountGames(raw: Raw, from: number, to: number): GameRoundFigures[] {
  const out = new Map<string, GameRoundFigures>()
  for (const r of raw.rounds.filter((r) => within(r.created_at, from, to))) {
    const key = `${r.game_id}@${r.game_version}`
    const g = out.get(key) ?? {
      gameId: r.game_id,
      version: Number(r.game_version),
      rounds: 0,
      bets: 0,
      wins: 0,
      betSquares: 0,
      jackpotContributions: 0,
      jackpotWins: 0,
      jackpotWon: 0,
    }
    g.rounds++
    g.bets += Number(r.bet)
    g.wins += Number(r.win)
    g.betSquares += Number(r.bet) ** 2
    g.jackpotContributions += Number(r.jackpot_contribution)
    g.jackpotWins += Number(r.jackpot_win) > 0 ? 1 : 0
    g.jackpotWon += Number(r.jackpot_win)
    out.set(key, g)
  }
  return [...out.values()].sort((a, b) => a.gameId.localeCompare(b.gameId) || a.version - b.version)
}

function recountSupport(raw: Raw, from: number, to: number) {
  const times: number[] = []
  const opened = raw.conversations.filter((c) => within(c.created_at, from, to))
  for (const c of opened) {
    const mine = raw.messages.filter((m) => Number(m.conversation_id) === Number(c.id))
    const asked = Math.min(...mine.filter((m) => m.author === 'player').map((m) => Number(m.created_at)))
    const answers = mine.filter((m) => m.author === 'operator').map((m) => Number(m.created_at))
    if (answers.length > 0) times.push(Math.min(...answers) - asked)
  }
  const t = sorted(times)
  return { conversations: opened.length, answered: t.length, medianFirstAnswerMs: median(t) }
}

/** Limit changes are every limit row but a registration's: its own and those written with it (same player, same instant). */
function recountSaferPlay(raw: Raw, from: number, to: number) {
  const mine = raw.events.filter((e) => within(e.created_at, from, to))
  const registrations = new Set(
    raw.events.filter((e) => e.kind === 'registration').map((e) => `${e.player_id}@${e.created_at}`),
  )
  return {
    selfExclusions: mine.filter((e) => e.kind === 'self_exclusion').length,
    limitChanges: mine.filter(
      (e) =>
        e.kind !== 'self_exclusion' &&
        e.kind !== 'registration' &&
        !registrations.has(`${e.player_id}@${e.created_at}`),
    ).length,
  }
}

function recountDay(raw: Raw, day: string): DayFigures {
  const { from, to } = dayPeriod(day, TZ)
  return {
    withdrawals: recountWithdrawals(raw, from, to),
    depositReturns: recountRefunds(raw, from, to),
    games: recountGames(raw, from, to),
    support: recountSupport(raw, from, to),
    saferPlay: { ...recountSaferPlay(raw, from, to), limitChangesRule: 2 },
  }
}

describe.each(engines)('transparency figures recounted from the raw tables (%s)', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  let view: TransparencyView
  let raw: Raw
  let snapshots: Snapshot[]

  beforeAll(async () => {
    testDb = await createTestDb(engine)
    await writeHistory(testDb.db, NOW)
    app = await buildTestApp(testDb.db, {}, { now: () => NOW })
    await app.ready()
    view = await app.transparency.refresh()
    raw = await rawTables(testDb.db)
    snapshots = (await app.transparency.snapshots(null, 100)).snapshots
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })

  it('freezes every finished local day from the ledger’s first day to yesterday, chained', () => {
    const first = localDate(START, TZ)
    const yesterday = addDays(localDate(NOW, TZ), -1)
    expect(snapshots[0]?.day).toBe(first)
    expect(snapshots.at(-1)?.day).toBe(yesterday)
    expect(snapshots.map((s) => s.day)).toEqual(Array.from({ length: snapshots.length }, (_, i) => addDays(first, i)))
    expect(snapshots[0]?.previousHash).toBe(GENESIS_HASH)
    expect(verifyChain(snapshots, { head: view.chain.head })).toEqual({
      ok: true,
      days: snapshots.length,
      head: { day: yesterday, hash: snapshots.at(-1)?.hash },
    })
    expect(view.chain).toEqual({
      days: snapshots.length,
      first,
      head: { day: yesterday, hash: snapshots.at(-1)?.hash },
    })
  })

  it('each frozen day holds exactly the figures counted from the rows of that day', () => {
    for (const snapshot of snapshots) {
      const { liabilities, ...figures } = snapshot.figures
      expect(figures, snapshot.day).toEqual(recountDay(raw, snapshot.day))
      // Only the last day due carries the proof of liabilities (the balances are read as it freezes).
      if (snapshot !== snapshots.at(-1)) expect(liabilities, snapshot.day).toBeUndefined()
    }
    const owed = raw.accounts.filter((a) => a.player_id !== null && (a.code === 'cash' || a.code === 'withdrawal_hold'))
    expect(snapshots.at(-1)?.figures.liabilities).toMatchObject({
      total: owed.reduce((sum, a) => sum + Number(a.balance), 0),
      players: new Set(owed.map((a) => Number(a.player_id))).size,
    })
    // The history has something on most days: the comparison is not of empty days.
    expect(snapshots.filter((s) => s.figures.games.length > 0).length).toBeGreaterThan(30)
  })

  it('withdrawals: paid in 24 h / 7 d / 30 d, payout times, holds, returns and fee steps', () => {
    const end = NOW + 1
    const paidIn = (ms: number) =>
      raw.orders.filter((o) => o.status === 'paid' && within(o.updated_at, end - ms, end)).length
    expect(view.paid).toEqual({ last24h: paidIn(DAY), last7d: paidIn(7 * DAY), last30d: paidIn(30 * DAY) })
    expect(view.withdrawals).toEqual(recountWithdrawals(raw, end - 30 * DAY, end))
    expect(view.withdrawals.paid).toBeGreaterThan(10)
    expect(view.withdrawals.review.count).toBeGreaterThan(0)
    expect(view.withdrawals.coolOff.count).toBeGreaterThan(0)
    expect(view.withdrawals.returned.length).toBeGreaterThan(1)
    expect(view.withdrawals.feeSteps).toBe(0)
  })

  it('deposits returned, support and safer play per month', () => {
    const end = NOW + 1
    expect(view.depositReturns).toEqual(recountRefunds(raw, end - 30 * DAY, end))
    expect(view.support).toEqual(recountSupport(raw, end - 30 * DAY, end))
    expect(view.saferPlay).toHaveLength(6)
    for (const month of view.saferPlay) {
      const [y, m] = month.month.split('-').map(Number) as [number, number]
      const from = periodStart('month', Date.UTC(y, m - 1, 15), TZ)
      const to = Math.min(periodStart('month', Date.UTC(y, m, 15), TZ), end)
      expect(month, month.month).toEqual({ month: month.month, ...recountSaferPlay(raw, from, to) })
    }
    expect(view.saferPlay.at(-1)?.month).toBe('2026-03')
  })

  it('games: the last 30 local days per version, published RTP beside the realised one with its 95 % range', () => {
    const since = addDays(localDate(NOW, TZ), -29)
    expect(view.gamesSince).toBe(since)
    const counted = recountGames(raw, dayPeriod(since, TZ).from, NOW + 1)
    for (const g of counted) {
      const shown = view.games.find((v) => v.gameId === g.gameId && v.version === g.version)
      const game = findGame(g.gameId, g.version)
      const figures = published[figuresKey(game as NonNullable<typeof game>)]
      expect(shown, `${g.gameId}@${g.version}`).toMatchObject({
        rounds: g.rounds,
        bets: g.bets,
        wins: g.wins,
        publishedRtp: figures?.rtp,
        realisedRtp: Number(((g.wins / g.bets) * 100).toFixed(4)),
      })
      // Under 1 000 rounds the page says the sample is too small; above, the range from the exact variance.
      const gameRtp = ((figures?.baseRtp ?? 0) + (figures?.freeSpinsRtp ?? 0)) / 100
      const half = (1.96 * Math.sqrt(figures?.winVariance ?? 0) * Math.sqrt(g.betSquares)) / g.bets
      if (g.rounds < 1000) expect(shown?.interval).toBeNull()
      else {
        expect(shown?.interval?.low).toBeCloseTo((gameRtp - half) * 100, 3)
        expect(shown?.interval?.high).toBeCloseTo((gameRtp + half) * 100, 3)
      }
    }
    expect(view.games.filter((v) => v.interval !== null).map((v) => v.gameId)).toEqual(['fruta-fina'])
    // Every current game is listed, with or without rounds.
    for (const game of gameVersions.filter((g) => g === findGame(g.id)))
      expect(view.games.some((v) => v.gameId === game.id && v.version === game.version)).toBe(true)
  })

  it('jackpot: the pool, what went in and out over 30 days, the last wins with masked names', () => {
    const since = dayPeriod(addDays(localDate(NOW, TZ), -29), TZ).from
    const counted = recountGames(raw, since, NOW + 1)
    const pool = raw.accounts
      .filter((a) => a.player_id === null && (a.code === 'jackpot_pool' || a.code.startsWith('jackpot_pool.')))
      .reduce((s, a) => s + Number(a.balance), 0)
    expect(view.jackpot.pool).toBe(pool)
    expect(view.jackpot.contributed30d).toBe(counted.reduce((s, g) => s + g.jackpotContributions, 0))
    expect(view.jackpot.won30d).toBe(counted.reduce((s, g) => s + g.jackpotWon, 0))
    expect(view.jackpot.wins30d).toBe(counted.reduce((s, g) => s + g.jackpotWins, 0))
    const names = new Map(raw.players.map((p) => [Number(p.id), p.user_name]))
    const wins = raw.rounds
      .filter((r) => Number(r.jackpot_win) > 0)
      .sort((a, b) => Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : -1))
      .slice(0, 5)
    expect(wins.length).toBeGreaterThan(0)
    expect(view.jackpot.lastWins).toEqual(
      wins.map((r) => ({
        player: maskedPlayerName(names.get(Number(r.player_id)) ?? null, Number(r.player_id)),
        gameName: findGame(r.game_id)?.name,
        amount: Number(r.jackpot_win),
        at: Number(r.created_at),
      })),
    )
    for (const win of view.jackpot.lastWins) expect(win.player).toMatch(/\*\*\*/)
  })

  it('a fee taken from a paid withdrawal would be counted', async () => {
    const paid = raw.orders.find(
      (o) => o.status === 'paid' && within(o.updated_at, NOW - 30 * DAY, NOW),
    ) as Raw['orders'][0]
    const k = testDb.db.kysely
    // Transfers are append-only in the database: the test goes through the one audited way.
    const setAmount = (amount: number) =>
      throughAppendOnly(
        k,
        { actor: { id: null, name: 'test', ip: '-' }, reason: 'test: a fee step', tables: ['ledger_transfers'] },
        NOW,
        async (trx) => {
          const result = await trx
            .updateTable('ledger_transfers')
            .set({ amount })
            .where('id', '=', postTransferId(paid.id))
            .executeTakeFirst()
          return { rows: Number(result.numUpdatedRows) }
        },
      )
    await setAmount(Number(paid.amount) - 50)
    try {
      expect((await app.transparency.refresh()).withdrawals.feeSteps).toBe(1)
    } finally {
      await setAmount(Number(paid.amount))
    }
    expect((await app.transparency.refresh()).withdrawals.feeSteps).toBe(0)
  })

  it('serves the page, the frozen days in pages, and each day as JSON and CSV', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/transparency' })
    expect(page.statusCode).toBe(200)
    expect(page.json().data.chain.head.hash).toBe(snapshots.at(-1)?.hash)
    const first = await app.inject({ method: 'GET', url: '/api/transparency/snapshots?limit=10' })
    expect(first.json().data.snapshots).toEqual(snapshots.slice(0, 10))
    expect(first.json().data.nextAfter).toBe(snapshots[9]?.day)
    const day = snapshots[20] as Snapshot
    const json = await app.inject({ method: 'GET', url: `/api/transparency/snapshots/${day.day}.json` })
    expect(json.json().data).toEqual(day)
    expect(json.headers['cache-control']).toContain('immutable')
    const csv = await app.inject({ method: 'GET', url: `/api/transparency/snapshots/${day.day}.csv` })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toBe(snapshotCsv(day))
    expect(csv.body).toContain(`hash,${day.hash}`)
    expect(csv.body).toContain(`withdrawals.paid,${day.figures.withdrawals.paid}`)
    const missing = await app.inject({
      method: 'GET',
      url: `/api/transparency/snapshots/${localDate(NOW, TZ)}.json`,
      headers: { 'accept-language': 'en' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ success: false, msgCode: 'snapshot_not_found' })
    expect(missing.json().msg).toMatch(/frozen record/)
    for (const url of [
      '/api/transparency/snapshots/2026-03-01.exe',
      '/api/transparency/snapshots?limit=0',
      '/api/transparency/snapshots?after=x',
    ]) {
      const refused = await app.inject({ method: 'GET', url })
      expect(refused.statusCode, url).toBe(400)
      expect(refused.json().success).toBe(false)
    }
  })
})

describe('the published chain cannot be rewritten (npm run transparency:verify over HTTP)', () => {
  let testDb: TestDb
  let app: FastifyInstance
  let origin: string
  const script = path.resolve(import.meta.dirname, '../../scripts/transparency-verify.ts')
  const verify = async (...args: string[]) =>
    run(process.execPath, [script, origin, ...args]).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    )

  beforeAll(async () => {
    testDb = await createTestDb('sqlite')
    await writeHistory(testDb.db, NOW)
    app = await buildTestApp(testDb.db, {}, { now: () => NOW })
    await app.listen({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    await app.transparency.refresh()
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })

  it('verifies the untouched chain, then fails on a past day rewritten — with or without re-hashing', async () => {
    const good = await verify()
    expect(good.out).toMatch(/cadeia verificada até 09\/03\/2026/)
    expect(good.code).toBe(0)
    const k = testDb.db.kysely
    const target = await k
      .selectFrom('transparency_snapshots')
      .selectAll()
      .where('day', '=', '2026-02-20')
      .executeTakeFirstOrThrow()
    const head = await k
      .selectFrom('transparency_snapshots')
      .selectAll()
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()

    // The database refuses the change; with its triggers dropped (someone with database access),
    // one figure changed in place: the day's hash no longer matches its content.
    const figures = JSON.parse(target.figures) as DayFigures
    figures.withdrawals.paid += 1
    const rewrite = () =>
      k
        .updateTable('transparency_snapshots')
        .set({ figures: JSON.stringify(figures) })
        .where('day', '=', target.day)
        .execute()
    await expect(rewrite()).rejects.toThrow(/append-only/)
    await sql`drop trigger transparency_snapshots_no_update`.execute(k)
    await rewrite()
    const tampered = await verify()
    expect(tampered.code).toBe(1)
    expect(tampered.out).toContain('2026-02-20')

    // The whole chain re-hashed from that day on: consistent in itself, but the head published
    // before (which anyone may have kept) is no longer in it.
    const rows = await k
      .selectFrom('transparency_snapshots')
      .selectAll()
      .where('day', '>=', target.day)
      .orderBy('day')
      .execute()
    let previous = target.previous_hash
    const { snapshotHash } = await import('../../contract/transparency-chain.ts')
    for (const row of rows) {
      const hash = snapshotHash({ day: row.day, previousHash: previous, figures: JSON.parse(row.figures) })
      await k
        .updateTable('transparency_snapshots')
        .set({ previous_hash: previous, hash })
        .where('day', '=', row.day)
        .execute()
      previous = hash
    }
    const rehashed = await verify(`--known=${head.day}:${head.hash}`)
    expect(rehashed.code).toBe(1)
    expect(rehashed.out).toContain(head.day)
  })
})

describe('the public routes under random input', () => {
  it('answer every path and query with the envelope, never a 5xx', async () => {
    const testDb = await createTestDb('sqlite')
    const app = await buildTestApp(testDb.db, { API_RATE_LIMIT_PER_MINUTE: '100000000' })
    try {
      await fc.assert(
        fc.asyncProperty(fc.string(), fc.string(), fc.string(), async (file, after, limit) => {
          const q = new URLSearchParams({ after, limit }).toString()
          for (const url of [
            `/api/transparency/snapshots/${encodeURIComponent(file)}`,
            `/api/transparency/snapshots/${encodeURIComponent(file)}.json`,
            `/api/transparency/snapshots?${q}`,
            `/api/transparency?${q}`,
          ]) {
            const response = await app.inject({ method: 'GET', url })
            expect(response.statusCode, url).toBeLessThan(500)
            if (response.statusCode !== 429) expect(typeof response.json().success, url).toBe('boolean')
          }
        }),
        { numRuns: 40 },
      )
    } finally {
      await app.close()
      await testDb.drop()
    }
  }, 60_000)
})

describe('the public routes’ own rate limit', () => {
  it('answers 429 in the envelope past 60 page reads a minute from one address, other addresses unaffected', async () => {
    const testDb = await createTestDb('sqlite')
    const app = await buildTestApp(testDb.db, { API_RATE_LIMIT_PER_MINUTE: '100000000' })
    try {
      const read = (ip: string) => app.inject({ method: 'GET', url: '/api/transparency', remoteAddress: ip })
      for (let i = 0; i < 60; i++) expect((await read('203.0.113.7')).statusCode).toBe(200)
      const limited = await read('203.0.113.7')
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ success: false, msgCode: 'rate_limited' })
      expect((await read('203.0.113.8')).statusCode).toBe(200)
    } finally {
      await app.close()
      await testDb.drop()
    }
  })
})

describe('the 95 % range of the realised RTP', () => {
  it('is the published game RTP ± 1.96 σ √Σbet² / Σbet, σ² the exact variance of a spin', () => {
    const game = findGame('fruta-fina') as NonNullable<ReturnType<typeof findGame>>
    const figures = published[figuresKey(game)] as NonNullable<(typeof published)[string]>
    const rounds = 4000
    // 4 000 rounds: half at 100, half at 1 000 centavos.
    const bets = 2000 * 100 + 2000 * 1000
    const betSquares = 2000 * 100 ** 2 + 2000 * 1000 ** 2
    const wins = Math.round(bets * 0.951)
    const [view] = gameViews([
      {
        gameId: game.id,
        version: game.version,
        rounds,
        bets,
        wins,
        betSquares,
        jackpotContributions: 0,
        jackpotWins: 0,
        jackpotWon: 0,
      },
    ]).filter((v) => v.gameId === game.id)
    const gameRtp = figures.baseRtp + figures.freeSpinsRtp
    const half = (196 * Math.sqrt(figures.winVariance) * Math.sqrt(betSquares)) / bets
    expect(view?.publishedGameRtp).toBeCloseTo(gameRtp, 4)
    expect(view?.realisedRtp).toBeCloseTo(95.1, 4)
    expect(view?.interval?.low).toBeCloseTo(gameRtp - half, 3)
    expect(view?.interval?.high).toBeCloseTo(gameRtp + half, 3)
    // 95.1 % over 4 000 such rounds sits inside the range around the published figure.
    expect((view?.interval?.low as number) < 95.1 && 95.1 < (view?.interval?.high as number)).toBe(true)
  })

  it('says nothing for too few rounds', () => {
    const game = findGame('tigre-sortudo') as NonNullable<ReturnType<typeof findGame>>
    const [view] = gameViews([
      {
        gameId: game.id,
        version: game.version,
        rounds: 999,
        bets: 99_900,
        wins: 90_000,
        betSquares: 999 * 100 ** 2,
        jackpotContributions: 0,
        jackpotWins: 0,
        jackpotWon: 0,
      },
    ]).filter((v) => v.gameId === game.id)
    expect(view?.interval).toBeNull()
    expect(view?.realisedRtp).toBeCloseTo(90.0901, 4)
  })
})
