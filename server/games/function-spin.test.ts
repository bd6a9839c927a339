// The spin's one-statement path on PostgreSQL (`ledger_spin`, `Ledger.transactFunction`): it
// writes exactly the rows, balances and answers the spin's `LedgerTx` path writes — spin for
// spin, from the same seeds, with the player's limits in force — and hands every other case over
// (a refusal, a replay, a win to announce, a loss or time limit reached, a reality check); every round it
// writes is the outcome contract/games/fair.ts draws from the round's seeds.
import { afterEach, describe, expect, it } from 'vitest'
import { findGame } from '../../contract/games/catalog.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { countAnswers, openGameSession } from '../../tests/support/game-session.ts'
import { loginPlayer } from '../../tests/support/server.ts'
import { roundMasker, spinPathApp } from '../../tests/support/spin-path-app.ts'
import { hmacSha256 } from './seeds.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)
const url = process.env.TEST_DATABASE_URL

type Step = { bet: number; requestId: string; advanceMs: number }

describe.runIf(url)('the spin in one statement on postgres', () => {
  const open: { close(): Promise<void> }[] = []
  afterEach(async () => {
    for (const one of open.splice(0)) await one.close()
  })

  /** One app spinning `plan` from a fixed server seed, with the one-statement path or without it. */
  async function play(oneStatement: boolean, plan: Step[], limits: { dailyLoss: number; dailyMinutes: number }) {
    const { app, testDb, clock, close } = await spinPathApp('postgres', START, { direct: false, oneStatement })
    open.push({ close })
    const { call } = await loginPlayer(app, { ageConfirmed: true, cash: 3_000, registrationLimits: limits })
    const { sessionToken } = await openGameSession(app, call)
    const before = { ...app.ledger.functionCounts }
    const answers: unknown[] = []
    for (const step of plan) {
      clock.time += step.advanceMs
      const reply = (
        await app.inject({
          method: 'POST',
          url: '/api/game/spin',
          headers: { 'game-session': sessionToken },
          payload: { bet: step.bet, requestId: step.requestId },
        })
      ).json()
      answers.push(reply)
    }
    const counts = {
      function: app.ledger.functionCounts.function - before.function,
      fellBack: app.ledger.functionCounts.fellBack - before.fellBack,
    }
    const db = testDb.db.kysely
    // Every round is what fair.ts draws from its seeds and nonce.
    const played = await db
      .selectFrom('game_rounds')
      .innerJoin('fair_seeds', 'fair_seeds.id', 'game_rounds.seed_id')
      .select([
        'game_rounds.game_id',
        'game_rounds.bet',
        'game_rounds.stops',
        'game_rounds.free_spins',
        'game_rounds.win',
        'game_rounds.nonce',
        'fair_seeds.server_seed',
        'fair_seeds.client_seed',
      ])
      .execute()
    for (const round of played) {
      const game = findGame(round.game_id)
      if (!game) throw new Error(`no game ${round.game_id}`)
      const outcome = spinOutcome(
        game,
        Number(round.bet),
        { serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: Number(round.nonce) },
        hmacSha256,
      )
      expect(JSON.parse(round.stops)).toEqual(outcome.stops)
      expect(JSON.parse(round.free_spins)).toEqual(outcome.freeSpins.map((free) => free.stops))
      expect(Number(round.win)).toBe(outcome.win)
    }
    const mask = await roundMasker(db)
    const rows = {
      rounds: await db.selectFrom('game_rounds').selectAll().orderBy('created_at').orderBy('nonce').execute(),
      // The funding transfer's id is random too; every round's transfer is compared, in order.
      transfers: (await db.selectFrom('ledger_transfers').selectAll().orderBy('seq').execute()).map((row) => ({
        ...row,
        id: row.kind === 'adjustment' ? 'FUNDING' : row.id,
        seq: 0,
      })),
      bets: await db.selectFrom('wallet_bets').selectAll().orderBy('created_at').orderBy('round_id').execute(),
      accounts: await db.selectFrom('ledger_accounts').selectAll().orderBy('id').execute(),
      days: await db.selectFrom('game_play_days').selectAll().execute(),
      seeds: await db.selectFrom('fair_seeds').selectAll().orderBy('id').execute(),
      sessions: await db
        .selectFrom('game_sessions')
        .select(['player_id', 'game_id', 'last_seen_at', 'closed_at'])
        .execute(),
      outbox: await db
        .selectFrom('outbox')
        .select(['topic', 'player_id', 'payload', 'created_at'])
        .orderBy('id')
        .execute(),
    }
    for (const round of rows.rounds) (round as { session_id: string }).session_id = 'S'
    return { answers: mask(answers), rows: mask(rows), counts, kinds: countAnswers(answers) }
  }

  /** 120 spins: replays, a bet the game does not offer, large bets, a reality check after an hour. */
  function planOf(): Step[] {
    const plan: Step[] = []
    for (let i = 0; i < 120; i++) {
      const last = plan.at(-1)
      if (i % 17 === 5 && last) {
        plan.push({ ...last, advanceMs: 3_000 })
        continue
      }
      if (i % 23 === 7 && last) {
        plan.push({ ...last, bet: last.bet === 100 ? 200 : 100, advanceMs: 3_000 })
        continue
      }
      plan.push({
        bet: i === 40 ? 123 : i >= 95 ? 2000 : i % 13 === 0 ? 1000 : ([50, 100, 200][i % 3] as number),
        requestId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        advanceMs: i === 110 ? 70 * 60_000 : 3_000,
      })
    }
    return plan
  }

  it('writes what the LedgerTx path writes, spin for spin, and hands every other case over', async () => {
    const plan = planOf()
    const limits = { dailyLoss: 1_000_000_000, dailyMinutes: 24 * 60 }
    const function_ = await play(true, plan, limits)
    const through = await play(false, plan, limits)
    expect(Object.keys(function_.kinds).sort()).toEqual(
      [
        'insufficient_balance',
        'invalid_bet',
        'loss',
        'reality_check_due',
        'replayed',
        'request_id_reused',
        'win',
      ].sort(),
    )
    expect(function_.answers).toEqual(through.answers)
    expect(function_.rows).toEqual(through.rows)
    expect(through.counts.function).toBe(0)
    // Most spins are plain; the first (its seed pair not yet seen here), the replays, the refusals
    // and the reality check after an hour are not.
    expect(function_.counts.function).toBeGreaterThan(60)
    expect(function_.counts.fellBack).toBeGreaterThan(5)
  })

  it.each([
    // A daily loss limit the plan's losses reach.
    ['loss_limit_reached', { dailyLoss: 1_500, dailyMinutes: 24 * 60 }],
    // A daily time limit the plan's play (3 s a spin) reaches.
    ['session_limit_reached', { dailyLoss: 1_000_000_000, dailyMinutes: 2 }],
  ] as const)(
    'hands a spin at a limit (%s) to LedgerTx, which refuses it, and writes the same rows',
    async (refusal, limits) => {
      const plan = planOf().slice(0, 60)
      const function_ = await play(true, plan, limits)
      const through = await play(false, plan, limits)
      expect(function_.kinds[refusal]).toBeGreaterThan(0)
      expect(function_.answers).toEqual(through.answers)
      expect(function_.rows).toEqual(through.rows)
      expect(function_.counts.function).toBeGreaterThan(10)
    },
  )
})
