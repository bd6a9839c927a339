// Support's written content: the FAQ players read in their language, and the canned answers
// operators reply with; operators edit both (each change in the console's audit log).
import type { Language } from '../../contract/languages.ts'
import type { CannedAnswer, FaqView, OperatorFaqItem } from '../../contract/support.ts'
import { Refusal } from '../refusal.ts'
import type { SupportOperator } from './operators.ts'
import { auditSupport, type SupportServiceOptions, writeWithPushes } from './transactions.ts'

export class SupportContent {
  readonly #o: SupportServiceOptions

  constructor(options: SupportServiceOptions) {
    this.#o = options
  }

  async faq(language: Language): Promise<FaqView> {
    const rows = await this.#o.db
      .selectFrom('support_faq')
      .select(['id', 'question', 'answer'])
      .where('language', '=', language)
      .orderBy('position')
      .orderBy('id')
      .execute()
    return { language, items: rows.map((r) => ({ id: Number(r.id), question: r.question, answer: r.answer })) }
  }

  async faqAll(language?: Language): Promise<OperatorFaqItem[]> {
    let query = this.#o.db.selectFrom('support_faq').selectAll()
    if (language) query = query.where('language', '=', language)
    const rows = await query.orderBy('language').orderBy('position').orderBy('id').execute()
    return rows.map((r) => ({
      id: Number(r.id),
      language: r.language,
      position: r.position,
      question: r.question,
      answer: r.answer,
    }))
  }

  async saveFaq(
    operator: SupportOperator,
    input: { id?: number | undefined; language: Language; position: number; question: string; answer: string },
  ): Promise<OperatorFaqItem> {
    const now = this.#o.now()
    const id = await writeWithPushes(this.#o, async (trx) => {
      const values = {
        language: input.language,
        position: input.position,
        question: input.question,
        answer: input.answer,
        updated_at: now,
      }
      let saved: number
      if (input.id !== undefined) {
        const result = await trx.updateTable('support_faq').set(values).where('id', '=', input.id).executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
        saved = input.id
      } else {
        const row = await trx.insertInto('support_faq').values(values).returning('id').executeTakeFirstOrThrow()
        saved = Number(row.id)
      }
      await auditSupport(this.#o, trx, operator, 'support.faq.save', null, { id: saved, language: input.language })
      return saved
    })
    const item = (await this.faqAll()).find((f) => f.id === id)
    if (!item) throw new Refusal('not_found', { id })
    return item
  }

  async deleteFaq(operator: SupportOperator, id: number): Promise<void> {
    await writeWithPushes(this.#o, async (trx) => {
      const result = await trx.deleteFrom('support_faq').where('id', '=', id).executeTakeFirst()
      if (Number(result.numDeletedRows) === 0) throw new Refusal('not_found', { id })
      await auditSupport(this.#o, trx, operator, 'support.faq.delete', null, { id })
    })
  }

  async canned(language?: Language): Promise<CannedAnswer[]> {
    let query = this.#o.db.selectFrom('support_canned').selectAll()
    if (language) query = query.where('language', '=', language)
    const rows = await query.orderBy('language').orderBy('id').execute()
    return rows.map((r) => ({ id: Number(r.id), language: r.language, title: r.title, text: r.text }))
  }

  async saveCanned(
    operator: SupportOperator,
    input: { id?: number | undefined; language: Language; title: string; text: string },
  ): Promise<CannedAnswer> {
    const id = await writeWithPushes(this.#o, async (trx) => {
      const values = { language: input.language, title: input.title, text: input.text, updated_at: this.#o.now() }
      let saved: number
      if (input.id !== undefined) {
        const result = await trx.updateTable('support_canned').set(values).where('id', '=', input.id).executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
        saved = input.id
      } else {
        const row = await trx.insertInto('support_canned').values(values).returning('id').executeTakeFirstOrThrow()
        saved = Number(row.id)
      }
      await auditSupport(this.#o, trx, operator, 'support.canned.save', null, { id: saved })
      return saved
    })
    const answer = (await this.canned()).find((c) => c.id === id)
    if (!answer) throw new Refusal('not_found', { id })
    return answer
  }

  async deleteCanned(operator: SupportOperator, id: number): Promise<void> {
    await writeWithPushes(this.#o, async (trx) => {
      const result = await trx.deleteFrom('support_canned').where('id', '=', id).executeTakeFirst()
      if (Number(result.numDeletedRows) === 0) throw new Refusal('not_found', { id })
      await auditSupport(this.#o, trx, operator, 'support.canned.delete', null, { id })
    })
  }
}
