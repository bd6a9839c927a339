// Payments' part of the retention job (server/retention): replaces a closed account's PIX keys,
// their holder's name and the payers' CPFs its banks reported with placeholders. Amounts, end-to-end
// ids, statuses and times stay: the ledger's transfers still match these orders.
import type { Kysely } from 'kysely'
import { ANONYMISED } from '../accounts/anonymise.ts'
import type { Database } from '../db/schema.ts'

/** Answers how many rows changed. Repeatable. */
export async function anonymisePaymentData(db: Kysely<Database>, playerId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const withdrawals = await trx
      .updateTable('withdrawal_orders')
      .set({ pix_key: ANONYMISED, holder_name: ANONYMISED })
      .where('player_id', '=', playerId)
      .where((eb) => eb.or([eb('pix_key', '!=', ANONYMISED), eb('holder_name', '!=', ANONYMISED)]))
      .executeTakeFirst()
    const orders = trx.selectFrom('deposit_orders').select('id').where('player_id', '=', playerId)
    const payments = await trx
      .updateTable('pix_payments')
      .set({ payer_cpf: null })
      .where('order_id', 'in', orders)
      .where('payer_cpf', 'is not', null)
      .executeTakeFirst()
    return Number(withdrawals.numUpdatedRows) + Number(payments.numUpdatedRows)
  })
}
