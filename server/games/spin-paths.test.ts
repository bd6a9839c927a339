// Every spin path against every other, case by case: the spin's `LedgerTx` path and its prepared
// statements on SQLite, its `LedgerTx` path and the one call of `ledger_spin` on PostgreSQL. Each
// case (replays, refusals, loss and time limits, the reality check, a self-exclusion, a freeze, a
// game switched off, a closed game page, a wagering row, free spins, the jackpot, wins to
// announce) is played on each path from the same seeds and clock; the answers and every row the
// spins touch must be the same on all of them, and the fast paths must have written the plain
// spins themselves — so a change to any one path alone fails here. Every refusal the spin's rules
// (spin-rules.ts) name has a case here, or a reason why a game page cannot meet it.
import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { MsgCode } from '../../contract/envelope.ts'
import { findGame } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { countAnswers, openGameSession } from '../../tests/support/game-session.ts'
import { loginPlayer } from '../../tests/support/server.ts'
import { roundMasker, spinPathApp } from '../../tests/support/spin-path-app.ts'
import { setFrozen } from '../accounts/account-holds.ts'
import { hmacSha256 } from './seeds.ts'
import { spinRefusals } from './spin-rules.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)
const url = process.env.TEST_DATABASE_URL

type Path = 'sqlite ledgerTx' | 'sqlite direct' | 'postgres ledgerTx' | 'postgres function'
const PATHS: Path[] = [
  'sqlite ledgerTx',
  'sqlite direct',
  ...(url ? (['postgres ledgerTx', 'postgres function'] as const) : []),
]
const FAST: Path[] = ['sqlite direct', 'postgres function']

type Step =
  | { bet: number; requestId: string; advanceMs: number }
  /** The player pauses play (self-exclusion for 24 h) before the next spin. */
  | { selfExclude: true }
  /** An operator freezes the account (a risk hold) before the next spin. */
  | { freeze: true }
  /** An operator switches the game off for maintenance before the next spin. */
  | { switchOff: true }
  /** The player closes the game page before the next spin. */
  | { closeGame: true }

interface Case {
  name: string
  gameId?: string
  clientSeed?: string
  cash: number
  bonus?: number
  limits?: { dailyLoss: number; dailyMinutes: number }
  plan: Step[]
  /** Answer kinds (`countAnswers`) the case must meet on every path. */
  meets: string[]
  /** The fewest spins the fast paths must write themselves. */
  fastAtLeast: number
  /** What the rows must show besides. */
  shows?: 'free spins' | 'jackpot' | 'announced win'
}

type Rows = { rounds: { free_spins: string; jackpot_win: number }[]; outbox: { topic: string }[] }

/** Whether the rows show it: a round with free spins, a jackpot paid, a win announced. */
const shown = {
  'free spins': (rows: Rows) => rows.rounds.some((round) => round.free_spins !== '[]'),
  jackpot: (rows: Rows) => rows.rounds.some((round) => round.jackpot_win > 0),
  'announced win': (rows: Rows) => rows.outbox.some((row) => row.topic === 'win'),
}

const rid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
const SERVER_SEED_0 = `${'5eed'.repeat(15)}0000`

/** Spins of `bets` 3 s apart, each with its own requestId from `from`. */
const spins = (bets: number[], from = 0): Step[] =>
  bets.map((bet, i) => ({ bet, requestId: rid(from + i), advanceMs: 3_000 }))

/** 60 spins: replays, a reused requestId, a bet the game does not offer, large bets past the cash. */
function mixedPlan(count = 60): Step[] {
  const plan: Step[] = []
  for (let i = 0; i < count; i++) {
    const last = plan.at(-1) as { bet: number; requestId: string; advanceMs: number } | undefined
    if (i % 17 === 5 && last) {
      plan.push({ ...last, advanceMs: 3_000 })
      continue
    }
    if (i % 23 === 7 && last) {
      plan.push({ ...last, bet: last.bet === 100 ? 200 : 100, advanceMs: 3_000 })
      continue
    }
    plan.push({
      bet: i === 40 ? 123 : i >= count - 12 ? 2000 : i % 13 === 0 ? 1000 : ([50, 100, 200][i % 3] as number),
      requestId: rid(i),
      advanceMs: 3_000,
    })
  }
  return plan
}

/**
 * A client seed under the first server seed whose spin at nonce `nonce` (not the first: a fast
 * path learns the seed pair at the first spin) has `wanted` (found by search, as anyone could).
 */
function clientSeedFor(
  game: GameDef,
  bet: number,
  nonce: number,
  wanted: (o: ReturnType<typeof spinOutcome>) => boolean,
) {
  for (let i = 0; ; i++) {
    const clientSeed = createHash('sha256').update(`procura-${i}`).digest('hex').slice(0, 16)
    if (wanted(spinOutcome(game, bet, { serverSeed: SERVER_SEED_0, clientSeed, nonce }, hmacSha256))) return clientSeed
  }
}

const arraia = findGame('arraia-da-sorte') as GameDef
const fruta = findGame('fruta-fina') as GameDef

const CASES: Case[] = [
  {
    name: 'plain play with replays and refusals',
    cash: 3_000,
    plan: mixedPlan(),
    meets: ['loss', 'win', 'replayed', 'request_id_reused', 'invalid_bet', 'insufficient_balance'],
    fastAtLeast: 25,
  },
  {
    name: 'a reality check due after an hour of play',
    cash: 50_000,
    plan: [
      ...spins([100, 100, 100, 100]),
      { bet: 100, requestId: rid(4), advanceMs: 70 * 60_000 },
      ...spins([100, 100], 5),
    ],
    meets: ['reality_check_due'],
    fastAtLeast: 3,
  },
  {
    name: 'a daily loss limit reached',
    cash: 3_000,
    limits: { dailyLoss: 1_500, dailyMinutes: 24 * 60 },
    plan: mixedPlan(),
    meets: ['loss_limit_reached'],
    fastAtLeast: 3,
  },
  {
    name: 'a daily time limit reached',
    cash: 50_000,
    limits: { dailyLoss: 1_000_000_000, dailyMinutes: 1 },
    plan: spins(Array.from({ length: 25 }, () => 100)),
    meets: ['session_limit_reached'],
    fastAtLeast: 3,
  },
  {
    name: 'a self-exclusion between spins',
    cash: 50_000,
    plan: [...spins([100, 100, 100, 100]), { selfExclude: true }, ...spins([100, 100], 4)],
    meets: ['self_excluded'],
    fastAtLeast: 2,
  },
  {
    name: 'an account frozen between spins',
    cash: 50_000,
    plan: [...spins([100, 100, 100]), { freeze: true }, ...spins([100, 100], 3)],
    meets: ['account_frozen'],
    fastAtLeast: 2,
  },
  {
    name: 'a game switched off between spins: new spins refused, a replay still answered',
    cash: 50_000,
    plan: [...spins([100, 100, 100]), { switchOff: true }, ...spins([100], 3), ...spins([100], 2)],
    meets: ['game_switched_off', 'replayed'],
    fastAtLeast: 2,
  },
  {
    name: 'the game page closed, then a spin',
    cash: 50_000,
    plan: [...spins([100, 100, 100]), { closeGame: true }, ...spins([100], 3)],
    meets: ['game_session_closed'],
    fastAtLeast: 2,
  },
  {
    name: 'a bonus with its wagering row',
    cash: 5_000,
    bonus: 2_000,
    plan: spins([100, 100, 200, 100, 50]),
    meets: ['loss'],
    fastAtLeast: 0,
  },
  {
    name: 'free spins awarded in a round',
    gameId: arraia.id,
    clientSeed: clientSeedFor(arraia, 100, 2, (o) => o.freeSpins.length > 0 && !o.jackpotWon),
    cash: 50_000,
    plan: spins([100, 100, 100, 100, 100]),
    meets: ['win'],
    fastAtLeast: 2,
    shows: 'free spins',
  },
  {
    name: 'a big win announced',
    gameId: fruta.id,
    clientSeed: clientSeedFor(fruta, 1000, 2, (o) => o.win >= 5000 && !o.jackpotWon),
    cash: 50_000,
    plan: spins([1000, 1000, 1000, 100, 100]),
    meets: ['win'],
    fastAtLeast: 2,
    shows: 'announced win',
  },
  {
    name: 'the jackpot won',
    gameId: fruta.id,
    clientSeed: clientSeedFor(fruta, 2000, 2, (o) => o.jackpotWon),
    cash: 50_000,
    plan: spins([2000, 2000, 2000, 100, 100]),
    meets: ['win'],
    fastAtLeast: 2,
    shows: 'jackpot',
  },
]

/**
 * The refusals of spin-rules.ts no game page here can meet, each with why and where it is tested.
 * Every other refusal must be met by a case above.
 */
const NOT_PLAYED_HERE: Partial<Record<MsgCode, string>> = {
  game_not_found: 'a session names a game of the catalog (games.test.ts: a game taken out of it)',
  regulatory_check: 'a player the register has not cleared cannot open a game (sigap.test.ts, closure.test.ts)',
  account_closed: 'closing an account closes its game pages first (account-holds.test.ts)',
  account_closed_barred: 'as account_closed (closure.test.ts)',
  account_closed_self: 'as account_closed (closure.test.ts)',
  account_closing: 'a closure in progress closes the game pages first (closure.test.ts, account-holds.test.ts)',
  age_not_confirmed: 'a game opens only after the age check (registration-gate.test.ts)',
  registration_limits_required: 'a game opens only after the registration’s limits (registration-gate.test.ts)',
  seed_not_set: 'a game opens with its seed pair active (games.test.ts)',
}

/** Transfers whose ids differ only by a shard's number (`…:1`), as one transfer of their sum. */
function mergeShards<T extends { id: string; amount: number }>(transfers: T[]): T[] {
  const merged: T[] = []
  for (const t of transfers) {
    const base = t.id.replace(/^(jackpot:won:r[0-9a-f]+):\d+$/, '$1')
    const last = merged.at(-1)
    if (last && base !== t.id && last.id === base) last.amount += t.amount
    else merged.push({ ...t })
  }
  return merged
}

it('every refusal of the spin’s rules has a case on every path, or a reason why none can', () => {
  const met = new Set(CASES.flatMap((c) => c.meets))
  const missing = spinRefusals.filter((refusal) => !met.has(refusal) && NOT_PLAYED_HERE[refusal] === undefined)
  expect(missing).toEqual([])
  const excusedButMet = Object.keys(NOT_PLAYED_HERE).filter((refusal) => met.has(refusal))
  expect(excusedButMet).toEqual([])
})

describe('every spin path writes and answers the same', () => {
  const open: { close(): Promise<void> }[] = []
  afterEach(async () => {
    for (const one of open.splice(0)) await one.close()
  })

  /** One app on `path` playing `c` from fixed server seeds and a manual clock. */
  async function play(path: Path, c: Case) {
    const engine = path.startsWith('sqlite') ? 'sqlite' : 'postgres'
    let switchedOff = false
    const { app, testDb, clock, close } = await spinPathApp(engine, START, {
      direct: path === 'sqlite direct',
      oneStatement: path === 'postgres function',
      gameOff: () => (switchedOff ? 'maintenance' : null),
    })
    const thisApp = { close }
    open.push(thisApp)
    const { call, userId } = await loginPlayer(app, {
      ageConfirmed: true,
      cash: c.cash,
      ...(c.bonus ? { bonus: c.bonus } : {}),
      ...(c.limits ? { registrationLimits: c.limits } : {}),
    })
    const { sessionToken, forward } = await openGameSession(app, call, {
      gameId: c.gameId ?? 'fruta-fina',
      clientSeed: c.clientSeed ?? 'semente',
    })
    const counted = () => ({ ...app.ledger.directCounts, ...app.ledger.functionCounts })
    const before = counted()
    const answers: unknown[] = []
    const spun: unknown[] = []
    for (const step of c.plan) {
      if ('selfExclude' in step) {
        answers.push(await call('/v1/bus/selfExclude', { duration: '24h' }))
        continue
      }
      if ('freeze' in step) {
        await setFrozen(app.db, userId, true, clock.time)
        continue
      }
      if ('switchOff' in step) {
        switchedOff = true
        continue
      }
      if ('closeGame' in step) {
        answers.push(await call('/game/close', { sessionId: forward.data.sessionId }))
        continue
      }
      clock.time += step.advanceMs
      const reply = await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: step.bet, requestId: step.requestId },
      })
      answers.push(reply.json())
      spun.push(reply.json())
    }
    const after = counted()
    const fast = after.direct - before.direct + (after.function - before.function)
    const db = testDb.db.kysely
    const mask = await roundMasker(db)
    const rows = {
      rounds: (await db.selectFrom('game_rounds').selectAll().orderBy('created_at').orderBy('nonce').execute()).map(
        (round) => ({ ...round, session_id: 'S' }),
      ),
      // The funding transfers' ids are random; their order is compared, not their sequence numbers.
      transfers: (await db.selectFrom('ledger_transfers').selectAll().orderBy('seq').execute()).map((row) => ({
        ...row,
        id: row.kind === 'adjustment' || row.id.startsWith('test-bonus-') ? row.kind : row.id,
        seq: 0,
      })),
      bets: await db.selectFrom('wallet_bets').selectAll().orderBy('created_at').orderBy('round_id').execute(),
      accounts: await db.selectFrom('ledger_accounts').selectAll().orderBy('id').execute(),
      days: await db.selectFrom('game_play_days').selectAll().orderBy('day').orderBy('game_id').execute(),
      seeds: await db.selectFrom('fair_seeds').selectAll().orderBy('id').execute(),
      sessions: await db
        .selectFrom('game_sessions')
        .select(['player_id', 'game_id', 'opened_at', 'last_seen_at', 'closed_at'])
        .execute(),
      wagering: await db.selectFrom('bonus_wagering').selectAll().execute(),
      outbox: await db
        .selectFrom('outbox')
        .select(['topic', 'player_id', 'payload', 'created_at'])
        .orderBy('id')
        .execute(),
    }
    // Across engines the house's accounts differ (PostgreSQL shards them): each account is named by
    // its owner and code, and only the player's balances after a transfer are compared.
    const names = new Map(
      rows.accounts.map((a) => [a.id, a.player_id === null ? `house:${a.code.split('.')[0]}` : `player:${a.code}`]),
    )
    const playerAccount = (id: number) => names.get(id)?.startsWith('player:') ?? false
    const neutral = {
      ...rows,
      accounts: rows.accounts.filter((a) => a.player_id !== null).map((a) => ({ ...a, id: 0 })),
      // PostgreSQL pays the jackpot shard by shard: one row per round here, their amounts summed.
      transfers: mergeShards(rows.transfers).map((t) => ({
        ...t,
        debit_account_id: names.get(t.debit_account_id),
        credit_account_id: names.get(t.credit_account_id),
        debit_balance_after: playerAccount(t.debit_account_id) ? t.debit_balance_after : null,
        credit_balance_after: playerAccount(t.credit_account_id) ? t.credit_balance_after : null,
      })),
    }
    const result = {
      engine,
      answers: mask(answers),
      rows: mask(rows),
      neutral: mask(neutral),
      fast,
      kinds: countAnswers(spun),
    }
    // Closed within the case's own time (four apps and two databases are more than a hook's).
    open.splice(open.indexOf(thisApp), 1)
    await close()
    return result
  }

  it.each(CASES.map((c) => [c.name, c] as const))('%s', { timeout: 240_000 }, async (_, c) => {
    const results = new Map<Path, Awaited<ReturnType<typeof play>>>()
    for (const path of PATHS) results.set(path, await play(path, c))
    const [first, ...others] = PATHS as [Path, ...Path[]]
    const reference = results.get(first) as Awaited<ReturnType<typeof play>>
    if (c.shows) expect(shown[c.shows](reference.rows), c.shows).toBe(true)
    for (const kind of c.meets)
      expect(reference.kinds[kind] ?? 0, `${kind} in ${JSON.stringify(reference.kinds)}`).toBeGreaterThan(0)
    for (const path of others) {
      const result = results.get(path) as Awaited<ReturnType<typeof play>>
      expect(result.answers, `${path} answers as ${first}`).toEqual(reference.answers)
      expect(result.neutral, `${path} writes as ${first}`).toEqual(reference.neutral)
      // On one engine, every row as it is.
      const same = others.find((other) => other !== path && results.get(other)?.engine === result.engine) ?? first
      const sibling = results.get(same) as Awaited<ReturnType<typeof play>>
      if (sibling.engine === result.engine) expect(result.rows, `${path} writes as ${same}`).toEqual(sibling.rows)
    }
    for (const path of PATHS) {
      const { fast } = results.get(path) as Awaited<ReturnType<typeof play>>
      if (FAST.includes(path))
        expect(fast, `${path} wrote the plain spins itself`).toBeGreaterThanOrEqual(c.fastAtLeast)
      else expect(fast, `${path} took no fast path`).toBe(0)
    }
  })
})
