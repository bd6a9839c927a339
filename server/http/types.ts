// What the app decorates Fastify with: its services and, per request, the player's language
// and (on authenticated routes) the player id.
import type { Kysely } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import type { Config } from '../config.ts'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { Rounds } from '../games/rounds.ts'
import type { ServerSeedSource } from '../games/seeds.ts'
import type { LanguagePacks } from '../i18n/packs.ts'
import type { AccountDirectory } from '../ledger/accounts.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { DepositService } from '../payments/deposits.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { SandboxProvider } from '../payments/sandbox/provider.ts'
import type { WithdrawalService } from '../payments/withdrawals.ts'
import type { PushHub } from '../push/hub.ts'

export interface Clock {
  now(): number
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Kysely<Database>
    engine: Engine
    clock: Clock
    languagePacks: LanguagePacks
    accounts: AccountDirectory
    ledger: Ledger
    push: PushHub
    payments: {
      provider: PaymentProvider
      /** The sandbox provider, which the sandbox bank pays through. */
      sandbox: SandboxProvider
      deposits: DepositService
      withdrawals: WithdrawalService
    }
    games: { rounds: Rounds; serverSeeds: ServerSeedSource }
    /** Counts an authenticated request against its player's per-minute limit. */
    playerRateLimit(request: FastifyRequest): Promise<{ isAllowed: boolean; isExceeded?: boolean }>
  }
  interface FastifyRequest {
    language: Language
    playerId: number
    accessToken: string
    /** The device row the session token was issued to. */
    sessionDeviceId: number | null
  }
}
