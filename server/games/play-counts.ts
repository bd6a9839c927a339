// The lobby's "plays in the last 7 days" per game, without recounting the week on each request.
// Whole hours that ended more than SETTLE_MS ago are counted once (an index range on
// game_rounds.created_at) and kept in memory; only the edges — the part of the oldest hour
// inside the window and the last hour or so — are counted per request. The cost is bounded by an
// hour or two of rounds, not by the week's. The margin covers a spin whose transaction commits a
// little after its `created_at`; the spin path is not touched. The week's settled hours are
// counted once when the server starts (`warm`), so no player's lobby waits for a week of rounds.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export const WEEK_MS = 7 * 24 * 3600_000
const HOUR_MS = 3600_000
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

function addInto(total: Counts, part: Counts) {
  for (const [game, plays] of part) total.set(game, (total.get(game) ?? 0) + plays)
}

export class PlayCounts {
  /** Settled hours: start of the hour → plays per game. */
  readonly #hours = new Map<number, Counts>()
  /** The start-up count while it runs: a lobby asked for meanwhile waits for it instead of counting too. */
  #warming: Promise<unknown> | null = null

  /** Counts the week's settled hours now, in the background of start-up. */
  warm(db: Kysely<Database>, now: number): Promise<unknown> {
    this.#warming = this.lastWeek(db, now).finally(() => {
      this.#warming = null
    })
    return this.#warming
  }

  /** Plays per game with `created_at` in (now − 7 days, now]. */
  async lastWeek(db: Kysely<Database>, now: number): Promise<Counts> {
    // A failed start-up count is the caller's to redo: its hours were not kept.
    if (this.#warming) await this.#warming.catch(() => undefined)
    const from = now - WEEK_MS
    const firstWhole = Math.floor(from / HOUR_MS) * HOUR_MS + HOUR_MS
    const settledUntil = Math.max(firstWhole, Math.floor((now - SETTLE_MS) / HOUR_MS) * HOUR_MS)
    for (const hour of this.#hours.keys()) if (hour < firstWhole || hour >= settledUntil) this.#hours.delete(hour)
    const total: Counts = new Map()
    for (let hour = firstWhole; hour < settledUntil; hour += HOUR_MS) {
      let counts = this.#hours.get(hour)
      if (!counts) {
        counts = await countRange(db, hour, true, hour + HOUR_MS)
        this.#hours.set(hour, counts)
      }
      addInto(total, counts)
    }
    addInto(total, await countRange(db, from, false, firstWhole))
    addInto(total, await countRange(db, settledUntil, true, null))
    return total
  }
}
