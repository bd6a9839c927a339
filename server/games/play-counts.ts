// The lobby's "plays in the last 7 days" per game, without recounting the week on each request.
// Five-minute buckets that ended more than SETTLE_MS ago are counted once (an index range on
// game_rounds.created_at, grouped by bucket) and kept in memory with their running sum; only the
// edges — the part of the oldest bucket inside the window and the last ten minutes or so — are
// counted per request. The cost is bounded by minutes of rounds, not by the week's or an hour's
// (a busy operator's hour is thousands of rounds). The margin covers a spin whose transaction
// commits a little after its `created_at`; the spin path is not touched. The week's settled
// buckets are counted once when the server starts (`warm`), so no player's lobby waits for a week
// of rounds.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export const WEEK_MS = 7 * 24 * 3600_000
const BUCKET_MS = 5 * 60_000
const SETTLE_MS = 5 * 60_000

type Counts = Map<string, number>

async function countRange(db: Kysely<Database>, from: number, fromInclusive: boolean, to: number | null) {
  let query = db
    .selectFrom('game_rounds')
    .select(['game_id', (eb) => eb.fn.countAll().as('plays')])
    .where('created_at', fromInclusive ? '>=' : '>', from)
  if (to !== null) query = query.where('created_at', '<', to)
  const rows = await query.groupBy('game_id').execute()
  return new Map(rows.map((row) => [row.game_id, Number(row.plays)]))
}

/** Plays per game in each bucket of [from, to) (both on bucket edges), every bucket present. */
async function countBuckets(db: Kysely<Database>, from: number, to: number): Promise<Map<number, Counts>> {
  const buckets = new Map<number, Counts>()
  for (let bucket = from; bucket < to; bucket += BUCKET_MS) buckets.set(bucket, new Map())
  const bucketOf = sql<number>`created_at - created_at % ${sql.lit(BUCKET_MS)}`
  const rows = await db
    .selectFrom('game_rounds')
    .select(['game_id', bucketOf.as('bucket'), (eb) => eb.fn.countAll().as('plays')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['game_id', bucketOf])
    .execute()
  for (const row of rows) buckets.get(Number(row.bucket))?.set(row.game_id, Number(row.plays))
  return buckets
}

function addInto(total: Counts, part: Counts, sign = 1) {
  for (const [game, plays] of part) total.set(game, (total.get(game) ?? 0) + sign * plays)
}

export class PlayCounts {
  /** Settled buckets: start of the bucket → plays per game. */
  readonly #buckets = new Map<number, Counts>()
  /** The sum of the kept buckets. */
  readonly #kept: Counts = new Map()
  /** The start-up count while it runs: a lobby asked for meanwhile waits for it instead of counting too. */
  #warming: Promise<unknown> | null = null

  /** Counts the week's settled buckets now, in the background of start-up. */
  warm(db: Kysely<Database>, now: number): Promise<unknown> {
    this.#warming = this.lastWeek(db, now).finally(() => {
      this.#warming = null
    })
    return this.#warming
  }

  /** Plays per game with `created_at` in (now − 7 days, now]. */
  async lastWeek(db: Kysely<Database>, now: number): Promise<Counts> {
    // A failed start-up count is the caller's to redo: its buckets were not kept.
    if (this.#warming) await this.#warming.catch(() => undefined)
    const from = now - WEEK_MS
    const firstWhole = Math.floor(from / BUCKET_MS) * BUCKET_MS + BUCKET_MS
    const settledUntil = Math.max(firstWhole, Math.floor((now - SETTLE_MS) / BUCKET_MS) * BUCKET_MS)
    for (const [bucket, counts] of this.#buckets)
      if (bucket < firstWhole || bucket >= settledUntil) {
        this.#buckets.delete(bucket)
        addInto(this.#kept, counts, -1)
      }
    // The buckets not kept yet, a run of them at a time (at start-up the whole week, then the newest).
    let missingFrom: number | null = null
    for (let bucket = firstWhole; bucket <= settledUntil; bucket += BUCKET_MS) {
      const missing = bucket < settledUntil && !this.#buckets.has(bucket)
      if (missing && missingFrom === null) missingFrom = bucket
      if (!missing && missingFrom !== null) {
        for (const [start, counts] of await countBuckets(db, missingFrom, bucket)) {
          if (this.#buckets.has(start)) continue
          this.#buckets.set(start, counts)
          addInto(this.#kept, counts)
        }
        missingFrom = null
      }
    }
    const total: Counts = new Map()
    addInto(total, this.#kept)
    addInto(total, await countRange(db, from, false, firstWhole))
    addInto(total, await countRange(db, settledUntil, true, null))
    for (const [game, plays] of total) if (plays === 0) total.delete(game)
    return total
  }
}
