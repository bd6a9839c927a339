// The transparency service: freezes each local day once it is over into transparency_snapshots
// (its figures as canonical JSON, hashed with the day before's hash — contract/transparency.ts),
// catching up every day not frozen yet from the ledger's first day on; keeps the page's figures
// computed at most REFRESH_MS ago (one computation at a time); and serves frozen days as they
// were written, forever.
import canonicalize from 'canonicalize'
import type { Kysely } from 'kysely'
import type { Certificate } from 'pkijs'
import type {
  DayFigures,
  Snapshot,
  SnapshotPage,
  TransparencyView,
  WitnessReportBody,
  WitnessReports,
} from '../../contract/transparency.ts'
import { GENESIS_HASH, snapshotContent, snapshotHash } from '../../contract/transparency-chain.ts'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { ledgerStartedAt } from '../ledger/transparency.ts'
import { localDate, periodEnd } from '../lib/periods.ts'
import { addDays, dayFigures, dayPeriod, GAME_DAYS, pageView } from './figures.ts'
import { buildLiabilities, latestLiabilities } from './liabilities.ts'
import { checkToken, requestStamp } from './tsa.ts'

/** How old the page's figures may be before they are computed again. */
export const REFRESH_MS = 5 * 60_000
/** A day is frozen this long after its midnight: a spin stamped 23:59:59.9 has committed by then. */
export const FREEZE_GRACE_MS = 60_000

export interface TransparencyOptions {
  db: Kysely<Database>
  /** One consistent read of the whole database (the proof of liabilities' balances). */
  readSnapshot: Db['readSnapshot']
  /** This instance's name on a day's claim to build its proof of liabilities. */
  holder: string
  /**
   * Where the page's live figures and the frozen days served to verifiers are read (the read
   * pool; `db` when absent). What is frozen, stamped and checked is read and written on `db`.
   */
  reads?: Kysely<Database>
  now: () => number
  timeZone: string
  onError: (error: unknown) => void
  /**
   * The RFC 3161 authority each frozen day's hash is stamped by, and the certificates trusted for
   * its tokens (each token is checked before it is kept, and again by the chain's self-check).
   * Null: days are frozen unanchored.
   */
  tsa?: { url: string; trusted: readonly Certificate[] | null } | null
  /** Called once per new break the self-check finds (the log; the metric reads the table). */
  onBreak?: (found: ChainBreak) => void
  /** The money held for players at the PSP (its statement, or an audited figure), shown beside the liabilities. */
  heldForPlayers?: { amount: number; asOf: string; source: string } | null
}

/** Witness reports kept at most (the oldest are dropped past it): the evidence stays bounded. */
export const WITNESS_REPORTS_MAX = 10_000

/** What the self-check found wrong with one day of the stored chain. */
export interface ChainBreak {
  day: string
  /** link | hash | order | seen (a hash this instance had checked before changed) | anchor | unanchored */
  problem: string
  detail: string
}

/** Days stamped per refresh at most: a long backlog (a TSA down for days) is caught up in steps. */
const ANCHORS_PER_REFRESH = 50

type Row = { day: string; previous_hash: string; hash: string; figures: string }
type AnchorRow = { tsa_url: string; token: string; stamped_at: number | string } | undefined

const toSnapshot = (row: Row, anchor: AnchorRow): Snapshot => ({
  day: row.day,
  previousHash: row.previous_hash,
  hash: row.hash,
  figures: JSON.parse(row.figures) as DayFigures,
  anchor: anchor ? { tsaUrl: anchor.tsa_url, token: anchor.token, stampedAt: Number(anchor.stamped_at) } : null,
})

export interface ChainBreakEntry {
  id: number
  detectedAt: number
  day: string
  problem: string
  acknowledgedAt: number | null
  acknowledgedBy: string | null
}

const anchorOf = (row: {
  tsa_url: string | null
  token: string | null
  stamped_at: number | string | null
}): AnchorRow =>
  row.token && row.tsa_url && row.stamped_at !== null
    ? { tsa_url: row.tsa_url, token: row.token, stamped_at: row.stamped_at }
    : undefined

export class TransparencyService {
  readonly #o: TransparencyOptions
  #view: TransparencyView | null = null
  #computing: Promise<TransparencyView> | null = null
  #timer: NodeJS.Timeout | null = null
  /** Each day's hash as this instance last found it whole: a later change of one is a break. */
  readonly #seen = new Map<string, string>()
  /** Tokens already checked, by day, hash and token: checked once, not at every refresh. */
  readonly #checkedTokens = new Set<string>()

  constructor(options: TransparencyOptions) {
    this.#o = options
  }

  #startCheck: Promise<unknown> | null = null

  /** The self-check at start, in the background: the first refresh waits for it. */
  checkAtStart(): void {
    this.#startCheck = this.checkChain().catch(this.#o.onError)
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
    // The chain is checked before anything is added to it; while a break waits for an admin,
    // no day is frozen (nothing is built on a chain that does not hold).
    await this.#startCheck
    await this.checkChain()
    if ((await this.unacknowledgedBreaks()) === 0) {
      await this.freezeDue()
      await this.anchorDue().catch(this.#o.onError)
    }
    const now = this.#o.now()
    const since = addDays(localDate(now, timeZone), -(GAME_DAYS - 1))
    const recent = await db
      .selectFrom('transparency_snapshots')
      .select(['day', 'figures'])
      .where('day', '>=', since)
      .orderBy('day')
      .execute()
    const view = await pageView(this.#o.reads ?? db, {
      now,
      timeZone,
      frozen: recent.map((row) => ({ day: row.day, games: (JSON.parse(row.figures) as DayFigures).games })),
      chain: await this.#chainSummary(),
      liabilities: await this.#liabilitiesSummary(),
    })
    this.#view = view
    return view
  }

  async #liabilitiesSummary(): Promise<TransparencyView['liabilities']> {
    const latest = await latestLiabilities(this.#o.db)
    if (!latest) return null
    const held = this.#o.heldForPlayers ?? null
    return {
      day: latest.day,
      root: latest.root,
      total: latest.total,
      players: latest.players,
      depth: latest.depth,
      held,
      ratio: held && latest.total > 0 ? Number((held.amount / latest.total).toFixed(4)) : null,
    }
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
   * goes on from that day's stored hash. The last day due waits while another instance builds its
   * proof of liabilities.
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
      // The balances are read now: only the last day due gets a tree (in a catch-up after the
      // server was down, earlier days' end-of-day balances are gone and are not made up).
      if (dayPeriod(addDays(day, 1), timeZone).to + FREEZE_GRACE_MS > now) {
        const existing = await latestLiabilities(db)
        const { readSnapshot, holder } = this.#o
        const liabilities =
          existing?.day === day ? existing : await buildLiabilities({ db, readSnapshot, holder, now: this.#o.now }, day)
        // Another instance holds the day's claim: it builds the tree and freezes the day.
        if (!liabilities) break
        figures.liabilities = {
          root: liabilities.root,
          total: liabilities.total,
          players: liabilities.players,
          depth: liabilities.depth,
        }
      }
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

  /**
   * Stamps the frozen days after the last stamped one, oldest first, at the configured authority;
   * each token is checked (when a certificate is trusted) before it is kept. Stops at the first
   * failure: the next refresh tries again. A day without a token before a stamped one is never
   * stamped now (its token was removed: the self-check reports it) — stamping it late would
   * vouch for whatever it holds today.
   */
  async anchorDue(): Promise<number> {
    const { db, tsa } = this.#o
    if (!tsa) return 0
    const last = await db
      .selectFrom('transparency_anchors')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst()
    const rows = await db
      .selectFrom('transparency_snapshots')
      .select(['day', 'previous_hash', 'hash', 'figures'])
      .where('day', '>', (last?.day as string | null | undefined) ?? '')
      .orderBy('day')
      .limit(ANCHORS_PER_REFRESH)
      .execute()
    let anchored = 0
    for (const row of rows) {
      const snapshot = toSnapshot(row, undefined)
      const stamp = await requestStamp(tsa.url, snapshotContent(snapshot), tsa.trusted ? { trusted: tsa.trusted } : {})
      await db
        .insertInto('transparency_anchors')
        .values({ day: row.day, hash: row.hash, tsa_url: tsa.url, token: stamp.token, stamped_at: stamp.stampedAt })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute()
      anchored++
    }
    return anchored
  }

  /**
   * The server's check of its own stored chain: each day's hash from its content, each link to
   * the day before, the hashes this instance saw before unchanged, and each day's time-stamp
   * token issued for that very hash and signed by the trusted authority. A problem not found
   * (and acknowledged) before is recorded as a break; it returns the breaks found this time.
   */
  async checkChain(): Promise<ChainBreak[]> {
    const { db } = this.#o
    const found: ChainBreak[] = []
    const rows = await db
      .selectFrom('transparency_snapshots as s')
      .leftJoin('transparency_anchors as a', 'a.day', 's.day')
      .select(['s.day', 's.previous_hash', 's.hash', 's.figures', 'a.token', 'a.tsa_url', 'a.stamped_at'])
      .orderBy('s.day')
      .execute()
    let previous = GENESIS_HASH
    let previousDay = ''
    const whole = new Map<string, string>()
    const lastAnchored = rows.findLast((row) => row.token)?.day ?? ''
    for (const row of rows) {
      const snapshot = toSnapshot(row, undefined)
      const problems: ChainBreak[] = []
      if (row.day <= previousDay) problems.push({ day: row.day, problem: 'order', detail: 'days out of order' })
      if (row.previous_hash !== previous)
        problems.push({ day: row.day, problem: 'link', detail: 'it does not carry the hash of the day before' })
      if (snapshotHash(snapshot) !== row.hash)
        problems.push({ day: row.day, problem: 'hash', detail: 'its hash does not match its figures' })
      const seen = this.#seen.get(row.day)
      if (seen !== undefined && seen !== row.hash)
        problems.push({ day: row.day, problem: 'seen', detail: `its hash was ${seen} when this instance checked it` })
      if (!row.token && row.day < lastAnchored)
        problems.push({
          day: row.day,
          problem: 'unanchored',
          detail: 'its time-stamp token was removed (a later day has one)',
        })
      const trusted = this.#o.tsa?.trusted
      if (row.token && trusted) {
        const key = `${row.day}:${row.hash}:${row.token}`
        if (!this.#checkedTokens.has(key)) {
          const check = await checkToken(row.token, snapshotContent(snapshot), trusted)
          if (check.ok) this.#checkedTokens.add(key)
          else problems.push({ day: row.day, problem: 'anchor', detail: check.problem })
        }
      }
      if (problems.length === 0) whole.set(row.day, row.hash)
      found.push(...problems)
      previous = row.hash
      previousDay = row.day
    }
    for (const [day, hash] of whole) if (!this.#seen.has(day)) this.#seen.set(day, hash)
    const fresh: ChainBreak[] = []
    for (const problem of found) {
      const known = await db
        .selectFrom('transparency_chain_breaks')
        .select('id')
        .where('day', '=', problem.day)
        .where('problem', '=', problem.problem)
        .executeTakeFirst()
      if (known) continue
      await db
        .insertInto('transparency_chain_breaks')
        .values({
          detected_at: this.#o.now(),
          day: problem.day,
          problem: problem.problem,
          acknowledged_at: null,
          acknowledged_by: null,
        })
        .execute()
      fresh.push(problem)
      this.#o.onBreak?.(problem)
    }
    return fresh
  }

  /** Breaks found and not yet acknowledged by an admin (0: the chain is published as usual). */
  async unacknowledgedBreaks(): Promise<number> {
    const row = await this.#o.db
      .selectFrom('transparency_chain_breaks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('acknowledged_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * Keeps an installed app's report that the chain it saw is not the one served now: one per
   * sender and seen hash (a phone reporting again adds nothing), WITNESS_REPORTS_MAX in all.
   */
  async reportWitness(report: WitnessReportBody, sender: string): Promise<void> {
    const { db } = this.#o
    const known = await db
      .selectFrom('transparency_witness_reports')
      .select('id')
      .where('sender', '=', sender)
      .where('seen_day', '=', report.seen.day)
      .where('seen_hash', '=', report.seen.hash)
      .executeTakeFirst()
    if (known) return
    await db
      .insertInto('transparency_witness_reports')
      .values({
        received_at: this.#o.now(),
        seen_day: report.seen.day,
        seen_hash: report.seen.hash,
        served_hash: report.served,
        head_day: report.head?.day ?? null,
        head_hash: report.head?.hash ?? null,
        seen_at: report.seen.at ?? null,
        sender,
      })
      .execute()
    const cutoff = await db
      .selectFrom('transparency_witness_reports')
      .select('id')
      .orderBy('id', 'desc')
      .offset(WITNESS_REPORTS_MAX)
      .limit(1)
      .executeTakeFirst()
    if (cutoff) await db.deleteFrom('transparency_witness_reports').where('id', '<=', cutoff.id).execute()
  }

  /** The witness reports, newest first, each marked with whether the stored day still differs. */
  async witnessReports(): Promise<WitnessReports> {
    const { db } = this.#o
    const rows = await db
      .selectFrom('transparency_witness_reports as r')
      .leftJoin('transparency_snapshots as s', 's.day', 'r.seen_day')
      .select([
        'r.id',
        'r.received_at',
        'r.seen_day',
        'r.seen_hash',
        'r.served_hash',
        'r.head_day',
        'r.head_hash',
        'r.seen_at',
        's.hash as stored_hash',
      ])
      .orderBy('r.id', 'desc')
      .limit(200)
      .execute()
    const senders = await db
      .selectFrom('transparency_witness_reports')
      .select((eb) => eb.fn.count<number>('sender').distinct().as('n'))
      .executeTakeFirstOrThrow()
    return {
      reports: rows.map((row) => ({
        id: Number(row.id),
        receivedAt: Number(row.received_at),
        seenDay: row.seen_day,
        seenHash: row.seen_hash,
        servedHash: row.served_hash,
        headDay: row.head_day,
        headHash: row.head_hash,
        seenAt: row.seen_at === null ? null : Number(row.seen_at),
        stillDiffers: row.stored_hash !== row.seen_hash,
      })),
      senders: Number(senders.n),
    }
  }

  /** Every break found, newest first (the console). */
  async breaks(): Promise<ChainBreakEntry[]> {
    const rows = await this.#o.db
      .selectFrom('transparency_chain_breaks')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    return rows.map((row) => ({
      id: Number(row.id),
      detectedAt: Number(row.detected_at),
      day: row.day,
      problem: row.problem,
      acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
      acknowledgedBy: row.acknowledged_by,
    }))
  }

  /**
   * An admin's acknowledgement of every open break (with their reason), audited in the same
   * transaction: days are frozen again from the next refresh on. The stored chain is taken as it
   * is now for what this instance has seen; the breaks stay on record, and so do their days'
   * failing tokens for anyone who verifies.
   */
  async acknowledgeBreaks(actor: Actor, reason: string): Promise<number> {
    const now = this.#o.now()
    const acknowledged = await this.#o.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('transparency_chain_breaks')
        .select(['id', 'day', 'problem'])
        .where('acknowledged_at', 'is', null)
        .execute()
      if (open.length === 0) return 0
      await trx
        .updateTable('transparency_chain_breaks')
        .set({ acknowledged_at: now, acknowledged_by: actor.name })
        .where('acknowledged_at', 'is', null)
        .execute()
      await writeAudit(
        trx,
        actor,
        {
          action: 'transparency.acknowledgeBreak',
          objectType: 'transparency',
          objectId: 'chain',
          before: open.map((b) => ({ day: b.day, problem: b.problem })),
          reason,
        },
        now,
      )
      return open.length
    })
    this.#seen.clear()
    return acknowledged
  }

  /** Frozen days after `after` (or from the first), oldest first, each with its time-stamp token. */
  async snapshots(after: string | null, limit: number): Promise<SnapshotPage> {
    let query = (this.#o.reads ?? this.#o.db)
      .selectFrom('transparency_snapshots as s')
      .leftJoin('transparency_anchors as a', 'a.day', 's.day')
      .select(['s.day', 's.previous_hash', 's.hash', 's.figures', 'a.tsa_url', 'a.token', 'a.stamped_at'])
      .orderBy('s.day')
      .limit(limit + 1)
    if (after !== null) query = query.where('s.day', '>', after)
    const rows = await query.execute()
    const page = rows.slice(0, limit)
    return {
      snapshots: page.map((row) => toSnapshot(row, anchorOf(row))),
      nextAfter: rows.length > limit ? (page.at(-1)?.day ?? null) : null,
    }
  }

  async snapshot(day: string): Promise<Snapshot | null> {
    const row = await (this.#o.reads ?? this.#o.db)
      .selectFrom('transparency_snapshots as s')
      .leftJoin('transparency_anchors as a', 'a.day', 's.day')
      .select(['s.day', 's.previous_hash', 's.hash', 's.figures', 'a.tsa_url', 'a.token', 'a.stamped_at'])
      .where('s.day', '=', day)
      .executeTakeFirst()
    return row ? toSnapshot(row, anchorOf(row)) : null
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

  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#startCheck
  }
}
