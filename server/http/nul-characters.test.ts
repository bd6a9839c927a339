// Input with a NUL character is malformed: 400 on every engine (PostgreSQL text cannot store it,
// and used to answer 500), found anywhere in the body, query or path.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, engines, loginPlayer, type TestApp } from '../../tests/support/server.ts'
import { hasNulCharacter } from './nul-characters.ts'

describe.each(engines)('NUL characters on %s', (engine) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await createTestApp(engine)
    ;({ token } = await loginPlayer(t.app))
  })
  afterEach(async () => {
    await t.close()
  })

  it('refuses a field with a NUL as a malformed request, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/game/close',
      headers: { 'access-token': token },
      payload: { sessionId: 'a\u0000b' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, msgCode: 'invalid_request', data: null })
  })

  it('refuses a NUL in the query string or the path', async () => {
    for (const url of ['/api/game/list?x=a%00b', '/api/game/def/a%00b']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toMatchObject({ success: false, msgCode: 'invalid_request' })
    }
  })
})

describe('hasNulCharacter', () => {
  it('looks through strings, keys, arrays and deep nesting', () => {
    expect(hasNulCharacter({ a: ['x', { b: 'ok' }] })).toBe(false)
    expect(hasNulCharacter('\u0000')).toBe(true)
    expect(hasNulCharacter({ a: [1, [{ b: 'x\u0000' }]] })).toBe(true)
    expect(hasNulCharacter({ 'k\u0000': 1 })).toBe(true)
    let deep: unknown = 'end\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(hasNulCharacter(deep)).toBe(true)
    expect(hasNulCharacter(null)).toBe(false)
  })
})
