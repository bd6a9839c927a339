// axe over every route of the player app in Chromium at a phone's size: no serious or critical
// accessibility violation anywhere (contrast, landmarks, headings, names). A funded player, so
// screens with money and history show their full state, not only empty states.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { enterApp, fundedPlayer, specRoutes } from './support.ts'

test('every route has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(240_000)
  await fundedPlayer(page, 5000, randomCpf())
  const found: string[] = []
  for (const path of specRoutes) {
    await page.goto(path)
    await page.locator('main').waitFor()
    await page.waitForLoadState('networkidle')
    const results = await new AxeBuilder({ page }).analyze()
    for (const v of results.violations) {
      // Besides serious and critical: every screen has its <h1> (every page, `/` included).
      if (v.impact !== 'serious' && v.impact !== 'critical' && v.id !== 'page-has-heading-one') continue
      found.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
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
  const results = await new AxeBuilder({ page }).include('[data-testid="game-frame"]').analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => v.id)).toEqual([])
  expect(results.violations.map((v) => v.id)).not.toContain('aria-dialog-name')
})
