// The public transparency page end to end in Chromium at 390×844. A server of its own (port
// E2E_PORT + 8) starts on a database holding 45 days of history (tests/support/
// transparency-history.ts), so the page has frozen days to verify: a visitor with no account and
// no 18+ confirmation opens /transparencia, sees the server's figures and "cadeia verificada até"
// checked in the browser, in pt-BR, en and hi (screenshots), with no serious axe violation; offline
// it opens from the device's copy, marked with the time the figures were computed. On the main
// server, Perfil's footer and Ajuda link to it.
import { rmSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import type { TransparencyView } from '../../contract/transparency.ts'
import { localDate } from '../../server/lib/periods.ts'
import { addDays } from '../../server/transparency/figures.ts'
import { historyDataDir } from '../support/transparency-history.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import { enterApp, seriousAxeViolations } from './support.ts'

const appPort = E2E_PORT
const port = appPort + 8
const origin = `http://127.0.0.1:${port}`
const dataDir = '.e2e-data-transparency'
const SHOTS = 'test-results/screens'

let server: SpecServer | undefined
/** When the history was written: its first ledger movement is 45 days before. */
let historyNow = 0

/** The market's zone, the one the server freezes days in. */
const MARKET_ZONE = 'America/Sao_Paulo'

test.beforeAll(async () => {
  test.setTimeout(120_000)
  historyNow = Date.now()
  await historyDataDir(dataDir, historyNow)
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      // The history's open withdrawals are long past the 120-minute alert: not this test's subject.
      LOG_LEVEL: 'fatal',
      PUBLIC_URL: origin,
      SANDBOX_PIX_PORT: String(appPort + 9),
      SANDBOX_SMTP_PORT: '0',
      FACE_CHECK: 'off',
      SANDBOX_MAILBOX_PORT: '0',
    },
  })
  // A server that has been running froze each day at its midnight; this one starts with 45 days
  // due, and freezes them (a time-stamp each) on its first answer. The visitor of these tests
  // comes after that, as on a live server: the first answer is asked here, without the app's
  // 10-second read timeout, so a loaded machine's slow freeze is not mistaken for the page's.
  const warmed = await fetch(`${origin}/api/transparency`)
  expect(((await warmed.json()) as { success: boolean }).success).toBe(true)
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The first screen, then each section on its own (a full-page shot is too tall to look at). */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
  for (const section of ['t-withdrawals', 't-deposits', 't-games', 't-jackpot', 't-support', 't-chain'])
    await page.getByTestId(section).screenshot({ path: `${SHOTS}/${name}-${section.slice(2)}.png` })
}

const seriousAxe = (page: Page) => seriousAxeViolations(page, { alsoRules: ['page-has-heading-one'] })

test('a visitor with no account sees the server’s figures and the chain checked, in pt-BR, en and hi', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${origin}/transparencia`)
  await expect(page.getByRole('heading', { level: 1, name: 'Transparência' })).toBeVisible()
  // No 18+ screen and no account: nothing was logged in.
  await expect(page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' })).toHaveCount(0)
  // The server's view is read once the page has checked its chain, so both saw the same frozen days.
  await expect(page.getByTestId('chain-status')).toContainText('✓ cadeia verificada até')
  const view = (await (await page.request.get(`${origin}/api/transparency`)).json()).data as TransparencyView
  // The chain runs from the ledger's first day to the last day closed a minute ago: 45 days, or
  // 44 when the page is opened in the first minute after the market's midnight (the grace a day
  // waits before it freezes). The page says the number of days it verified itself.
  const today = localDate(Date.now(), MARKET_ZONE)
  expect(view.chain.first).toBe(localDate(historyNow - 45 * 86_400_000, MARKET_ZONE))
  expect([addDays(today, -1), addDays(today, -2)]).toContain(view.chain.head?.day)
  expect(addDays(view.chain.first ?? '', view.chain.days - 1)).toBe(view.chain.head?.day)
  expect([44, 45]).toContain(view.chain.days)
  await expect(page.getByTestId('chain-status')).toContainText(
    new RegExp(`✓ cadeia verificada até \\d{2}/\\d{2} \\(${view.chain.days} dias\\)`),
  )
  const [, m, d] = (view.chain.head?.day ?? '').split('-')
  await expect(page.getByTestId('chain-status')).toContainText(`até ${d}/${m}`)
  // The numbers on the screen are the server's (each recounted from the tables by the server test).
  await expect(page.getByTestId('paid-30d')).toHaveText(String(view.paid.last30d))
  await expect(page.getByTestId('paid-24h')).toHaveText(String(view.paid.last24h))
  await expect(page.getByTestId('fee-steps')).toContainText(
    `Taxas cobradas: 0 — conferido em cada um dos ${view.withdrawals.paid} saques pagos`,
  )
  await expect(page.getByTestId('t-game-fruta-fina-1')).toContainText(/Dentro do esperado|Fora da faixa/)
  await expect(page.getByTestId('computed-at')).toContainText('Números calculados em')
  await expect(page.getByText(view.chain.head?.hash ?? 'no head')).toBeVisible()
  expect(await seriousAxe(page)).toEqual([])
  await shoot(page, 'transparency-pt-BR')

  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency' })).toBeVisible()
  await expect(page.getByTestId('chain-status')).toContainText('chain verified up to')
  expect(await seriousAxe(page)).toEqual([])
  await page.evaluate(() => window.scrollTo(0, 0))
  await shoot(page, 'transparency-en')

  await page.getByRole('button', { name: 'हिन्दी' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'पारदर्शिता' })).toBeVisible()
  await expect(page.getByTestId('chain-status')).toContainText('श्रृंखला')
  expect(await seriousAxe(page)).toEqual([])
  await page.evaluate(() => window.scrollTo(0, 0))
  await shoot(page, 'transparency-hi')
})

test('offline, the page opens from the device’s copy, marked with when its figures were computed', async ({
  page,
  context,
}) => {
  await page.goto(`${origin}/transparencia`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  // Once the worker controls the page, its reads go through the worker's cache.
  await page.reload()
  await expect(page.getByTestId('chain-status')).toContainText('cadeia verificada até')
  const view = (await (await page.request.get(`${origin}/api/transparency`)).json()).data as TransparencyView
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('computed-at')).toContainText(
    'Sem conexão: números guardados neste aparelho, calculados em',
  )
  const computed = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(view.computedAt)
  await expect(page.getByTestId('computed-at')).toContainText(computed)
  await expect(page.getByTestId('paid-30d')).toHaveText(String(view.paid.last30d))
  // The frozen days come from the cache too: the browser still checks the chain.
  await expect(page.getByTestId('chain-status')).toContainText('cadeia verificada até')
  await shoot(page, 'transparency-offline')
  await context.setOffline(false)
})

test('Perfil’s footer and Ajuda link to the transparency page', async ({ page }) => {
  await enterApp(page, '/mine')
  await page.getByRole('link', { name: 'Transparência: como pagamos, em números públicos' }).click()
  await expect(page).toHaveURL(/\/transparencia$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Transparência' })).toBeVisible()
  await page.goto('/service')
  await page.getByRole('link', { name: 'Transparência: como pagamos' }).click()
  await expect(page).toHaveURL(/\/transparencia$/)
  await expect(page.getByTestId('t-withdrawals')).toBeVisible()
})
