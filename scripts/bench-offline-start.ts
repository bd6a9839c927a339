// `npm run bench:offline-start` (build the app first: `npm run build`): how long a returning
// player waits, offline on a weak 3G profile (~400 ms RTT, ~400 kbit/s), from tapping the home-screen
// icon to seeing the balance — the built app served by the real server on a fresh SQLite file, in
// Debian's Chromium as a Pixel 7. In turn with it, the floor: the same start with nothing in
// between — a page of one HTML file and one script, served offline by a service worker of
// twenty lines from its cache, that reads a balance from IndexedDB and writes it into the page.
// Prints the median, best and worst of each (BENCH_RUNS, default 7), their ratio, the product's
// budget (1 s, docs/performance.md) and the load average; exits 1 when the app's median misses it.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, devices, type Page } from '@playwright/test'
import Fastify from 'fastify'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { buildTestApp } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

cliArgs({}, 'usage: npm run bench:offline-start')

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const BUDGET_MS = 1000
const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 }

const floorPage = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Saldo</title></head>
<body><p data-testid="balance"></p><script type="module" src="/floor.js"></script></body></html>`

const floorScript = `
if (!navigator.serviceWorker.controller) navigator.serviceWorker.register('/sw.js')
const open = indexedDB.open('floor', 1)
open.onupgradeneeded = () => open.result.createObjectStore('kv')
open.onsuccess = () => {
  const store = open.result.transaction('kv', 'readwrite').objectStore('kv')
  const read = store.get('balance')
  read.onsuccess = () => {
    if (read.result === undefined) store.put('R$ 0,00', 'balance')
    document.querySelector('[data-testid="balance"]').textContent = read.result ?? 'R$ 0,00'
  }
}`

const floorWorker = `
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open('floor').then((cache) => cache.addAll(['/', '/floor.js'])))
  self.skipWaiting()
})
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (event) => {
  const request = event.request
  event.respondWith(
    caches.match(request.mode === 'navigate' ? '/' : request).then((cached) => cached ?? fetch(request)),
  )
})`

async function startFloor(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = Fastify()
  server.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(floorPage))
  server.get('/floor.js', (_request, reply) => reply.type('text/javascript').send(floorScript))
  server.get('/sw.js', (_request, reply) => reply.type('text/javascript').send(floorWorker))
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the floor server has no port')
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() }
}

async function startApp(dataDir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  Object.assign(process.env, { HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
  const db = openDatabase({ dataDir })
  await migrateToLatest(db)
  const app = await buildTestApp(db, { ...(process.env as Record<string, string>), STATIC_DIR: path.resolve('dist') })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the app has no port')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close()
      await db.close()
    },
  }
}

/** A returning device: the page opened once online, its service worker controlling it. */
async function returning(page: Page, origin: string, kind: 'app' | 'floor') {
  await page.goto(`${origin}/`)
  if (kind === 'app') await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page
    .getByTestId('balance')
    .filter({ hasText: /R\$\s\d/ })
    .waitFor()
}

/** Milliseconds from the offline navigation's start to the balance on screen. */
async function offlineStart(context: BrowserContext, origin: string, kind: 'app' | 'floor'): Promise<number> {
  const page = await context.newPage()
  await returning(page, origin, kind)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW)
  await context.setOffline(true)
  const started = performance.now()
  await page.goto(`${origin}/`, { waitUntil: 'commit' })
  await page
    .getByTestId('balance')
    .filter({ hasText: /R\$\s\d/ })
    .waitFor({ timeout: 30_000 })
  const took = performance.now() - started
  await context.setOffline(false)
  return took
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    median: sorted[Math.floor(sorted.length / 2)] as number,
    best: sorted[0] as number,
    worst: sorted.at(-1) as number,
  }
}

const loadAtStart = loadavg()
const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-offline-start-'))
const app = await startApp(dataDir)
const floor = await startFloor()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const chromiumVersion = browser.version()
const times = { app: [] as number[], floor: [] as number[] }
try {
  // In turn, each in a fresh context (a device of its own), so both meet the same machine.
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['app', 'floor'] as const) {
      const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'pt-BR', serviceWorkers: 'allow' })
      times[kind].push(await offlineStart(context, kind === 'app' ? app.origin : floor.origin, kind))
      await context.close()
    }
  }
} finally {
  await browser.close()
  await floor.close()
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
}

const loadAtEnd = loadavg()
const appFigures = summary(times.app)
const floorFigures = summary(times.floor)
const ms = (value: number) => `${value.toFixed(0)} ms`
console.log(`offline start on the weak 3G profile, ${RUNS} runs each (Pixel 7, Chromium ${chromiumVersion})`)
console.log(`  ${'page'.padEnd(8)} ${'median'.padStart(8)} ${'best'.padStart(8)} ${'worst'.padStart(8)}`)
for (const [name, figures] of [
  ['app', appFigures],
  ['floor', floorFigures],
] as const)
  console.log(
    `  ${name.padEnd(8)} ${ms(figures.median).padStart(8)} ${ms(figures.best).padStart(8)} ${ms(figures.worst).padStart(8)}`,
  )
console.log(`  app ÷ floor (medians): ${(appFigures.median / floorFigures.median).toFixed(2)}×`)
console.log(
  `  budget: the balance on screen within ${ms(BUDGET_MS)} — ${appFigures.median <= BUDGET_MS ? 'met' : 'MISSED'}`,
)
console.log(
  `  load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`,
)
if (appFigures.median > BUDGET_MS) process.exitCode = 1
