// The push hub: WebSocket connections per player, fed from the outbox. After a commit (or a
// PostgreSQL NOTIFY from another instance, or the 1 s poll that covers anything missed) it
// reads the new outbox ids and sends each connected player their freshly re-read state.
// Each socket remembers the session token it authenticated with: revoking a token closes its
// sockets at once on this instance, and a sweep every 0.5 s finds tokens revoked on another.
import type { Kysely, Selectable } from 'kysely'
import type { WebSocket } from 'ws'
import type { OperatorPush } from '../../contract/ops.ts'
import type { BalancePush, PushMessage } from '../../contract/push.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite, DirectStatement } from '../db/sqlite-dialect.ts'

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

/** Player topics operators' consoles also hear about (ids and status only; they re-read). */
const OPERATOR_TOPICS = new Set(['order', 'deposit', 'refund'])

function operatorPush(topic: string, playerId: number | null, payload: Record<string, unknown>): OperatorPush {
  const id = payload.orderId ?? payload.id ?? payload.requestId ?? null
  return {
    topic: topic as OperatorPush['topic'],
    playerId,
    id: typeof id === 'string' ? id : null,
    status: typeof payload.status === 'string' || typeof payload.status === 'number' ? String(payload.status) : null,
  }
}

const POLL_MS = 1000
/**
 * Under a stream of commits, passes start at least this far apart, so one read serves every
 * commit meanwhile instead of one read per commit competing with the commits for the database.
 */
const PASS_GAP_MS = 5
const BATCH = 1000

/** A row of the hub's read (`newOutboxRows`). */
type OutboxRead = Pick<Selectable<Database['outbox']>, 'id' | 'topic' | 'player_id' | 'payload'>

/** The hub's read after each commit: the outbox rows after `cursor`, a batch at a time (cursor, then the batch, bound in that order). */
export function newOutboxRows(db: Kysely<Database>, cursor: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'topic', 'player_id', 'payload'])
    .where('id', '>', cursor)
    .orderBy('id')
    .limit(BATCH)
}
// Revoked tokens close their sockets within a second even when revoked on another instance.
const SWEEP_MS = 500
// Token hashes asked about per query by the revocation sweep.
const SWEEP_BATCH = 500
/** Close code for a socket closed by a restarting instance (WebSocket's "service restart"): reconnect. */
export const RECONNECT = 1012
/**
 * How long a socket gets to answer the close handshake at shutdown before it is cut: a phone
 * whose connection died never answers, and would hold the process for ws's 30 s close timeout.
 */
export const CLOSE_GRACE_MS = 1000
/** Close code for a socket whose session ended (logout, device revoked, expiry). */
export const SESSION_ENDED = 4003

/** Of these token hashes, the ones that no longer authenticate anyone. */
export type InvalidSessions = (tokenHashes: string[]) => Promise<string[]>

export class PushHub {
  readonly #db: Kysely<Database>
  readonly #sockets = new Map<number, Set<WebSocket>>()
  readonly #sessions = new Map<string, Set<WebSocket>>()
  readonly #playerOf = new WeakMap<WebSocket, number>()
  /** Operators' console sockets, with the hash of the session they authenticated with. */
  readonly #operators = new Map<WebSocket, string>()
  readonly #invalidSessions: InvalidSessions
  #sweeping = false
  #cursor = 0
  #draining = false
  #resting = false
  #again = false
  #timer: NodeJS.Timeout | undefined
  #sweepTimer: NodeJS.Timeout | undefined

  readonly #readers: PushReaders

  /** On SQLite, the writer's connection: the read after each commit is a statement prepared once. */
  readonly #sqlite: DirectSqlite | null
  #newRows: DirectStatement | undefined

  /**
   * `invalidSessions` names which of the given token hashes are no longer valid (revoked elsewhere);
   * `sqlite`, SQLite's writer connection, serves the hub's read after every commit without building
   * the query each time.
   */
  constructor(
    db: Kysely<Database>,
    readers: PushReaders,
    invalidSessions: InvalidSessions,
    sqlite: DirectSqlite | null = null,
  ) {
    this.#db = db
    this.#readers = readers
    this.#invalidSessions = invalidSessions
    this.#sqlite = sqlite
  }

  #readNewRows(): Promise<OutboxRead[]> {
    if (!this.#sqlite) return newOutboxRows(this.#db, this.#cursor).execute()
    this.#newRows ??= this.#sqlite.prepare(newOutboxRows(this.#db, 0).compile().sql)
    return Promise.resolve(this.#newRows.all(this.#cursor, BATCH) as unknown as OutboxRead[])
  }

  async start(): Promise<void> {
    const last = await this.#db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
    this.#cursor = Number(last?.id ?? 0)
    this.#timer = setInterval(() => this.wake(), POLL_MS)
    this.#timer.unref()
    this.#sweepTimer = setInterval(() => void this.#sweepSessions(), SWEEP_MS)
    this.#sweepTimer.unref()
  }

  /**
   * Closes every socket with "reconnect"; resolves once each has closed, or was cut after
   * CLOSE_GRACE_MS without answering.
   */
  stop(): Promise<void> {
    clearInterval(this.#timer)
    clearInterval(this.#sweepTimer)
    const open = [...[...this.#sockets.values()].flatMap((sockets) => [...sockets]), ...this.#operators.keys()]
    this.#operators.clear()
    this.#sockets.clear()
    this.#sessions.clear()
    const closed = open.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve()
          socket.once('close', () => resolve())
          socket.close(RECONNECT, 'reconnect')
        }),
    )
    if (open.length === 0) return Promise.resolve()
    const cut = setTimeout(() => {
      for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate()
    }, CLOSE_GRACE_MS)
    return Promise.all(closed).then(() => clearTimeout(cut))
  }

  /** Delivers every outbox row committed so far (a graceful shutdown, before its sockets close). */
  async flush(): Promise<void> {
    while (this.#draining) await new Promise((resolve) => setTimeout(resolve, 5))
    this.#draining = true
    try {
      await this.#drain()
    } finally {
      this.#draining = false
    }
  }

  /** Open sockets on this instance. */
  socketCount(): number {
    let count = 0
    for (const sockets of this.#sockets.values()) count += sockets.size
    return count
  }

  /** Outbox rows this instance has not delivered yet, and how old the oldest is (0 when none). */
  async backlog(now: number): Promise<{ rows: number; oldestAgeMs: number }> {
    const row = await this.#db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.min('created_at').as('oldest')])
      .where('id', '>', this.#cursor)
      .executeTakeFirst()
    const rows = Number(row?.rows ?? 0)
    return { rows, oldestAgeMs: rows === 0 ? 0 : Math.max(0, now - Number(row?.oldest)) }
  }

  /** Registers a socket authenticated by the token with this SHA-256 hash. */
  add(playerId: number, socket: WebSocket, tokenHash: string): void {
    const sockets = this.#sockets.get(playerId) ?? new Set<WebSocket>()
    this.#sockets.set(playerId, sockets)
    sockets.add(socket)
    this.#playerOf.set(socket, playerId)
    const ofSession = this.#sessions.get(tokenHash) ?? new Set<WebSocket>()
    this.#sessions.set(tokenHash, ofSession)
    ofSession.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      if (sockets.size === 0) this.#sockets.delete(playerId)
      ofSession.delete(socket)
      if (ofSession.size === 0) this.#sessions.delete(tokenHash)
    })
  }

  /** Registers an operator's console socket (session cookie with this SHA-256 hash). */
  addOperator(socket: WebSocket, sessionHash: string): void {
    this.#operators.set(socket, sessionHash)
    socket.once('close', () => this.#operators.delete(socket))
  }

  /** Closes the console sockets of an operator session that ended (logout). */
  closeOperatorSession(sessionHash: string): number {
    let closed = 0
    for (const [socket, hash] of this.#operators) {
      if (hash !== sessionHash) continue
      this.#operators.delete(socket)
      socket.close(SESSION_ENDED, 'session ended')
      closed++
    }
    return closed
  }

  sendOperators(message: PushMessage): void {
    const text = JSON.stringify(message)
    for (const socket of this.#operators.keys()) if (socket.readyState === socket.OPEN) socket.send(text)
  }

  /** Closes every socket authenticated by one of these (revoked) tokens; answers how many. */
  closeSessions(tokenHashes: string[]): number {
    let closed = 0
    for (const hash of tokenHashes) {
      const sockets = [...(this.#sessions.get(hash) ?? [])]
      this.#sessions.delete(hash)
      for (const socket of sockets) {
        // Unregistered now, so nothing more is sent while the close handshake runs.
        const playerId = this.#playerOf.get(socket)
        const ofPlayer = playerId === undefined ? undefined : this.#sockets.get(playerId)
        if (ofPlayer?.delete(socket) && ofPlayer.size === 0) this.#sockets.delete(playerId as number)
        socket.close(SESSION_ENDED, 'session ended')
        closed++
      }
    }
    return closed
  }

  /** Closes sockets whose tokens were revoked elsewhere (another instance) or expired. */
  async #sweepSessions(): Promise<void> {
    if (this.#sweeping || this.#sessions.size === 0) return
    this.#sweeping = true
    try {
      const hashes = [...this.#sessions.keys()]
      for (let i = 0; i < hashes.length; i += SWEEP_BATCH) {
        this.closeSessions(await this.#invalidSessions(hashes.slice(i, i + SWEEP_BATCH)))
      }
    } catch {
      // The database may be closing or briefly unreachable; the next poll retries.
    } finally {
      this.#sweeping = false
    }
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

  /** Drains new outbox rows; wakes during a pass fold into one more pass, PASS_GAP_MS later. */
  wake(): void {
    if (this.#draining || this.#resting) {
      this.#again = true
      return
    }
    this.#draining = true
    void this.#drain().finally(() => {
      this.#draining = false
      if (!this.#again) return
      this.#again = false
      this.#resting = true
      setTimeout(() => {
        this.#resting = false
        this.wake()
      }, PASS_GAP_MS)
    })
  }

  async #drain(): Promise<void> {
    try {
      for (;;) {
        const rows = await this.#readNewRows()
        if (rows.length === 0) return
        this.#cursor = Number(rows.at(-1)?.id)
        const players = new Set<number>()
        const events: PushEvent[] = []
        const broadcasts: PushMessage[] = []
        const reread = new Set<string>()
        for (const row of rows) {
          if (this.#operators.size > 0 && (OPERATOR_TOPICS.has(row.topic) || row.topic === 'ops')) {
            const payload = JSON.parse(row.payload) as Record<string, unknown>
            const data =
              row.topic === 'ops'
                ? payload
                : operatorPush(row.topic, row.player_id === null ? null : Number(row.player_id), payload)
            this.sendOperators({ type: 'ops', data } as PushMessage)
          }
          if (row.topic === 'ops') continue
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
