// The periodic sweep: every SIGAP_SWEEP_DAYS (15 at most, Instrução Normativa SPA/MF 22/2025) the
// register is asked about every player who ever gave a CPF — temporarily blocked accounts too. One
// instance at a time runs it (a lease row, taken and renewed with a conditional update), at most
// SIGAP_RATE_PER_SECOND questions a second. Progress is a row: a batch's answers, its standings
// and the sweep's cursor commit together, and only if the cursor is still where the batch began,
// so a restart — even after a kill — goes on after the last committed player and no player is
// recorded twice in one sweep (a unique index says so too).
import type { Kysely, Selectable } from 'kysely'
import type { Database, RegisterSweepsTable } from '../db/schema.ts'
import type { Asked, RegisterStanding } from './standing.ts'
import { outcomeOf } from './standing.ts'

const LEASE = 'sweep'

export interface SweepProgress {
  id: number
  startedAt: number
  finishedAt: number | null
  total: number
  checked: number
  barred: number
  unavailable: number
  /** When the next sweep is due (from this one's start). */
  nextDueAt: number
}

export interface SweepOptions {
  db: Kysely<Database>
  standing: RegisterStanding
  now: () => number
  /** Between two sweeps' starts. */
  everyMs: number
  ratePerSecond: number
  /** This instance's name on the lease. */
  holder: string
  leaseMs?: number
  batchSize?: number
  onError: (error: unknown) => void
}

/** Spaces question starts at least 1/rate apart (real time: it is the register's load that counts). */
class Pacer {
  #next = 0
  readonly #gapMs: number
  constructor(ratePerSecond: number) {
    this.#gapMs = 1000 / ratePerSecond
  }
  async turn(): Promise<void> {
    const now = performance.now()
    const at = Math.max(now, this.#next)
    this.#next = at + this.#gapMs
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now))
  }
}

const progressOf = (row: Selectable<RegisterSweepsTable>, everyMs: number): SweepProgress => ({
  id: Number(row.id),
  startedAt: Number(row.started_at),
  finishedAt: row.finished_at == null ? null : Number(row.finished_at),
  total: Number(row.total),
  checked: Number(row.checked),
  barred: Number(row.barred),
  unavailable: Number(row.unavailable),
  nextDueAt: Number(row.started_at) + everyMs,
})

export class RegisterSweep {
  readonly #o: Required<Omit<SweepOptions, 'onError'>> & Pick<SweepOptions, 'onError'>
  readonly #pacer: Pacer
  #running: Promise<unknown> | null = null
  #stopping = false
  #timer: NodeJS.Timeout | null = null

  constructor(options: SweepOptions) {
    this.#o = { leaseMs: 60_000, batchSize: 200, ...options }
    this.#pacer = new Pacer(options.ratePerSecond)
  }

  /** The latest sweep, or null before the first. */
  async progress(): Promise<SweepProgress | null> {
    const row = await this.#o.db
      .selectFrom('register_sweeps')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ? progressOf(row, this.#o.everyMs) : null
  }

  /** Takes or renews the lease; false while another instance holds it. */
  async #lease(): Promise<boolean> {
    const { db, holder, leaseMs } = this.#o
    const now = this.#o.now()
    await db
      .insertInto('register_leases')
      .values({ name: LEASE, holder: '', until: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const taken = await db
      .updateTable('register_leases')
      .set({ holder, until: now + leaseMs })
      .where('name', '=', LEASE)
      .where((eb) => eb.or([eb('until', '<=', now), eb('holder', '=', holder)]))
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1
  }

  async #release(): Promise<void> {
    await this.#o.db
      .updateTable('register_leases')
      .set({ until: 0 })
      .where('name', '=', LEASE)
      .where('holder', '=', this.#o.holder)
      .execute()
  }

  /** The open sweep, or a new one when the last started `everyMs` ago or more; null when none is due. */
  async #openSweep(): Promise<(SweepProgress & { cursor: number }) | null> {
    const { db } = this.#o
    const now = this.#o.now()
    const last = await db.selectFrom('register_sweeps').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()
    if (last && last.finished_at === null) return { ...progressOf(last, this.#o.everyMs), cursor: Number(last.cursor) }
    if (last && Number(last.started_at) + this.#o.everyMs > now) return null
    const total = await db
      .selectFrom('register_players')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const row = await db
      .insertInto('register_sweeps')
      .values({
        started_at: now,
        finished_at: null,
        cursor: 0,
        total: Number(total.n),
        checked: 0,
        barred: 0,
        unavailable: 0,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return {
      id: Number(row.id),
      startedAt: now,
      finishedAt: null,
      total: Number(total.n),
      checked: 0,
      barred: 0,
      unavailable: 0,
      nextDueAt: now + this.#o.everyMs,
      cursor: 0,
    }
  }

  /**
   * Runs the sweep that is due (or open) to its end, unless another instance holds the lease or
   * this one stops. Answers what happened. One run at a time per instance.
   */
  run(): Promise<'idle' | 'busy' | 'done' | 'stopped' | 'lost'> {
    if (this.#running) return this.#running as Promise<'busy'>
    const running = this.#run().finally(() => {
      this.#running = null
    })
    this.#running = running
    return running
  }

  async #run(): Promise<'idle' | 'busy' | 'done' | 'stopped' | 'lost'> {
    if (!(await this.#lease())) return 'busy'
    try {
      const sweep = await this.#openSweep()
      if (!sweep) return 'idle'
      let cursor = sweep.cursor
      for (;;) {
        if (this.#stopping) return 'stopped'
        if (!(await this.#lease())) return 'lost'
        const next = await this.#batch(sweep.id, cursor)
        if (next === 'lost') return 'lost'
        if (next === null) break
        cursor = next
      }
      const now = this.#o.now()
      await this.#o.db
        .updateTable('register_sweeps')
        .set({ finished_at: now, updated_at: now })
        .where('id', '=', sweep.id)
        .where('finished_at', 'is', null)
        .execute()
      return 'done'
    } finally {
      await this.#release().catch(this.#o.onError)
    }
  }

  /** Asks about the players after `cursor`; answers the new cursor, null at the end, 'lost' when another instance moved it. */
  async #batch(sweepId: number, cursor: number): Promise<number | null | 'lost'> {
    const { db, standing } = this.#o
    const players = await db
      .selectFrom('register_players')
      .select(['player_id', 'cpf'])
      .where('player_id', '>', cursor)
      .orderBy('player_id')
      .limit(this.#o.batchSize)
      .execute()
    if (players.length === 0) return null
    const asked: Asked[] = await Promise.all(
      players.map(async (player) => {
        await this.#pacer.turn()
        return standing.lookup(player.cpf)
      }),
    )
    const last = Number((players[players.length - 1] as { player_id: number }).player_id)
    const counts = { barred: 0, unavailable: 0 }
    for (const a of asked) {
      const outcome = outcomeOf(a)
      if (outcome !== 'allowed') counts[outcome] += 1
    }
    const now = this.#o.now()
    const hits = await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('register_sweeps')
        .set((eb) => ({
          cursor: last,
          checked: eb('checked', '+', players.length),
          barred: eb('barred', '+', counts.barred),
          unavailable: eb('unavailable', '+', counts.unavailable),
          updated_at: now,
        }))
        .where('id', '=', sweepId)
        .where('cursor', '=', cursor)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) return null
      return standing.recordMany(
        trx,
        players.map((player, i) => ({
          playerId: Number(player.player_id),
          cpf: player.cpf,
          moment: 'sweep' as const,
          asked: asked[i] as Asked,
          sweepId,
        })),
        now,
      )
    })
    if (hits === null) return 'lost'
    await standing.announce(hits)
    return last
  }

  /** Looks for a due sweep every `intervalMs` (and runs it to its end). */
  start(intervalMs: number): void {
    this.#stopping = false
    const tick = () => {
      this.run().catch(this.#o.onError)
    }
    this.#timer = setInterval(tick, intervalMs)
    this.#timer.unref()
  }

  /** Stops after the batch in flight commits, and gives the lease back. */
  async stop(): Promise<void> {
    this.#stopping = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#running?.catch(() => undefined)
  }
}
