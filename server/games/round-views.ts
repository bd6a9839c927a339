// A round's row as every spin path writes it, a round as the player sees it (from its row), the name a win is announced under (masked), a
// balance as a spin answers it, and a new round's id.

import type { RoundView } from '../../contract/games/api.ts'
import { findGame } from '../../contract/games/catalog.ts'
import type { Database } from '../db/schema.ts'
import { randomHex } from '../lib/random-pool.ts'

type RoundRow = Database['game_rounds']

/** What a spin settled, as its round row records it. */
export interface SettledRound {
  id: string
  playerId: number
  sessionId: string
  requestId: string
  game: { id: string; version: number }
  bet: number
  /** The stops and the free spins' stops, as JSON. */
  stops: string
  freeSpins: string
  win: number
  jackpotWin: number
  contribution: number
  before: number
  seedId: number
  seed: { server_seed_hash: string; client_seed: string }
  nonce: number
  now: number
}

/** A round's row: the balance after is the one before, less the bet, plus the win and any jackpot. */
export function roundRow(round: SettledRound): RoundRow {
  return {
    id: round.id,
    player_id: round.playerId,
    session_id: round.sessionId,
    request_id: round.requestId,
    game_id: round.game.id,
    game_version: round.game.version,
    bet: round.bet,
    stops: round.stops,
    free_spins: round.freeSpins,
    win: round.win,
    jackpot_win: round.jackpotWin,
    jackpot_contribution: round.contribution,
    balance_before: round.before,
    balance_after: round.before - round.bet + round.win + round.jackpotWin,
    seed_id: round.seedId,
    server_seed_hash: round.seed.server_seed_hash,
    client_seed: round.seed.client_seed,
    nonce: round.nonce,
    created_at: round.now,
  }
}

export function roundView(row: RoundRow, serverSeed: string | null): RoundView {
  return {
    roundId: row.id,
    gameId: row.game_id,
    gameName: findGame(row.game_id)?.name ?? row.game_id,
    gameVersion: Number(row.game_version),
    bet: Number(row.bet),
    stops: JSON.parse(row.stops) as number[],
    freeSpins: JSON.parse(row.free_spins) as number[][],
    win: Number(row.win),
    jackpotWin: Number(row.jackpot_win),
    jackpotContribution: Number(row.jackpot_contribution),
    balanceBefore: Number(row.balance_before),
    balanceAfter: Number(row.balance_after),
    serverSeedHash: row.server_seed_hash,
    serverSeed,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    createdAt: Number(row.created_at),
  }
}

/** The name a win is announced under: the bound user name, else "Jogador<id>", masked. */
export function maskedPlayerName(userName: string | null, playerId: number): string {
  return maskName(userName ?? `Jogador${playerId}`)
}

/** "Jo***12": enough for a player to recognise their own win, not enough to identify anyone. */
function maskName(name: string): string {
  const clean = name.replace(/\s+/g, '')
  if (clean.length <= 4) return `${clean.slice(0, 1)}***`
  return `${clean.slice(0, 2)}***${clean.slice(-2)}`
}

export const balanceView = ({ cash, bonus }: { cash: number; bonus: number }) => ({ total: cash + bonus, cash, bonus })

/**
 * A round's id: `r`, the time in milliseconds as 11 hex digits, then 48 random bits. Ids made one
 * after another sort after each other, so each spin's rows go to the right edge of the indexes on
 * these ids (rounds, transfers, wallet bets) — the same few pages for a whole group of spins —
 * instead of a random page of an index that grows with every round ever played.
 */
export function newRoundId(now: number = Date.now()): string {
  return `r${now.toString(16).padStart(11, '0')}${randomHex(6)}`
}
