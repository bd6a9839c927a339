// Know your customer end to end in Chromium: a player gives name, CPF and date of birth on the
// deposit screen; the sandbox bureau says the CPF is registered to another name → the sheet and the
// deposit card say so in words and the deposit waits → a risk operator finds it in the console's
// *Verificações* queue (clock, what was given beside the bureau's record), approves it → the
// player's screen updates by push and the deposit goes through. Also: a refusal said in words
// (suspended CPF), and the barred list uploaded in the console holding a verified player. Screens:
// the player's at 390×844, the console's at 1280×800 and 390×844, each without a serious or
// critical axe finding and without sideways scroll.
import { expect, type Page, test } from '@playwright/test'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import { sandboxCpf } from '../../server/accounts/identity-sandbox.ts'
import {
  accountInfo,
  consolePage,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  nextCpfSerial,
  playerCall,
  verifyPlayer,
} from './support.ts'

const SHOTS = process.env.SCREENSHOT_DIR

/** Axe (and no sideways scroll) at each size, with a screenshot of each when asked. */
async function checkSizes(page: Page, name: string, sizes: readonly (readonly [number, number])[]) {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height })
    await expectNoSeriousAxe(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/kyc-${name}-${width}.png`, fullPage: width > 400 })
  }
}
const phone = [[390, 844]] as const
const both = [
  [1280, 800],
  [390, 844],
] as const

/** Fills the account sheet the player sees before the first deposit. */
async function giveDetails(page: Page, fullName: string, cpf: string) {
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await sheet.getByLabel('Nome completo').fill(fullName)
  await sheet.getByLabel('CPF').pressSequentially(cpf)
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  return sheet
}

test('name mismatch → the verification queue → an operator approves → the player deposits', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const rita = `rita.kyc.${Date.now()}@jogolimpo.example`
  expect(createOperator(rita, 'risk', 'Rita Risco')).toContain('(risk)')

  await page.setViewportSize({ width: 390, height: 844 })
  await enterApp(page, '/rechargeMall')
  const { userId } = await accountInfo(page)
  await expect(page.getByTestId('verification-status')).toContainText(
    'confirme seu nome completo, CPF e data de nascimento',
  )
  await checkSizes(page, 'deposit-unverified', phone)
  await page.getByTestId('verify-start').click()
  const cpf = sandboxCpf('name_mismatch', nextCpfSerial())
  const sheet = await giveDetails(page, 'Maria Souza Lima', cpf)
  await expect(sheet.getByLabel('Data de nascimento')).toHaveValue('15/01/1990')
  await checkSizes(page, 'account-sheet', phone)
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  const review = page.getByRole('dialog', { name: 'Seus dados estão em análise' })
  await expect(review.getByTestId('verification-review')).toContainText(
    'O nome informado não é o mesmo registrado no seu CPF na Receita Federal.',
  )
  await checkSizes(page, 'review-sheet', phone)
  await review.getByRole('button', { name: 'Entendi' }).click()
  const card = page.getByTestId('verification-status')
  await expect(card).toContainText('Seus dados estão em análise')
  await expect(page.getByTestId('deposit-submit')).toBeDisabled()
  await checkSizes(page, 'deposit-in-review', phone)

  // The console: the queue with its clock, what was given beside the bureau's record.
  const console = await consolePage(browser, rita)
  await console.getByRole('navigation').getByRole('link', { name: 'Verificações' }).click()
  const row = console.getByTestId(`verification-${userId}`)
  await expect(row).toContainText('Nome diferente do registrado no CPF')
  // Four hours to decide, counted from the player's submission.
  await expect(row.locator('.clock')).toHaveText(/^Prazo: 3 h [45]\d min$/)
  await row.getByRole('button').click()
  const panel = console.getByTestId('verification-panel')
  await expect(panel.getByTestId('verification-facts')).toContainText(formatCpf(cpf))
  await expect(panel.getByTestId('verification-facts')).toContainText('Registro Divergente dos Santos')
  await expect(panel.getByTestId('verification-facts')).toContainText('15/01/1990')
  await checkSizes(console, 'queue-review', both)
  await console.setViewportSize({ width: 1280, height: 800 })
  await panel.getByRole('button', { name: 'Aprovar' }).click()
  await expect(panel.getByTestId('verification-outcome')).toHaveText(
    'Aprovada: o jogador está verificado e pode depositar.',
  )
  await expect(console.getByTestId(`verification-${userId}`)).toHaveCount(0)
  await console.getByRole('tab', { name: 'Decididas' }).click()
  await expect(console.getByTestId(`verification-${userId}`)).toContainText('Aprovada · Rita Risco')
  await checkSizes(console, 'queue-decided', both)

  // The player's screen hears the decision by push (no reload) and the deposit goes through.
  await expect(card).toHaveCount(0)
  await page.getByRole('button', { name: /^R\$\s20,00/ }).click()
  await page.getByTestId('deposit-submit').click()
  await expect(page.getByTestId('pix-sheet').getByRole('heading')).toHaveText('Pague R$ 20,00 com PIX')
  const audit = await page.request.post('/api/ops/audit/list', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { action: 'verification.approve', pageNum: 1, pageSize: 20 },
  })
  const entries = (await audit.json()).data.entries as { objectId: string; actorName: string }[]
  expect(entries.find((e) => e.objectId === String(userId))?.actorName).toBe('Rita Risco')
})

test('a suspended CPF is refused in words; the barred list holds a verified player', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await enterApp(page, '/rechargeMall')
  await page.getByTestId('verify-start').click()
  const sheet = await giveDetails(page, 'Maria Souza Lima', sandboxCpf('suspended', nextCpfSerial()))
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(sheet.getByTestId('verification-refusal')).toHaveText(
    'Seu CPF está suspenso na Receita Federal. Regularize-o (gov.br ou uma agência) e tente de novo.',
  )
  await checkSizes(page, 'refused-suspended', phone)

  // A verified player on a newly uploaded barred list: held and queued.
  const cpf = randomCpf()
  await verifyPlayer(page, cpf)
  const { userId } = await accountInfo(page)
  const admin = `ana.kyc.${Date.now()}@jogolimpo.example`
  expect(createOperator(admin, 'admin', 'Ana Admin')).toContain('(admin)')
  const console = await consolePage(browser, admin)
  await console.goto('/console/verifications')
  const barred = console.getByTestId('barred-list')
  await barred.getByTestId('barred-csv').fill(`cpf,category\n${formatCpf(cpf)},staff\n`)
  await barred.getByLabel('Motivo da mudança').fill('funcionários de novembro')
  await barred.getByRole('button', { name: 'Substituir a lista' }).click()
  await expect(barred.getByTestId('barred-result')).toContainText('Contas retidas e na fila: 1.')
  await expect(console.getByTestId(`verification-${userId}`)).toContainText('CPF na lista de impedidos')
  await checkSizes(console, 'barred-upload', both)
  // The hold is a freeze: the player's deposit is refused in words.
  const deposit = await playerCall(page, '/charge/create/order', { amount: 2000, requestId: `kyc-${Date.now()}` })
  expect(deposit).toMatchObject({ success: false, msgCode: 'account_frozen' })
})
