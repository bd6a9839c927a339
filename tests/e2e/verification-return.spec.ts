// Verification without friction, in Chromium at 360×640: "Verificar conta" from the welcome opens
// the form on the deposit screen at once, says when the account is verified, and leaves the player
// at the deposit, the next step; from the wheel the way back reopens the wheel; details sent to our team say by when it answers
// (the queue's four-hour clock) in the sheet and on the deposit card; after our team refuses them,
// the form starts from what the player sent instead of empty. Each screen without a serious axe
// finding.
import { expect, type Page, test } from '@playwright/test'
import { formatCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import { sandboxCpf } from '../../server/accounts/identity-sandbox.ts'
import { accountInfo, enterApp, expectNoSeriousAxe, nextCpfSerial, verifyInSheet } from './support.ts'

const SHOTS = process.env.SCREENSHOT_DIR

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  for (const [width, height] of [
    [360, 640],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 360, height: 640 })
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 })
})

test('"Verificar conta" from the welcome: the form opens, success is said, and the deposit is the next step, right there', async ({
  page,
}) => {
  // Brazil's rules forbid the welcome gift: the welcome leads to verification, then a deposit (the
  // gift's way back, where a market allows it: rewards.spec.ts).
  await enterApp(page, '/', { keepWelcome: true })
  const welcome = page.getByRole('dialog', { name: 'Seu primeiro jogo' })
  await welcome.getByRole('link', { name: 'Verificar conta' }).click()
  await expect(page).toHaveURL(/\/rechargeMall\?verify=1$/)
  await expect(welcome).toHaveCount(0)
  // The form is open at once, its first field focused.
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await expect(sheet.getByLabel('Nome completo')).toBeFocused()
  await shoot(page, 'verify-from-welcome-sheet')
  await verifyInSheet(page, 'Ana Souza Lima')
  await expect(page.getByTestId('toast')).toContainText(
    'Conta verificada: nome, CPF e data de nascimento conferidos. Você já pode depositar e receber promoções.',
  )
  await expect(page.getByTestId('verification-status')).toHaveCount(0)
  // No way back to offer: the next step, the deposit, is this screen.
  await expect(page.getByTestId('verify-return')).toHaveCount(0)
  await expect(page.getByTestId('deposit-submit')).toBeVisible()
  await expectNoSeriousAxe(page)
  await shoot(page, 'verify-from-welcome-done')
})

test('the way back is there without verifying too, and from the wheel it reopens the wheel', async ({ page }) => {
  await enterApp(page)
  await page.getByTestId('dock-wheel').click()
  const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
  await wheel.getByRole('link', { name: 'Verificar conta' }).click()
  await page.getByRole('dialog', { name: 'Seus dados para o PIX' }).getByRole('button', { name: 'Cancelar' }).click()
  await page.getByTestId('verify-return').getByRole('button', { name: 'Voltar à roleta' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('dialog', { name: 'Roleta grátis' })).toBeVisible()
})

test('in review the player is told by when our team answers; after a refusal the form starts from what was sent', async ({
  page,
}) => {
  await enterApp(page, '/rechargeMall')
  const { userId } = await accountInfo(page)
  await page.getByTestId('verify-start').click()
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  const cpf = sandboxCpf('name_mismatch', nextCpfSerial())
  await sheet.getByLabel('Nome completo').fill('Maria Souza Lima')
  await sheet.getByLabel('CPF').pressSequentially(cpf)
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  const review = page.getByRole('dialog', { name: 'Seus dados estão em análise' })
  // The review exists once the server has answered the submission.
  await expect(review).toBeVisible()

  // The queue's clock is four hours: said with the time it runs out, from the server's record.
  const queue = await page.request.post('/api/ops/verifications/queue', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { status: 'open', limit: 200 },
  })
  const item = ((await queue.json()).data.items as { id: number; playerId: number; reviewDueAt: number }[]).find(
    (i) => i.playerId === userId,
  )
  expect(item).toBeDefined()
  const due = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(item?.reviewDueAt)
  const wait = `Nossa equipe responde em até 4 horas: até ${due}. A resposta aparece aqui.`
  await expect(review.getByTestId('verification-review-time')).toHaveText(wait)
  await expectNoSeriousAxe(page)
  await shoot(page, 'verify-review-sheet')
  await review.getByRole('button', { name: 'Entendi' }).click()
  await expect(page.getByTestId('verification-status').getByTestId('verification-review-time')).toHaveText(wait)
  await shoot(page, 'verify-review-card')

  // Our team refuses: the form opened again holds the name, CPF and date of birth the player sent.
  const decided = await page.request.post('/api/ops/verifications/decide', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { id: item?.id, decision: 'reject', reason: 'Nome diferente do documento' },
  })
  expect((await decided.json()).success).toBe(true)
  const card = page.getByTestId('verification-status')
  await expect(card).toContainText('Motivo da nossa equipe: Nome diferente do documento')
  await card.getByRole('button', { name: 'Enviar de novo' }).click()
  const again = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await expect(again.getByLabel('CPF')).toHaveValue(formatCpf(cpf))
  await expect(again.getByLabel('Data de nascimento')).toHaveValue('15/01/1990')
  await expect(again.getByLabel('Nome completo')).toHaveValue('Maria Souza Lima')
  await expectNoSeriousAxe(page)
  await shoot(page, 'verify-again-prefilled')
})

test('when our team approves while the deposit screen is open, it says the account is verified', async ({ page }) => {
  await enterApp(page, '/rechargeMall')
  const { userId } = await accountInfo(page)
  await page.getByTestId('verify-start').click()
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await sheet.getByLabel('Nome completo').fill('Maria Souza Lima')
  await sheet.getByLabel('CPF').pressSequentially(sandboxCpf('name_mismatch', nextCpfSerial()))
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await page
    .getByRole('dialog', { name: 'Seus dados estão em análise' })
    .getByRole('button', { name: 'Entendi' })
    .click()
  // The player sees it in review (the decision comes after).
  await expect(page.getByTestId('verification-status')).toContainText('Seus dados estão em análise')
  const queue = await page.request.post('/api/ops/verifications/queue', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { status: 'open' },
  })
  const item = ((await queue.json()).data.items as { id: number; playerId: number }[]).find(
    (i) => i.playerId === userId,
  )
  const decided = await page.request.post('/api/ops/verifications/decide', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { id: item?.id, decision: 'approve' },
  })
  expect((await decided.json()).success).toBe(true)
  await expect(page.getByTestId('verification-status')).toHaveCount(0)
  await expect(page.getByTestId('toast')).toHaveText(
    /Nossa equipe aprovou seus dados: conta verificada\. Você já pode depositar e receber promoções\./,
  )
})
