// The spin's direct path on SQLite (direct-spin.ts, `Ledger.transactDirect`): each prepared
// statement is its Kysely query's text with the parameters in the query's order, for many
// inputs; plain spins take it; and it writes exactly the rows, balances and answers the spin's
// `LedgerTx` path writes — spin for spin, from the same seeds — including the cases it hands
// over (a refusal, a replay, a wagering row, a jackpot, a win to announce, a reality check).
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { countAnswers, openGameSession } from '../../tests/support/game-session.ts'
import { createTestDb, loginPlayer } from '../../tests/support/server.ts'
import { roundMasker, spinPathApp } from '../../tests/support/spin-path-app.ts'
import type { Database } from '../db/schema.ts'
import { spinQueries } from './direct-spin.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)

describe('the spin direct path on sqlite', () => {
  const open: { close(): Promise<void> }[] = []
  afterEach(async () => {
    for (const one of open.splice(0)) await one.close()
  })

  it('runs each statement as its Kysely query compiles it, parameters in order', async () => {
    const testDb = await createTestDb('sqlite')
    open.push({ close: testDb.drop })
    const db = testDb.db.kysely
    for (const timeZone of ['America/Sao_Paulo', 'Asia/Kolkata', 'UTC', 'America/New_York']) {
      const q = spinQueries(db, timeZone)
      for (let i = 0; i < 200; i++) {
        // Times over three years, DST changes and month, week and day edges included.
        const now = Date.UTC(2025, 0, 1) + Math.floor(Math.random() * 3 * 365 * 86_400_000)
        const playerId = 1 + Math.floor(Math.random() * 1e6)
        const same = (query: { compile(): { sql: string; parameters: readonly unknown[] } }, parameters: unknown[]) => {
          const compiled = query.compile()
          expect(parameters).toEqual(compiled.parameters)
        }
        const hash = randomUUID()
        same(q.session.query(hash, now), q.session.parameters(hash, now))
        same(q.seen.query(hash, now), q.seen.parameters(hash, now))
        same(q.found.query(playerId, hash), q.found.parameters(playerId, hash))
        same(q.seed.query(playerId), q.seed.parameters(playerId))
        same(q.gate.query(playerId), q.gate.parameters(playerId))
        same(q.losses.query(playerId, now), q.losses.parameters(playerId, now))
        same(q.sessions.query(playerId, now), q.sessions.parameters(playerId, now))
        same(q.nonce.query(playerId, i), q.nonce.parameters(playerId, i))
        const row: Database['game_rounds'] = {
          id: `r${i}`,
          player_id: playerId,
          session_id: hash,
          request_id: `q${i}`,
          game_id: 'fruta-fina',
          game_version: 1,
          bet: 100,
          stops: '[1,2,3]',
          free_spins: '[]',
          win: i,
          jackpot_win: 0,
          jackpot_contribution: 2,
          balance_before: 1000,
          balance_after: 900 + i,
          seed_id: 7,
          server_seed_hash: 'h',
          client_seed: 'c',
          nonce: i,
          created_at: now,
        }
        same(q.round.query(row), q.round.parameters(row))
        const day = { playerId, gameId: 'fruta-fina', createdAt: now, bet: 100, paid: i }
        same(q.day.query(day), q.day.parameters(day))
      }
    }
  })

  /** One app spinning `plan` from a fixed server seed, with the direct path or without it. */
  async function play(direct: boolean, plan: { bet: number; requestId: string; advanceMs: number }[]) {
    const { app, testDb, clock, close } = await spinPathApp(
      'sqlite',
      START,
      direct ? undefined : { direct: false, oneStatement: false },
    )
    open.push({ close })
    const { call } = await loginPlayer(app, { ageConfirmed: true, cash: 3_000 })
    const { sessionToken } = await openGameSession(app, call)
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
    const db = testDb.db.kysely
    const mask = await roundMasker(db)
    const rows = {
      rounds: await db.selectFrom('game_rounds').selectAll().orderBy('created_at').orderBy('nonce').execute(),
      // The funding transfer's id is random too; every round's transfer is compared.
      transfers: (await db.selectFrom('ledger_transfers').selectAll().orderBy('seq').execute()).map((row) =>
        row.kind === 'adjustment' ? { ...row, id: 'FUNDING' } : row,
      ),
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
    return {
      answers: mask(answers),
      rows: mask(rows),
      counts: { ...app.ledger.directCounts },
      kinds: countAnswers(answers),
    }
  }

  it('writes what the LedgerTx path writes, spin for spin, and hands every other case over', async () => {
    const plan: { bet: number; requestId: string; advanceMs: number }[] = []
    for (let i = 0; i < 120; i++) {
      // A replay now and then, a bet the game does not offer, large bets (wins to announce, bets
      // past the cash once it runs low), and a reality check due after an hour's play.
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
    const direct = await play(true, plan)
    const through = await play(false, plan)
    // Every kind of answer was met, each the same on both paths.
    expect(Object.keys(direct.kinds).sort()).toEqual(
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
    expect(direct.answers).toEqual(through.answers)
    expect(direct.rows).toEqual(through.rows)
    expect(through.counts.direct).toBe(0)
    // Most spins are plain; the replays, the refusals and the reality check after an hour are not.
    expect(direct.counts.direct).toBeGreaterThan(60)
    expect(direct.counts.fellBack).toBeGreaterThan(5)
  })
})
