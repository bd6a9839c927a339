// What the public transparency page reads from safer play: how many self-exclusions (pauses
// included) and limit changes were recorded in a period [from, to) — counts only. The limits a
// player sets when registering are their first, not a change: neither the registration's own row
// nor the limit rows it writes with it (the same player at the same instant: one transaction).
import type { Kysely } from 'kysely'
import type { SaferPlayFigures } from '../../contract/transparency.ts'
import type { Database } from '../db/schema.ts'

export async function saferPlayFigures(
  db: Kysely<Database>,
  period: { from: number; to: number },
): Promise<SaferPlayFigures> {
  const rows = await db
    .selectFrom('limit_events as e')
    .select((eb) => [
      'e.kind',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('limit_events as r')
                  .select('r.id')
                  .whereRef('r.player_id', '=', 'e.player_id')
                  .whereRef('r.created_at', '=', 'e.created_at')
                  .where('r.kind', '=', 'registration'),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('atRegistration'),
    ])
    .where('e.created_at', '>=', period.from)
    .where('e.created_at', '<', period.to)
    .groupBy('e.kind')
    .execute()
  let selfExclusions = 0
  let limitChanges = 0
  for (const row of rows) {
    if (row.kind === 'self_exclusion') selfExclusions += Number(row.n)
    else if (row.kind !== 'registration') limitChanges += Number(row.n) - Number(row.atRegistration ?? 0)
  }
  return { selfExclusions, limitChanges }
}
