// Only players in the market's country deposit, withdraw and play, on each engine: from an address
// the bundled country database places abroad, a deposit, a withdrawal, a game launch and a spin are
// refused with a true sentence in three languages, write no row and move no money, and each refusal
// is counted per country; `X-Forwarded-For` is believed only from the proxies TRUST_PROXY names;
// loopback and private addresses count as inside the market only where the configuration says so.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  createTestApp,
  engines,
  loginPlayer,
  TEST_PASSWORD,
  type TestApp,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { loadConfig } from '../config.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { geoipCountryLocator } from './locator.ts'
import { MarketGate } from './market-gate.ts'

// Addresses the bundled GeoLite2 database places (checked in the first test, so a database update
// that moved them fails loudly rather than silently).
const US = '8.8.8.8'
const BRAZIL = '200.147.67.142'
const METRICS_TOKEN = 'metrics-token-0123456789abcdef'

describe.each(engines)('the market gate on %s', { timeout: 120_000 }, (engine) => {
  let test: TestApp
  afterEach(async () => test?.close())

  const start = async (env: Record<string, string> = {}) => {
    test = await createTestApp(engine, { METRICS_TOKEN, ...env })
    return test.app
  }
  const db = () => test.db.kysely
  /** POSTs `/api<path>` as the player from `remoteAddress`, with more headers if given. */
  const from = async (
    app: FastifyInstance,
    remoteAddress: string,
    path: string,
    body: object,
    headers: Record<string, string> = {},
  ) => (await app.inject({ method: 'POST', url: `/api${path}`, remoteAddress, headers, payload: body })).json()
  const as = (player: TestPlayer, language = 'pt-BR') => ({
    'access-token': player.token,
    'accept-language': language,
  })
  const deposit = (app: FastifyInstance, player: TestPlayer, address: string, headers: Record<string, string> = {}) =>
    from(app, address, '/charge/create/order', { amount: 2000, requestId: randomUUID() }, { ...as(player), ...headers })
  const withdraw = (app: FastifyInstance, player: TestPlayer, address: string) =>
    from(
      app,
      address,
      '/withdraw/create/order',
      { accountNumber: player.cpf, payType: 'cpf', amount: 2_000, requestId: randomUUID(), password: TEST_PASSWORD },
      as(player),
    )
  const launch = (app: FastifyInstance, player: TestPlayer, address: string) =>
    from(app, address, '/game/forward', { id: 'fruta-fina' }, as(player))
  const spin = (app: FastifyInstance, sessionToken: string, address: string) =>
    from(app, address, '/game/spin', { bet: 100, requestId: randomUUID() }, { 'game-session': sessionToken })
  const count = async (table: 'deposit_orders' | 'withdrawal_orders' | 'game_sessions' | 'game_rounds', id: number) =>
    (await db().selectFrom(table).select('player_id').where('player_id', '=', id).execute()).length
  const player = (app: FastifyInstance) =>
    loginPlayer(app, { ageConfirmed: true, verified: true, bound: true, cash: 10_000 })

  it('refuses a deposit, a withdrawal, a game launch and a spin from abroad, writes nothing and counts each', async () => {
    expect(geoipCountryLocator.countryOf(US)).toBe('US')
    expect(geoipCountryLocator.countryOf(BRAZIL)).toBe('BR')
    const app = await start()
    const ana = await player(app)
    // Opened from inside the market (the tests run on 127.0.0.1, a development range).
    const { sessionToken } = await openGameSession(app, ana.call)
    const before = {
      deposits: await count('deposit_orders', ana.userId),
      withdrawals: await count('withdrawal_orders', ana.userId),
      sessions: await count('game_sessions', ana.userId),
      rounds: await count('game_rounds', ana.userId),
      transfers: (await db().selectFrom('ledger_transfers').select('id').execute()).length,
    }

    const refused = { success: false, msgCode: 'outside_market', data: { country: 'US', market: 'BR' } }
    expect(await deposit(app, ana, US)).toMatchObject(refused)
    expect(await withdraw(app, ana, US)).toMatchObject(refused)
    expect(await launch(app, ana, US)).toMatchObject(refused)
    expect(await spin(app, sessionToken, US)).toMatchObject(refused)

    expect(await count('deposit_orders', ana.userId)).toBe(before.deposits)
    expect(await count('withdrawal_orders', ana.userId)).toBe(before.withdrawals)
    expect(await count('game_sessions', ana.userId)).toBe(before.sessions)
    expect(await count('game_rounds', ana.userId)).toBe(before.rounds)
    expect((await db().selectFrom('ledger_transfers').select('id').execute()).length).toBe(before.transfers)
    expect(await readPlayerBalances(db(), ana.userId)).toMatchObject({ cash: 10_000, bonus: 0 })

    // The sentence says what happened and that the money stays, in the player's language.
    const texts = await Promise.all(
      (['pt-BR', 'en', 'hi'] as const).map(
        async (language) =>
          (await from(app, US, '/charge/create/order', { amount: 2000, requestId: randomUUID() }, as(ana, language)))
            .msg as string,
      ),
    )
    expect(texts[0]).toContain('do Brasil')
    expect(texts[0]).toContain('Estados Unidos')
    expect(texts[0]).toContain('saldo continua guardado')
    expect(texts[1]).toContain('United States')
    expect(texts[2]).toMatch(/[\u0900-\u097F]/)
    expect(new Set(texts).size).toBe(3)

    // From a Brazilian address the same four go through.
    expect(await deposit(app, ana, BRAZIL)).toMatchObject({ success: true })
    expect(await spin(app, sessionToken, BRAZIL)).toMatchObject({ success: true })
    expect(await launch(app, ana, BRAZIL)).toMatchObject({ success: true })
    expect(await withdraw(app, ana, BRAZIL)).toMatchObject({ success: true })
    expect(await count('game_rounds', ana.userId)).toBe(before.rounds + 1)
    expect(await count('withdrawal_orders', ana.userId)).toBe(before.withdrawals + 1)

    const metrics = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
    expect(metrics).toContain('jogolimpo_market_refusals_total{country="US",action="deposit"} 4')
    expect(metrics).toContain('jogolimpo_market_refusals_total{country="US",action="withdrawal"} 1')
    expect(metrics).toContain('jogolimpo_market_refusals_total{country="US",action="game_open"} 1')
    expect(metrics).toContain('jogolimpo_market_refusals_total{country="US",action="spin"} 1')
    expect(metrics).not.toContain('country="BR"')
    expect(metrics).toMatch(/jogolimpo_geoip_database_age_seconds \d+/)
  })

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const app = await start({ TRUST_PROXY: '127.0.0.1' })
    const ana = await player(app)
    const xff = (value: string) => ({ 'x-forwarded-for': value })
    // Through the trusted proxy: the address it saw is the client's.
    expect(await deposit(app, ana, '127.0.0.1', xff(US))).toMatchObject({ msgCode: 'outside_market' })
    expect(await deposit(app, ana, '127.0.0.1', xff(BRAZIL))).toMatchObject({ success: true })
    // A client abroad that writes a Brazilian address into its own header: the hop that reached
    // the trusted proxy (the rightmost) is the client, the entry it wrote is ignored.
    expect(await deposit(app, ana, '127.0.0.1', xff(`${BRAZIL}, ${US}`))).toMatchObject({
      msgCode: 'outside_market',
      data: { country: 'US' },
    })
    // Straight from an address TRUST_PROXY does not name: its header is not believed at all.
    expect(await deposit(app, ana, US, xff(BRAZIL))).toMatchObject({ msgCode: 'outside_market' })
    expect(await deposit(app, ana, '10.1.2.3', xff(US))).toMatchObject({ success: true })
  })

  it('trusts no header without TRUST_PROXY, and takes no private range as the market when told none', async () => {
    const app = await start({ MARKET_ADDRESS_RANGES: '' })
    const ana = await player(app)
    expect(await deposit(app, ana, US, { 'x-forwarded-for': BRAZIL })).toMatchObject({ msgCode: 'outside_market' })
    // 127.0.0.1 is no country: refused as unknown, with the sentence for an address not placed.
    const local = await deposit(app, ana, '127.0.0.1')
    expect(local).toMatchObject({ msgCode: 'outside_market', data: { country: 'unknown' } })
    expect(local.msg).toContain('Não conseguimos localizar')
    expect(await count('deposit_orders', ana.userId)).toBe(0)
    expect(await deposit(app, ana, BRAZIL)).toMatchObject({ success: true })
  })

  it('lets everyone through when the market asks for no check', async () => {
    const app = await start({ MARKET_GEOFENCE: 'off' })
    const ana = await player(app)
    expect(await deposit(app, ana, US)).toMatchObject({ success: true })
  })
})

describe('the market gate without an app', () => {
  it('takes loopback and private ranges as the market outside production only', () => {
    expect(loadConfig({}).market.addressRanges).toContain('127.0.0.0/8')
    expect(loadConfig({ NODE_ENV: 'production' }).market.addressRanges).toEqual([])
    expect(
      loadConfig({ NODE_ENV: 'production', MARKET_ADDRESS_RANGES: '203.0.113.0/24' }).market.addressRanges,
    ).toEqual(['203.0.113.0/24'])
    expect(() => loadConfig({ MARKET_ADDRESS_RANGES: '10.0.0.0' })).toThrow(/MARKET_ADDRESS_RANGES/)
  })

  it('reads an IPv4 client on a dual-stack socket, IPv6, and caches per address', () => {
    let lookups = 0
    const gate = new MarketGate({
      market: 'BR',
      locator: {
        name: 'counting',
        countryOf: (address) => {
          lookups += 1
          return geoipCountryLocator.countryOf(address)
        },
      },
      inMarketRanges: ['192.168.0.0/16'],
    })
    expect(gate.verdict(`::ffff:${US}`)).toEqual({ country: 'US', inMarket: false })
    expect(gate.verdict('2804:14c::1')).toEqual({ country: 'BR', inMarket: true })
    expect(gate.verdict('192.168.1.9')).toEqual({ country: 'BR', inMarket: true })
    expect(gate.verdict('not an address')).toEqual({ country: 'unknown', inMarket: false })
    gate.verdict(`::ffff:${US}`)
    expect(lookups).toBe(2)
  })
})
