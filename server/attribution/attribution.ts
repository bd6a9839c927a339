// Marketing attribution, only with the player's consent (LGPD). Records the player's
// answer, the ad click of a consenting player, and conversion events — registration, first
// deposit, deposit — with their value and an event id, written in the transaction of what they
// record (outbox style); the reporter sends them later. Without consent nothing is kept: the
// click is dropped, no event is written, and withdrawing consent deletes what was not yet sent.
import type { Kysely, Transaction } from 'kysely'
import type { AdClick, AttributionConsentView, ConversionKind, RechargeRecord } from '../../contract/attribution.ts'
import { type Currency, minorUnitsPerMajor } from '../../contract/money.ts'
import { findById } from '../accounts/players.ts'
import type { Database } from '../db/schema.ts'
import type { CreditedDeposit } from '../payments/deposits.ts'

/** A registration is still reported when consent comes this long after it (the ads API's window). */
const REGISTRATION_WINDOW_MS = 7 * 24 * 3600_000

type Executor = Kysely<Database> | Transaction<Database>

export interface AttributionOptions {
  db: Kysely<Database>
  currency: Currency
  now: () => number
}

export class AttributionService {
  readonly #o: AttributionOptions
  constructor(options: AttributionOptions) {
    this.#o = options
  }

  async consent(playerId: number, db: Executor = this.#o.db): Promise<AttributionConsentView> {
    const row = await db
      .selectFrom('attribution_consents')
      .select(['granted', 'decided_at'])
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    return row
      ? { asked: true, granted: Number(row.granted) === 1, decidedAt: Number(row.decided_at) }
      : { asked: false, granted: false, decidedAt: null }
  }

  async #granted(db: Executor, playerId: number): Promise<boolean> {
    return (await this.consent(playerId, db)).granted
  }

  /**
   * The player's answer. Yes: keeps the click (if the app had one) and records the registration
   * when it is recent. No (or a change to no): forgets the click and every event not yet reported.
   */
  setConsent(playerId: number, granted: boolean, click: AdClick & { channel?: string | undefined }) {
    return this.#o.db.transaction().execute(async (trx) => {
      const now = this.#o.now()
      await trx
        .insertInto('attribution_consents')
        .values({ player_id: playerId, granted: granted ? 1 : 0, decided_at: now })
        .onConflict((oc) => oc.column('player_id').doUpdateSet({ granted: granted ? 1 : 0, decided_at: now }))
        .execute()
      if (!granted) {
        await trx.deleteFrom('attribution_clicks').where('player_id', '=', playerId).execute()
        await trx
          .deleteFrom('attribution_events')
          .where('player_id', '=', playerId)
          .where('report_status', '=', 0)
          .execute()
        return this.consent(playerId, trx)
      }
      await this.#keepClick(trx, playerId, click, now)
      const player = await findById(trx, playerId)
      if (player && now - Number(player.created_at) <= REGISTRATION_WINDOW_MS) {
        await this.#record(trx, {
          eventId: `registration:${playerId}`,
          playerId,
          kind: 'registration',
          orderId: null,
          value: 0,
          eventTime: Number(player.created_at),
          now,
        })
      }
      return this.consent(playerId, trx)
    })
  }

  /** A login's ad click: kept only for a player who agreed; otherwise not stored at all. */
  async noteLogin(playerId: number, click: AdClick & { channel?: string | undefined }): Promise<void> {
    if (!hasClick(click)) return
    await this.#o.db.transaction().execute(async (trx) => {
      if (await this.#granted(trx, playerId)) await this.#keepClick(trx, playerId, click, this.#o.now())
    })
  }

  /** Inside the deposit's own transaction: its conversion, when the player agreed. */
  async depositCredited(trx: Transaction<Database>, deposit: CreditedDeposit, now: number): Promise<void> {
    if (!(await this.#granted(trx, deposit.playerId))) return
    await this.#record(trx, {
      eventId: `deposit:${deposit.orderId}`,
      playerId: deposit.playerId,
      kind: deposit.first ? 'first_deposit' : 'deposit',
      orderId: deposit.orderId,
      value: deposit.amount,
      eventTime: deposit.paidAt,
      now,
    })
  }

  /** The player's deposit conversions the legacy client has not reported itself yet. */
  async rechargeRecords(playerId: number, pageNum: number, pageSize: number): Promise<RechargeRecord[]> {
    const rows = await this.#o.db
      .selectFrom('attribution_events')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('kind', '!=', 'registration')
      .where('client_report_status', '!=', 1)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute()
    return rows.map((row) => ({
      orderId: row.order_id ?? '',
      eventId: row.event_id,
      kind: row.kind,
      amount: Number(row.value),
      value: toMajor(Number(row.value), row.currency as Currency),
      currency: row.currency,
      reportStatus: Number(row.client_report_status),
      createTime: Number(row.event_time),
    }))
  }

  /** The legacy client says how its own report of these orders went (own orders only). */
  async markClientReport(playerId: number, orderIds: string[], status: 1 | 2, errorCode: string | null) {
    const result = await this.#o.db
      .updateTable('attribution_events')
      .set({ client_report_status: status, client_error_code: errorCode })
      .where('player_id', '=', playerId)
      .where('order_id', 'in', orderIds)
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  async #keepClick(
    trx: Transaction<Database>,
    playerId: number,
    click: AdClick & { channel?: string | undefined },
    now: number,
  ) {
    if (!hasClick(click)) return
    const row = {
      fbc: click.fbc ?? null,
      fbp: click.fbp ?? null,
      event_url: click.fbEventUrl ?? null,
      client_user_agent: click.fbClientUserAgent ?? null,
      channel: click.channel ?? null,
      updated_at: now,
    }
    await trx
      .insertInto('attribution_clicks')
      .values({ player_id: playerId, ...row })
      .onConflict((oc) => oc.column('player_id').doUpdateSet(row))
      .execute()
  }

  async #record(
    trx: Transaction<Database>,
    e: {
      eventId: string
      playerId: number
      kind: ConversionKind
      orderId: string | null
      value: number
      eventTime: number
      now: number
    },
  ) {
    await trx
      .insertInto('attribution_events')
      .values({
        event_id: e.eventId,
        player_id: e.playerId,
        kind: e.kind,
        order_id: e.orderId,
        value: e.value,
        currency: this.#o.currency,
        event_time: e.eventTime,
        report_status: 0,
        attempts: 0,
        next_attempt_at: e.now,
        error_code: null,
        reported_at: null,
        client_report_status: 0,
        client_error_code: null,
        created_at: e.now,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute()
  }
}

function hasClick(click: AdClick & { channel?: string | undefined }): boolean {
  return Boolean(click.fbc || click.fbp || click.fbEventUrl || click.fbClientUserAgent || click.channel)
}

export function toMajor(minor: number, currency: Currency): number {
  return minor / minorUnitsPerMajor[currency]
}
