// A round as the player sees it (from its row), the name a win is announced under (masked), a
// balance as a spin answers it, and a new round's id.

import type { RoundView } from '../../contract/games/api.ts'
import { findGame } from '../../contract/games/catalog.ts'
import type { Database } from '../db/schema.ts'
import { randomHex } from '../lib/random-pool.ts'

type RoundRow = Database['game_rounds']

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

export function newRoundId(): string {
  return `r${randomHex(10)}`
}
