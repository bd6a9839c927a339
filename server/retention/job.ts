// The retention job: anonymises the personal data of accounts closed longer ago than the schedule
// keeps it (schedule.ts). Each owning module replaces its own rows (payments, support, attribution,
// push, the barred-person register, accounts); the ledger and the transparency chain are not touched — they hold amounts and
// totals, no personal data. An account is held by a lease while one instance works on it, marked
// once every module is done, and taken up again by a later run if the work stopped half-way
// (every step is repeatable). Each run also removes the e-mails and SMS sent longer ago than their
// period (the mail module's own function). Each run that did anything is audited with counts only.
import type { Kysely } from 'kysely'
import { anonymiseAccountData, claimExpiredClosedAccounts, markAnonymised } from '../accounts/anonymise.ts'
import { anonymiseAttributionData } from '../attribution/anonymise.ts'
import { writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { removeExpiredMail } from '../mail/retention.ts'
import { anonymisePaymentData } from '../payments/anonymise.ts'
import { anonymisePushData } from '../push/anonymise.ts'
import { anonymiseRegisterData } from '../sigap/anonymise.ts'
import { anonymiseSupportData } from '../support/anonymise.ts'
import { closedAccountYears, sentNoticeYears } from './schedule.ts'

/** How long one instance holds an account it works on: past it, another run takes it up. */
export const LEASE_MS = 10 * 60_000
/** How often the job looks for expired accounts. */
export const RUN_EVERY_MS = 60 * 60_000
const BATCH = 50
const YEAR_MS = 365.25 * 24 * 60 * 60_000

export type AnonymiseStep = { module: string; run: (db: Kysely<Database>, playerId: number) => Promise<number> }

/** Each owning module's function, in order; accounts last, so a stop half-way leaves the account findable. */
export const anonymiseSteps: readonly AnonymiseStep[] = [
  { module: 'payments', run: anonymisePaymentData },
  { module: 'support', run: anonymiseSupportData },
  { module: 'attribution', run: anonymiseAttributionData },
  { module: 'push', run: anonymisePushData },
  { module: 'sigap', run: anonymiseRegisterData },
  { module: 'accounts', run: anonymiseAccountData },
]

export interface RetentionOptions {
  db: Kysely<Database>
  now: () => number
  onError: (error: unknown) => void
  steps?: readonly AnonymiseStep[]
}

export interface RetentionRun {
  accounts: number
  /** Rows changed per owning module (`mail`: notices removed past their period). */
  rows: Record<string, number>
}

export class RetentionJob {
  readonly #o: RetentionOptions
  #timer: NodeJS.Timeout | null = null
  #running: Promise<RetentionRun> | null = null

  constructor(options: RetentionOptions) {
    this.#o = options
  }

  /** The closing time before which an account's personal data is past its period. */
  cutoff(now: number): number {
    return now - closedAccountYears * YEAR_MS
  }

  /** One pass over every expired closed account (joined while one runs in this instance). */
  run(): Promise<RetentionRun> {
    if (!this.#running) {
      this.#running = this.#pass().finally(() => {
        this.#running = null
      })
    }
    return this.#running
  }

  async #pass(): Promise<RetentionRun> {
    const { db } = this.#o
    const steps = this.#o.steps ?? anonymiseSteps
    const result: RetentionRun = {
      accounts: 0,
      rows: { ...Object.fromEntries(steps.map((s) => [s.module, 0])), mail: 0 },
    }
    try {
      for (;;) {
        const now = this.#o.now()
        const claimed = await claimExpiredClosedAccounts(db, {
          closedBefore: this.cutoff(now),
          now,
          leaseMs: LEASE_MS,
          limit: BATCH,
        })
        for (const playerId of claimed) {
          for (const step of steps)
            result.rows[step.module] = (result.rows[step.module] ?? 0) + (await step.run(db, playerId))
          await markAnonymised(db, playerId, this.#o.now())
          result.accounts++
        }
        if (claimed.length < BATCH) break
      }
      result.rows.mail = await removeExpiredMail(db, this.#o.now() - sentNoticeYears * YEAR_MS)
    } finally {
      // Written even when the pass stopped half-way: what was done is on record, by count only.
      if (result.accounts > 0 || Object.values(result.rows).some((n) => n > 0))
        await writeAudit(
          db,
          { id: null, name: 'retention', ip: '-' },
          {
            action: 'retention.anonymise',
            objectType: 'retention',
            objectId: 'closed-accounts',
            after: {
              accounts: result.accounts,
              rows: result.rows,
              closedYears: closedAccountYears,
              noticeYears: sentNoticeYears,
            },
          },
          this.#o.now(),
        )
    }
    return result
  }

  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.run().catch(this.#o.onError), RUN_EVERY_MS)
    this.#timer.unref()
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#running?.catch(() => undefined)
  }
}
