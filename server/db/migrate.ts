// Runs the migrations at start-up, on either engine.
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import type { Db } from './database.ts'
import { accountsMigration } from './migrations/0001-accounts.ts'
import { ledgerMigration } from './migrations/0002-ledger.ts'
import { verificationMigration } from './migrations/0003-verification.ts'
import { depositsMigration } from './migrations/0004-deposits.ts'
import { withdrawalsMigration } from './migrations/0005-withdrawals.ts'
import { gamesMigration } from './migrations/0006-games.ts'
import { rewardsMigration } from './migrations/0007-rewards.ts'
import { accountSecurityMigration } from './migrations/0008-account-security.ts'
import { paymentSafetyMigration } from './migrations/0009-payment-safety.ts'
import { withdrawalCoolOffMigration } from './migrations/0010-withdrawal-cool-off.ts'
import { gameFeaturesMigration } from './migrations/0011-game-features.ts'
import { responsibleGamingMigration } from './migrations/0013-responsible-gaming.ts'
import { operatorsMigration } from './migrations/0014-operators.ts'
import { supportMigration } from './migrations/0015-support.ts'
import { attributionMigration } from './migrations/0019-attribution.ts'
import { pushSubscriptionsMigration } from './migrations/0020-push-subscriptions.ts'
import { accountHoldsMigration } from './migrations/0021-account-holds.ts'
import { sandboxWebhooksMigration } from './migrations/0022-sandbox-webhooks.ts'
import { playDaysMigration } from './migrations/0023-play-days.ts'
import { transparencyMigration } from './migrations/0024-transparency.ts'
import { payersAndHeldStepsMigration } from './migrations/0025-payers-and-held-steps.ts'
import { gameSessionOwnerMigration } from './migrations/0026-game-session-owner.ts'
import { fourEyesWindowMigration } from './migrations/0027-four-eyes-window.ts'
import { sandboxCobRevisionsMigration } from './migrations/0033-sandbox-cob-revisions.ts'
import { ledgerSpinFunctionMigration } from './migrations/0034-ledger-spin-function.ts'
import { identityChecksMigration } from './migrations/0035-identity-checks.ts'
import { moneyWatchMigration } from './migrations/0037-money-watch.ts'
import { reportIndexesMigration } from './migrations/0040-report-indexes.ts'
import { passwordResetsMigration } from './migrations/0041-password-resets.ts'
import { oneOpenReviewMigration } from './migrations/0042-one-open-review.ts'
import { depositCancelMigration } from './migrations/0043-deposit-cancel.ts'
import { mailOutboxMigration } from './migrations/0044-mail-outbox.ts'
import { operatorGrantsMigration } from './migrations/0045-operator-grants.ts'
import { regulatoryFilesMigration } from './migrations/0046-regulatory-files.ts'
import { spinBeforeRegistrationMigration } from './migrations/0047-spin-before-registration.ts'
import { loginSightingsMigration } from './migrations/0048-login-sightings.ts'
import { barredRegisterMigration } from './migrations/0049-barred-register.ts'
import { anonymisedPlayersMigration } from './migrations/0050-anonymised-players.ts'
import { smsOutboxMigration } from './migrations/0051-sms-outbox.ts'
import { playerContactsMigration } from './migrations/0052-player-contacts.ts'
import { accountClosuresMigration } from './migrations/0053-account-closures.ts'
import { passkeysAndIdleMigration } from './migrations/0054-passkeys-and-idle.ts'
import { faceChecksMigration } from './migrations/0055-face-checks.ts'
import { liabilitiesAndWitnessesMigration } from './migrations/0056-liabilities-and-witnesses.ts'
import { harmWatchMigration } from './migrations/0058-harm-watch.ts'
import { harmWatchIndexesMigration } from './migrations/0059-harm-watch-indexes.ts'
import { amlClassesMigration } from './migrations/0060-aml-classes.ts'
import { sanctionsScreeningMigration } from './migrations/0061-sanctions-screening.ts'
import { appendOnlyMigration } from './migrations/0062-append-only.ts'
import { transparencyAnchorsMigration } from './migrations/0063-transparency-anchors.ts'
import { sandboxPixDetailsMigration } from './migrations/0064-sandbox-pix-details.ts'
import { amlWorkerLeaseMigration } from './migrations/0065-aml-worker-lease.ts'
import { liabilityClaimsMigration } from './migrations/0074-liability-claims.ts'
import { harmBatchIndexesMigration } from './migrations/0075-harm-batch-indexes.ts'
import { loginThrottleVersionMigration } from './migrations/0076-login-throttle-version.ts'
import { withdrawalPixKeyIndexMigration } from './migrations/0077-withdrawal-pix-key-index.ts'
import { worklistIndexesMigration } from './migrations/0078-worklist-indexes.ts'
import { pixPaymentsOrderIndexMigration } from './migrations/0079-pix-payments-order-index.ts'
import { depositOrdersPlayerStatusIndexMigration } from './migrations/0080-deposit-orders-player-status-index.ts'
import { backgroundReadsIndexesMigration } from './migrations/0081-background-reads-indexes.ts'
import { monthlyPartitionsMigration } from './migrations/0082-monthly-partitions.ts'
import { transferMonthBoundsMigration } from './migrations/0083-transfer-month-bounds.ts'

function provider(db: Db, timeZone: string): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-accounts': accountsMigration(db.engine),
        '0002-ledger': ledgerMigration(db.engine),
        '0003-verification': verificationMigration(),
        '0004-deposits': depositsMigration(),
        '0005-withdrawals': withdrawalsMigration(db.engine),
        '0006-games': gamesMigration(db.engine),
        '0007-rewards': rewardsMigration(db.engine),
        '0008-account-security': accountSecurityMigration(db.engine),
        '0009-payment-safety': paymentSafetyMigration(),
        '0010-withdrawal-cool-off': withdrawalCoolOffMigration(),
        '0011-game-features': gameFeaturesMigration(),
        '0013-responsible-gaming': responsibleGamingMigration(db.engine),
        '0014-operators': operatorsMigration(db.engine),
        '0015-support': supportMigration(db.engine),
        '0019-attribution': attributionMigration(db.engine),
        '0020-push-subscriptions': pushSubscriptionsMigration(db.engine),
        '0021-account-holds': accountHoldsMigration(),
        '0022-sandbox-webhooks': sandboxWebhooksMigration(),
        '0023-play-days': playDaysMigration(timeZone),
        '0024-transparency': transparencyMigration(),
        '0025-payers-and-held-steps': payersAndHeldStepsMigration(),
        '0026-game-session-owner': gameSessionOwnerMigration(),
        '0027-four-eyes-window': fourEyesWindowMigration(),
        '0033-sandbox-cob-revisions': sandboxCobRevisionsMigration(db.engine),
        '0034-ledger-spin-function': ledgerSpinFunctionMigration(db.engine),
        '0035-identity-checks': identityChecksMigration(db.engine),
        '0037-money-watch': moneyWatchMigration(db.engine),
        '0040-report-indexes': reportIndexesMigration(),
        '0041-password-resets': passwordResetsMigration(db.engine),
        '0042-one-open-review': oneOpenReviewMigration(),
        '0043-deposit-cancel': depositCancelMigration(),
        '0044-mail-outbox': mailOutboxMigration(db.engine),
        '0045-operator-grants': operatorGrantsMigration(db.engine),
        '0046-regulatory-files': regulatoryFilesMigration(),
        '0047-spin-before-registration': spinBeforeRegistrationMigration(db.engine),
        '0048-login-sightings': loginSightingsMigration(),
        '0049-barred-register': barredRegisterMigration(db.engine),
        '0050-anonymised-players': anonymisedPlayersMigration(),
        '0051-sms-outbox': smsOutboxMigration(),
        '0052-player-contacts': playerContactsMigration(db.engine),
        '0062-append-only': appendOnlyMigration(db.engine),
        '0063-transparency-anchors': transparencyAnchorsMigration(db.engine),
        '0064-sandbox-pix-details': sandboxPixDetailsMigration(db.engine),
        '0053-account-closures': accountClosuresMigration(db.engine),
        '0054-passkeys-and-idle': passkeysAndIdleMigration(db.engine),
        '0055-face-checks': faceChecksMigration(db.engine),
        '0056-liabilities-and-witnesses': liabilitiesAndWitnessesMigration(db.engine),
        '0060-aml-classes': amlClassesMigration(db.engine),
        '0061-sanctions-screening': sanctionsScreeningMigration(db.engine),
        '0058-harm-watch': harmWatchMigration(db.engine),
        '0059-harm-watch-indexes': harmWatchIndexesMigration(),
        '0065-aml-worker-lease': amlWorkerLeaseMigration(),
        '0074-liability-claims': liabilityClaimsMigration(),
        '0075-harm-batch-indexes': harmBatchIndexesMigration(),
        '0076-login-throttle-version': loginThrottleVersionMigration(),
        '0077-withdrawal-pix-key-index': withdrawalPixKeyIndexMigration(),
        '0078-worklist-indexes': worklistIndexesMigration(),
        '0079-pix-payments-order-index': pixPaymentsOrderIndexMigration(),
        '0080-deposit-orders-player-status-index': depositOrdersPlayerStatusIndexMigration(),
        '0081-background-reads-indexes': backgroundReadsIndexesMigration(),
        '0082-monthly-partitions': monthlyPartitionsMigration(db.engine),
        '0083-transfer-month-bounds': transferMonthBoundsMigration(db.engine),
      }
    },
  }
}

export interface MigrateOptions {
  /** The market's time zone (MARKET_TIME_ZONE): the local days existing rounds are counted into (0023). */
  timeZone?: string
}

/** The config's default market; a server on another one passes its own. */
const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<void> {
  await migrate(db, options, (migrator) => migrator.migrateToLatest())
}

/** Migrates up to and including one migration (tests of a later migration's data path). */
export async function migrateUpTo(db: Db, name: string, options: MigrateOptions = {}): Promise<void> {
  await migrate(db, options, (migrator) => migrator.migrateTo(name))
}

/** The migrations this code has that the database has not run yet (readiness: empty). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migrator(db, {}).getMigrations()
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name)
}

function migrator(db: Db, options: MigrateOptions): Migrator {
  // Named when set: otherwise Kysely takes another schema's migration tables for this one's.
  return new Migrator({
    db: db.kysely,
    provider: provider(db, options.timeZone ?? DEFAULT_TIME_ZONE),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  })
}

async function migrate(
  db: Db,
  options: MigrateOptions,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
) {
  const { error, results } = await run(migrator(db, options))
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : ''
    throw new Error(`database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
