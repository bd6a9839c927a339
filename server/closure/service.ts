// One account-closure state machine for every cause: the barred-person register named the player
// (`barred`), the player asked (`self`), an operator closed the account (`operator`).
//
//   begin ──► paying ──(balance paid, nothing in flight)──► closed ──(operator)──► reopened
//               │  ▲
//               ▼  │ operator retries
//             stuck ──(operator closes from the worklist)──► closed
//
// `begin` stops play, deposits, new withdrawals and rewards at once (the player's `closing_at`,
// under the player's ledger lock, so a spin or a deposit either committed before it or is refused)
// and forfeits the bonus; each pass (`advance`) asks payments to pay the whole withdrawable cash to
// a key in the player's own CPF (closure-payouts.ts) and closes the account once nothing is left —
// re-read under the lock, so money that arrived meanwhile is paid first, never left behind. Every
// step is read from the rows, so a pass after a crash or on another instance goes on where the last
// one stopped. The player is told by e-mail and SMS (the mail outbox, in the step's transaction) and
// in the app (`status`, and the login's refusal once closed); operators see the stuck ones with
// their due clock (IN SPA/MF 31/2025: closed within 3 days) and act on them, audited.
import type { Kysely, Selectable } from 'kysely'
import type { ClosureInfo, ClosureStatus, ClosureStuckReasonCode, ClosureWorkItem } from '../../contract/closure.ts'
import type { Language } from '../../contract/languages.ts'
import { closeAccount, closedState, markClosing, reopenAccount } from '../accounts/account-holds.ts'
import { queuePlayerNotice } from '../accounts/contacts.ts'
import { findById } from '../accounts/players.ts'
import { maskCpf, verifiedIdentity } from '../accounts/verification.ts'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Config } from '../config.ts'
import type { Engine } from '../db/database.ts'
import type { AccountClosuresTable, ClosureCause, Database } from '../db/schema.ts'
import { closeSessionsLaunchedWith } from '../games/sessions.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { forfeitBonus } from '../ledger/bonus.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { MailService } from '../mail/plugin.ts'
import { type ClosurePayoutState, closurePaid, closurePayoutInFlight } from '../payments/closure-payouts.ts'
import { withdrawalInFlight } from '../payments/operator-queries.ts'
import { confirmWithdrawalPassword } from '../payments/withdrawal-password.ts'
import { Refusal } from '../refusal.ts'
import { begunNotice, closedNotice, languageOf } from './notices.ts'

const DAY_MS = 86_400_000
const OPEN_STATES = ['paying', 'stuck'] as const

type ClosureRow = Selectable<AccountClosuresTable>

export interface ClosureServiceOptions {
  db: Kysely<Database>
  engine: Engine
  ledger: Ledger
  config: Config
  mail: Pick<MailService, 'queue' | 'queueSms' | 'committed'>
  now: () => number
  /** The payout step (payments' `closurePayout`). */
  payOut(input: { playerId: number; closureId: number; attempts: number }): Promise<ClosurePayoutState>
  /** Ends the revoked sessions' sockets after an account closes. */
  closeSockets(tokenHashes: string[]): number
  onError(error: unknown, context: string): void
}

export interface BeginInput {
  playerId: number
  cause: ClosureCause
  actor: Actor
  /** The register's answer that named the player (cause `barred`). */
  answerId?: number | null
  reason?: string | null
}

/** A pass's result: the closure as it stands, and what closing ended when this pass closed it. */
export interface Advanced {
  closure: ClosureRow
  closed: ClosedNow | null
}

/** What the operator's close answers: the closure, and what closing now ended. */
export interface ClosedNow {
  closure: ClosureRow
  sessions: number
  devices: number
  sockets: number
}

const systemActor: Actor = { id: null, name: 'closure', ip: '-' }
export const playerActor = (playerId: number, ip: string): Actor => ({ id: null, name: `player:${playerId}`, ip })

export class AccountClosures {
  readonly #o: ClosureServiceOptions
  /** Passes under way on this instance, by closure (a second caller joins the first). */
  readonly #passes = new Map<number, Promise<Advanced>>()

  constructor(options: ClosureServiceOptions) {
    this.#o = options
  }

  /**
   * Begins a closure (or answers the one already open), then takes its first pass. Play, deposits,
   * new withdrawals and rewards stop in the same transaction that records it.
   */
  async begin(input: BeginInput): Promise<Advanced> {
    const { config } = this.#o
    const begun = await this.#o.ledger.transact(async (tx) => {
      const { trx, now } = tx
      const { cash } = await tx.lockPlayer(input.playerId)
      const open = await this.#openOf(trx, input.playerId)
      if (open) return { row: open, created: false }
      const player = await findById(trx, input.playerId)
      if (player.closed_at !== null) throw new Refusal('account_closed')
      const inserted = await trx
        .insertInto('account_closures')
        .values({
          player_id: input.playerId,
          cause: input.cause,
          state: 'paying',
          stuck_reason: null,
          answer_id: input.answerId ?? null,
          language: player.language,
          requested_at: now,
          due_at: now + config.closure.closeDays * DAY_MS,
          closed_at: null,
          closed_by: null,
          reopened_at: null,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const closureId = Number(inserted.id)
      await markClosing(trx, input.playerId, now)
      const forfeited = await forfeitBonus(tx, {
        id: `closure:${closureId}:bonus`,
        playerId: input.playerId,
        reference: `closure:${closureId}`,
      })
      if (forfeited > 0)
        await trx
          .updateTable('account_closures')
          .set({ forfeited_bonus: forfeited })
          .where('id', '=', closureId)
          .execute()
      await writeAudit(
        trx,
        input.actor,
        {
          action: 'closure.begin',
          objectType: 'player',
          objectId: input.playerId,
          after: { closureId, cause: input.cause, cash, forfeitedBonus: forfeited, answerId: input.answerId ?? null },
          reason: input.reason ?? null,
        },
        now,
      )
      const language = languageOf(player.language)
      await queuePlayerNotice(
        trx,
        this.#o.mail,
        input.playerId,
        begunNotice(
          language,
          { cause: input.cause, cash, bonus: forfeited, dueAt: now + config.closure.closeDays * DAY_MS },
          this.#market(),
        ),
        now,
      )
      return { row: await this.#row(trx, closureId), created: true }
    })
    if (begun.created) this.#o.mail.committed()
    return this.advance(begun.row.id)
  }

  /** One pass over a closure: pays what is left, or closes the account when nothing is. */
  advance(closureId: number): Promise<Advanced> {
    const running = this.#passes.get(closureId)
    if (running) return running
    const pass = this.#advance(closureId).finally(() => this.#passes.delete(closureId))
    this.#passes.set(closureId, pass)
    return pass
  }

  async #advance(closureId: number): Promise<Advanced> {
    const { db } = this.#o
    const closure = await this.#row(db, closureId)
    if (closure.state !== 'paying') return { closure, closed: null }
    const step = await this.#o.payOut({
      playerId: Number(closure.player_id),
      closureId,
      attempts: Number(closure.payout_attempts),
    })
    if (step.state === 'stuck') return { closure: await this.#stick(closure, step.reason), closed: null }
    if (step.state !== 'settled') return { closure: await this.#row(db, closureId), closed: null }
    const done = await this.#close(closure, { paid: step.paid, keyMasked: step.keyMasked }, systemActor, 'payout', null)
    return { closure: done?.closure ?? (await this.#row(db, closureId)), closed: done }
  }

  /** The payout cannot go on without an operator: the closure joins the worklist (audited once). */
  async #stick(closure: ClosureRow, reason: ClosureStuckReasonCode): Promise<ClosureRow> {
    const now = this.#o.now()
    await this.#o.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('account_closures')
        .set({ state: 'stuck', stuck_reason: reason, updated_at: now })
        .where('id', '=', closure.id)
        .where('state', '=', 'paying')
        .executeTakeFirst()
      if (moved.numUpdatedRows === 0n) return
      await writeAudit(
        trx,
        systemActor,
        {
          action: 'closure.stuck',
          objectType: 'player',
          objectId: Number(closure.player_id),
          after: { closureId: closure.id, reason, dueAt: Number(closure.due_at) },
        },
        now,
      )
    })
    return this.#row(this.#o.db, closure.id)
  }

  /**
   * Closes the account, once, if nothing is left to pay (read again under the player's lock: a
   * balance that arrived since is paid at the next pass), or at once when an operator closes it
   * from the worklist (`force`: what is left stays owed in the ledger, and the audit row says how much).
   */
  async #close(
    closure: ClosureRow,
    payout: { paid: number; keyMasked: string | null },
    actor: Actor,
    by: string,
    reason: string | null,
    force = false,
  ): Promise<ClosedNow | null> {
    const playerId = Number(closure.player_id)
    const cause = closure.cause
    const closed = await this.#o.ledger.transact(async (tx) => {
      const { trx, now } = tx
      const { cash } = await tx.lockPlayer(playerId)
      const balances = await readPlayerBalances(trx, playerId)
      if (!force && (cash > 0 || balances.withdrawalHold > 0)) return null
      const moved = await trx
        .updateTable('account_closures')
        .set({
          state: 'closed',
          stuck_reason: null,
          paid_amount: payout.paid,
          closed_at: now,
          closed_by: by,
          updated_at: now,
        })
        .where('id', '=', closure.id)
        .where('state', 'in', OPEN_STATES)
        .executeTakeFirst()
      if (moved.numUpdatedRows === 0n) return null
      const ended = await closeAccount(trx, playerId, now, cause)
      await closeSessionsLaunchedWith(trx, ended.tokenHashes, now)
      await writeAudit(
        trx,
        actor,
        {
          action: cause === 'operator' && by !== 'payout' ? 'player.close' : 'closure.close',
          objectType: 'player',
          objectId: playerId,
          before: { closureId: closure.id, state: closure.state, stuckReason: closure.stuck_reason },
          after: {
            closureId: closure.id,
            cause,
            paid: payout.paid,
            owedLeft: cash + balances.withdrawalHold,
            sessions: ended.tokenHashes.length,
            devices: ended.devices,
          },
          reason,
        },
        now,
      )
      const language: Language = languageOf(closure.language)
      await queuePlayerNotice(
        trx,
        this.#o.mail,
        playerId,
        closedNotice(
          language,
          {
            cause,
            paid: payout.paid,
            keyMasked: payout.keyMasked,
            closedAt: now,
            reopenFrom: now + this.#o.config.closure.reopenDays * DAY_MS,
          },
          this.#market(),
        ),
        now,
      )
      return { row: await this.#row(trx, closure.id), ended }
    })
    if (!closed) return null
    this.#o.mail.committed()
    const sockets = this.#o.closeSockets(closed.ended.tokenHashes)
    return { closure: closed.row, sessions: closed.ended.tokenHashes.length, devices: closed.ended.devices, sockets }
  }

  /** How many closures are open (the metrics). */
  async openCount(): Promise<number> {
    const row = await this.#o.db
      .selectFrom('account_closures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** How many closures wait for an operator (the console's pending-work badge). */
  async stuckCount(): Promise<number> {
    const row = await this.#o.db
      .selectFrom('account_closures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'stuck')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Every paying closure moved on once (the poll; also after a restart). */
  async advanceOpen(): Promise<number> {
    const open = await this.#o.db
      .selectFrom('account_closures')
      .select('id')
      .where('state', '=', 'paying')
      .orderBy('due_at')
      .limit(200)
      .execute()
    for (const row of open) {
      try {
        await this.advance(Number(row.id))
      } catch (error) {
        this.#o.onError(error, `closure ${row.id}`)
      }
    }
    return open.length
  }

  /** Whether the register's answer already began a closure (a hit is acted on once). */
  async answered(answerId: number): Promise<boolean> {
    const row = await this.#o.db
      .selectFrom('account_closures')
      .select('id')
      .where('answer_id', '=', answerId)
      .executeTakeFirst()
    return row !== undefined
  }

  // The player's side.

  /** What closing would do now, and the closure under way if there is one (Perfil's screen). */
  async info(playerId: number): Promise<ClosureInfo> {
    const { db, config } = this.#o
    const [balances, identity, player, inFlight, status] = await Promise.all([
      readPlayerBalances(db, playerId),
      verifiedIdentity(db, playerId),
      findById(db, playerId),
      withdrawalInFlight(db, playerId),
      this.status(playerId),
    ])
    return {
      cash: balances.cash,
      bonus: balances.bonus,
      withdrawalInFlight: inFlight !== null,
      cpfMasked: identity ? maskCpf(identity.cpf) : null,
      hasPassword: player.password_hash !== null,
      reopenDays: config.closure.reopenDays,
      closeDays: config.closure.closeDays,
      closure: status,
    }
  }

  /** The player asks to close their own account: confirmed with the password, then begun. */
  async requestSelf(playerId: number, password: string, ip: string): Promise<ClosureStatus> {
    const { db } = this.#o
    const player = await findById(db, playerId)
    if (player.password_hash === null) throw new Refusal('password_not_set')
    await confirmWithdrawalPassword(db, {
      playerId,
      passwordHash: player.password_hash,
      password,
      now: this.#o.now(),
    })
    await this.begin({ playerId, cause: 'self', actor: playerActor(playerId, ip) })
    return (await this.status(playerId)) as ClosureStatus
  }

  /** The player's latest closure as the app shows it, or null. */
  async status(playerId: number): Promise<ClosureStatus | null> {
    const row = await this.#o.db
      .selectFrom('account_closures')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    return row ? this.#view(row) : null
  }

  async #view(row: ClosureRow): Promise<ClosureStatus> {
    const payout =
      row.state === 'paying' || row.state === 'stuck'
        ? await closurePayoutInFlight(this.#o.db, Number(row.player_id))
        : null
    return {
      closureId: Number(row.id),
      cause: row.cause,
      state: row.state,
      requestedAt: Number(row.requested_at),
      dueAt: Number(row.due_at),
      paidAmount: Number(row.paid_amount),
      forfeitedBonus: Number(row.forfeited_bonus),
      payout,
      closedAt: row.closed_at === null ? null : Number(row.closed_at),
    }
  }

  // The operator's side.

  /**
   * Open closures, the one due first first, with their clocks (the console's worklist); or, with
   * `closed`, the accounts closed most recently (where an operator reopens one).
   */
  async worklist(status: 'open' | 'closed' = 'open'): Promise<ClosureWorkItem[]> {
    const { db } = this.#o
    const now = this.#o.now()
    const query = db.selectFrom('account_closures').selectAll().limit(500)
    const rows =
      status === 'open'
        ? await query.where('state', 'in', OPEN_STATES).orderBy('due_at').execute()
        : await query.where('state', '=', 'closed').orderBy('closed_at', 'desc').orderBy('id', 'desc').execute()
    const items: ClosureWorkItem[] = []
    for (const row of rows) {
      const view = await this.#view(row)
      const { cash } = await readPlayerBalances(db, Number(row.player_id))
      items.push({
        ...view,
        userId: Number(row.player_id),
        stuckReason: row.stuck_reason,
        cash,
        overdue: status === 'open' && Number(row.due_at) <= now,
      })
    }
    return items
  }

  /** The operator tries the payout once more (a key now in place, the bank's refusal cleared). */
  async retry(closureId: number, actor: Actor, reason: string): Promise<Advanced> {
    const now = this.#o.now()
    await this.#o.db.transaction().execute(async (trx) => {
      const closure = await this.#row(trx, closureId)
      if (closure.state !== 'stuck') throw new Refusal('closure_not_open')
      await trx
        .updateTable('account_closures')
        .set({
          state: 'paying',
          stuck_reason: null,
          payout_attempts: Number(closure.payout_attempts) + 1,
          updated_at: now,
        })
        .where('id', '=', closureId)
        .where('state', '=', 'stuck')
        .execute()
      await writeAudit(
        trx,
        actor,
        {
          action: 'closure.retry',
          objectType: 'player',
          objectId: Number(closure.player_id),
          before: { closureId, stuckReason: closure.stuck_reason },
          reason,
        },
        now,
      )
    })
    return this.advance(closureId)
  }

  /** The operator closes the account from the worklist; what could not be paid stays owed (audited). */
  async forceClose(closureId: number, actor: Actor, reason: string): Promise<ClosedNow> {
    const closure = await this.#row(this.#o.db, closureId)
    if (!OPEN_STATES.includes(closure.state as 'paying')) throw new Refusal('closure_not_open')
    const paid = await closurePaid(this.#o.db, Number(closure.player_id), closureId)
    const done = await this.#close(
      closure,
      { paid, keyMasked: null },
      actor,
      `operator:${actor.id ?? '-'}`,
      reason,
      true,
    )
    if (!done) throw new Refusal('closure_not_open')
    return done
  }

  /**
   * An operator closes an account (the console's close): a closure of cause `operator`, which
   * pays the balance out first; an empty account closes at once.
   */
  async closeByOperator(playerId: number, actor: Actor, reason: string): Promise<ClosedNow | null> {
    const before = await this.#openOf(this.#o.db, playerId)
    const pass = before
      ? await this.advance(before.id)
      : await this.begin({ playerId, cause: 'operator', actor, reason })
    return pass.closed
  }

  /** An operator reopens a closed account (audited with the reason; within the wait too). */
  async reopen(playerId: number, actor: Actor, reason: string): Promise<ClosureRow | null> {
    const now = this.#o.now()
    return this.#o.db.transaction().execute(async (trx) => {
      const player = await closedState(trx, playerId)
      if (!player) throw new Refusal('player_not_found', { userId: playerId })
      if (player.closedAt === null) throw new Refusal('account_not_closed')
      const latest = await trx
        .selectFrom('account_closures')
        .selectAll()
        .where('player_id', '=', playerId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
      await reopenAccount(trx, playerId)
      if (latest)
        await trx
          .updateTable('account_closures')
          .set({ state: 'reopened', reopened_at: now, updated_at: now })
          .where('id', '=', latest.id)
          .execute()
      const reopenFrom = player.closedAt + this.#o.config.closure.reopenDays * DAY_MS
      await writeAudit(
        trx,
        actor,
        {
          action: 'closure.reopen',
          objectType: 'player',
          objectId: playerId,
          before: { closedAt: player.closedAt, reason: player.closedReason },
          after: { withinWait: now < reopenFrom, reopenFrom },
          reason,
        },
        now,
      )
      return latest ? await this.#row(trx, latest.id) : null
    })
  }

  #openOf(db: Kysely<Database>, playerId: number) {
    return db
      .selectFrom('account_closures')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirst()
  }

  #row(db: Kysely<Database>, closureId: number): Promise<ClosureRow> {
    return db
      .selectFrom('account_closures')
      .selectAll()
      .where('id', '=', closureId)
      .executeTakeFirstOrThrow(() => new Refusal('not_found'))
  }

  #market() {
    return { timeZone: this.#o.config.market.timeZone, currency: this.#o.config.market.currency }
  }
}
