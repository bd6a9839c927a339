// The kind table's `sign` (contract/transfers.ts) against what the ledger really moves, on each
// engine: one transfer of every kind written the way the app writes it (the ledger's entry points,
// and spins through the game API down to the jackpot won, on the engine's own spin path), then
// every transfer row read back — the player's balance (cash + bonus) must move the way its kind's
// sign says. A kind the app writes but the scenario does not fails too, so a new kind is added here.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findGame } from '../../contract/games/catalog.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { kindsOf, type TransferKind, transferKindFacts, transferKinds } from '../../contract/transfers.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { engines, loginPlayer } from '../../tests/support/server.ts'
import { type SpinPathApp, spinPathApp } from '../../tests/support/spin-path-app.ts'
import { roundGamesQuery } from '../games/report-queries.ts'
import { hmacSha256 } from '../games/seeds.ts'
import { adjustCash } from './adjustments.ts'
import { forfeitBonus, grantBonus } from './bonus.ts'
import { creditDeposit } from './deposits.ts'
import { hold, postHold, voidHold } from './holds.ts'
import { setAsidePixRefund } from './refunds.ts'
import { financeDay } from './reports.ts'
import { bet, rollback, win } from './wallet.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)
/** The first server seed `spinPathApp` hands out. */
const SERVER_SEED_0 = `${'5eed'.repeat(15)}0000`
const fruta = findGame('fruta-fina') as NonNullable<ReturnType<typeof findGame>>

/** A client seed whose third spin (nonce 2) of `bet` wins the jackpot, found by search. */
function jackpotSeed(stake: number): string {
  for (let i = 0; ; i++) {
    const clientSeed = createHash('sha256').update(`procura-${i}`).digest('hex').slice(0, 16)
    const outcome = spinOutcome(fruta, stake, { serverSeed: SERVER_SEED_0, clientSeed, nonce: 2 }, hmacSha256)
    if (outcome.jackpotWon) return clientSeed
  }
}

/** How a transfer moved its player's balance: the sign its kind must have. */
const direction = (delta: number) => (delta > 0 ? '+' : delta < 0 ? '-' : '0')

describe.each(engines)('the kind table’s signs against the ledger on %s', { timeout: 180_000 }, (engine) => {
  let s: SpinPathApp

  beforeAll(async () => {
    s = await spinPathApp(engine, START)
    const { app, clock } = s
    const { call, userId: playerId } = await loginPlayer(app, { ageConfirmed: true, cash: 50_000 })

    // Spins through the game API: bets, wins, the jackpot's share, and the jackpot won and reseeded.
    const { sessionToken } = await openGameSession(app, call, { gameId: fruta.id, clientSeed: jackpotSeed(2000) })
    for (let i = 0; i < 3; i++) {
      clock.time += 3_000
      const reply = await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 2000, requestId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
      })
      expect(reply.json().success, reply.body).toBe(true)
    }

    const ledger = app.ledger
    await ledger.transact((tx) => creditDeposit(tx, { endToEndId: 'E1', playerId, amount: 5_000, orderId: 'o1' }))
    await ledger.transact((tx) => setAsidePixRefund(tx, { endToEndId: 'E2', amount: 700, orderId: null }))
    await ledger.transact((tx) => adjustCash(tx, { id: 'adj+', playerId, amount: 300, reason: 'a' }))
    await ledger.transact((tx) => adjustCash(tx, { id: 'adj-', playerId, amount: -200, reason: 'b' }))
    // A withdrawal paid, one returned, and a closing account's balance paid out.
    await ledger.transact((tx) => hold(tx, { id: 'h1', playerId, amount: 1_000 }))
    await ledger.transact((tx) => postHold(tx, { id: 'p1', holdId: 'h1' }))
    await ledger.transact((tx) => hold(tx, { id: 'h2', playerId, amount: 1_000 }))
    await ledger.transact((tx) => voidHold(tx, { id: 'v2', holdId: 'h2' }))
    await ledger.transact((tx) => hold(tx, { id: 'h3', playerId, amount: 1_000 }))
    await ledger.transact((tx) => postHold(tx, { id: 'p3', holdId: 'h3', kind: 'closure_payout' }))
    // Every bonus grant, wagered through (the bonus becomes cash), a bet rolled back, and a bonus forfeited.
    for (const kind of kindsOf('bonuses'))
      await ledger.transact((tx) =>
        grantBonus(tx, { id: `grant-${kind}`, playerId, amount: 100, wageringMultiplier: 1, kind }),
      )
    await ledger.transact((tx) => bet(tx, { playerId, transactionId: 'b1', roundId: 'r1', amount: 20_000 }))
    await ledger.transact((tx) => win(tx, { playerId, transactionId: 'w1', roundId: 'r1', amount: 500 }))
    await ledger.transact((tx) => bet(tx, { playerId, transactionId: 'b2', roundId: 'r2', amount: 100 }))
    await ledger.transact((tx) => rollback(tx, { playerId, transactionId: 'b2', roundId: 'r2' }))
    await ledger.transact((tx) =>
      grantBonus(tx, { id: 'grant-again', playerId, amount: 100, wageringMultiplier: 5, kind: 'new_player_gift' }),
    )
    await ledger.transact((tx) => forfeitBonus(tx, { id: 'forfeit', playerId }))
  })
  afterAll(() => s.close())

  it('moves the player’s balance the way each kind’s sign says, for every kind the app writes', async () => {
    const db = s.testDb.db.kysely
    const accounts = new Map(
      (await db.selectFrom('ledger_accounts').select(['id', 'player_id', 'code']).execute()).map((a) => [
        Number(a.id),
        a.player_id !== null && (a.code === 'cash' || a.code === 'bonus'),
      ]),
    )
    const moves = new Map<TransferKind, Set<string>>()
    for (const t of await db.selectFrom('ledger_transfers').selectAll().execute()) {
      const amount = Number(t.amount)
      const delta =
        (accounts.get(Number(t.credit_account_id)) ? amount : 0) -
        (accounts.get(Number(t.debit_account_id)) ? amount : 0)
      const seen = moves.get(t.kind) ?? new Set()
      seen.add(direction(delta))
      moves.set(t.kind, seen)
    }
    expect([...moves.keys()].sort()).toEqual([...transferKinds].sort())
    for (const [kind, seen] of moves) {
      const { sign } = transferKindFacts[kind]
      const allowed = sign === '±' ? ['+', '-'] : [sign]
      for (const moved of seen) expect(allowed, `${kind} moved the player's balance ${moved}`).toContain(moved)
    }
    // An operator's adjustment is seen both ways here.
    expect([...(moves.get('adjustment') ?? [])].sort()).toEqual(['+', '-'])
  })

  it('counts a jackpot won once in the finance report: a game’s stakes and wins are its rounds’', async () => {
    const db = s.testDb.db.kysely
    const rounds = await db.selectFrom('game_rounds').select(['bet', 'win', 'jackpot_win']).execute()
    const sum = (of: (round: (typeof rounds)[number]) => number) => rounds.reduce((total, r) => total + of(r), 0)
    expect(sum((r) => Number(r.jackpot_win))).toBeGreaterThan(0)
    const day = await financeDay(db, roundGamesQuery(db, engine), '2026-11-22', START - 3_600_000, START + 3_600_000)
    const game = day.games.find((g) => g.gameId === fruta.id)
    expect(game?.stakes).toBe(sum((r) => Number(r.bet)))
    expect(game?.wins).toBe(sum((r) => Number(r.win) + Number(r.jackpot_win)))
  })
})
