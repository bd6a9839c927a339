// Responsible gaming end to end in Chromium (issue 17): the 18+ gate records the confirmation
// whatever the order of taps (a language chip first used to log in unconfirmed, for good).
import { expect, test } from '@playwright/test'
import { accountInfo, adjustBalance } from './support.ts'

test('tapping a language on the 18+ screen first still records the confirmation, and games open', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'English' }).click()
  await page.getByRole('button', { name: 'Yes, I am 18 or older' }).click()
  await expect(page.getByTestId('balance')).toHaveText(/R\$ \d/)
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 1000)
  const welcome = page.getByRole('dialog')
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: /Later|Close/ }).click()
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
})
