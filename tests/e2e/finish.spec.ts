// What a new player touches in the first minutes, at 390×844 in Chromium: toasts that cover
// nothing they need and stay long enough to read, popovers and panels that close, overlays one
// at a time, controls in the app's own style.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { fundedPlayer, PLAYER_PASSWORD, registerKey } from './support.ts'

test.use({ viewport: { width: 390, height: 844 } })

type Box = { x: number; y: number; width: number; height: number }
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  return box as Box
}

/** The toast lies inside the viewport, spans its width, and covers none of `controls`. */
async function expectToastClearOf(page: Page, controls: Locator[]) {
  const toast = page.getByTestId('toast')
  await expect(toast).toBeVisible()
  const box = await boxOf(toast)
  const viewport = page.viewportSize() ?? { width: 0, height: 0 }
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 32)
  for (const control of controls) expect(intersects(box, await boxOf(control))).toBe(false)
  // Normal corners, not a pill.
  const radius = await toast.evaluate((el) => Number.parseFloat(getComputedStyle(el).borderTopLeftRadius))
  expect(radius).toBeLessThanOrEqual(12)
  return toast
}

test('a long refusal toast spans the screen, covers neither the password nor the confirm button, stays ≥ 3 s and closes', async ({
  page,
}) => {
  await fundedPlayer(page, 10000, randomCpf())
  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('60')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog', { name: 'Sacar R$ 60,00 por PIX' })
  // A phone key registered to someone else's CPF: refused in a long sentence.
  await registerKey(page, '+5511987654321', 'phone', randomCpf())
  await sheet.getByRole('button', { name: 'Telefone', exact: true }).click()
  await sheet.getByLabel(/Chave PIX/).pressSequentially('11987654321')
  const password = sheet.getByLabel('Senha da conta')
  await password.fill(PLAYER_PASSWORD)
  const confirm = sheet.getByRole('button', { name: 'Confirmar saque de R$ 60,00' })
  await confirm.click()
  const toast = await expectToastClearOf(page, [password, confirm])
  const text = (await toast.getByRole('status').textContent()) ?? ''
  expect(text).toContain('não está registrada no seu CPF')
  expect(text.length).toBeGreaterThan(80)
  // Still there after 3 s (a long text stays longer), then closed by its button.
  await page.waitForTimeout(3200)
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Fechar aviso' }).click()
  await expect(toast).toHaveCount(0)

  // A short wrong-password refusal: same rules.
  await password.fill('not-my-password')
  await confirm.click()
  await expectToastClearOf(page, [password, confirm])
})
