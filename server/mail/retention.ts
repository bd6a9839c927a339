// The mail outbox's part of the retention job (server/retention): a notice is kept 5 years from
// its sending (the record that the player was told), then removed with its address and subject;
// one that failed for good is removed 5 years from when it was written. Messages still queued or
// being sent are never touched.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

const BATCH = 1000

/** Removes the messages sent (or failed) before `before`; answers how many. Repeatable. */
export async function removeExpiredMail(db: Kysely<Database>, before: number): Promise<number> {
  let removed = 0
  for (;;) {
    const expired = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', before)]),
          eb.and([eb('status', '=', 'failed'), eb('created_at', '<', before)]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute()
    if (expired.length === 0) return removed
    const gone = await db
      .deleteFrom('mail_outbox')
      .where(
        'id',
        'in',
        expired.map((row) => row.id),
      )
      .where('status', 'in', ['sent', 'failed'])
      .executeTakeFirst()
    removed += Number(gone.numDeletedRows)
    if (expired.length < BATCH) return removed
  }
}
