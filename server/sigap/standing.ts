// Each player's standing with the barred-person register and every answer it gave. The register
// is asked at registration (before the account may deposit or play for money), at the player's
// first login of each local day, by the periodic sweep (sweep.ts), and again, with growing waits,
// for a player it has not answered for. An answer that names the player bars them at once (the
// gate in gate.ts) and tells the listeners, after the commit, so a later step — closing the account
// and paying the balance out — starts from the answer recorded here. A barred standing is never
// lifted by a later answer: that step, or an operator, ends it.
import type { Kysely, Updateable } from 'kysely'
import type { Database, RegisterAnswersTable, RegisterPlayersTable } from '../db/schema.ts'
import { localDate } from '../lib/periods.ts'
import { type BarredReason, type BarredRegister, type RegisterAnswer, RegisterUnavailable } from './register.ts'

export type RegisterMoment = RegisterAnswersTable['moment']
export type RegisterOutcome = RegisterAnswersTable['outcome']

/** What a listener hears when the register names a player who was not barred yet. */
export interface BarredHit {
  playerId: number
  /** The `register_answers` row that named them. */
  answerId: number
  reasons: BarredReason[]
  at: number
}
export type BarredListener = (hit: BarredHit) => Promise<unknown> | unknown

/** Waits before an unanswered player is asked again: 30 s, 1, 2, 5, then every 15 minutes. */
const RETRY_WAITS_MS = [30_000, 60_000, 120_000, 300_000, 900_000]
export const retryWaitMs = (attempts: number) =>
  RETRY_WAITS_MS[Math.min(attempts, RETRY_WAITS_MS.length) - 1] ?? (RETRY_WAITS_MS[0] as number)

/** One question's result: the register's answer, or `unavailable` when it gave none. */
export type Asked = RegisterAnswer | { unavailable: true }

const reasonsOf = (asked: Asked): BarredReason[] => ('barred' in asked && asked.barred ? asked.reasons : [])

export const outcomeOf = (asked: Asked): RegisterOutcome =>
  'unavailable' in asked ? 'unavailable' : asked.barred ? 'barred' : 'allowed'

export interface StandingOptions {
  db: Kysely<Database>
  register: BarredRegister
  now: () => number
  timeZone: string
  /** A fault that is not a plain "unavailable" (logged; the player stays unchecked all the same). */
  onError: (error: unknown) => void
}

export interface RecordInput {
  playerId: number
  cpf: string
  moment: RegisterMoment
  asked: Asked
  sweepId?: number | null
}

export class RegisterStanding {
  readonly #o: StandingOptions
  readonly #listeners: BarredListener[] = []

  constructor(options: StandingOptions) {
    this.#o = options
  }

  /** Registers what follows a hit (the close-and-pay-out step hangs here). */
  onBarred(listener: BarredListener): void {
    this.#listeners.push(listener)
  }

  /** Asks the register; never throws (an error is an unanswered question). */
  async lookup(cpf: string): Promise<Asked> {
    try {
      return await this.#o.register.lookup(cpf)
    } catch (error) {
      if (!(error instanceof RegisterUnavailable)) this.#o.onError(error)
      return { unavailable: true }
    }
  }

  /** Asks about one player and records the answer; answers the outcome. */
  async ask(playerId: number, cpf: string, moment: RegisterMoment): Promise<RegisterOutcome> {
    const asked = await this.lookup(cpf)
    const hits = await this.#o.db
      .transaction()
      .execute(async (trx) => [await this.record(trx, { playerId, cpf, moment, asked }, this.#o.now())])
    await this.announce(hits)
    return outcomeOf(asked)
  }

  /** At registration, before the identity is verified: a barred CPF is refused by the caller. */
  atRegistration(playerId: number, cpf: string): Promise<RegisterOutcome> {
    return this.ask(playerId, cpf, 'registration')
  }

  /**
   * At each login: asks when the player has no answer for today's local day yet (the first login
   * of the day), or is owed one. Nothing to ask for a player who never gave a CPF, or is barred.
   */
  async atLogin(playerId: number): Promise<RegisterOutcome | null> {
    const row = await this.#o.db
      .selectFrom('register_players')
      .select(['cpf', 'state', 'checked_day'])
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    if (!row || row.state === 'barred') return null
    const today = localDate(this.#o.now(), this.#o.timeZone)
    if (row.state === 'clear' && row.checked_day === today) return null
    return this.ask(playerId, row.cpf, 'daily_login')
  }

  /** Asks again about players owed an answer whose wait is over; answers how many were asked. */
  async retryDue(limit = 100): Promise<number> {
    const due = await this.#o.db
      .selectFrom('register_players')
      .select(['player_id', 'cpf'])
      .where('state', '=', 'unchecked')
      .where('next_attempt_at', '<=', this.#o.now())
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute()
    for (const row of due) await this.ask(Number(row.player_id), row.cpf, 'retry')
    return due.length
  }

  /**
   * Records one answer and the standing it leads to, inside the caller's transaction; answers the
   * hit to announce once it commits (a player newly barred), or null.
   */
  async record(trx: Kysely<Database>, input: RecordInput, now: number): Promise<BarredHit | null> {
    const [hit] = await this.recordMany(trx, [input], now)
    return hit ?? null
  }

  /**
   * Records answers about distinct players (a sweep's batch) in a handful of statements whatever
   * their number: the answers in one insert, every standing locked and read in one UPDATE, and the
   * players cleared as before in one more; only the rare changes (a hit, a missing answer, a new
   * CPF) are written one by one. Answers each input's hit, in the inputs' order.
   */
  async recordMany(trx: Kysely<Database>, inputs: readonly RecordInput[], now: number): Promise<(BarredHit | null)[]> {
    if (inputs.length === 0) return []
    const playerIds = inputs.map((input) => input.playerId)
    if (new Set(playerIds).size !== playerIds.length) throw new Error('recordMany: one answer per player')
    const inserted = await trx
      .insertInto('register_answers')
      .values(
        inputs.map((input) => ({
          player_id: input.playerId,
          cpf: input.cpf,
          moment: input.moment,
          outcome: outcomeOf(input.asked),
          reasons: reasonsOf(input.asked).join(','),
          protocol: 'protocol' in input.asked ? input.asked.protocol : null,
          sweep_id: input.sweepId ?? null,
          asked_at: now,
        })),
      )
      .returning(['id', 'player_id'])
      .execute()
    const answerIds = new Map(inserted.map((row) => [Number(row.player_id), Number(row.id)]))
    // Two answers about one player at once (concurrent submissions, a login racing the sweep): the
    // rows are made to exist first, then read through an UPDATE, which holds their locks until the
    // commit, so the second answer reads what the first wrote instead of inserting it again.
    await trx
      .insertInto('register_players')
      .values(
        inputs.map((input) => ({
          player_id: input.playerId,
          cpf: input.cpf,
          state: 'unchecked' as const,
          checked_at: null,
          checked_day: null,
          barred_at: null,
          barred_answer_id: null,
          attempts: 0,
          next_attempt_at: null,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('player_id').doNothing())
      .execute()
    const standings = await trx
      .updateTable('register_players')
      .set({ updated_at: now })
      .where('player_id', 'in', playerIds)
      .returning(['player_id', 'cpf', 'state', 'attempts'])
      .execute()
    const before = new Map(standings.map((row) => [Number(row.player_id), row]))
    const day = localDate(now, this.#o.timeZone)
    const cleared: number[] = []
    const hits = []
    for (const input of inputs) {
      const row = before.get(input.playerId)
      const answerId = answerIds.get(input.playerId)
      if (!row || answerId === undefined) throw new Error(`recordMany: player ${input.playerId} not recorded`)
      const outcome = outcomeOf(input.asked)
      const wasBarred = row.state === 'barred'
      hits.push(
        outcome === 'barred' && !wasBarred
          ? { playerId: input.playerId, answerId, reasons: reasonsOf(input.asked), at: now }
          : null,
      )
      if (outcome === 'allowed' && !wasBarred && row.cpf === input.cpf) {
        cleared.push(input.playerId)
        continue
      }
      let next: Updateable<RegisterPlayersTable> & { state: RegisterPlayersTable['state'] }
      if (outcome === 'barred') {
        next = { state: 'barred', checked_at: now, checked_day: day, attempts: 0, next_attempt_at: null }
      } else if (wasBarred) {
        next = { state: 'barred' }
      } else if (outcome === 'allowed') {
        next = { state: 'clear', checked_at: now, checked_day: day, attempts: 0, next_attempt_at: null }
      } else {
        const attempts = Number(row.attempts) + 1
        next = { state: 'unchecked', attempts, next_attempt_at: now + retryWaitMs(attempts) }
      }
      const barredFields =
        outcome === 'barred' && !wasBarred ? { barred_at: now, barred_answer_id: answerId } : ({} as object)
      await trx
        .updateTable('register_players')
        .set({ ...next, ...barredFields, cpf: input.cpf, updated_at: now })
        .where('player_id', '=', input.playerId)
        .execute()
    }
    if (cleared.length > 0)
      await trx
        .updateTable('register_players')
        .set({ state: 'clear', checked_at: now, checked_day: day, attempts: 0, next_attempt_at: null })
        .where('player_id', 'in', cleared)
        .execute()
    return hits
  }

  /** Tells the listeners about hits that committed. */
  async announce(hits: readonly (BarredHit | null)[]): Promise<void> {
    for (const hit of hits) {
      if (!hit) continue
      for (const listener of this.#listeners) {
        try {
          await listener(hit)
        } catch (error) {
          this.#o.onError(error)
        }
      }
    }
  }

  /** Players barred since `since` (what a close-and-pay-out step would pick up), oldest first. */
  async barredSince(since: number, limit = 100) {
    const rows = await this.#o.db
      .selectFrom('register_players')
      .select(['player_id', 'barred_at', 'barred_answer_id'])
      .where('state', '=', 'barred')
      .where('barred_at', '>=', since)
      .orderBy('barred_at')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      playerId: Number(r.player_id),
      at: Number(r.barred_at),
      answerId: Number(r.barred_answer_id),
    }))
  }

  /** How many players stand as each state (the metrics and the console). */
  async counts(): Promise<Record<'clear' | 'barred' | 'unchecked', number>> {
    const rows = await this.#o.db
      .selectFrom('register_players')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute()
    const counts = { clear: 0, barred: 0, unchecked: 0 }
    for (const row of rows) counts[row.state] = Number(row.n)
    return counts
  }
}
