// PIX deposits end to end: the deposit screen, the account sheet, the PIX sheet (QR, code,
// countdown, copy, pay link, confirm before closing), the sandbox bank in another page, and
// the balance arriving by push without a reload. Money is checked against the ledger.
import { expect, type Page, test } from '@playwright/test'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import { accountInfo, enterApp, readStored, sandboxBank } from './support.ts'

async function startDeposit(page: Page, amount: string) {
  await page.getByRole('button', { name: amount, exact: false }).first().click()
  await page.getByTestId('deposit-submit').click()
}

async function giveAccountDetails(page: Page) {
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await expect(sheet).toBeVisible()
  await sheet.getByLabel('Nome completo').fill('Ana Souza')
  await sheet.getByLabel('CPF').fill('111.111.111-11')
  await sheet.getByLabel('CPF').blur()
  await expect(sheet.getByText('CPF inválido. Confira os 11 dígitos.')).toBeVisible()
  // One account per CPF: every test player has their own.
  const cpf = randomCpf()
  await sheet.getByLabel('CPF').fill('')
  await sheet.getByLabel('CPF').pressSequentially(cpf)
  await expect(sheet.getByLabel('CPF')).toHaveValue(formatCpf(cpf))
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await expect(sheet.getByLabel('Data de nascimento')).toHaveValue('15/01/1990')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
}

test('new player deposits R$ 50 by PIX: details, QR and code, paid in the sandbox bank, balance by push', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await enterApp(page, '/rechargeMall')
  await expect(page.getByTestId('sandbox-marker')).toHaveText('SANDBOX — nenhum dinheiro real')
  await expect(page.locator('.app')).toHaveAttribute('data-push-status', 'open')
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })

  await page.getByRole('button', { name: /^R\$\s50,00/ }).click()
  await expect(page.getByTestId('deposit-submit')).toHaveText('Depositar R$ 50,00')
  await page.getByTestId('deposit-submit').click()
  await giveAccountDetails(page)

  const sheet = page.getByTestId('pix-sheet')
  await expect(sheet.getByRole('heading')).toHaveText('Pague R$ 50,00 com PIX')
  await expect(sheet.getByRole('img', { name: 'QR code do PIX' })).toBeVisible()
  await expect(sheet.getByTestId('pix-countdown')).toHaveText(/Expira em (10:00|9:5\d)/)
  const code = await sheet.getByTestId('pix-code').inputValue()
  expect(code).toMatch(/^000201/)
  expect(code).toContain('br.gov.bcb.pix')
  // A dynamic code by the book: one use (01 = 12), the location in 26-25, no amount (54) and
  // txid *** — the amount and txid live at the location.
  expect(code).toMatch(/^000201010212/)
  expect(code).not.toContain('540550.00')
  expect(code).toContain('62070503***')

  await sheet.getByRole('button', { name: 'Copiar código' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copiado' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  // Not iOS: the pay link opens a new window with the code filled in.
  const payLink = sheet.getByTestId('pix-pay-link')
  await expect(payLink).toHaveAttribute('target', '_blank')
  expect(await payLink.getAttribute('href')).toBe(`${sandboxBank(page)}?code=${encodeURIComponent(code)}`)

  // The tester pays in the sandbox bank, in another page.
  const bank = await context.newPage()
  await bank.goto(sandboxBank(page))
  await expect(bank.getByTestId('sandbox-marker')).toBeVisible()
  await bank.getByLabel('Código PIX copia e cola').fill(code)
  await bank.getByRole('button', { name: 'Ler código' }).click()
  await expect(bank.getByTestId('decoded')).toContainText('JOGO LIMPO')
  await expect(bank.getByTestId('decoded')).toContainText('R$ 50,00')
  await bank.getByRole('button', { name: 'Pagar R$ 50,00' }).click()
  await expect(bank.getByTestId('paid')).toContainText('R$ 50,00')
  await bank.close()

  // The app: sheet closed, success toast, header R$ 50,00 — all without a reload.
  await expect(sheet).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Depósito de R$ 50,00 creditado.' })).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveText('R$ 50,00')
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
  expect((await accountInfo(page)).balance).toEqual({ total: 5000, cash: 5000, bonus: 0 })
  expect(await readStored(page, 'openDeposit')).toBeUndefined()

  await page.goto('/statement')
  const entries = page.getByTestId('statement-entries').getByRole('listitem')
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toContainText('Depósito PIX')
  await expect(entries.first()).toContainText('+R$ 50,00')
})

test('the PIX sheet survives a reload, asks before closing, and an amount over the limit is not offered (the server refuses it in words)', async ({
  page,
}) => {
  await enterApp(page, '/rechargeMall')
  await startDeposit(page, 'R$ 20,00')
  await giveAccountDetails(page)
  const sheet = page.getByTestId('pix-sheet')
  const code = await sheet.getByTestId('pix-code').inputValue()

  // Paying in the same tab (iOS) or reloading brings the same code back.
  await page.reload()
  await expect(sheet.getByTestId('pix-code')).toHaveValue(code)

  await sheet.getByRole('button', { name: 'Fechar' }).click()
  await expect(sheet.getByText(/Fechar o pagamento\?/)).toBeVisible()
  await sheet.getByRole('button', { name: 'Continuar pagando' }).click()
  await expect(sheet.getByRole('img', { name: 'QR code do PIX' })).toBeVisible()
  await sheet.getByRole('button', { name: 'Fechar' }).click()
  await sheet.getByRole('button', { name: 'Fechar' }).click()
  await expect(sheet).toBeHidden()

  // A daily limit of R$ 30 with R$ 20 still open: R$ 20 more is refused, in words.
  const token = await readStored<string>(page, 'token')
  const limit = await page.request.post('/api/v1/bus/setDepositLimit', {
    headers: { 'access-token': token ?? '' },
    data: { period: 'day', amount: 3000 },
  })
  expect((await limit.json()).success).toBe(true)
  await page.reload()
  await expect(page.getByTestId('deposit-limit')).toHaveText(
    'Limite diário: R$ 30,00. Ainda pode depositar R$ 10,00 hoje.',
  )
  // The screen no longer offers it: the tile is disabled and says why.
  const over = page.getByRole('button', { name: /^R\$\s20,00/ }).first()
  await expect(over).toBeDisabled()
  await expect(over).toContainText('Acima do seu limite')
  // The server refuses it in words all the same (a client that offered it anyway).
  const refused = await page.request.post('/api/charge/create/order', {
    headers: { 'access-token': token ?? '' },
    data: { amount: 2000, requestId: `e2e-over-${Date.now()}` },
  })
  expect((await refused.json()).msg).toMatch(/passaria do seu limite diário de R\$\s30,00/)
  await expect(sheet).toBeHidden()
})

test("in Brazil the deposit screen offers no first-deposit bonus and a first deposit credits none (the market's rules forbid it)", async ({
  page,
}) => {
  await enterApp(page, '/rechargeMall')
  await expect(page.getByRole('button', { name: /^R\$\s50,00/ })).toBeVisible()
  await expect(page.getByTestId('first-deposit-offer')).toHaveCount(0)
  await startDeposit(page, 'R$ 50,00')
  await giveAccountDetails(page)
  await expect(page.getByTestId('offer-terms')).toHaveCount(0)
  const code = await page.getByTestId('pix-code').inputValue()

  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code } })
  expect((await paid.json()).data.paid).toBe(true)
  await expect(page.getByTestId('balance')).toHaveText('R$ 50,00')
  expect((await accountInfo(page)).balance).toEqual({ total: 5000, cash: 5000, bonus: 0 })
})

test('an overpaid PIX credits the charge and the rest goes back to the payer, with why', async ({ page }) => {
  await enterApp(page, '/rechargeMall')
  await startDeposit(page, 'R$ 10,00')
  await giveAccountDetails(page)
  const code = await page.getByTestId('pix-code').inputValue()
  // The payer's bank let them change the amount: R$ 1.000 for a R$ 10 charge.
  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code, amount: '1000,00' } })
  expect((await paid.json()).data.paid).toBe(true)

  await expect(
    page.getByRole('status').filter({
      hasText: 'Depósito de R$ 10,00 creditado. R$ 990,00 devolvidos: pagamento acima do valor da cobrança.',
    }),
  ).toBeVisible()
  await expect(page.getByTestId('pix-sheet')).toBeHidden()
  await expect(page.getByTestId('balance')).toHaveText('R$ 10,00')
  expect((await accountInfo(page)).balance).toEqual({ total: 1000, cash: 1000, bonus: 0 })
  const refunds = page.getByTestId('refund-list').getByRole('listitem')
  await expect(refunds).toHaveCount(1)
  await expect(refunds.first()).toContainText('R$ 990,00 devolvidos: pagamento acima do valor da cobrança')
  await expect(refunds.first()).toContainText('devolvido')
})
