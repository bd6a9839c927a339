// What the public transparency page reads from support: of the conversations opened in a period
// [from, to), how many a person has answered and the median time from the player's first
// message to the first operator answer. Nothing of what was said leaves here.
import { type Kysely, sql } from 'kysely'
import { median, type SupportFigures } from '../../contract/transparency.ts'
import type { Database } from '../db/schema.ts'

export async function supportFigures(
  db: Kysely<Database>,
  period: { from: number; to: number },
): Promise<SupportFigures> {
  const rows = await db
    .selectFrom('support_conversations as c')
    .select([
      sql<
        number | null
      >`(select min(m.created_at) from support_messages m where m.conversation_id = c.id and m.author = 'player')`.as(
        'asked',
      ),
      sql<
        number | null
      >`(select min(m.created_at) from support_messages m where m.conversation_id = c.id and m.author = 'operator')`.as(
        'answered',
      ),
    ])
    .where('c.created_at', '>=', period.from)
    .where('c.created_at', '<', period.to)
    .execute()
  const times = rows
    .filter((r) => r.asked !== null && r.answered !== null && Number(r.answered) >= Number(r.asked))
    .map((r) => Number(r.answered) - Number(r.asked))
    .sort((a, b) => a - b)
  return { conversations: rows.length, answered: times.length, medianFirstAnswerMs: median(times) }
}
