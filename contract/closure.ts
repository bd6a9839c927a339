// Account closure, shared by server, app and console: why an account is being closed (the
// barred-person register named the player, the player asked, an operator closed it), where it
// stands (its balance being paid out to a key in the player's own CPF, waiting on an operator's
// worklist, closed, reopened), the player's own request and the worklist's rows. The browser
// imports the types only.
import { z } from 'zod'

export const closureCauses = ['barred', 'self', 'operator'] as const
export type ClosureCause = (typeof closureCauses)[number]

export const closureStates = ['paying', 'stuck', 'closed', 'reopened'] as const
export type ClosureStateCode = (typeof closureStates)[number]

/** Why a closure waits for an operator: no verified CPF, no key in it, the bank refused the payout. */
export const closureStuckReasons = ['not_verified', 'no_own_key', 'payout_refused'] as const
export type ClosureStuckReasonCode = (typeof closureStuckReasons)[number]

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })

export const closureStatus = z.object({
  closureId: int,
  cause: z.enum(closureCauses),
  state: z.enum(closureStates),
  requestedAt: instant,
  /** The account is closed by then (Instrução Normativa SPA/MF 31/2025: 3 days). */
  dueAt: instant,
  paidAmount: int.meta({ description: 'Centavos paid out to the player so far.' }),
  forfeitedBonus: int.meta({ description: 'Bonus credit forfeited when the closure began (centavos).' }),
  /** The payout on its way, when there is one. */
  payout: z.object({ amount: int, keyMasked: z.string() }).nullable(),
  closedAt: instant.nullable(),
})
export type ClosureStatus = z.infer<typeof closureStatus>

export const closureInfo = z.object({
  /** Withdrawable cash: paid out to the player's own key before the account closes. */
  cash: int,
  /** Bonus credit: forfeited, as the bonus's rules say. */
  bonus: int,
  /** A withdrawal the player asked for is still open (it goes on; the rest is paid after it). */
  withdrawalInFlight: z.boolean(),
  /** The CPF the payout goes to, masked (null: not verified — an operator then pays it). */
  cpfMasked: z.string().nullable(),
  /** The account has a password to confirm the request with. */
  hasPassword: z.boolean(),
  /** Days the same CPF cannot open or reopen an account without an operator. */
  reopenDays: int,
  closeDays: int,
  /** A closure of this account already under way (or done). */
  closure: closureStatus.nullable(),
})
export type ClosureInfo = z.infer<typeof closureInfo>

export const closureRequest = z.strictObject({
  password: z.string().min(1).max(200),
  /** The player read what happens and confirms. */
  confirm: z.literal(true),
})

/** One row of the console's closures worklist. */
export const closureWorkItem = closureStatus.extend({
  userId: int,
  stuckReason: z.enum(closureStuckReasons).nullable(),
  /** Cash still in the account (centavos). */
  cash: int,
  overdue: z.boolean(),
})
export type ClosureWorkItem = z.infer<typeof closureWorkItem>

/** The worklist's tabs: closures under way (paying or stuck), or accounts closed (to reopen one). */
export const closureListStatuses = ['open', 'closed'] as const
export type ClosureListStatus = (typeof closureListStatuses)[number]

export const closureListRequest = z.strictObject({ status: z.enum(closureListStatuses).optional() })

export const closureWorklist = z.object({
  items: z.array(closureWorkItem),
  /** The server's clock, for the due clocks. */
  now: instant,
})
export type ClosureWorklist = z.infer<typeof closureWorklist>
