// The read pool: a second Kysely instance over a PostgreSQL streaming replica
// (DATABASE_REPLICA_URL), which the call sites that read a lot and can stand a few seconds of lag
// choose — reports and their files, the transparency page, the console's player search. Every
// connection it hands out is the replica's while the replica answers and is no further behind
// than the allowed lag; otherwise the primary's, so a replica that is down or behind slows those
// reads down but never fails them. What a player reads about their own money and play is never
// sent here: those screens must show the player's own last write (read-your-writes), and stay on
// the primary's instance.
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
import type pg from 'pg'
import type { Database } from './schema.ts'

/** How often the replica is asked whether it answers and how far behind it is. */
export const REPLICA_CHECK_MS = 1000

export interface ReplicaState {
  /** The replica answered its last check. */
  up: boolean
  /** Seconds of the primary's history the replica has not replayed yet (0 when caught up); null until it answered. */
  lagSeconds: number | null
  /** The read pool's connections by where they went: the replica, or the primary in its stead. */
  reads: { replica: number; primary: number }
  /** Why reads go to the primary right now, or null when they go to the replica. */
  fallback: 'down' | 'behind' | null
}

export interface ReadReplica {
  state(): ReplicaState
  /** Asks the replica now (the timer does every REPLICA_CHECK_MS). */
  check(): Promise<ReplicaState>
  /** Tells `listener` each time reads move from the replica to the primary or back, with the reason. */
  onChange(listener: (state: ReplicaState) => void): void
}

export interface ReadPoolOptions {
  replica: pg.Pool
  primary: pg.Pool
  maxLagSeconds: number
}

// Caught up when everything received is replayed and the receiver is streaming; otherwise the
// age of the last transaction replayed (an idle primary writes nothing, so that age alone would
// grow while the replica is current).
const LAG_QUERY = `select pg_is_in_recovery() as standby,
  case when not pg_is_in_recovery() then 0
       when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
            and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
       else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
  end::float8 as lag`

export function openReadPool(options: ReadPoolOptions): {
  kysely: Kysely<Database>
  replica: ReadReplica
  close(): Promise<void>
} {
  const { replica, primary, maxLagSeconds } = options
  const state: ReplicaState = { up: true, lagSeconds: null, reads: { replica: 0, primary: 0 }, fallback: null }
  const snapshot = (): ReplicaState => ({ ...state, reads: { ...state.reads } })
  const listeners: ((state: ReplicaState) => void)[] = []

  function settle(up: boolean, lagSeconds: number | null) {
    const before = state.fallback
    state.up = up
    if (lagSeconds !== null) state.lagSeconds = lagSeconds
    state.fallback = !up ? 'down' : (state.lagSeconds ?? 0) > maxLagSeconds ? 'behind' : null
    if (state.fallback !== before) for (const listener of listeners) listener(snapshot())
  }

  let checking: Promise<ReplicaState> | null = null
  const check = () => {
    checking ??= replica
      .query<{ standby: boolean; lag: number }>(LAG_QUERY)
      .then(
        ({ rows }) => settle(true, rows[0]?.lag ?? 0),
        () => settle(false, null),
      )
      .then(snapshot)
      .finally(() => {
        checking = null
      })
    return checking
  }
  const timer = setInterval(() => void check(), REPLICA_CHECK_MS)
  timer.unref()
  void check()

  const pool: PostgresPool = {
    options: replica.options,
    async connect() {
      if (state.fallback === null) {
        try {
          const client = await replica.connect()
          state.reads.replica++
          return client
        } catch {
          // Down since the last check: this read and the next go to the primary until a check
          // finds it again.
          settle(false, null)
        }
      }
      state.reads.primary++
      return primary.connect()
    },
    end: () => end(),
  }
  // Once, whether Kysely ends it (it does only after a first query) or `close` does.
  let ended: Promise<void> | null = null
  const end = () => {
    ended ??= (async () => {
      clearInterval(timer)
      await checking
      await replica.end()
    })()
    return ended
  }
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    kysely,
    replica: { state: snapshot, check, onChange: (listener) => listeners.push(listener) },
    close: async () => {
      await kysely.destroy()
      await end()
    },
  }
}
