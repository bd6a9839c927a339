// What the public transparency page reads from safer play: how many self-exclusions (pauses
// included) and limit changes were recorded in a period [from, to) — counts only. The limits a
// player sets when registering are their first, not a change.
import type { Kysely } from 'kysely'
import type { SaferPlayFigures } from '../../contract/transparency.ts'
import type { Database } from '../db/schema.ts'

export async function saferPlayFigures(
  db: Kysely<Database>,
  period: { from: number; to: number },
): Promise<SaferPlayFigures> {
  const rows = await db
    .selectFrom('limit_events')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .groupBy('kind')
    .execute()
  let selfExclusions = 0
  let limitChanges = 0
  for (const row of rows) {
    if (row.kind === 'self_exclusion') selfExclusions += Number(row.n)
    else if (row.kind !== 'registration') limitChanges += Number(row.n)
  }
  return { selfExclusions, limitChanges }
}
