// The daily files for the regulator: after each local midnight (and its grace) the day before is
// exported — for each dataset in the layout's order, the rows streamed from the owning modules a
// page at a time, cut into files of at most MAX_RECORDS_PER_FILE records — under a lease on the
// day's job row, so two instances never both write it. Each file is written in one transaction
// with the job's progress (the cursor after its last record), so a restart goes on from the
// file after the last one written and makes the same files, byte for byte. Then the outbox:
// files generated (or queued again after a rejection) are sent, and the receiver's answers
// (structure, then data quality) are polled and kept with their reasons. All by the due time,
// 06:00 local of the next day.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type {
  RegulatoryDay,
  RegulatoryDayFiles,
  RegulatoryDayPage,
  RegulatoryFileStatus,
} from '../../contract/regulatory-files.ts'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { localDate, localDayBounds } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { buildFile, fileName } from './files.ts'
import { type Dataset, datasets, fileTypes, MAX_RECORDS_PER_FILE } from './layout.ts'
import type { RegulatoryFileSender } from './sender.ts'
import { type Period, sources } from './sources.ts'

/** A day is exported this long after its midnight: a spin stamped 23:59:59.9 has committed by then. */
export const EXPORT_GRACE_MS = 60_000
/** The files of a day are due at this local hour of the next day. */
export const DUE_HOUR = 6
/** A claimed day (or file to send) is the claimer's for this long; each file written extends it. */
export const LEASE_MS = 5 * 60_000
const SEND_BATCH = 20
const RETRY_MS = 60_000

export interface RegulatoryFilesOptions {
  db: Kysely<Database>
  now: () => number
  timeZone: string
  sender: RegulatoryFileSender | null
  /** Days before yesterday still exported if missing (the server was down). */
  catchUpDays: number
  intervalMs: number
  onError: (error: unknown) => void
  /** At most this many records per file (never above the receiver's limit). */
  maxRecords?: number
}

export interface PassResult {
  filesWritten: number
  daysFinished: number
  sent: number
  answered: number
}

class LostLease extends Error {}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

export class RegulatoryFiles {
  readonly #o: RegulatoryFilesOptions
  /** This instance's name on the leases it takes. */
  readonly owner = randomUUID()
  readonly #maxRecords: number
  #timer: NodeJS.Timeout | null = null
  #running: Promise<PassResult> | null = null
  /** Counted since start, for the metrics line. */
  readonly counts: Record<string, number> = { written: 0, sent: 0, rejected: 0, quality_accepted: 0, send_failed: 0 }

  constructor(options: RegulatoryFilesOptions) {
    this.#o = options
    this.#maxRecords = Math.min(options.maxRecords ?? MAX_RECORDS_PER_FILE, MAX_RECORDS_PER_FILE)
  }

  period(day: string): Period {
    return localDayBounds(day, this.#o.timeZone)
  }

  /** When a day's files are due: 06:00 local of the next day. */
  dueAt(day: string): number {
    return this.period(addDays(day, 1)).start + DUE_HOUR * 3_600_000
  }

  /** The days whose export may run now: ended (grace passed), from the catch-up window on. */
  dueDays(): string[] {
    const now = this.#o.now()
    const today = localDate(now, this.#o.timeZone)
    const days: string[] = []
    for (let back = this.#o.catchUpDays + 1; back >= 1; back--) {
      const day = addDays(today, -back)
      if (this.period(day).end + EXPORT_GRACE_MS <= now) days.push(day)
    }
    return days
  }

  /** One pass: export the due days, send what waits, read the receiver's answers. */
  runOnce(options: { maxFiles?: number } = {}): Promise<PassResult> {
    this.#running ??= this.#pass(options).finally(() => {
      this.#running = null
    })
    return this.#running
  }

  async #pass(options: { maxFiles?: number }): Promise<PassResult> {
    const result: PassResult = { filesWritten: 0, daysFinished: 0, sent: 0, answered: 0 }
    let budget = options.maxFiles ?? Number.POSITIVE_INFINITY
    const finished = new Set(
      (
        await this.#o.db
          .selectFrom('regulatory_file_jobs')
          .select('day')
          .where('finished_at', 'is not', null)
          .where('day', '>=', this.dueDays()[0] ?? '9999-12-31')
          .execute()
      ).map((row) => row.day),
    )
    for (const day of this.dueDays()) {
      if (finished.has(day) || budget <= 0) continue
      const day_ = await this.exportDay(day, budget)
      result.filesWritten += day_.files
      budget -= day_.files
      if (day_.finished) result.daysFinished++
    }
    if (this.#o.sender) {
      result.sent = await this.sendDue()
      result.answered = await this.pollAnswers()
    }
    return result
  }

  /**
   * Writes a day's files under its lease, from where its job stopped, at most `budget` files in
   * this call. Answers how many files it wrote and whether the day is complete.
   */
  async exportDay(day: string, budget = Number.POSITIVE_INFINITY): Promise<{ files: number; finished: boolean }> {
    const { db } = this.#o
    const now = this.#o.now()
    await db
      .insertInto('regulatory_file_jobs')
      .values({
        day,
        lease_owner: null,
        lease_until: 0,
        dataset_index: 0,
        cursor: null,
        next_seq: 1,
        started_at: now,
        finished_at: null,
      })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute()
    // The where is evaluated again under the row's lock: a lease another instance holds is skipped.
    const job = await db
      .updateTable('regulatory_file_jobs')
      .set({ lease_owner: this.owner, lease_until: now + LEASE_MS })
      .where('day', '=', day)
      .where('finished_at', 'is', null)
      .where((eb) => eb.or([eb('lease_until', '<=', now), eb('lease_owner', '=', this.owner)]))
      .returning(['dataset_index', 'cursor', 'next_seq'])
      .executeTakeFirst()
    if (!job) return { files: 0, finished: false }
    const period = this.period(day)
    let files = 0
    try {
      for (let index = Number(job.dataset_index); index < datasets.length; index++) {
        const dataset = datasets[index] as Dataset
        let seq = index === Number(job.dataset_index) ? Number(job.next_seq) : 1
        let from = index === Number(job.dataset_index) ? job.cursor : null
        let records: Record<string, string | number | null>[] = []
        let last = from
        for await (const item of sources[dataset](db, period, from)) {
          records.push(item.record)
          last = item.cursor
          if (records.length === this.#maxRecords) {
            if (files >= budget) return { files, finished: false }
            await this.#writeFile(day, index, seq, from, last, records)
            files++
            seq++
            from = last
            records = []
          }
        }
        if (records.length > 0) {
          if (files >= budget) return { files, finished: false }
          await this.#writeFile(day, index, seq, from, last, records)
          files++
        }
        await this.#moveOn(day, index)
      }
      await db
        .updateTable('regulatory_file_jobs')
        .set({ finished_at: this.#o.now(), lease_owner: null, lease_until: 0 })
        .where('day', '=', day)
        .where('lease_owner', '=', this.owner)
        .execute()
      return { files, finished: true }
    } catch (error) {
      if (error instanceof LostLease) return { files, finished: false }
      throw error
    }
  }

  async #writeFile(
    day: string,
    index: number,
    seq: number,
    cursorFrom: string | null,
    cursorTo: string | null,
    records: Record<string, string | number | null>[],
  ): Promise<void> {
    const dataset = datasets[index] as Dataset
    const built = buildFile(dataset, day, seq, records)
    const now = this.#o.now()
    // The file and the progress past it commit together: a crash keeps both or neither.
    await this.#o.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('regulatory_file_jobs')
        .set({ cursor: cursorTo, next_seq: seq + 1, lease_until: now + LEASE_MS })
        .where('day', '=', day)
        .where('lease_owner', '=', this.owner)
        .where('dataset_index', '=', index)
        .where('next_seq', '=', seq)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw new LostLease()
      await trx
        .insertInto('regulatory_files')
        .values({
          id: `${day}-${dataset}-${seq}`,
          day,
          dataset,
          seq,
          records: records.length,
          cursor_from: cursorFrom,
          content: built.content,
          sha256: built.sha256,
          status: 'generated',
          reasons: null,
          protocol: null,
          attempts: 0,
          send_lease_until: 0,
          created_at: now,
          sent_at: null,
          answered_at: null,
        })
        .execute()
    })
    this.counts.written = (this.counts.written ?? 0) + 1
  }

  async #moveOn(day: string, index: number): Promise<void> {
    const moved = await this.#o.db
      .updateTable('regulatory_file_jobs')
      .set({ dataset_index: index + 1, cursor: null, next_seq: 1, lease_until: this.#o.now() + LEASE_MS })
      .where('day', '=', day)
      .where('lease_owner', '=', this.owner)
      .where('dataset_index', '=', index)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw new LostLease()
  }

  /** Sends the files waiting (generated, or queued again), each claimed with a lease. */
  async sendDue(): Promise<number> {
    const { db } = this.#o
    const sender = this.#o.sender
    if (!sender) return 0
    const now = this.#o.now()
    const due = await db
      .selectFrom('regulatory_files')
      .select('id')
      .where('status', 'in', ['generated', 'resent'])
      .where('send_lease_until', '<=', now)
      .orderBy('id')
      .limit(SEND_BATCH)
      .execute()
    if (due.length === 0) return 0
    const claimed = await db
      .updateTable('regulatory_files')
      .set({ send_lease_until: now + LEASE_MS })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .where('status', 'in', ['generated', 'resent'])
      .where('send_lease_until', '<=', now)
      .returning(['id', 'day', 'dataset', 'seq', 'records', 'sha256', 'content', 'attempts'])
      .execute()
    let sent = 0
    for (const file of claimed.sort((a, b) => a.id.localeCompare(b.id))) {
      const dataset = file.dataset as Dataset
      try {
        const { protocol } = await sender.submit({
          name: fileName(dataset, file.day, Number(file.seq)),
          fileType: fileTypes[dataset],
          day: file.day,
          seq: Number(file.seq),
          records: Number(file.records),
          sha256: file.sha256,
          content: file.content,
        })
        await db
          .updateTable('regulatory_files')
          .set({
            status: 'sent',
            protocol,
            reasons: null,
            attempts: Number(file.attempts) + 1,
            sent_at: this.#o.now(),
            send_lease_until: 0,
          })
          .where('id', '=', file.id)
          .execute()
        sent++
        this.counts.sent = (this.counts.sent ?? 0) + 1
      } catch (error) {
        // Not taken: tried again after RETRY_MS (the lease is shortened to that).
        this.counts.send_failed = (this.counts.send_failed ?? 0) + 1
        await db
          .updateTable('regulatory_files')
          .set({ send_lease_until: this.#o.now() + RETRY_MS })
          .where('id', '=', file.id)
          .execute()
        this.#o.onError(error)
      }
    }
    return sent
  }

  /** Reads the receiver's analysis of every file sent and not finally answered. */
  async pollAnswers(): Promise<number> {
    const { db } = this.#o
    const sender = this.#o.sender
    if (!sender) return 0
    const waiting = await db
      .selectFrom('regulatory_files')
      .select(['id', 'protocol', 'status'])
      .where('status', 'in', ['sent', 'structure_accepted'])
      .where('protocol', 'is not', null)
      .orderBy('id')
      .limit(200)
      .execute()
    let answered = 0
    for (const file of waiting) {
      try {
        const verdict = await sender.status(file.protocol as string)
        if (verdict.state === 'received' || verdict.state === file.status) continue
        await db
          .updateTable('regulatory_files')
          .set({
            status: verdict.state,
            reasons: verdict.reasons.length > 0 ? JSON.stringify(verdict.reasons) : null,
            answered_at: this.#o.now(),
          })
          .where('id', '=', file.id)
          .where('protocol', '=', file.protocol)
          .execute()
        answered++
        if (verdict.state === 'rejected' || verdict.state === 'quality_accepted')
          this.counts[verdict.state] = (this.counts[verdict.state] ?? 0) + 1
      } catch (error) {
        this.#o.onError(error)
      }
    }
    return answered
  }

  /**
   * A rejected file made again from its records (from the cursor it started at, as many records)
   * — a fix to the layout or to the data reaches it this way — and queued to be sent again; the
   * operator's action is audited in the same transaction.
   */
  async resend(fileId: string, actor: Actor): Promise<void> {
    const { db } = this.#o
    const file = await db
      .selectFrom('regulatory_files')
      .select(['id', 'day', 'dataset', 'seq', 'records', 'cursor_from', 'status', 'sha256'])
      .where('id', '=', fileId)
      .executeTakeFirst()
    if (!file) throw new Refusal('regulatory_file_not_found', { fileId })
    if (file.status !== 'rejected') throw new Refusal('regulatory_file_not_rejected', { status: file.status })
    const dataset = file.dataset as Dataset
    const records: Record<string, string | number | null>[] = []
    for await (const item of sources[dataset](db, this.period(file.day), file.cursor_from)) {
      records.push(item.record)
      if (records.length === Number(file.records)) break
    }
    const built = buildFile(dataset, file.day, Number(file.seq), records)
    const now = this.#o.now()
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('regulatory_files')
        .set({
          content: built.content,
          sha256: built.sha256,
          records: records.length,
          status: 'resent',
          send_lease_until: 0,
        })
        .where('id', '=', fileId)
        .where('status', '=', 'rejected')
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw new Refusal('regulatory_file_not_rejected', { status: 'changed' })
      await writeAudit(
        trx,
        actor,
        {
          action: 'regulatory_file.resend',
          objectType: 'regulatory_file',
          objectId: fileId,
          before: { sha256: file.sha256 },
          after: { sha256: built.sha256, records: records.length },
        },
        now,
      )
    })
  }

  /** The days exported (or being exported), newest first, with their files counted by status. */
  async days(pageNum: number, pageSize: number): Promise<RegulatoryDayPage> {
    const { db } = this.#o
    const total = await db
      .selectFrom('regulatory_file_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const jobs = await db
      .selectFrom('regulatory_file_jobs')
      .select(['day', 'finished_at'])
      .orderBy('day', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute()
    const counts =
      jobs.length === 0
        ? []
        : await db
            .selectFrom('regulatory_files')
            .select((eb) => [
              'day',
              'status',
              eb.fn.countAll<number>().as('n'),
              eb.fn.sum<number>('records').as('records'),
            ])
            .where(
              'day',
              'in',
              jobs.map((job) => job.day),
            )
            .groupBy(['day', 'status'])
            .execute()
    const now = this.#o.now()
    return {
      total: Number(total.n),
      items: jobs.map((job) => {
        const statuses: RegulatoryDay['statuses'] = {}
        let files = 0
        let records = 0
        for (const row of counts.filter((c) => c.day === job.day)) {
          statuses[row.status as RegulatoryFileStatus] = Number(row.n)
          files += Number(row.n)
          records += Number(row.records)
        }
        const dueAt = this.dueAt(job.day)
        const finishedAt = job.finished_at === null ? null : Number(job.finished_at)
        return {
          day: job.day,
          dueAt,
          finishedAt,
          files,
          records,
          statuses,
          // A file counts as delivered only once both of the receiver's analyses passed.
          late: now > dueAt && (finishedAt === null || (statuses.quality_accepted ?? 0) < files),
        }
      }),
    }
  }

  /** A day's files, by dataset and number (the content stays on the server). */
  async files(day: string): Promise<RegulatoryDayFiles> {
    const rows = await this.#o.db
      .selectFrom('regulatory_files')
      .select([
        'id',
        'day',
        'dataset',
        'seq',
        'records',
        'sha256',
        'status',
        'reasons',
        'protocol',
        'attempts',
        'created_at',
        'sent_at',
        'answered_at',
      ])
      .where('day', '=', day)
      .execute()
    const order = (d: string) => datasets.indexOf(d as Dataset)
    rows.sort((a, b) => order(a.dataset) - order(b.dataset) || Number(a.seq) - Number(b.seq))
    return {
      day,
      items: rows.map((r) => ({
        id: r.id,
        day: r.day,
        dataset: r.dataset as Dataset,
        seq: Number(r.seq),
        name: fileName(r.dataset as Dataset, r.day, Number(r.seq)),
        records: Number(r.records),
        sha256: r.sha256,
        status: r.status as RegulatoryFileStatus,
        reasons: r.reasons === null ? [] : (JSON.parse(r.reasons) as string[]),
        protocol: r.protocol,
        attempts: Number(r.attempts),
        createdAt: Number(r.created_at),
        sentAt: r.sent_at === null ? null : Number(r.sent_at),
        answeredAt: r.answered_at === null ? null : Number(r.answered_at),
      })),
    }
  }

  start(): void {
    if (this.#o.intervalMs <= 0) return
    this.#timer = setInterval(() => {
      this.runOnce().catch(this.#o.onError)
    }, this.#o.intervalMs)
    this.#timer.unref()
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#running?.catch(() => undefined)
  }
}
