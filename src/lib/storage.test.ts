import { describe, expect, it } from 'vitest'
import { storage } from './storage.ts'

describe('storage', () => {
  it('keeps typed values in IndexedDB and removes them', async () => {
    await storage.set('favouriteGames', ['amazonia'])
    await storage.set('sound', false)
    expect(await storage.get('favouriteGames')).toEqual(['amazonia'])
    expect(await storage.get('sound')).toBe(false)
    await storage.remove('favouriteGames')
    expect(await storage.get('favouriteGames')).toBeUndefined()
  })
})
