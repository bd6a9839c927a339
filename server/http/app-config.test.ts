// /cache/appConfig tells the clients the market's time zone from MARKET_TIME_ZONE, the one place
// it is configured (the clients show every time in it: src/lib/time.test.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/support/server.ts'

describe('the app configuration the clients read', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  for (const timeZone of ['America/Sao_Paulo', 'America/Santiago']) {
    it(`names the market's time zone as configured (${timeZone})`, async () => {
      t = await createTestApp('sqlite', { MARKET_TIME_ZONE: timeZone })
      const reply = await t.app.inject({ method: 'GET', url: '/api/cache/appConfig' })
      expect(reply.statusCode).toBe(200)
      expect(reply.json().data).toMatchObject({ timeZone, currency: 'BRL' })
    })
  }
})
