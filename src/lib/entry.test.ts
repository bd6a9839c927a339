import { beforeEach, describe, expect, it } from 'vitest'
import { readEntryParams, rememberEntryParams } from './entry.ts'
import { storage } from './storage.ts'

describe('entry parameters', () => {
  beforeEach(async () => {
    await storage.remove('entryParams')
  })

  it('reads the invite code and the first channel id, cut at a slash', () => {
    expect(readEntryParams('?code=AB12/x&zt=77/y&mt=9')).toEqual({ inviteCode: 'AB12', channel: '77' })
    expect(readEntryParams('?tr=t1')).toEqual({ channel: 't1' })
    expect(readEntryParams('')).toEqual({})
  })

  it('keeps the first visit’s parameters in IndexedDB', async () => {
    await rememberEntryParams('?code=FIRST')
    await rememberEntryParams('?code=SECOND&zn=5')
    expect(await storage.get('entryParams')).toEqual({ inviteCode: 'FIRST', channel: '5' })
  })
})
