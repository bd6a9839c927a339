// axe over every route of the player app in Chromium at a phone's size (390×844): no serious or
// critical accessibility violation anywhere (contrast, landmarks, headings, names — including a
// name that contains the visible text, label-content-name-mismatch). A funded player, so screens
// with money and history show their full state, not only empty states. The route list is checked
// against the router's own, so a new route is walked as soon as it exists. The console's money
// watch screens are walked too, at the console's desktop size and at a phone's, and so are
// verification's: the account sheet, the deposit screen while a review waits, the console's queue.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import { sandboxCpf } from '../../server/accounts/identity-sandbox.ts'
import {
  accountInfo,
  consolePage,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  requestWithdrawal,
  seriousAxeViolations,
  specRoutes,
} from './support.ts'

test('the walked routes are every route the player app defines', () => {
  const source = readFileSync('src/app/routes.ts', 'utf8')
  const defined = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1])
  expect(defined.length).toBeGreaterThan(20)
  const walked = new Set(specRoutes.map((route) => route.split('?')[0]))
  expect(defined.filter((path) => !walked.has(path))).toEqual([])
})

test('every route has no serious or critical axe violation at 390×844', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await fundedPlayer(page, 5000, randomCpf())
  const found: string[] = []
  for (const path of specRoutes) {
    await page.goto(path)
    await page.locator('main').waitFor()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    // Besides serious and critical: every screen has its <h1> (every page, `/` included).
    for (const violation of await seriousAxeViolations(page, { alsoRules: ['page-has-heading-one'] })) {
      found.push(`${path} ${violation}`)
    }
  }
  expect(found).toEqual([])
})

test('the open game frame is a named dialog, and the sandbox strip sits in a landmark', async ({ page }) => {
  await enterApp(page)
  await expect(page.locator('aside[data-testid="sandbox-marker"]')).toBeVisible()
  await page.getByTestId('game-amazonia').click()
  const frame = page.getByRole('dialog', { name: 'Jogo aberto' })
  await expect(frame).toBeVisible()
  await expectNoSeriousAxe(page, { include: '[data-testid="game-frame"]' })
  const closed = await seriousAxeViolations(page, {
    include: '[data-testid="game-frame"]',
    alsoRules: ['aria-dialog-name'],
  })
  expect(closed).toEqual([])
  // An open game counts as playing now on the server every spec shares.
  await Promise.all([page.waitForResponse('**/api/v1/games/close'), page.getByTestId('game-frame-close').click()])
})

test('the money watch in the console (flags, a case, the review panel, its settings) has no serious or critical axe violation at 1280×800 and 390×844', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  // A player who deposits and asks money out without playing: a flag, a case, a withdrawal in review.
  const cpf = randomCpf()
  await fundedPlayer(page, 250_000, cpf)
  const order = await requestWithdrawal(page, cpf, 200_000, `a11y-watch-${Date.now()}`)
  expect(order.success).toBe(true)
  const orderId = order.data.orderId as string
  const { userId } = await accountInfo(page)
  const flags = await page.request.post('/api/ops/risk/flags', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { playerId: userId },
  })
  const flagId = (await flags.json()).data.items[0].id as number

  const email = `axe.watch.${Date.now()}@jogolimpo.example`
  createOperator(email, 'admin', 'Ana Axe')
  const console = await consolePage(browser, email)

  const found: string[] = []
  const screens: [string, () => Promise<void>][] = [
    ['/console/watch', async () => expect(console.getByTestId(`flag-row-${flagId}`)).toBeVisible()],
    [`/console/watch/cases/${flagId}`, async () => expect(console.getByTestId('case-reasons')).toBeVisible()],
    ['/console/settings', async () => expect(console.getByTestId('watch-settings')).toBeVisible()],
    [
      '/console/withdrawals',
      async () => {
        await console.getByTestId(`order-${orderId}`).getByRole('button', { name: orderId }).click()
        await expect(console.getByTestId('money-watch').getByTestId('flag-little_play')).toBeVisible()
      },
    ],
  ]
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await console.setViewportSize({ width, height })
    for (const [path, ready] of screens) {
      await console.goto(path)
      await ready()
      await expect(console.locator('[aria-busy="true"]')).toHaveCount(0)
      for (const violation of await seriousAxeViolations(console, { alsoRules: ['page-has-heading-one'] }))
        found.push(`${path} at ${width}px: ${violation}`)
    }
  }
  expect(found).toEqual([])
  await console.context().close()
})

test('the lobby with a game an operator switched off has no serious axe violation at 390×844', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const switchGame = async (body: object) => {
    const answer = await page.request.post('/api/ops/games/switch', {
      headers: { 'x-ops-token': E2E_OPS_TOKEN },
      data: { gameId: 'arraia-da-sorte', reason: 'a11y', ...body },
    })
    expect((await answer.json()).success).toBe(true)
  }
  await switchGame({ on: false, offReason: 'maintenance' })
  try {
    await enterApp(page)
    // The lobby's list may be cached for a few seconds.
    await expect
      .poll(
        async () => {
          await page.goto('/')
          // Count once the grid has drawn this game's card (the lobby renders after its catalog).
          await page.getByTestId('game-arraia-da-sorte').waitFor()
          return page.getByTestId('game-unavailable').count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    await expect(page.getByTestId('game-arraia-da-sorte')).toContainText('Indisponível: em manutenção')
    await expectNoSeriousAxe(page, { include: '[data-testid="game-grid"]' })
  } finally {
    await switchGame({ on: true })
  }
})

test('verification (the account sheet, the review card, the console queue with a review open) has no serious or critical axe violation', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // The player: the account sheet, then the deposit screen while our team reviews a name mismatch.
  await page.setViewportSize({ width: 390, height: 844 })
  await enterApp(page, '/rechargeMall')
  const { userId } = await accountInfo(page)
  await page.getByTestId('verify-start').click()
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await sheet.getByLabel('Nome completo').fill('Maria Souza Lima')
  await sheet.getByLabel('CPF').pressSequentially(sandboxCpf('name_mismatch', 90 + (Date.now() % 10)))
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  const found = (await seriousAxeViolations(page)).map((v) => `account sheet: ${v}`)
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  const review = page.getByRole('dialog', { name: 'Seus dados estão em análise' })
  for (const v of await seriousAxeViolations(page)) found.push(`review sheet: ${v}`)
  await review.getByRole('button', { name: 'Entendi' }).click()
  await expect(page.getByTestId('verification-status')).toContainText('Seus dados estão em análise')
  for (const v of await seriousAxeViolations(page, { alsoRules: ['page-has-heading-one'] }))
    found.push(`deposit in review: ${v}`)

  // The console's queue with that verification open, at the desktop's size and a phone's.
  const email = `axe.kyc.${Date.now()}@jogolimpo.example`
  createOperator(email, 'risk', 'Rita Axe')
  const console = await consolePage(browser, email)
  await console.goto('/console/verifications')
  await console.getByTestId(`verification-${userId}`).getByRole('button').click()
  await expect(console.getByTestId('verification-panel')).toBeVisible()
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await console.setViewportSize({ width, height })
    await expect(console.locator('[aria-busy="true"]')).toHaveCount(0)
    for (const v of await seriousAxeViolations(console, { alsoRules: ['page-has-heading-one'] }))
      found.push(`console queue at ${width}px: ${v}`)
  }
  expect(found).toEqual([])
  await console.context().close()
})
