// axe over every route of the player app in Chromium at a phone's size (390×844): no serious or
// critical accessibility violation anywhere (contrast, landmarks, headings, names — including a
// name that contains the visible text, label-content-name-mismatch). A funded player, so screens
// with money and history show their full state, not only empty states. The route list is checked
// against the router's own, so a new route is walked as soon as it exists.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { enterApp, expectNoSeriousAxe, fundedPlayer, seriousAxeViolations, specRoutes } from './support.ts'

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
  await Promise.all([page.waitForResponse('**/api/game/close'), page.getByTestId('game-frame-close').click()])
})
