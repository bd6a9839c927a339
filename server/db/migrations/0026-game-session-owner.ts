// A game session lives only as long as the player's session token that opened it: each game
// session keeps that token's hash, and the game page's calls check the token is still live
// (server/games/sessions.ts). Sessions opened before this have no such token and are closed here;
// the player opens the game again.
import { type Kysely, sql } from 'kysely'

export function gameSessionOwnerMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('game_sessions').addColumn('access_token_hash', 'text').execute()
      // Closing every game session a revoked token opened (logout, device revoked, an operator's).
      await db.schema
        .createIndex('game_sessions_access_token')
        .on('game_sessions')
        .column('access_token_hash')
        .where(sql.ref('closed_at'), 'is', null)
        .execute()
      await sql`update game_sessions set closed_at = last_seen_at where closed_at is null`.execute(db)
    },
  }
}
