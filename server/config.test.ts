// The configuration: defaults, and a bad value that stops start-up naming its variable.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.market).toEqual({ currency: 'BRL', language: 'pt-BR', timeZone: 'America/Sao_Paulo' })
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
  ])('refuses %o naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(named)
  })

  it('turns the docs page off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true)
  })
})
