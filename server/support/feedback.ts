// Feedback: what a player tells the operator by topic (contact only with consent), the operator's
// answer or closing (in the console's audit log), and the player's past feedback with the answers,
// which count as seen once shown.
import type { FeedbackItem, FeedbackTopic, OperatorFeedback } from '../../contract/support.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import type { SupportOperator } from './operators.ts'
import { auditSupport, type SupportServiceOptions, writeWithPushes } from './transactions.ts'

export class SupportFeedback {
  readonly #o: SupportServiceOptions

  constructor(options: SupportServiceOptions) {
    this.#o = options
  }

  async giveFeedback(
    playerId: number,
    input: { topic: FeedbackTopic; text: string; contactConsent?: boolean | undefined },
  ): Promise<FeedbackItem> {
    const row = await this.#o.db
      .insertInto('support_feedback')
      .values({
        player_id: playerId,
        topic: input.topic,
        text: input.text,
        contact_consent: input.contactConsent ? 1 : 0,
        status: 'open',
        answer: null,
        answered_by: null,
        answered_at: null,
        answer_seen_at: null,
        created_at: this.#o.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return feedbackView(row)
  }

  /** The player's past feedback with any answer; answers shown count as seen. */
  async feedbackOf(playerId: number): Promise<FeedbackItem[]> {
    const rows = await this.#o.db
      .selectFrom('support_feedback')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute()
    await this.#o.db
      .updateTable('support_feedback')
      .set({ answer_seen_at: this.#o.now() })
      .where('player_id', '=', playerId)
      .where('answer', 'is not', null)
      .where('answer_seen_at', 'is', null)
      .execute()
    return rows.map(feedbackView)
  }

  async feedbackAll(status?: 'open' | 'answered' | 'closed'): Promise<OperatorFeedback[]> {
    let query = this.#o.db.selectFrom('support_feedback').selectAll()
    if (status) query = query.where('status', '=', status)
    const rows = await query.orderBy('id', 'desc').limit(200).execute()
    return rows.map((r) => ({ ...feedbackView(r), playerId: Number(r.player_id), answeredBy: r.answered_by }))
  }

  async answerFeedback(
    operator: SupportOperator,
    input: { id: number; answer?: string | undefined; close?: boolean | undefined },
  ): Promise<OperatorFeedback> {
    if (input.answer === undefined && !input.close) throw new Refusal('invalid_request', { field: 'answer' })
    await writeWithPushes(this.#o, async (trx) => {
      const now = this.#o.now()
      const result = await trx
        .updateTable('support_feedback')
        .set({
          ...(input.answer !== undefined
            ? { answer: input.answer, answered_by: operator.name, answered_at: now, answer_seen_at: null }
            : {}),
          status: input.close ? 'closed' : 'answered',
        })
        .where('id', '=', input.id)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
      await auditSupport(
        this.#o,
        trx,
        operator,
        input.close ? 'support.feedback.close' : 'support.feedback.answer',
        null,
        {
          id: input.id,
        },
      )
    })
    const item = (await this.feedbackAll()).find((f) => f.id === input.id)
    if (!item) throw new Refusal('not_found', { id: input.id })
    return item
  }

  /** Answers the player has not seen yet (the feedback entry point's badge). */
  async unseenAnswers(playerId: number): Promise<number> {
    const answers = await this.#o.db
      .selectFrom('support_feedback')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('player_id', '=', playerId)
      .where('answer', 'is not', null)
      .where('answer_seen_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(answers.n)
  }
}

function feedbackView(row: Database['support_feedback'] extends infer T ? { [K in keyof T]: unknown } : never) {
  const r = row as {
    id: number
    topic: FeedbackTopic
    text: string
    contact_consent: number
    status: FeedbackItem['status']
    answer: string | null
    answered_at: number | null
    created_at: number
  }
  return {
    id: Number(r.id),
    topic: r.topic,
    text: r.text,
    contactConsent: Number(r.contact_consent) === 1,
    status: r.status,
    answer: r.answer,
    answeredAt: r.answered_at === null ? null : Number(r.answered_at),
    createdAt: Number(r.created_at),
  } satisfies FeedbackItem
}
