// Table types for Kysely. Times are epoch milliseconds (bigint columns) on both engines.
import type { Generated } from 'kysely'

export interface PlayersTable {
  id: Generated<number>
  device_id: string
  user_name: string | null
  password_hash: string | null
  language: string
  invite_code: string | null
  channel: string | null
  adult_confirmed_at: number | null
  created_at: number
}

export interface SessionTokensTable {
  token_hash: string
  player_id: number
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export interface LedgerAccountsTable {
  id: Generated<number>
  player_id: number | null
  code: string
  balance: number
  created_at: number
}

export interface Database {
  players: PlayersTable
  session_tokens: SessionTokensTable
  ledger_accounts: LedgerAccountsTable
}
