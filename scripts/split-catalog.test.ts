// The catalog split gives the first route exactly the messages whose ids its compiled code
// mentions as strings (in any quotes), the rest everything else, nothing lost or doubled.
import { describe, expect, it } from 'vitest'
import { splitMessages } from './split-catalog.ts'

describe('splitMessages', () => {
  it('puts the ids the first route mentions with it and every other message in the rest', () => {
    const messages = { a1B2c3: ['Buscar jogo'], 'x-Y_z9': ['Depósito'], q9Q9q9: ['Saque'], zz0000: ['Ajuda'] }
    const code = [
      'jsx(Trans, { id: "a1B2c3" })',
      "i18n._({ id: 'x-Y_z9' })",
      // A longer id containing another is no mention of it.
      'const other = "zz00001"',
    ]
    const { firstRoute, rest } = splitMessages(messages, code)
    expect(firstRoute).toEqual({ a1B2c3: ['Buscar jogo'], 'x-Y_z9': ['Depósito'] })
    expect(rest).toEqual({ q9Q9q9: ['Saque'], zz0000: ['Ajuda'] })
  })
})
