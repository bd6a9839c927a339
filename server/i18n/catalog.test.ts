// The server's texts come from the compiled server catalog: every msgCode speaks every language,
// values arrive formatted and pick their ICU branch, and a text the catalog lacks fails loudly.
import { describe, expect, it } from 'vitest'
import { MsgCode } from '../../contract/envelope.ts'
import { languages } from '../../contract/languages.ts'
import { formatMoney } from '../../contract/money.ts'
import { say } from './catalog.ts'
import { messageFor } from './messages.ts'

const market = { currency: 'BRL', timeZone: 'America/Sao_Paulo' } as const

describe('server texts', () => {
  it('has every msgCode in every language, translated', () => {
    for (const code of Object.values(MsgCode)) {
      for (const language of languages) expect(messageFor(code, language), `${code} ${language}`).not.toBe('')
      if (code !== MsgCode.ok) expect(messageFor(code, 'en'), code).not.toBe(messageFor(code, 'pt-BR'))
    }
  })

  it('fills formatted amounts in and picks the select branch', () => {
    const params = { period: 'week', limit: 10_000, remaining: 2_500, resetsAt: Date.UTC(2026, 10, 27, 14, 5) }
    const limit = formatMoney(10_000, 'BRL')
    expect(messageFor('deposit_limit_reached', 'en', params, market)).toContain(`over your weekly limit of ${limit}.`)
    expect(messageFor('deposit_limit_reached', 'pt-BR', params, market)).toContain(`do seu limite semanal de ${limit}.`)
    expect(messageFor('deposit_limit_reached', 'hi', params, market)).toContain(`आपकी साप्ताहिक सीमा ${limit}`)
  })

  it('refuses a text missing from the compiled catalog, saying how to fix it', () => {
    expect(() => say('en', { id: 'no.such.text', message: 'Nada' })).toThrow(
      /"no\.such\.text" missing .*lingui compile/,
    )
  })
})
