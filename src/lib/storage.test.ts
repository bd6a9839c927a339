import { describe, expect, it } from 'vitest'
import { storage } from './storage.ts'

describe('storage', () => {
  it('keeps typed values in IndexedDB and removes them', async () => {
    await storage.set('tab', '/mine')
    await storage.set('sound', false)
    expect(await storage.get('tab')).toBe('/mine')
    expect(await storage.get('sound')).toBe(false)
    await storage.remove('tab')
    expect(await storage.get('tab')).toBeUndefined()
  })
})
