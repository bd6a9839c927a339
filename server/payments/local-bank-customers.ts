// The local sandbox bank's customers are the players themselves: a code paid without naming a
// payer is paid from the verified CPF of the player whose order it is, and a key's holder is
// named by the verified name behind its CPF (as the PIX directory names a key's holder). Wired
// into the sandbox only by the process entry (server/main.ts) and the test harness; the app
// never calls it, and nothing here imports sandbox code.
import type { Kysely } from 'kysely'
import { verifiedIdentity, verifiedNameOfCpf } from '../accounts/verification.ts'
import type { Database } from '../db/schema.ts'
import { depositPlayerOfTxid } from './deposits.ts'

export function localBankCustomers(db: Kysely<Database>) {
  return {
    payerOf: async (txid: string): Promise<string | null> => {
      const playerId = await depositPlayerOfTxid(db, txid)
      return playerId === null ? null : ((await verifiedIdentity(db, playerId))?.cpf ?? null)
    },
    holderNameOf: (cpf: string): Promise<string | null> => verifiedNameOfCpf(db, cpf),
  }
}
