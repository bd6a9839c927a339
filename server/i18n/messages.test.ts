// The API's own texts count in the language's plural forms: one attempt, two attempts — never a
// "(s)" left for the reader to resolve, neither here nor in the app's catalogs.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { languages } from '../../contract/languages.ts'
import { describeIssues, messageFor } from './messages.ts'

const market = { currency: 'BRL', timeZone: 'America/Sao_Paulo' } as const
/** A word with an optional ending in brackets: "tentativa(s)", "attempt(s)", "ação(ões)". */
const bracketPlural = /\p{L}\((?:s|es|ns|is|ões)\)/u

describe('counted texts', () => {
  it('say "1 tentativa errada" and "4 tentativas erradas" in every language', () => {
    expect(messageFor('password_wrong', 'pt-BR', { attemptsLeft: 1 }, market)).toContain('Mais 1 tentativa errada e')
    expect(messageFor('password_wrong', 'pt-BR', { attemptsLeft: 4 }, market)).toContain('Mais 4 tentativas erradas e')
    expect(messageFor('password_wrong', 'en', { attemptsLeft: 1 }, market)).toContain('1 more wrong attempt and')
    expect(messageFor('password_wrong', 'en', { attemptsLeft: 4 }, market)).toContain('4 more wrong attempts and')
    expect(messageFor('task_incomplete', 'pt-BR', { left: 1, game: 'Gol' }, market)).toMatch(/^Falta 1 rodada de Gol/)
    expect(messageFor('task_incomplete', 'en', { left: 3, game: 'Gol' }, market)).toMatch(/^3 more spins of Gol/)
    for (const language of languages) {
      for (const count of [0, 1, 2, 5]) {
        expect(messageFor('password_wrong', language, { attemptsLeft: count }, market)).not.toMatch(bracketPlural)
      }
    }
  })

  it('leave no "(s)" construct in the server texts or the app, console and game page catalogs', () => {
    const files = [
      'server/i18n/messages.ts',
      'server/i18n/steps.ts',
      'server/push/notices.ts',
      ...languages.flatMap((l) => [
        `locales/${l}/messages.po`,
        `locales/${l}/console.po`,
        `locales/${l}/games.po`,
        `locales/${l}/server.po`,
      ]),
    ]
    for (const file of files) {
      const offending = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => bracketPlural.test(line) && !line.trimStart().startsWith('//'))
      expect(offending, file).toEqual([])
    }
  })
})

describe('bounds of a rejected field', () => {
  const issue = (code: string, params: Record<string, unknown>) => [{ field: 'amount', code, message: '', params }]
  it('name a number bound as a value, a text bound in characters and a list bound in items', () => {
    const positive = issue('too_small', { origin: 'number', minimum: 0, inclusive: false })
    expect(describeIssues(positive, 'pt-BR')).toBe('Valor precisa ser maior que 0')
    expect(describeIssues(positive, 'en')).toBe('Amount must be more than 0')
    const atMost = issue('too_big', { origin: 'number', maximum: 500, inclusive: true })
    expect(describeIssues(atMost, 'pt-BR')).toBe('Valor pode ser no máximo 500')
    expect(describeIssues(atMost, 'en')).toBe('Amount may be at most 500')
    expect(describeIssues(issue('too_small', { origin: 'string', minimum: 1, inclusive: true }), 'pt-BR')).toBe(
      'Valor precisa ter pelo menos 1 caractere',
    )
    expect(describeIssues(issue('too_big', { origin: 'string', maximum: 64, inclusive: true }), 'en')).toBe(
      'Amount may have at most 64 characters',
    )
    expect(describeIssues(issue('too_big', { origin: 'array', maximum: 2, inclusive: true }), 'pt-BR')).toBe(
      'Valor pode ter no máximo 2 itens',
    )
    for (const language of languages) expect(describeIssues(positive, language)).not.toMatch(/caracter|character|अक्षर/)
  })
})
