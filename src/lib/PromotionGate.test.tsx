// The way back from verifying: the deposit screen returns only to a path of this app, and reopens
// only a reward dialog it knows.
import { describe, expect, it } from 'vitest'
import { verifyHref, verifyReturn } from './PromotionGate.tsx'

describe('the way back from verifying', () => {
  it('carries where the player was, and the dialog to reopen', () => {
    const href = verifyHref('/event/item?configKey=GREEN_VERSION_DAILY_TASK', 'wheel')
    expect(href.startsWith('/rechargeMall?verify=1&')).toBe(true)
    expect(verifyReturn(href.slice(href.indexOf('?') + 1))).toEqual({
      back: '/event/item?configKey=GREEN_VERSION_DAILY_TASK',
      dialog: 'wheel',
    })
    expect(verifyReturn('verify=1&back=%2F')).toEqual({ back: '/', dialog: null })
  })

  it('refuses a way back out of the app, and a dialog it does not know', () => {
    expect(verifyReturn('verify=1&back=https%3A%2F%2Fevil.example')).toBeNull()
    expect(verifyReturn('verify=1&back=%2F%2Fevil.example')).toBeNull()
    expect(verifyReturn('verify=1&back=%2F%5Cevil.example')).toBeNull()
    expect(verifyReturn('verify=1')).toBeNull()
    expect(verifyReturn('back=%2F&reopen=withdraw')).toEqual({ back: '/', dialog: null })
  })
})
