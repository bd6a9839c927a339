// Who paid each PIX received (the CPF the payer's bank reported), so the console shows a
// deposit's payer and the watch rules can count a player's payers; and the checks step of
// payouts the bank already took is no longer left "waiting" by the cool-off (the service now
// closes it when the bank takes the payout).
import { type Kysely, sql } from 'kysely'

export function payersAndHeldStepsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('pix_payments').addColumn('payer_cpf', 'text').execute()
      // 1100 = the checks step, 4 = waiting, 1 = success.
      await sql`update withdrawal_steps set state = 1
        where code = 1100 and state = 4
        and order_id in (select id from withdrawal_orders where sent_attempt > 0)`.execute(db)
    },
  }
}
