// The barred-person register's part of the retention job (server/retention): a closed account's
// standing goes, so no sweep asks the register about it again, and its CPF leaves the register's
// answers, which keep their verdict, reasons and time (the record that the check was made).
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Answers how many rows changed. Repeatable. */
export async function anonymiseRegisterData(db: Kysely<Database>, playerId: number): Promise<number> {
  const standing = await db.deleteFrom('register_players').where('player_id', '=', playerId).executeTakeFirst()
  const answers = await db
    .updateTable('register_answers')
    .set({ cpf: 'anonimizado' })
    .where('player_id', '=', playerId)
    .where('cpf', '<>', 'anonimizado')
    .executeTakeFirst()
  return Number(standing.numDeletedRows) + Number(answers.numUpdatedRows)
}
