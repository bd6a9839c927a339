// The one way through the append-only triggers (migration 0062): the ledger's transfers, the
// audit log and the transparency chain refuse UPDATE and DELETE in the database itself. Work that
// must change such rows anyway (the retention job, when a rule asks it to; a benchmark rebuilding
// the chain on its own copy) runs inside `throughAppendOnly`: one transaction that writes the
// reason into append_only_unlocks (what the triggers look for), runs the work, removes the row
// and writes an audit entry naming who, why and how many rows — all or nothing. Other
// connections never see the unlock row, so nothing else gets through meanwhile.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type Actor, writeAudit } from './audit.ts'

export interface AppendOnlyLift {
  actor: Actor
  /** Why the rows are changed (recorded in the audit entry). */
  reason: string
  /** The tables the work touches (recorded; the triggers let the whole transaction through). */
  tables: readonly string[]
}

/** Runs `work` with the append-only triggers lifted for its transaction only, and audits it. */
export async function throughAppendOnly<T extends { rows: number }>(
  db: Kysely<Database>,
  lift: AppendOnlyLift,
  at: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('append_only_unlocks').values({ reason: lift.reason }).execute()
    const result = await work(trx)
    await trx.deleteFrom('append_only_unlocks').execute()
    await writeAudit(
      trx,
      lift.actor,
      {
        action: 'appendOnly.lift',
        objectType: 'tables',
        objectId: lift.tables.join(','),
        after: { rows: result.rows },
        reason: lift.reason,
      },
      at,
    )
    return result
  })
}

/** Whether an error is the database refusing a change of an append-only row. */
export function isAppendOnlyRefusal(error: unknown): boolean {
  return error instanceof Error && error.message.includes('append-only:')
}
