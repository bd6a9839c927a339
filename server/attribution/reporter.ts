// Reports consented conversion events to the configured ads endpoint (ADS_ENDPOINT, bearer
// ADS_TOKEN; off when unset) in the shape of a common conversions API (Meta's: `{ data: [{
// event_name, event_time, event_id, action_source, event_source_url, user_data, custom_data }] }`).
// Events are claimed with a lease (safe with several instances), sent in batches, marked reported
// on a 2xx, and retried with exponential backoff otherwise; after MAX_ATTEMPTS they are given up.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Currency } from '../../contract/money.ts'
import type { Database } from '../db/schema.ts'
import { toMajor } from './attribution.ts'

export const MAX_ATTEMPTS = 8
const BATCH = 50
/** A claimed batch is someone's for this long; a crash mid-send leaves it to be retried then. */
const LEASE_MS = 60_000
const TIMEOUT_MS = 10_000

/** Wait before attempt n+1 after n failures: 1 s, 2 s, 4 s … capped at one hour. */
export function backoffMs(failures: number): number {
  return Math.min(3600_000, 1000 * 2 ** Math.max(0, failures - 1))
}

const eventNames = { registration: 'CompleteRegistration', first_deposit: 'Purchase', deposit: 'Purchase' } as const

interface ClaimedEvent {
  id: number
  event_id: string
  player_id: number
  kind: keyof typeof eventNames
  order_id: string | null
  value: number
  currency: string
  event_time: number
  attempts: number
  fbc: string | null
  fbp: string | null
  event_url: string | null
  client_user_agent: string | null
  channel: string | null
}

export interface ReporterOptions {
  db: Kysely<Database>
  endpoint: string
  token: string | null
  intervalMs: number
  now: () => number
  onError: (error: unknown) => void
}

export class ConversionReporter {
  readonly #o: ReporterOptions
  #timer: NodeJS.Timeout | undefined
  #running: Promise<number> | null = null

  constructor(options: ReporterOptions) {
    this.#o = options
  }

  start(): void {
    this.#timer = setInterval(() => {
      this.runOnce().catch(this.#o.onError)
    }, this.#o.intervalMs)
    this.#timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    await this.#running?.catch(() => undefined)
  }

  /** One pass: sends every due event (batch by batch); answers how many were reported. */
  runOnce(): Promise<number> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  async #pass(): Promise<number> {
    let reported = 0
    for (;;) {
      const batch = await this.#claim()
      if (batch.length === 0) return reported
      reported += await this.#send(batch)
      if (batch.length < BATCH) return reported
    }
  }

  async #claim(): Promise<ClaimedEvent[]> {
    const { db } = this.#o
    const now = this.#o.now()
    const due = await db
      .selectFrom('attribution_events')
      .select('id')
      .where('report_status', '=', 0)
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    if (due.length === 0) return []
    // The where is evaluated again under each row's lock: a row another instance claimed is skipped.
    const claimed = await db
      .updateTable('attribution_events')
      .set({ next_attempt_at: now + LEASE_MS })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .where('report_status', '=', 0)
      .where('next_attempt_at', '<=', now)
      .returning('id')
      .execute()
    if (claimed.length === 0) return []
    return db
      .selectFrom('attribution_events')
      .leftJoin('attribution_clicks', 'attribution_clicks.player_id', 'attribution_events.player_id')
      .select([
        'attribution_events.id',
        'attribution_events.event_id',
        'attribution_events.player_id',
        'attribution_events.kind',
        'attribution_events.order_id',
        'attribution_events.value',
        'attribution_events.currency',
        'attribution_events.event_time',
        'attribution_events.attempts',
        'attribution_clicks.fbc',
        'attribution_clicks.fbp',
        'attribution_clicks.event_url',
        'attribution_clicks.client_user_agent',
        'attribution_clicks.channel',
      ])
      .where(
        'attribution_events.id',
        'in',
        claimed.map((row) => row.id),
      )
      .orderBy('attribution_events.id')
      .execute()
  }

  async #send(batch: ClaimedEvent[]): Promise<number> {
    const body = {
      data: batch.map((e) => ({
        event_name: eventNames[e.kind],
        event_time: Math.floor(Number(e.event_time) / 1000),
        event_id: e.event_id,
        action_source: 'website',
        ...(e.event_url ? { event_source_url: e.event_url } : {}),
        user_data: {
          // Hashed as the conversions API asks: the player's id is never sent in the clear.
          external_id: [createHash('sha256').update(String(e.player_id)).digest('hex')],
          ...(e.fbc ? { fbc: e.fbc } : {}),
          ...(e.fbp ? { fbp: e.fbp } : {}),
          ...(e.client_user_agent ? { client_user_agent: e.client_user_agent } : {}),
        },
        custom_data: {
          value: toMajor(Number(e.value), e.currency as Currency),
          currency: e.currency,
          ...(e.order_id ? { order_id: e.order_id } : {}),
          ...(e.kind === 'first_deposit' ? { first_deposit: true } : {}),
          ...(e.channel ? { channel: e.channel } : {}),
        },
      })),
    }
    let error: string | null = null
    try {
      const response = await fetch(this.#o.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.#o.token ? { authorization: `Bearer ${this.#o.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      await response.arrayBuffer().catch(() => undefined)
      if (!response.ok) error = `http_${response.status}`
    } catch (caught) {
      error = caught instanceof Error ? caught.name : 'network'
    }
    const now = this.#o.now()
    const ids = batch.map((e) => e.id)
    const { db } = this.#o
    if (error === null) {
      await db
        .updateTable('attribution_events')
        .set((eb) => ({ report_status: 1, reported_at: now, error_code: null, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .execute()
      return batch.length
    }
    for (const e of batch) {
      const failures = Number(e.attempts) + 1
      await db
        .updateTable('attribution_events')
        .set({
          attempts: failures,
          error_code: error,
          report_status: failures >= MAX_ATTEMPTS ? 2 : 0,
          next_attempt_at: now + backoffMs(failures),
        })
        .where('id', '=', e.id)
        .execute()
    }
    return 0
  }
}
