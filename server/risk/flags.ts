// Flags and their case files. A rule that fires raises its flag on the player: one open flag per
// player and rule (a partial unique index, written with one upsert so a race cannot make two),
// whose reasons, hits and last time follow each new request that fires it again — a repeated
// request (the same trigger) counts once. An operator writes notes on the case and decides it
// (cleared, reported, account held), once: the flag closes, and the next firing opens a new one.
// Every operator action is audited in its own transaction; a hold freezes the account with it.
import { type Kysely, type Selectable, sql } from 'kysely'
import type { CaseDecision, CaseNote, FlagItem, FlagReasons, WatchRule } from '../../contract/money-watch.ts'
import { setFrozen } from '../accounts/account-holds.ts'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { unsentWithdrawals } from '../payments/operator-queries.ts'
import { Refusal } from '../refusal.ts'
import type { Finding } from './rules.ts'

type FlagRow = Selectable<Database['risk_flags']>

export function flagItem(row: FlagRow, playerName: string | null): FlagItem {
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    playerName,
    rule: row.rule as WatchRule,
    status: row.status,
    reasons: JSON.parse(row.reasons) as FlagReasons,
    triggerRef: row.trigger_ref,
    hits: Number(row.hits),
    firstAt: Number(row.first_at),
    lastAt: Number(row.last_at),
    decision: row.decision as CaseDecision | null,
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  }
}

/** Raises or refreshes the open flag of each finding. */
export async function raiseFlags(
  db: Kysely<Database>,
  playerId: number,
  findings: Finding[],
  triggerRef: string,
  now: number,
): Promise<void> {
  for (const finding of findings) {
    const reasons = JSON.stringify(finding.reasons)
    await db
      .insertInto('risk_flags')
      .values({
        player_id: playerId,
        rule: finding.rule,
        status: 'open',
        reasons,
        trigger_ref: triggerRef,
        hits: 1,
        first_at: now,
        last_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['player_id', 'rule'])
          // The index's own predicate, written as a literal: SQLite matches the partial index by its text.
          .where('status', '=', sql.lit('open'))
          .doUpdateSet({
            reasons,
            last_at: now,
            // The same request seen again (a replay) is not a new hit.
            hits: sql`case when risk_flags.trigger_ref = ${triggerRef} then risk_flags.hits else risk_flags.hits + 1 end`,
            trigger_ref: triggerRef,
          }),
      )
      .execute()
  }
}

export interface FlagFilter {
  status?: 'open' | 'closed' | undefined
  rule?: WatchRule | undefined
  playerId?: number | undefined
  pageNum: number
  pageSize: number
}

export async function listFlags(db: Kysely<Database>, filter: FlagFilter) {
  let query = db.selectFrom('risk_flags')
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.rule) query = query.where('rule', '=', filter.rule)
  if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId)
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('last_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute(),
  ])
  return { total: Number(total.n), rows }
}

/** How many flags are open, waiting for a decision (the console's pending work). */
export async function openFlagCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('risk_flags')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findFlag(db: Kysely<Database>, flagId: number): Promise<FlagRow> {
  const row = await db.selectFrom('risk_flags').selectAll().where('id', '=', flagId).executeTakeFirst()
  if (!row) throw new Refusal('not_found', { flagId })
  return row
}

export async function caseNotes(db: Kysely<Database>, flagId: number): Promise<CaseNote[]> {
  const rows = await db.selectFrom('risk_case_notes').selectAll().where('flag_id', '=', flagId).orderBy('id').execute()
  return rows.map((r) => ({ id: Number(r.id), author: r.author, body: r.body, createdAt: Number(r.created_at) }))
}

export async function addNote(db: Kysely<Database>, flagId: number, body: string, actor: Actor, now: number) {
  await db.transaction().execute(async (trx) => {
    const flag = await findFlag(trx, flagId)
    await trx
      .insertInto('risk_case_notes')
      .values({ flag_id: flagId, author_id: actor.id, author: actor.name, body, created_at: now })
      .execute()
    await writeAudit(
      trx,
      actor,
      {
        action: 'risk.case_note',
        objectType: 'risk_flag',
        objectId: flagId,
        after: { playerId: Number(flag.player_id), body },
      },
      now,
    )
  })
}

/** Decides an open case once; a hold freezes the player's account in the same transaction. */
export async function decideCase(
  db: Kysely<Database>,
  flagId: number,
  decision: CaseDecision,
  reason: string,
  actor: Actor,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const flag = await findFlag(trx, flagId)
    const closed = await trx
      .updateTable('risk_flags')
      .set({
        status: 'closed',
        decision,
        decision_reason: reason,
        decided_by: actor.id,
        decided_by_name: actor.name,
        decided_at: now,
      })
      .where('id', '=', flagId)
      .where('status', '=', 'open')
      .executeTakeFirst()
    if (closed.numUpdatedRows === 0n) throw new Refusal('case_decided', { decision: flag.decision ?? '' })
    const playerId = Number(flag.player_id)
    const frozen = decision === 'held' ? await setFrozen(trx, playerId, true, now) : null
    await writeAudit(
      trx,
      actor,
      {
        action: 'risk.case_decided',
        objectType: 'risk_flag',
        objectId: flagId,
        before: { status: 'open', rule: flag.rule, playerId },
        after: { status: 'closed', decision, ...(frozen ? { frozen: frozen.after.frozenAt !== null } : {}) },
        reason,
      },
      now,
    )
    if (frozen && frozen.before.frozenAt === null) {
      // What the hold keeps from the bank, recorded with it (as an operator's own freeze is).
      const held = await unsentWithdrawals(trx, playerId)
      await writeAudit(
        trx,
        actor,
        {
          action: 'player.freeze',
          objectType: 'player',
          objectId: playerId,
          before: frozen.before,
          after: { ...frozen.after, withdrawals: held.map((w) => ({ orderId: w.orderId, amount: w.amount })) },
          reason: `money watch case ${flagId}: ${reason}`,
        },
        now,
      )
    }
  })
}

/** A player's money-watch flags raised since an instant, and how many cases were reported to COAF (the AML class reads them). */
export async function flagSummary(
  db: Kysely<Database>,
  playerId: number,
  since: number,
): Promise<{ flags: number; open: number; reported: number }> {
  const rows = await db
    .selectFrom('risk_flags')
    .select(['status', 'decision', 'last_at'])
    .where('player_id', '=', playerId)
    .execute()
  return {
    flags: rows.filter((r) => Number(r.last_at) >= since).length,
    open: rows.filter((r) => r.status === 'open').length,
    reported: rows.filter((r) => r.decision === 'reported').length,
  }
}

/** Flags raised and cases decided between two instants (the annual AML report). */
export async function flagYear(db: Kysely<Database>, start: number, end: number) {
  const [raised, decided] = await Promise.all([
    db
      .selectFrom('risk_flags')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('first_at', '>=', start)
      .where('first_at', '<', end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('risk_flags')
      .select(['decision', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('decided_at', '>=', start)
      .where('decided_at', '<', end)
      .groupBy('decision')
      .execute(),
  ])
  const by = (d: string) => Number(decided.find((r) => r.decision === d)?.n ?? 0)
  return { raised: Number(raised.n), cleared: by('cleared'), reported: by('reported'), held: by('held') }
}
