// The money watch as a service: runs the rules on a player when money is asked out (the
// payments module calls it after a withdrawal request commits) and reads flags, case files and
// the activity beside a withdrawal under review, masking personal data unless the role may see it.
import type { Kysely } from 'kysely'
import type { CaseFile, FlagItem, WithdrawalWatch } from '../../contract/money-watch.ts'
import { accountHolds } from '../accounts/account-holds.ts'
import { playerIdentities, playerIdentity } from '../accounts/operator-queries.ts'
import { maskCpf, maskName } from '../accounts/verification.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { withdrawalOwner } from '../payments/operator-queries.ts'
import { Refusal } from '../refusal.ts'
import { activityView, readActivity, readLifetime, readLinks } from './activity.ts'
import { caseNotes, type FlagFilter, findFlag, flagItem, listFlags, raiseFlags } from './flags.ts'
import { evaluateRules, type Finding, holdingFindings, type Thresholds } from './rules.ts'

const DAY_MS = 24 * 3600_000

export class MoneyWatch {
  readonly #db: Kysely<Database>
  readonly #config: Config
  readonly #now: () => number

  constructor(db: Kysely<Database>, config: Config, now: () => number) {
    this.#db = db
    this.#config = config
    this.#now = now
  }

  // Thresholds are read at each run: a settings change applies to the next request.
  #thresholds(): Thresholds {
    return { ...this.#config.risk, reviewAbove: this.#config.withdrawals.reviewAbove }
  }

  /**
   * Whether a withdrawal about to be written waits for an operator: promotion money
   * taken out as cash, or accounts linked to the player (the holding rules). The flags themselves
   * are raised once the request is written (`evaluate`).
   */
  async holdsForReview(asked: { playerId: number; amount: number; pixKey: string }): Promise<boolean> {
    const [lifetime, links] = await Promise.all([
      readLifetime(this.#db, asked.playerId, asked.amount),
      readLinks(this.#db, asked.playerId, asked.pixKey),
    ])
    return holdingFindings({ lifetime, links }, this.#thresholds()).length > 0
  }

  /** Runs every rule on the player, raising or refreshing a flag per finding. */
  async evaluate(playerId: number, triggerRef: string): Promise<Finding[]> {
    const now = this.#now()
    const thresholds = this.#thresholds()
    const activity = await readActivity(this.#db, playerId, {
      now,
      lookbackDays: thresholds.lookbackDays,
      timeZone: this.#config.market.timeZone,
    })
    const findings = evaluateRules(activity.input, thresholds)
    await raiseFlags(this.#db, playerId, findings, triggerRef, now)
    return findings
  }

  async #names(playerIds: number[], personal: boolean): Promise<Map<number, string | null>> {
    const people = await playerIdentities(this.#db, [...new Set(playerIds)])
    return new Map(
      people.map((p) => [p.userId, p.fullName !== null ? (personal ? p.fullName : maskName(p.fullName)) : p.userName]),
    )
  }

  async list(filter: FlagFilter, personal: boolean): Promise<{ total: number; items: FlagItem[] }> {
    const { total, rows } = await listFlags(this.#db, filter)
    const names = await this.#names(
      rows.map((r) => Number(r.player_id)),
      personal,
    )
    return { total, items: rows.map((r) => flagItem(r, names.get(Number(r.player_id)) ?? null)) }
  }

  async caseFile(flagId: number, personal: boolean): Promise<CaseFile> {
    const row = await findFlag(this.#db, flagId)
    const playerId = Number(row.player_id)
    const now = this.#now()
    const { lookbackDays } = this.#config.risk
    // The window reaches back from the flag's first firing, whenever the case is read.
    const days = Math.ceil(Math.max(0, now - Number(row.first_at)) / DAY_MS) + lookbackDays
    const [identity, holds, notes, others, activity] = await Promise.all([
      playerIdentity(this.#db, playerId),
      accountHolds(this.#db, playerId),
      caseNotes(this.#db, flagId),
      listFlags(this.#db, { playerId, pageNum: 1, pageSize: 50 }),
      readActivity(this.#db, playerId, { now, lookbackDays: days, timeZone: this.#config.market.timeZone }),
    ])
    const fullName = identity?.fullName ?? null
    const name = fullName !== null ? (personal ? fullName : maskName(fullName)) : (identity?.userName ?? null)
    return {
      flag: flagItem(row, name),
      decisionReason: row.decision_reason,
      notes,
      otherFlags: others.rows.filter((r) => Number(r.id) !== flagId).map((r) => flagItem(r, name)),
      player: {
        userId: playerId,
        userName: identity?.userName ?? null,
        fullName: fullName === null ? null : personal ? fullName : maskName(fullName),
        cpf: identity?.cpf ? (personal ? identity.cpf : maskCpf(identity.cpf)) : null,
        frozen: holds.frozenAt !== null,
      },
      activity: activityView(activity, personal),
    }
  }

  /** Beside a withdrawal: the player's deposits, rounds and payers in the window, and open flags. */
  async besideWithdrawal(orderId: string, personal: boolean): Promise<WithdrawalWatch> {
    const playerId = await withdrawalOwner(this.#db, orderId)
    if (playerId === undefined) throw new Refusal('not_found', { orderId })
    const [activity, open] = await Promise.all([
      readActivity(this.#db, playerId, {
        now: this.#now(),
        lookbackDays: this.#config.risk.lookbackDays,
        timeZone: this.#config.market.timeZone,
      }),
      this.list({ playerId, status: 'open', pageNum: 1, pageSize: 50 }, personal),
    ])
    return { orderId, playerId, activity: activityView(activity, personal), openFlags: open.items }
  }
}
