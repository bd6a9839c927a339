// Every installed app is a witness, end to end in Chromium at 390×844. A server of its own
// (E2E_PORT + 12) on 45 days of history: a player's phone opens /transparencia, verifies the chain
// (the head is kept in IndexedDB), and in Perfil checks its own balance in the day's proof of
// liabilities. Then someone with the database rewrites a past day and re-hashes every day after it,
// so the chain is consistent in itself: the same phone, on its next visit, says plainly that the
// published history was changed since the day it saw, sends both heads to the public report, and
// the report shows on the console's dashboard. Screenshots of each screen; axe on each.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, type Page, test } from '@playwright/test'
import type { DayFigures, TransparencyView } from '../../contract/transparency.ts'
import { snapshotHash } from '../../contract/transparency-chain.ts'
import { SQLITE_FILE } from '../../server/db/backup.ts'
import { historyDataDir } from '../support/transparency-history.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import { enterApp, OPERATOR_PASSWORD, readStored, seriousAxeViolations } from './support.ts'

const appPort = E2E_PORT
const port = appPort + 12
const origin = `http://127.0.0.1:${port}`
const dataDir = '.e2e-data-witness'
const SHOTS = 'test-results/screens'
const OPS_TOKEN = 'e2e-witness-ops-token-0123456789'

let server: SpecServer | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await historyDataDir(dataDir)
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      PUBLIC_URL: origin,
      OPS_TOKEN,
      TRANSPARENCY_HELD_FOR_PLAYERS: '15000@2026-11-27:extrato do PSP',
      SANDBOX_PIX_PORT: String(appPort + 13),
      SANDBOX_SMTP_PORT: '0',
      FACE_CHECK: 'off',
      SANDBOX_MAILBOX_PORT: '0',
    },
  })
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const seriousAxe = (page: Page) => seriousAxeViolations(page)
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** What someone with the database does: the triggers dropped, a past day changed, every later day re-hashed. */
function rewriteChainFrom(day: string) {
  const file = new DatabaseSync(path.join(dataDir, SQLITE_FILE))
  try {
    file.exec('drop trigger transparency_snapshots_no_update')
    const rows = file
      .prepare('select day, previous_hash, figures from transparency_snapshots where day >= ? order by day')
      .all(day) as { day: string; previous_hash: string; figures: string }[]
    let previous = rows[0]?.previous_hash as string
    for (const row of rows) {
      const figures = JSON.parse(row.figures) as DayFigures
      if (row.day === day) figures.withdrawals.paid += 3
      const hash = snapshotHash({ day: row.day, previousHash: previous, figures })
      file
        .prepare('update transparency_snapshots set figures = ?, previous_hash = ?, hash = ? where day = ?')
        .run(JSON.stringify(figures), previous, hash, row.day)
      previous = hash
    }
  } finally {
    file.close()
  }
}

test('a phone that saw the chain says so when it is rewritten, and its report reaches the console', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  // A player with money, before the day's proof is made (the first page read freezes the days due).
  await enterApp(page, `${origin}/`)
  const userId = (await readStored<{ userId: number }>(page, 'user'))?.userId as number
  const adjust = await page.request.post(`${origin}/api/ops/adjust`, {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: { requestId: crypto.randomUUID(), userId, amount: 12_345, reason: 'saldo de teste' },
  })
  expect((await adjust.json()).success).toBe(true)

  // First visit: the chain checks, and the phone keeps its head.
  await page.goto(`${origin}/transparencia`)
  await expect(page.getByTestId('chain-status')).toContainText('✓ cadeia verificada até')
  const view = (await (await page.request.get(`${origin}/api/transparency`)).json()).data as TransparencyView
  const head = view.chain.head as { day: string; hash: string }
  await expect
    .poll(() => readStored<{ day: string; hash: string }[]>(page, 'witnessedHeads'))
    .toEqual([expect.objectContaining(head)])
  await expect(page.getByTestId('liabilities-total')).toContainText('R$')
  await expect(page.getByTestId('liabilities-held')).toContainText('extrato do PSP')
  expect(await seriousAxe(page)).toEqual([])
  await page.getByTestId('t-liabilities').screenshot({ path: `${SHOTS}/witness-liabilities.png` })

  // Perfil → "Meu saldo na prova de hoje": the player's leaf, verified on the device.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.goto(`${origin}/mine`)
  await page.getByRole('link', { name: 'Meu saldo na prova de hoje' }).click()
  await expect(page.getByTestId('proof-verdict')).toContainText('✓ Conferido neste aparelho')
  await expect(page.getByTestId('balance-proof')).toContainText('R$ 123,45')
  expect(await seriousAxe(page)).toEqual([])
  await page.screenshot({ path: `${SHOTS}/witness-balance-proof.png` })
  // The worker keeps the public figures for offline reading, never the player's proof (their salt).
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await page.evaluate(() => fetch('/api/transparency').then((r) => r.text()))
  const cachedUrls = () =>
    page.evaluate(async () => (await (await caches.open('transparency')).keys()).map((request) => request.url))
  // The worker writes its cache after answering: wait for the public read to land.
  await expect.poll(async () => (await cachedUrls()).some((url) => url.endsWith('/api/transparency'))).toBe(true)
  expect((await cachedUrls()).filter((url) => url.includes('/liabilities/'))).toEqual([])

  // The rewrite: ten days back, re-hashed forward (consistent in itself, so only a witness sees it).
  const [y, m, d] = head.day.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(y, m - 1, d - 10)).toISOString().slice(0, 10)
  rewriteChainFrom(target)
  const rewritten = (await (await page.request.get(`${origin}/api/transparency/snapshots/${head.day}.json`)).json())
    .data as { hash: string }
  expect(rewritten.hash).not.toBe(head.hash)

  // A later visit: the list's minute of HTTP cache (max-age=60) has passed.
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache')
  await page.goto(`${origin}/transparencia`)
  const warning = page.getByTestId('chain-rewritten')
  await expect(warning).toContainText(`O histórico publicado foi alterado desde ${ddmm(head.day)}.`)
  await expect(page.getByTestId('chain-status')).not.toContainText('✓')
  expect(await seriousAxe(page)).toEqual([])
  await warning.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/witness-rewritten.png` })
  // Reported once: the phone marks the head as sent.
  await expect
    .poll(async () => (await readStored<{ reported?: boolean }[]>(page, 'witnessedHeads'))?.[0]?.reported)
    .toBe(true)

  // The console: an operator of the risk team sees the report on the dashboard.
  const email = `rita.${Date.now()}@jogolimpo.example`
  execFileSync(
    process.execPath,
    ['scripts/ops-operator.ts', 'create', email, 'risk', '--password', OPERATOR_PASSWORD, '--name', 'Rita Risco'],
    { env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: origin }, encoding: 'utf8' },
  )
  const deskContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' })
  const desk = await deskContext.newPage()
  await desk.goto(`${origin}/console/`)
  await desk.getByLabel('E-mail').fill(email)
  await desk.getByLabel('Senha').fill(OPERATOR_PASSWORD)
  await desk.getByRole('button', { name: 'Entrar' }).click()
  const panel = desk.getByTestId('witness-reports')
  await expect(panel).toContainText('Aparelhos viram outro histórico de transparência')
  await expect(panel).toContainText(head.day)
  await expect(panel).toContainText(head.hash.slice(0, 12))
  await expect(panel).toContainText(rewritten.hash.slice(0, 12))
  expect(await seriousAxeViolations(desk, { include: '[data-testid="witness-reports"]' })).toEqual([])
  await panel.screenshot({ path: `${SHOTS}/witness-console.png` })
  await deskContext.close()
})
