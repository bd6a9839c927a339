// `npm run lighthouse` (after `npm run build`; it builds nothing itself): Lighthouse, mobile with
// simulated throttling, in Debian's Chromium against the built app served by the real server on
// a free port and a fresh SQLite file (median of 3 runs, LIGHTHOUSE_RUNS) — `/` as a first visit, `/` as a returning player (the
// lobby; the age check passed, the device logged in) and the game page opened with a launch
// token, as the lobby opens it. Prints the performance score, LCP, CLS and TBT of each next to
// the budgets in ARCHITECTURE.md; exits 1 when one is missed. The full reports (JSON, for the
// LCP element, long tasks and opportunities) go to test-results/lighthouse/.
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { build } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'

const CHROMIUM = '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
const BUDGET = { lcpMs: 2000, cls: 0.02 }
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const reports = path.resolve('test-results/lighthouse')
mkdirSync(reports, { recursive: true })

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-lighthouse-'))
const profileDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-lighthouse-profile-'))
Object.assign(process.env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: origin,
})
const db = openDatabase({ dataDir })
await migrateToLatest(db)
const app = await build({ config: loadConfig(), db })
await app.listen({ port, host: '127.0.0.1' })

/** A launch URL of the game page for a new player, the way the lobby gets one. */
async function gamePageUrl(gameId: string): Promise<string> {
  const post = async (route: string, body: object, token?: string) => {
    const response = await fetch(`${origin}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
      body: JSON.stringify(body),
    })
    const envelope = (await response.json()) as { success: boolean; msg: string; data: Record<string, string> }
    if (!envelope.success) throw new Error(`${route}: ${envelope.msg}`)
    return envelope.data
  }
  const { token } = await post('/user/login', { deviceId: randomUUID(), ageConfirmed: true })
  const { openGameUrl } = await post('/game/forward', { id: gameId }, token)
  return new URL(openGameUrl as string, origin).href
}

/** A profile whose player passed the age check and logged in once (IndexedDB and service worker set). */
async function returningProfile(): Promise<void> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
    locale: 'pt-BR',
  })
  const page = await context.newPage()
  await page.goto(`${origin}/`)
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await page.getByTestId('game-grid').waitFor()
  await context.close()
}

interface Figures {
  score: number
  lcpMs: number
  cls: number
  tbtMs: number
}

async function measure(url: string, returning: boolean, name: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    ...(returning ? { userDataDir: profileDir } : {}),
  })
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      // Mobile with simulated throttling is Lighthouse's default; a returning player keeps their storage.
      returning ? { extends: 'lighthouse:default', settings: { disableStorageReset: true } } : undefined,
    )
    const lhr = result?.lhr
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`)
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}`)
    // Made again here: a Playwright run in between may have cleared test-results/.
    mkdirSync(reports, { recursive: true })
    writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr, null, 1))
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
    }
  } finally {
    chrome.kill()
  }
}

const pages = [
  { name: 'first-visit', label: '/ (first visit)', minScore: 95, url: async () => `${origin}/`, returning: false },
  { name: 'lobby', label: '/ (returning player, lobby)', minScore: 95, url: async () => `${origin}/`, returning: true },
  { name: 'game-page', label: 'game page', minScore: 90, url: () => gamePageUrl('tigre-sortudo'), returning: false },
]

let missed = false
try {
  await returningProfile()
  console.log(`median of ${RUNS} runs each`)
  console.log('page                          score      LCP      CLS      TBT')
  for (const page of pages) {
    const runs: Figures[] = []
    // A fresh launch URL each run (the token works once); the median of each figure.
    for (let run = 0; run < RUNS; run++)
      runs.push(await measure(await page.url(), page.returning, `${page.name}-${run + 1}`))
    const median = (key: keyof Figures) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number
    const figures: Figures = {
      score: median('score'),
      lcpMs: median('lcpMs'),
      cls: median('cls'),
      tbtMs: median('tbtMs'),
    }
    const ok = figures.score >= page.minScore && figures.lcpMs <= BUDGET.lcpMs && figures.cls <= BUDGET.cls
    missed ||= !ok
    console.log(
      `${page.label.padEnd(30)}${String(figures.score).padStart(5)}${`${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(9)}${figures.cls.toFixed(3).padStart(9)}${`${Math.round(figures.tbtMs)} ms`.padStart(9)}  ${ok ? 'ok' : 'MISSED'}`,
    )
  }
  console.log(
    `budgets: / ≥ 95, game page ≥ 90, LCP ≤ ${(BUDGET.lcpMs / 1000).toFixed(1)} s, CLS ≤ ${BUDGET.cls} (ARCHITECTURE.md); TBT shown, no budget`,
  )
} finally {
  await app.close()
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
}
process.exitCode = missed ? 1 : 0
