// Consent-gated marketing attribution, on each engine, against a real local
// HTTP server standing in for the ads conversions API: with consent a registration and each
// deposit reach it once, retried with backoff after it fails; without consent (or after it is
// withdrawn) nothing is stored or sent. The legacy client-side records read the same events.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { createTestApp, engines, loginPlayer, sandboxBankOf, type TestApp } from '../../tests/support/server.ts'
import { backoffMs, MAX_ATTEMPTS } from './reporter.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

interface Received {
  headers: IncomingHttpHeaders
  // biome-ignore lint/suspicious/noExplicitAny: the receiver reads the events as the ads API would, field by field
  body: { data: Array<Record<string, any>> }
  answered: number
}

/** A local receiver: records every request and answers `statuses` in turn (then 200). */
async function startReceiver() {
  const received: Received[] = []
  const statuses: number[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answered = statuses.shift() ?? 200
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()), answered })
      response.writeHead(answered, { 'content-type': 'application/json' }).end('{"events_received":1}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1/events`,
    received,
    failNext: (...codes: number[]) => statuses.push(...codes),
    /** The events every accepted request delivered. */
    delivered: () => received.filter((r) => r.answered < 300).flatMap((r) => r.body.data),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const click = {
  fbc: 'fb.1.1732100000000.AbCdEfGh',
  fbp: 'fb.1.1732100000000.987654321',
  fbEventUrl: 'https://jogolimpo.example/?zn=campanha',
  fbClientUserAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
}

describe.each(engines)('marketing attribution on %s', (engine) => {
  let t: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    receiver = await startReceiver()
    t = await createTestApp(
      engine,
      { ADS_ENDPOINT: receiver.url, ADS_TOKEN: 'ads-test-token', ADS_REPORT_INTERVAL_MS: '3600000' },
      clock,
    )
  })
  afterEach(async () => {
    await t.close()
    await receiver.close()
  })

  const reporter = () => {
    const r = t.app.attribution.reporter
    if (!r) throw new Error('the reporter is off')
    return r
  }
  const events = () => t.db.kysely.selectFrom('attribution_events').selectAll().orderBy('id').execute()
  const clicks = () => t.db.kysely.selectFrom('attribution_clicks').selectAll().execute()

  async function player(login: Record<string, unknown> = {}) {
    return loginPlayer(t.app, { ageConfirmed: true, verified: true, login: { registChannel: 'zn/campanha', ...login } })
  }
  async function deposit(p: Awaited<ReturnType<typeof player>>, amount: number) {
    const order = await p.call('/charge/create/order', { amount, requestId: randomUUID() })
    const paid = await sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })
    expect(paid.json().data).toMatchObject({ paid: true })
    return order.data.orderId as string
  }

  it('with consent, reports the registration and each deposit once, in reais, retried with backoff after a failure', async () => {
    const p = await player(click)
    // Asked once: before the answer nothing is kept, not even the login's click.
    expect((await p.call('/user/attributionConsent/info')).data).toEqual({
      asked: false,
      granted: false,
      decidedAt: null,
    })
    expect(await clicks()).toEqual([])
    expect(await events()).toEqual([])

    const yes = await p.call('/user/attributionConsent', { granted: true, ...click, registChannel: 'campanha' })
    expect(yes).toMatchObject({ success: true, data: { asked: true, granted: true, decidedAt: START } })
    expect(await clicks()).toMatchObject([{ fbc: click.fbc, fbp: click.fbp, channel: 'campanha' }])

    clock.time += 60_000
    const first = await deposit(p, 5000)
    expect(await events()).toMatchObject([
      { kind: 'registration', value: 0, event_id: `registration:${p.userId}`, report_status: 0 },
      { kind: 'first_deposit', value: 5000, order_id: first, currency: 'BRL', event_time: START + 60_000 },
    ])

    // The receiver fails once: nothing is marked reported, the retry waits 1 s.
    receiver.failNext(500)
    expect(await reporter().runOnce()).toBe(0)
    expect(await events()).toMatchObject([
      { attempts: 1, error_code: 'http_500', report_status: 0, next_attempt_at: clock.time + backoffMs(1) },
      { attempts: 1, error_code: 'http_500', report_status: 0 },
    ])
    expect(await reporter().runOnce()).toBe(0)
    expect(receiver.received).toHaveLength(1)

    clock.time += backoffMs(1)
    expect(await reporter().runOnce()).toBe(2)
    expect(await reporter().runOnce()).toBe(0)
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]?.headers.authorization).toBe('Bearer ads-test-token')
    const [registration, purchase] = receiver.delivered()
    expect(registration).toMatchObject({
      event_name: 'CompleteRegistration',
      event_id: `registration:${p.userId}`,
      event_time: Math.floor(START / 1000),
      action_source: 'website',
      event_source_url: click.fbEventUrl,
      user_data: { fbc: click.fbc, fbp: click.fbp, client_user_agent: click.fbClientUserAgent },
    })
    expect(registration?.user_data.external_id[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(purchase).toMatchObject({
      event_name: 'Purchase',
      event_id: `deposit:${first}`,
      custom_data: { value: 50, currency: 'BRL', order_id: first, first_deposit: true, channel: 'campanha' },
    })
    expect(await events()).toMatchObject([
      { report_status: 1, reported_at: clock.time, error_code: null },
      { report_status: 1, reported_at: clock.time, error_code: null },
    ])

    // A later deposit is a plain deposit; answering the consent again does not repeat the registration.
    await p.call('/user/attributionConsent', { granted: true })
    const second = await deposit(p, 2000)
    expect(await reporter().runOnce()).toBe(1)
    const ids = receiver.delivered().map((e) => e.event_id)
    expect(ids).toEqual([`registration:${p.userId}`, `deposit:${first}`, `deposit:${second}`])
    expect(receiver.delivered()[2]).toMatchObject({ custom_data: { value: 20, currency: 'BRL' } })
    expect(receiver.delivered()[2]?.custom_data.first_deposit).toBeUndefined()

    // The legacy client-side records: both deposits until it says it reported one.
    const records = (await p.call('/v1/bus/getFbRechargeRecords', {})).data
    expect(records.enableFlag).toBe(1)
    expect(records.list).toMatchObject([
      { orderId: second, kind: 'deposit', amount: 2000, value: 20, reportStatus: 0 },
      { orderId: first, kind: 'first_deposit', amount: 5000, value: 50, reportStatus: 0 },
    ])
    const update = await p.call('/v1/bus/updateFbRechargeRecords', {
      orderIds: [first, 'D-not-mine'],
      reportStatus: 1,
      errorCode: 0,
    })
    expect(update).toMatchObject({ success: true, msgCode: 'success', data: { updated: 1, enableFlag: 1 } })
    expect(
      (await p.call('/v1/bus/getFbRechargeRecords', {})).data.list.map((r: { orderId: string }) => r.orderId),
    ).toEqual([second])
    // Another player's order is not theirs to mark.
    const other = await player()
    await other.call('/user/attributionConsent', { granted: true })
    expect(
      (await other.call('/v1/bus/updateFbRechargeRecords', { orderIds: [second], reportStatus: 2 })).data.updated,
    ).toBe(0)
  })

  it('without consent stores and sends nothing: not the click, not the registration, not the deposit', async () => {
    const p = await player(click)
    const no = await p.call('/user/attributionConsent', { granted: false, ...click })
    expect(no.data).toEqual({ asked: true, granted: false, decidedAt: START })
    await deposit(p, 5000)
    // A later login with a click does not store it either.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { deviceId: p.deviceId, deviceSecret: p.deviceSecret, ...click },
    })
    const silent = await player(click) // never answered: nothing either
    await deposit(silent, 2000)
    expect(await events()).toEqual([])
    expect(await clicks()).toEqual([])
    expect(await reporter().runOnce()).toBe(0)
    expect(receiver.received).toEqual([])
    expect((await p.call('/v1/bus/getFbRechargeRecords', {})).data).toEqual({
      enableFlag: 0,
      list: [],
      fbRechargeRecords: [],
      isFirstRecharge: 0,
    })
  })

  it('withdrawing consent in Perfil deletes the click and every event not yet sent', async () => {
    const p = await player()
    await p.call('/user/attributionConsent', { granted: true, ...click })
    await reporter().runOnce() // the registration goes out
    await deposit(p, 5000)
    expect(await events()).toHaveLength(2)
    await p.call('/user/attributionConsent', { granted: false })
    expect(await clicks()).toEqual([])
    expect(await events()).toMatchObject([{ kind: 'registration', report_status: 1 }])
    expect(await reporter().runOnce()).toBe(0)
    expect(receiver.delivered().map((e) => e.kind ?? e.event_name)).toEqual(['CompleteRegistration'])
  })

  it('gives an event up after repeated failures and keeps the error; a network failure counts too', async () => {
    const p = await player()
    await p.call('/user/attributionConsent', { granted: true, ...click })
    receiver.failNext(...Array.from({ length: MAX_ATTEMPTS - 1 }, () => 503))
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await reporter().runOnce()).toBe(0)
      clock.time += backoffMs(attempt)
    }
    await receiver.close()
    expect(await reporter().runOnce()).toBe(0)
    expect(await events()).toMatchObject([{ report_status: 2, attempts: MAX_ATTEMPTS }])
    expect((await events())[0]?.error_code).not.toBeNull()
    receiver = await startReceiver() // for afterEach
  })

  it('is off without ADS_ENDPOINT: consented events are kept for the records, none is sent', async () => {
    const off = await createTestApp(engine, {}, clock)
    try {
      expect(off.app.attribution.reporter).toBeNull()
      const p = await loginPlayer(off.app, { ageConfirmed: true })
      expect((await p.call('/user/attributionConsent', { granted: true })).data.granted).toBe(true)
      expect(await off.db.kysely.selectFrom('attribution_events').select('kind').execute()).toEqual([
        { kind: 'registration' },
      ])
    } finally {
      await off.close()
    }
  })
})
