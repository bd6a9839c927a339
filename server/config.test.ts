// The configuration: defaults, and a bad value that stops start-up naming its variable.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, requireOutsideServicesInProduction } from './config.ts'

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.market).toEqual({
      country: 'BR',
      currency: 'BRL',
      language: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
      // Money and play only from the market's country; loopback and private networks (a proxy, a
      // test, a developer's machine) count as inside it.
      geofence: true,
      addressRanges: ['127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
    })
    expect(config.promotions.enabled).toBe(true)
    expect(config.promotions.wheel.prizes).toEqual([
      { amount: 100, weight: 80 },
      { amount: 300, weight: 15 },
      { amount: 700, weight: 5 },
    ])
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ MARKET_TIME_ZONE: 'Mars/Olympus' }, 'MARKET_TIME_ZONE: unknown time zone Mars/Olympus'],
    [{ DEPOSIT_MIN: '5000', DEPOSIT_AMOUNTS: '1000' }, 'DEPOSIT_AMOUNTS / DEPOSIT_MIN / DEPOSIT_MAX'],
    [{ WHEEL_PRIZES: '100:0' }, 'WHEEL_PRIZES'],
    [{ OPS_TOKEN: 'short' }, 'OPS_TOKEN: must be at least 24 characters'],
    [{ NODE_ENV: 'production', TEST_CLOCK_FILE: '/tmp/clock' }, 'TEST_CLOCK_FILE: is for tests only'],
    [{ DATABASE_REPLICA_URL: 'postgres://replica/db' }, 'DATABASE_REPLICA_URL: needs DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://p/db', DATABASE_REPLICA_URL: 'mysql://r/db' }, 'DATABASE_REPLICA_URL'],
  ])('refuses %o naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(named)
  })

  it('in production, refuses to fall back to the sandbox register or mailbox, naming each setting unset', () => {
    const check = (env: Record<string, string>) => () => requireOutsideServicesInProduction(env, loadConfig(env))
    const production = { NODE_ENV: 'production' }
    expect(check(production)).toThrow(ConfigError)
    expect(check(production)).toThrow(/SIGAP_URL: is required when NODE_ENV=production[\s\S]*SMTP_URL: is required/)
    expect(check({ ...production, SIGAP_URL: 'https://sigap.example/impedidos' })).toThrow(
      /^Invalid configuration:\n {2}SMTP_URL: is required when NODE_ENV=production[^\n]*$/,
    )
    expect(check({ ...production, SMTP_URL: 'smtps://u:p@mail.example:465' })).toThrow(
      /^Invalid configuration:\n {2}SIGAP_URL: is required when NODE_ENV=production[^\n]*$/,
    )
    expect(
      check({ ...production, SIGAP_URL: 'https://sigap.example/impedidos', SMTP_HOST: 'mail.example' }),
    ).not.toThrow()
    // Outside production the sandboxes stand in for both.
    expect(check({})).not.toThrow()
    expect(check({ NODE_ENV: 'development' })).not.toThrow()
  })

  it('reads through a replica only when one is given, with 10 s of lag allowed by default', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://p/db' }).databaseReplica).toBeNull()
    expect(
      loadConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_REPLICA_URL: 'postgres://r/db' }).databaseReplica,
    ).toEqual({ url: 'postgres://r/db', maxLagSeconds: 10 })
  })

  it('ends a session after 30 minutes without activity unless told otherwise', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(30 * 60_000)
    expect(loadConfig({ SESSION_IDLE_MINUTES: '10' }).sessionIdleMs).toBe(10 * 60_000)
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0' }).sessionIdleMs).toBe(0)
  })

  it('turns the docs page off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true)
  })
})
