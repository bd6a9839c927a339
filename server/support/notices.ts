// Notices: what operators publish for a time window, in one language or all; the player sees those
// in their window now with a read mark each. A change pushes `notice` to everyone and is written
// to the console's audit log.
import type { Language } from '../../contract/languages.ts'
import type { NoticeItem, NoticesView, OperatorNotice } from '../../contract/support.ts'
import { broadcastEvent } from '../push/outbox.ts'
import { Refusal } from '../refusal.ts'
import type { SupportOperator } from './operators.ts'
import { auditSupport, type SupportServiceOptions, writeWithPushes } from './transactions.ts'

export class SupportNotices {
  readonly #o: SupportServiceOptions

  constructor(options: SupportServiceOptions) {
    this.#o = options
  }

  /** Notices in their window now, in the player's language (or every language), newest first. */
  async notices(playerId: number, language: Language): Promise<NoticesView> {
    const now = this.#o.now()
    const rows = await this.#o.db
      .selectFrom('support_notices as n')
      .leftJoin('support_notice_reads as r', (join) =>
        join.onRef('r.notice_id', '=', 'n.id').on('r.player_id', '=', playerId),
      )
      .select(['n.id', 'n.title', 'n.body', 'n.link', 'n.starts_at', 'n.ends_at', 'r.read_at'])
      .where('n.deleted_at', 'is', null)
      .where('n.starts_at', '<=', now)
      .where((eb) => eb.or([eb('n.ends_at', 'is', null), eb('n.ends_at', '>', now)]))
      .where((eb) => eb.or([eb('n.language', 'is', null), eb('n.language', '=', language)]))
      .orderBy('n.starts_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(100)
      .execute()
    const notices: NoticeItem[] = rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      link: r.link,
      startsAt: Number(r.starts_at),
      endsAt: r.ends_at === null ? null : Number(r.ends_at),
      read: r.read_at !== null,
    }))
    return { notices, unread: notices.filter((n) => !n.read).length }
  }

  async markNoticesRead(playerId: number, ids: number[]): Promise<void> {
    const known = await this.#o.db.selectFrom('support_notices').select('id').where('id', 'in', ids).execute()
    if (known.length === 0) return
    const now = this.#o.now()
    await this.#o.db
      .insertInto('support_notice_reads')
      .values(known.map((n) => ({ player_id: playerId, notice_id: Number(n.id), read_at: now })))
      .onConflict((oc) => oc.columns(['player_id', 'notice_id']).doNothing())
      .execute()
  }

  async noticesAll(): Promise<OperatorNotice[]> {
    const rows = await this.#o.db
      .selectFrom('support_notices')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      language: r.language,
      title: r.title,
      body: r.body,
      link: r.link,
      startsAt: Number(r.starts_at),
      endsAt: r.ends_at === null ? null : Number(r.ends_at),
      createdBy: r.created_by,
      createdAt: Number(r.created_at),
    }))
  }

  async saveNotice(
    operator: SupportOperator,
    input: {
      id?: number | undefined
      language: Language | null
      title: string
      body: string
      link?: string | null | undefined
      startsAt: number
      endsAt: number | null
    },
  ): Promise<OperatorNotice> {
    if (input.endsAt !== null && input.endsAt <= input.startsAt)
      throw new Refusal('invalid_request', { field: 'endsAt' })
    const now = this.#o.now()
    const id = await writeWithPushes(this.#o, async (trx, events) => {
      const values = {
        language: input.language,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
      }
      let saved: number
      if (input.id !== undefined) {
        const result = await trx
          .updateTable('support_notices')
          .set(values)
          .where('id', '=', input.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
        saved = input.id
      } else {
        const row = await trx
          .insertInto('support_notices')
          .values({ ...values, created_by: operator.name, created_at: now, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
        saved = Number(row.id)
      }
      await auditSupport(this.#o, trx, operator, 'support.notice.save', null, { id: saved })
      events.push(broadcastEvent('notice', { id: saved }))
      return saved
    })
    const notice = (await this.noticesAll()).find((n) => n.id === id)
    if (!notice) throw new Refusal('not_found', { id })
    return notice
  }

  async deleteNotice(operator: SupportOperator, id: number): Promise<void> {
    await writeWithPushes(this.#o, async (trx, events) => {
      const result = await trx
        .updateTable('support_notices')
        .set({ deleted_at: this.#o.now() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id })
      await auditSupport(this.#o, trx, operator, 'support.notice.delete', null, { id })
      events.push(broadcastEvent('notice', { id }))
    })
  }
}
