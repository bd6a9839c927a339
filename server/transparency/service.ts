// The transparency service: freezes each local day once it is over into transparency_snapshots
// (its figures as canonical JSON, hashed with the day before's hash — contract/transparency.ts),
// catching up every day not frozen yet from the ledger's first day on; keeps the page's figures
// computed at most REFRESH_MS ago (one computation at a time); and serves frozen days as they
// were written, forever.
import canonicalize from 'canonicalize'
import type { Kysely } from 'kysely'
import type { DayFigures, Snapshot, SnapshotPage, TransparencyView } from '../../contract/transparency.ts'
import { GENESIS_HASH, snapshotHash } from '../../contract/transparency-chain.ts'
import type { Database } from '../db/schema.ts'
import { ledgerStartedAt } from '../ledger/transparency.ts'
import { localDate, periodEnd } from '../lib/periods.ts'
import { addDays, dayFigures, dayPeriod, GAME_DAYS, pageView } from './figures.ts'

/** How old the page's figures may be before they are computed again. */
export const REFRESH_MS = 5 * 60_000
/** A day is frozen this long after its midnight: a spin stamped 23:59:59.9 has committed by then. */
export const FREEZE_GRACE_MS = 60_000

export interface TransparencyOptions {
  db: Kysely<Database>
  now: () => number
  timeZone: string
  onError: (error: unknown) => void
}

type Row = { day: string; previous_hash: string; hash: string; figures: string }

const toSnapshot = (row: Row): Snapshot => ({
  day: row.day,
  previousHash: row.previous_hash,
  hash: row.hash,
  figures: JSON.parse(row.figures) as DayFigures,
})

export class TransparencyService {
  readonly #o: TransparencyOptions
  #view: TransparencyView | null = null
  #computing: Promise<TransparencyView> | null = null
  #timer: NodeJS.Timeout | null = null

  constructor(options: TransparencyOptions) {
    this.#o = options
  }

  /** The page's figures: the cached ones while fresh, otherwise computed now. */
  async view(): Promise<TransparencyView> {
    const cached = this.#view
    if (cached && this.#o.now() - cached.computedAt < REFRESH_MS && this.#o.now() >= cached.computedAt) return cached
    return this.refresh()
  }

  /** Freezes the days that are due and computes the page's figures (joined while one runs). */
  refresh(): Promise<TransparencyView> {
    if (!this.#computing) {
      this.#computing = this.#compute().finally(() => {
        this.#computing = null
      })
    }
    return this.#computing
  }

  async #compute(): Promise<TransparencyView> {
    const { db, timeZone } = this.#o
    await this.freezeDue()
    const now = this.#o.now()
    const since = addDays(localDate(now, timeZone), -(GAME_DAYS - 1))
    const recent = await db
      .selectFrom('transparency_snapshots')
      .select(['day', 'figures'])
      .where('day', '>=', since)
      .orderBy('day')
      .execute()
    const view = await pageView(db, {
      now,
      timeZone,
      frozen: recent.map((row) => ({ day: row.day, games: (JSON.parse(row.figures) as DayFigures).games })),
      chain: await this.#chainSummary(),
    })
    this.#view = view
    return view
  }

  async #chainSummary(): Promise<TransparencyView['chain']> {
    const { db } = this.#o
    const count = await db
      .selectFrom('transparency_snapshots')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('day').as('first')])
      .executeTakeFirstOrThrow()
    const head = await db
      .selectFrom('transparency_snapshots')
      .select(['day', 'hash'])
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst()
    return { days: Number(count.n), first: (count.first as string | null) ?? null, head: head ?? null }
  }

  /**
   * Freezes every local day that has ended (and its grace passed) and is not frozen yet, in order,
   * each linked to the one before. Another instance freezing the same day first wins; this one
   * goes on from that day's stored hash.
   */
  async freezeDue(): Promise<number> {
    const { db, timeZone } = this.#o
    const now = this.#o.now()
    const last = await db
      .selectFrom('transparency_snapshots')
      .select(['day', 'hash'])
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst()
    let day: string
    let previous: string
    if (last) {
      day = addDays(last.day, 1)
      previous = last.hash
    } else {
      const started = await ledgerStartedAt(db)
      if (started === null) return 0
      day = localDate(started, timeZone)
      previous = GENESIS_HASH
    }
    let frozen = 0
    for (;;) {
      const period = dayPeriod(day, timeZone)
      if (period.to + FREEZE_GRACE_MS > now) break
      const figures = await dayFigures(db, period)
      const hash = snapshotHash({ day, previousHash: previous, figures })
      const inserted = await db
        .insertInto('transparency_snapshots')
        .values({ day, previous_hash: previous, hash, figures: canonicalize(figures) as string, frozen_at: now })
        .onConflict((oc) => oc.column('day').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        const stored = await db
          .selectFrom('transparency_snapshots')
          .select('hash')
          .where('day', '=', day)
          .executeTakeFirstOrThrow()
        previous = stored.hash
      } else {
        previous = hash
        frozen++
      }
      day = addDays(day, 1)
    }
    return frozen
  }

  /** Frozen days after `after` (or from the first), oldest first. */
  async snapshots(after: string | null, limit: number): Promise<SnapshotPage> {
    let query = this.#o.db
      .selectFrom('transparency_snapshots')
      .select(['day', 'previous_hash', 'hash', 'figures'])
      .orderBy('day')
      .limit(limit + 1)
    if (after !== null) query = query.where('day', '>', after)
    const rows = await query.execute()
    const page = rows.slice(0, limit)
    return { snapshots: page.map(toSnapshot), nextAfter: rows.length > limit ? (page.at(-1)?.day ?? null) : null }
  }

  async snapshot(day: string): Promise<Snapshot | null> {
    const row = await this.#o.db
      .selectFrom('transparency_snapshots')
      .select(['day', 'previous_hash', 'hash', 'figures'])
      .where('day', '=', day)
      .executeTakeFirst()
    return row ? toSnapshot(row) : null
  }

  /**
   * Refreshes every REFRESH_MS, and just after each local midnight so the day freezes on time (the
   * first request computes the figures before that, on its own).
   */
  start(): void {
    const schedule = () => {
      const now = this.#o.now()
      const nextFreeze = periodEnd('day', now, this.#o.timeZone) + FREEZE_GRACE_MS
      const wait = Math.max(1000, Math.min(REFRESH_MS, nextFreeze - now))
      this.#timer = setTimeout(() => {
        this.refresh().catch(this.#o.onError)
        schedule()
      }, wait)
      this.#timer.unref()
    }
    schedule()
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }
}
