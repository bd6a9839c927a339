// Push topics (SPEC 9): what the server's outbox carries and the app's socket receives, typed
// once for both sides. A player topic reaches one player's sockets; a broadcast topic reaches
// every socket. `balance` and `jackpot` carry no payload in the outbox: the hub re-reads the state
// after commit and sends it as it is then.
import type { DepositPush } from './deposits.ts'
import type { JackpotView, WinItem } from './games/api.ts'
import type { OrderPush } from './withdrawals.ts'

export interface PushedBalance {
  total: number
  cash: number
  bonus: number
  wageringRemaining?: number
}

/** What each topic's message carries to the app. */
export interface PushPayloads {
  balance: PushedBalance
  deposit: DepositPush
  order: OrderPush
  invite: { qualified: number }
  jackpot: JackpotView | null
  win: WinItem
}

export type PushTopic = keyof PushPayloads

/** Topics sent to every connected player (the rest go to one player). */
export const broadcastTopics = ['jackpot', 'win'] as const satisfies PushTopic[]
export type BroadcastTopic = (typeof broadcastTopics)[number]
export type PlayerTopic = Exclude<PushTopic, BroadcastTopic>

/** What the outbox row carries for a topic (the re-read topics carry nothing). */
export type OutboxPayloads = Omit<PushPayloads, 'balance' | 'jackpot'> & {
  balance: Record<string, never>
  jackpot: Record<string, never>
}

export interface PushMessage<T extends PushTopic = PushTopic> {
  type: T
  data: PushPayloads[T]
}
