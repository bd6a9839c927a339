// Support's part of the retention job (server/retention): a closed account's conversations and
// feedback keep their shape, times and authors, but what was written in them (where a player
// gives a name, a CPF, a key or an address) is replaced by a placeholder.
import type { Kysely } from 'kysely'
import { ANONYMISED } from '../accounts/anonymise.ts'
import type { Database } from '../db/schema.ts'

/** Answers how many rows changed. Repeatable. */
export async function anonymiseSupportData(db: Kysely<Database>, playerId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const conversations = trx.selectFrom('support_conversations').select('id').where('player_id', '=', playerId)
    const messages = await trx
      .updateTable('support_messages')
      .set({ text: ANONYMISED })
      .where('conversation_id', 'in', conversations)
      .where('text', '!=', ANONYMISED)
      .executeTakeFirst()
    const feedback = await trx
      .updateTable('support_feedback')
      .set({ text: ANONYMISED, answer: null })
      .where('player_id', '=', playerId)
      .where((eb) => eb.or([eb('text', '!=', ANONYMISED), eb('answer', 'is not', null)]))
      .executeTakeFirst()
    return Number(messages.numUpdatedRows) + Number(feedback.numUpdatedRows)
  })
}
