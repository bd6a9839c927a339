// Each bettor's AML risk class, kept in aml_classes: computed from the facts other modules keep
// (read through their exported queries: accounts' verification and limits, payments' deposits
// and withdrawals, the money watch's flags, the login sightings, this module's sanctions matches),
// recomputed by the worker — never on the spin's path — and reviewed by an operator on the clock
// its class sets (settings), each review kept in aml_reviews.
import type { Kysely } from 'kysely'
import {
  AML_RULES_VERSION,
  type AmlClass,
  type AmlClassItem,
  type AmlReason,
  type AmlReviewOutcome,
  amlClasses,
} from '../../contract/aml.ts'
import { readSettings } from '../accounts/limits.ts'
import { sightingAddresses } from '../accounts/sightings.ts'
import { bureauSaidPep, type VerifiedIdentity, verifiedPlayersAfter } from '../accounts/verification-queue.ts'
import type { Database } from '../db/schema.ts'
import { paymentsSince } from '../payments/money-watch-queries.ts'
import { Refusal } from '../refusal.ts'
import { flagSummary } from '../risk/flags.ts'
import { type AmlFacts, type AmlThresholds, amlReasons, highestClass, reviewDueAt } from './rules.ts'
import { playerMatches, readState, writeState } from './sanctions.ts'

const DAY_MS = 24 * 3600_000
const SWEEP_CURSOR = 'classes.cursor'
const SWEEP_STARTED = 'classes.sweepStartedAt'

export async function readFacts(
  db: Kysely<Database>,
  player: Pick<VerifiedIdentity, 'playerId' | 'cpf'>,
  t: AmlThresholds,
  now: number,
): Promise<AmlFacts> {
  const since = now - t.lookbackDays * DAY_MS
  const [pep, money, limits, flags, addresses, matches] = await Promise.all([
    bureauSaidPep(db, player.playerId),
    paymentsSince(db, player.playerId, since, now),
    readSettings(db, player.playerId, now),
    flagSummary(db, player.playerId, since),
    sightingAddresses(db, player.playerId, since),
    playerMatches(db, player.playerId),
  ])
  const paid = money.deposits.filter((d) => d.status === 'paid')
  const monthDeposit = limits('deposit_month').value
  const monthLoss = limits('loss_month').value
  const dayLoss = limits('loss_day').value
  return {
    pep,
    deposited: paid.reduce((sum, d) => sum + (d.paidAmount ?? d.amount), 0),
    deposits: paid.length,
    declaredMonthly: monthDeposit ?? monthLoss ?? (dayLoss === null ? null : dayLoss * 30),
    otherPayers: new Set(money.deposits.flatMap((d) => d.payerCpfs).filter((cpf) => cpf !== player.cpf)).size,
    payoutKeys: new Set(money.withdrawals.filter((w) => w.status !== 'failed').map((w) => w.pixKey)).size,
    flags: flags.flags,
    openFlags: flags.open,
    reportedCases: flags.reported,
    addresses,
    sanctionsMatches: matches.length,
  }
}

/** Computes a bettor's class now and keeps it (with the review clock its class sets). */
export async function classify(
  db: Kysely<Database>,
  player: Pick<VerifiedIdentity, 'playerId' | 'cpf'>,
  t: AmlThresholds,
  now: number,
): Promise<{ class: AmlClass; reasons: AmlReason[] }> {
  const reasons = amlReasons(await readFacts(db, player, t, now), t)
  const cls = highestClass(reasons)
  const before = await db
    .selectFrom('aml_classes')
    .selectAll()
    .where('player_id', '=', player.playerId)
    .executeTakeFirst()
  const previous = before
    ? {
        class: before.class,
        reviewedAt: before.reviewed_at === null ? null : Number(before.reviewed_at),
        reviewDueAt: before.review_due_at === null ? null : Number(before.review_due_at),
      }
    : null
  const row = {
    class: cls,
    reasons: JSON.stringify(reasons),
    rules_version: AML_RULES_VERSION,
    computed_at: now,
    class_since: before && before.class === cls ? Number(before.class_since) : now,
    review_due_at: reviewDueAt(cls, t, previous, now),
  }
  await db
    .insertInto('aml_classes')
    .values({ player_id: player.playerId, ...row, reviewed_at: null, reviewed_by: null })
    .onConflict((oc) => oc.column('player_id').doUpdateSet(row))
    .execute()
  return { class: cls, reasons }
}

/**
 * The next batch of the worker's sweep over every verified bettor; a sweep starts again once
 * `recomputeMs` has passed since the last one started. Answers how many were classified.
 */
export async function classifyBatch(
  db: Kysely<Database>,
  t: AmlThresholds,
  batchSize: number,
  now: number,
): Promise<number> {
  let after = Number((await readState(db, SWEEP_CURSOR)) ?? '0')
  if (after === 0) {
    const started = Number((await readState(db, SWEEP_STARTED)) ?? '0')
    if (started > 0 && now - started < t.recomputeMs) return 0
    await writeState(db, SWEEP_STARTED, String(now))
  }
  const players = await verifiedPlayersAfter(db, after, batchSize)
  for (const player of players) await classify(db, player, t, now)
  after = players.length < batchSize ? 0 : (players[players.length - 1] as VerifiedIdentity).playerId
  await writeState(db, SWEEP_CURSOR, String(after))
  return players.length
}

type ClassRow = Database['aml_classes']

export function classItem(row: ClassRow, playerName: string | null): AmlClassItem {
  return {
    playerId: Number(row.player_id),
    playerName,
    class: row.class,
    reasons: JSON.parse(row.reasons) as AmlReason[],
    computedAt: Number(row.computed_at),
    reviewDueAt: row.review_due_at === null ? null : Number(row.review_due_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    reviewedBy: row.reviewed_by,
  }
}

/** The review worklist: bettors with a review clock, the soonest due first (a class filter narrows it). */
export async function worklist(db: Kysely<Database>, filter: { class?: AmlClass | undefined; limit: number }) {
  let query = db.selectFrom('aml_classes').where('review_due_at', 'is not', null)
  if (filter.class) query = query.where('class', '=', filter.class)
  const [count, rows, counts] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('review_due_at').orderBy('player_id').limit(filter.limit).execute(),
    classCounts(db),
  ])
  return { total: Number(count.n), rows, counts }
}

export async function classCounts(db: Kysely<Database>): Promise<Record<AmlClass, number>> {
  const rows = await db
    .selectFrom('aml_classes')
    .select(['class', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('class')
    .execute()
  return Object.fromEntries(amlClasses.map((c) => [c, Number(rows.find((r) => r.class === c)?.n ?? 0)])) as Record<
    AmlClass,
    number
  >
}

/** Reviews due now or overdue (the console's pending work). */
export async function dueReviewCount(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('aml_classes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('review_due_at', '<=', now)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function classOf(db: Kysely<Database>, playerId: number) {
  return db.selectFrom('aml_classes').selectAll().where('player_id', '=', playerId).executeTakeFirst()
}

/**
 * An operator's periodic review, in the caller's transaction: kept with the class and reasons it
 * looked at; the next review is due one class period later.
 */
export async function recordReview(
  db: Kysely<Database>,
  t: AmlThresholds,
  input: { playerId: number; outcome: AmlReviewOutcome; note: string; byId: number | null; by: string; now: number },
): Promise<ClassRow> {
  const row = await classOf(db, input.playerId)
  if (!row) throw new Refusal('not_found')
  const days = t.reviewDays[row.class]
  const next = days === 0 ? null : input.now + days * DAY_MS
  await db
    .insertInto('aml_reviews')
    .values({
      player_id: input.playerId,
      class: row.class,
      reasons: row.reasons,
      outcome: input.outcome,
      note: input.note,
      reviewed_by_id: input.byId,
      reviewed_by: input.by,
      reviewed_at: input.now,
    })
    .execute()
  await db
    .updateTable('aml_classes')
    .set({ reviewed_at: input.now, reviewed_by: input.by, review_due_at: next })
    .where('player_id', '=', input.playerId)
    .execute()
  return { ...row, reviewed_at: input.now, reviewed_by: input.by, review_due_at: next }
}

export async function reviewsOf(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('aml_reviews')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('reviewed_at', 'desc')
    .limit(50)
    .execute()
}
