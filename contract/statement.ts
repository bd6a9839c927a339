// The statement call: one line per operation (a spin's bet and win, a withdrawal), newest first,
// with the player's balance (cash + bonus, the header's figure) after it and the ledger legs
// behind it. Paged by cursor (keyset on the ledger's seq); `pageNum` still works for old clients.
import { z } from 'zod'
import { statementAccounts, transferKinds } from './transfers.ts'

export const statementRequest = z.strictObject({
  pageNum: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
  /** `nextCursor` of the page before; the first page without it. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .optional(),
})

/** One ledger entry on one of the player's accounts. */
export const statementLegView = z.object({
  transferId: z.string(),
  time: z.number().int(),
  kind: z.enum(transferKinds),
  account: z.enum(statementAccounts),
  amount: z.number().int().meta({ description: 'Signed: positive for money in, negative for money out.' }),
  balanceAfter: z.number().int().meta({ description: "That account's balance after the entry." }),
})
export type StatementLegView = z.infer<typeof statementLegView>

export const statementEntryView = z.object({
  transferId: z.string().meta({ description: "The operation's newest transfer (unique in the statement)." }),
  time: z.number().int(),
  kind: z
    .enum([...transferKinds, 'round'])
    .meta({ description: "`round` when a spin's bet and win are one line; otherwise the transfer's kind." }),
  amount: z.number().int().meta({ description: 'Signed change of cash + bonus.' }),
  balanceAfter: z
    .number()
    .int()
    .meta({ description: "cash + bonus after the operation: the newest line's equals the header's balance." }),
  resolution: z
    .enum(['withdrawal_post', 'withdrawal_void', 'closure_payout'])
    .nullable()
    .meta({ description: "A withdrawal's hold: how it ended." }),
  legs: z.array(statementLegView),
})
export type StatementEntryView = z.infer<typeof statementEntryView>

export const statementView = z
  .object({
    entries: z.array(statementEntryView),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' }),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'Statement' })
export type StatementView = z.infer<typeof statementView>
