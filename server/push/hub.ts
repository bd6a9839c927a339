// The push hub: WebSocket connections per player, fed from the outbox. After a commit (or a
// PostgreSQL NOTIFY from another instance, or the 1 s poll that covers anything missed) it
// reads the new outbox ids and sends each connected player their freshly re-read state.
import type { Kysely } from 'kysely'
import type { WebSocket } from 'ws'
import type { BalancePush, PushMessage } from '../../contract/push.ts'
import type { Database } from '../db/schema.ts'

/** Re-reads the state behind a topic when its events arrive (a burst sends one message). */
export interface PushReaders {
  /** The player's balance as it is now (provided by the ledger). */
  balance(playerId: number): Promise<BalancePush>
  /** Broadcast topics whose value is re-read rather than carried (e.g. the jackpot pool). */
  broadcast: Partial<Record<string, () => Promise<unknown>>>
}

interface PushEvent {
  playerId: number
  message: PushMessage
}

const POLL_MS = 1000
const BATCH = 1000

export class PushHub {
  readonly #db: Kysely<Database>
  readonly #sockets = new Map<number, Set<WebSocket>>()
  #cursor = 0
  #draining = false
  #again = false
  #timer: NodeJS.Timeout | undefined

  readonly #readers: PushReaders

  constructor(db: Kysely<Database>, readers: PushReaders) {
    this.#db = db
    this.#readers = readers
  }

  async start(): Promise<void> {
    const last = await this.#db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
    this.#cursor = Number(last?.id ?? 0)
    this.#timer = setInterval(() => this.wake(), POLL_MS)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
    for (const sockets of this.#sockets.values()) for (const socket of sockets) socket.close(1001, 'server stopping')
    this.#sockets.clear()
  }

  add(playerId: number, socket: WebSocket): void {
    const sockets = this.#sockets.get(playerId) ?? new Set<WebSocket>()
    this.#sockets.set(playerId, sockets)
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      if (sockets.size === 0) this.#sockets.delete(playerId)
    })
  }

  /** Closes a player's sockets (their clients reconnect and refetch). */
  disconnect(playerId: number): number {
    const sockets = [...(this.#sockets.get(playerId) ?? [])]
    for (const socket of sockets) socket.close(4000, 'disconnected by server')
    return sockets.length
  }

  sendAll(message: PushMessage): void {
    const text = JSON.stringify(message)
    for (const sockets of this.#sockets.values())
      for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text)
  }

  send(playerId: number, message: PushMessage): void {
    const text = JSON.stringify(message)
    for (const socket of this.#sockets.get(playerId) ?? []) if (socket.readyState === socket.OPEN) socket.send(text)
  }

  async sendBalance(playerId: number): Promise<void> {
    this.send(playerId, { type: 'balance', data: await this.#readers.balance(playerId) })
  }

  /** Drains new outbox rows; concurrent wakes fold into one more pass. */
  wake(): void {
    if (this.#draining) {
      this.#again = true
      return
    }
    this.#draining = true
    void this.#drain().finally(() => {
      this.#draining = false
      if (this.#again) {
        this.#again = false
        this.wake()
      }
    })
  }

  async #drain(): Promise<void> {
    try {
      for (;;) {
        const rows = await this.#db
          .selectFrom('outbox')
          .select(['id', 'topic', 'player_id', 'payload'])
          .where('id', '>', this.#cursor)
          .orderBy('id')
          .limit(BATCH)
          .execute()
        if (rows.length === 0) return
        this.#cursor = Number(rows.at(-1)?.id)
        const players = new Set<number>()
        const events: PushEvent[] = []
        const broadcasts: PushMessage[] = []
        const reread = new Set<string>()
        for (const row of rows) {
          if (row.player_id === null) {
            if (this.#readers.broadcast[row.topic]) reread.add(row.topic)
            else broadcasts.push({ type: row.topic, data: JSON.parse(row.payload) } as PushMessage)
            continue
          }
          const playerId = Number(row.player_id)
          if (row.player_id === null || !this.#sockets.has(playerId)) continue
          if (row.topic === 'balance') players.add(playerId)
          else events.push({ playerId, message: { type: row.topic, data: JSON.parse(row.payload) } as PushMessage })
        }
        // Balances (re-read now) before the events of the same commits.
        await Promise.all([...players].map((playerId) => this.sendBalance(playerId)))
        for (const event of events) this.send(event.playerId, event.message)
        if (this.#sockets.size > 0) {
          for (const topic of reread)
            this.sendAll({ type: topic, data: await this.#readers.broadcast[topic]?.() } as PushMessage)
          for (const message of broadcasts) this.sendAll(message)
        }
        if (rows.length < BATCH) return
      }
    } catch {
      // The database may be closing or briefly unreachable; the next wake or poll retries.
    }
  }
}
