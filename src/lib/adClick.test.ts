// The ad click of a visit: read from the landing URL (fbclid → Meta's fbc format, the _fbp
// cookie, the channel), kept in memory once per visit, never in IndexedDB.
import { afterEach, describe, expect, it } from 'vitest'
import { captureAdClick, forgetAdClick, visitAdClick } from './adClick.ts'
import { storage } from './storage.ts'

describe('the ad click of a visit', () => {
  afterEach(() => forgetAdClick())

  it('reads fbclid as fbc, the _fbp cookie, the landing URL, the browser and the channel', async () => {
    captureAdClick('https://app.example/?zn=camp/x&fbclid=IwAR0abc', 'a=1; _fbp=fb.1.1700.42', 'UA/1', 1732100000000)
    expect(visitAdClick()).toEqual({
      fbc: 'fb.1.1732100000000.IwAR0abc',
      fbp: 'fb.1.1700.42',
      fbEventUrl: 'https://app.example/?zn=camp/x&fbclid=IwAR0abc',
      fbClientUserAgent: 'UA/1',
      registChannel: 'camp',
    })
    // The first landing of the visit wins; nothing reached the device's storage.
    captureAdClick('https://app.example/?fbclid=other', '', 'UA/1')
    expect(visitAdClick()?.fbc).toContain('IwAR0abc')
    expect(await storage.get('entryParams')).toBeUndefined()
  })

  it('is nothing for a visit that did not come from an ad', () => {
    captureAdClick('https://app.example/?code=INV1', '', 'UA/1')
    expect(visitAdClick()).toBeNull()
  })
})
