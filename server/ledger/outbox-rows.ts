// The outbox rows a ledger commit writes for what it changed (server/push/outbox.ts): a balance
// event for each player whose money moved, then the events the work queued.
import { type OutboxEvent, playerEvent } from '../push/outbox.ts'

/** Balances first, so a client handling an event already shows the new balance. */
export function outboxRows(touched: Set<number>, events: readonly OutboxEvent[]): OutboxEvent[] {
  return [...[...touched].map((playerId) => playerEvent(playerId, 'balance', {})), ...events]
}

/** The events with each broadcast (same topic and payload) kept once. */
export function distinctBroadcasts(events: readonly OutboxEvent[]): OutboxEvent[] {
  const seen = new Set<string>()
  return events.filter((event) => {
    if (event.playerId !== null) return true
    const key = `${event.topic}:${JSON.stringify(event.payload)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
