// The push topics: what each message on the `/ws` socket carries, typed once for the
// server's outbox and the client's `onPush`; `ops` goes only to operators' sockets (`/ws/ops`).
// A new topic is one more line here.
import type { DepositPush, RefundPush } from './deposits.ts'
import type { JackpotView, WinItem } from './games/api.ts'
import type { OperatorPush } from './ops.ts'
import type { ChatPush, NoticePush } from './support.ts'
import type { OrderPush } from './withdrawals.ts'

/** The player's balances, re-read by the server after the commit that changed them. */
export interface BalancePush {
  total: number
  cash: number
  bonus: number
  wageringRemaining: number
}

/** An invited friend qualified: the inviter's claimable reward grew. */
export interface InvitePush {
  qualified: number
}

export interface PushTopics {
  balance: BalancePush
  deposit: DepositPush
  /** A PIX returned to its payer (refused in full, or an overpayment's excess). */
  refund: RefundPush
  order: OrderPush
  invite: InvitePush
  /** Broadcast: the jackpot pool as it is now (null when there is no jackpot). */
  jackpot: JackpotView | null
  /** Broadcast: a recorded win above the feed's threshold. */
  win: WinItem
  /** The player's support conversation: a new message, read receipts, typing, closed/reopened. */
  chat: ChatPush
  /** Broadcast: a notice was published or changed (lists read again). */
  notice: NoticePush
  /** The player's verification was decided by an operator (the app re-reads its status). */
  verification: { status: 'verified' | 'rejected' }
  /** To operators' sockets only (`/ws/ops`): something on a worklist changed; the console re-reads. */
  ops: OperatorPush
}

export type PushTopic = keyof PushTopics

/** Topics sent to every connected player (the rest go to one player). */
export const broadcastTopics = ['jackpot', 'win', 'notice'] as const satisfies PushTopic[]
export type BroadcastTopic = (typeof broadcastTopics)[number]
export type PlayerTopic = Exclude<PushTopic, BroadcastTopic>

/**
 * What an outbox row carries per topic: `balance` and `jackpot` carry nothing — the hub re-reads
 * the state after commit and sends it as it is then.
 */
export type OutboxPayloads = Omit<PushTopics, 'balance' | 'jackpot'> & {
  balance: Record<string, never>
  jackpot: Record<string, never>
}

/** One message on the socket. */
export interface PushMessage<T extends PushTopic = PushTopic> {
  type: T
  data: PushTopics[T]
}
