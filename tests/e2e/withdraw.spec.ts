// PIX withdrawals end to end: the withdraw screen, the key sheet, the tracker updating by push
// as each step happens (sandbox payouts settle after 2.5 s), key correction, a payout that
// fails for good, and the history. Money is checked against the ledger.
import { expect, type Page, test } from '@playwright/test'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import { accountInfo, fundedPlayer, PLAYER_PASSWORD, registerKey, sandboxBank } from './support.ts'

async function requestWithdrawal(page: Page, amount: string, type: string, key: string) {
  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill(amount)
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByRole('button', { name: type, exact: true }).click()
  await sheet.getByLabel(/Chave PIX/).pressSequentially(key)
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
}

const stepCodes = (page: Page) =>
  page
    .getByTestId('tracker-steps')
    .locator('li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-code')))

test('deposit R$ 100, withdraw R$ 60: the tracker shows each step as it happens, with the receipt; history says paid', async ({
  page,
}) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  await page.goto('/withdrawTab')
  await expect(page.getByTestId('withdrawable')).toHaveText('R$ 100,00')
  await expect(page.getByTestId('withdraw-tip')).toContainText('Saque por PIX sem taxa nenhuma.')
  await page.getByLabel(/Outro valor/).fill('60')
  await expect(page.getByTestId('withdraw-next')).toHaveText('Sacar R$ 60,00')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog', { name: 'Sacar R$ 60,00 por PIX' })
  await expect(sheet.getByLabel('Titular')).toHaveValue('Ana Souza')
  await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await expect(sheet.getByLabel(/Chave PIX/)).toHaveValue(formatCpf(cpf))
  // Every withdrawal is confirmed with the account's password; a wrong one is refused in words.
  const password = sheet.getByLabel('Senha da conta')
  await expect(password).toHaveAttribute('type', 'password')
  await expect(password).toHaveAttribute('autocomplete', 'current-password')
  await password.fill('not-my-password')
  await sheet.getByRole('button', { name: 'Confirmar saque de R$ 60,00' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Senha incorreta.' })).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveText('R$ 100,00')
  await password.fill(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: 'Confirmar saque de R$ 60,00' }).click()

  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  await expect(page.getByTestId('tracker-amount')).toHaveText('R$ 60,00')
  // Sent, not yet paid: the payout settles 2.5 s later and arrives by push.
  expect(await stepCodes(page)).toEqual(['1000', '1100', '1200'])
  await expect(page.getByTestId('receipt')).toBeHidden()
  await expect(page.getByTestId('balance')).toHaveText('R$ 40,00')
  await expect.poll(() => stepCodes(page), { timeout: 10_000 }).toEqual(['1000', '1100', '1200', '2200'])
  const receipt = page.getByTestId('receipt')
  await expect(receipt).toContainText(/E99999999\w{23}/)
  expect((await accountInfo(page)).balance).toEqual({ total: 4000, cash: 4000, bonus: 0 })

  await page.getByRole('link', { name: 'Ver todos os saques' }).click()
  const history = page.getByTestId('withdraw-history').getByRole('listitem')
  await expect(history).toHaveCount(1)
  await expect(history.first()).toContainText('R$ 60,00')
  await expect(history.first().getByTestId('history-status')).toHaveText('Pago')
  // The history sub-tab of /withdrawTab shows the same.
  await page.goto('/withdrawTab')
  await page.getByRole('tab', { name: 'Histórico' }).click()
  await expect(page.getByTestId('withdraw-history').getByRole('listitem').first()).toContainText('Pago')
})

test('a rejected key is corrected for free and re-sent; a payout that fails for good returns the money at once', async ({
  page,
}) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  // Money goes only to keys the player's CPF holds: theirs in the sandbox bank's directory.
  await registerKey(page, '11987654321', 'phone', cpf)
  await registerKey(page, '21912345678', 'phone', cpf)
  await registerKey(page, 'ana.souza@exemplo.com', 'email', cpf)
  const rule = (key: string, keyType: string, outcome: string) =>
    page.request.post(`${sandboxBank(page)}/payout-rule`, { data: { key, keyType, outcome, cpf } })
  expect((await (await rule('11987654321', 'phone', 'invalid_key')).json()).success).toBe(true)

  await requestWithdrawal(page, '30', 'Telefone', '11987654321')
  await expect.poll(() => stepCodes(page), { timeout: 10_000 }).toEqual(['1000', '1100', '1200', '2000'])
  await expect(page.getByTestId('tracker-steps')).toContainText('Corrija a chave para reenviar — é grátis')
  await expect(page.getByTestId('balance')).toHaveText('R$ 70,00')
  await page.getByRole('button', { name: 'Corrigir chave PIX (grátis)' }).click()
  const sheet = page.getByRole('dialog', { name: 'Corrigir a chave PIX' })
  await sheet.getByRole('button', { name: 'Telefone', exact: true }).click()
  await sheet.getByLabel(/Chave PIX/).pressSequentially('21912345678')
  await sheet.getByRole('button', { name: 'Reenviar R$ 30,00' }).click()
  await expect.poll(() => stepCodes(page)).toEqual(['1000', '1100', '1200', '2000', '2100'])
  await expect
    .poll(() => stepCodes(page), { timeout: 10_000 })
    .toEqual(['1000', '1100', '1200', '2000', '2100', '2200'])
  expect((await accountInfo(page)).balance.cash).toBe(7000)

  await rule('ana.souza@exemplo.com', 'email', 'reject')
  await requestWithdrawal(page, '50', 'E-mail', 'ana.souza@exemplo.com')
  await expect(page.getByTestId('balance')).toHaveText('R$ 20,00')
  await expect.poll(() => stepCodes(page), { timeout: 10_000 }).toEqual(['1000', '1100', '1200', '2300'])
  await expect(page.getByTestId('tracker-steps')).toContainText('O valor já voltou para o seu saldo')
  await expect(page.getByTestId('balance')).toHaveText('R$ 70,00')
  expect((await accountInfo(page)).balance).toEqual({ total: 7000, cash: 7000, bonus: 0 })
  // Nothing on the way asked the player to pay anything.
  await expect(page.locator('body')).not.toContainText(/taxa de liberação|pague para|depósito VIP/i)
})
