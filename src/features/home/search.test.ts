import { describe, expect, it } from 'vitest'
import { matchesSearch, recentGameIds, searchKey } from './search.ts'

describe('lobby search', () => {
  it('ignores accents and case', () => {
    expect(matchesSearch('Dragão Dourado', 'DRAGAO', 'pt-BR')).toBe(true)
    expect(matchesSearch('Arraiá da Sorte', 'arraia', 'pt-BR')).toBe(true)
    expect(matchesSearch('Amazônia', 'amazo', 'en')).toBe(true)
  })

  it('needs every word typed, in any order', () => {
    expect(matchesSearch('Sete da Sorte', 'sorte sete', 'pt-BR')).toBe(true)
    expect(matchesSearch('Sete da Sorte', 'sete tigre', 'pt-BR')).toBe(false)
  })

  it('compares in the player’s language (Turkish dotted i stays apart from i)', () => {
    expect(searchKey('  Gol   de Placa ', 'pt-BR')).toBe('gol de placa')
    expect(searchKey('I', 'tr')).toBe('ı')
  })

  it('lists each recently played game once, newest first', () => {
    const rounds = [{ gameId: 'a' }, { gameId: 'b' }, { gameId: 'a' }, { gameId: 'c' }]
    expect(recentGameIds(rounds, 2)).toEqual(['a', 'b'])
  })
})
