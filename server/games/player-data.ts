// The games module's part of the player's data export (server/player-data): game sessions, every
// round (bet, outcome, balances, and what verifies it), and the fairness seeds — a server seed only
// once revealed (an active one is the secret that keeps the next spins fair). No session or launch
// token hashes.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, keysetPages, PLAYER_DATA_PAGE, type PlayerDataPart } from '../lib/player-data.ts'

export function gamesPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  return [
    {
      name: 'gameSessions',
      async *rows(playerId) {
        const sessions = keysetPages(
          (after: string | null) =>
            db
              .selectFrom('game_sessions')
              .select(['id', 'game_id', 'created_at', 'opened_at', 'last_seen_at', 'closed_at'])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? '')
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const s of sessions) {
          yield {
            id: s.id,
            game: s.game_id,
            createdAt: isoTime(s.created_at),
            openedAt: isoTime(s.opened_at),
            lastSeenAt: isoTime(s.last_seen_at),
            closedAt: isoTime(s.closed_at),
          }
        }
      },
    },
    {
      name: 'rounds',
      async *rows(playerId) {
        // Oldest first on the history's index (player_id, created_at, id).
        const rounds = keysetPages(
          (after: { at: number; id: string } | null) => {
            let query = db
              .selectFrom('game_rounds')
              .select([
                'id',
                'session_id',
                'game_id',
                'game_version',
                'bet',
                'stops',
                'free_spins',
                'win',
                'jackpot_win',
                'jackpot_contribution',
                'balance_before',
                'balance_after',
                'server_seed_hash',
                'client_seed',
                'nonce',
                'created_at',
              ])
              .where('player_id', '=', playerId)
            if (after)
              query = query.where(
                sql<boolean>`(created_at > ${after.at} or (created_at = ${after.at} and id > ${after.id}))`,
              )
            return query.orderBy('created_at').orderBy('id').limit(PLAYER_DATA_PAGE).execute()
          },
          (row) => ({ at: Number(row.created_at), id: row.id }),
        )
        for await (const r of rounds) {
          yield {
            id: r.id,
            sessionId: r.session_id,
            game: r.game_id,
            gameVersion: r.game_version,
            bet: Number(r.bet),
            stops: JSON.parse(r.stops),
            freeSpins: JSON.parse(r.free_spins),
            win: Number(r.win),
            jackpotWin: Number(r.jackpot_win),
            jackpotContribution: Number(r.jackpot_contribution),
            balanceBefore: Number(r.balance_before),
            balanceAfter: Number(r.balance_after),
            serverSeedHash: r.server_seed_hash,
            clientSeed: r.client_seed,
            nonce: r.nonce,
            at: isoTime(Number(r.created_at)),
          }
        }
      },
    },
    {
      name: 'fairnessSeeds',
      async *rows(playerId) {
        const seeds = keysetPages(
          (after: number | null) =>
            db
              .selectFrom('fair_seeds')
              .select([
                'id',
                'server_seed',
                'server_seed_hash',
                'client_seed',
                'next_nonce',
                'created_at',
                'revealed_at',
              ])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? 0)
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const s of seeds) {
          yield {
            serverSeedHash: s.server_seed_hash,
            serverSeed: s.revealed_at === null ? null : s.server_seed,
            clientSeed: s.client_seed,
            nextNonce: s.next_nonce,
            createdAt: isoTime(s.created_at),
            revealedAt: isoTime(s.revealed_at),
          }
        }
      },
    },
  ]
}
