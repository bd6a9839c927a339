// Times are shown in the market's time zone as the server names it (/cache/appConfig, from
// MARKET_TIME_ZONE), kept for the next start; neither client names a zone of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { applyAppConfig, restoreAppConfig } from './appConfig.ts'
import { storage } from './storage.ts'
import { formatClock, formatTime, getMarketTimeZone, setMarketTimeZone } from './time.ts'

const noon = Date.UTC(2026, 0, 15, 12, 0, 0)

/** /cache/appConfig's data as the server sends it (server/http/app-config.test.ts checks the zone there). */
const fromServer = (timeZone: string) => ({
  sandbox: true,
  promotions: true,
  currency: 'BRL',
  pixExpirySeconds: 1800,
  withdrawPromptMin: 0,
  timeZone,
})

afterEach(() => setMarketTimeZone('America/Sao_Paulo'))

describe("the market's time zone", () => {
  it('formats times in the zone the server names', () => {
    applyAppConfig(fromServer('Asia/Kolkata'))
    expect(getMarketTimeZone()).toBe('Asia/Kolkata')
    expect(formatTime(noon, 'pt-BR')).toContain('17:30:00')
    applyAppConfig(fromServer('America/Santiago'))
    // Santiago is at UTC−3 in January (summer time): the cached formats were dropped.
    expect(formatClock(noon, 'pt-BR')).toBe('09:00')
  })

  it('keeps the zone for the next start, before the server answers', async () => {
    await storage.set('appConfig', fromServer('Asia/Kolkata'))
    setMarketTimeZone('UTC')
    await restoreAppConfig()
    expect(formatClock(noon, 'pt-BR')).toBe('17:30')
  })

  it('is named nowhere in the clients: only the server configures it', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const zoneLiteral = /['"`](America|Asia|Europe|Africa)\/[A-Za-z_]+['"`]/
    const hits: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name)
        if (statSync(file).isDirectory()) walk(file)
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && zoneLiteral.test(readFileSync(file, 'utf8')))
          hits.push(path.relative(root, file))
      }
    }
    for (const dir of ['src', 'console', 'games-client', 'sw']) walk(path.join(root, dir))
    expect(hits).toEqual([])
  })
})
