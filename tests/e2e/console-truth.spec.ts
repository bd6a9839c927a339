// The console says what happened to a withdrawal, at 1280×800 and 390×844: a risk operator
// freezes a player whose R$ 2.000 withdrawal waits for review and is told the freeze holds it;
// payments approves it and is told it stays home (frozen), finds it under "Retidos antes do
// banco" with the player's name (not "#7"), and the player page shows the phase, the steps in
// words with the decision's time, and who paid the deposit. Unfreezing sends it, and it is paid.
// axe finds nothing serious on any of these screens.
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import {
  accountInfo,
  consolePage,
  createOperator,
  expectNoSeriousAxe,
  fundedPlayer,
  playerCall,
  requestWithdrawal,
} from './support.ts'

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screens'

const expectAccessible = (page: Page) => expectNoSeriousAxe(page)

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`a freeze holds an approved withdrawal and the console says so (${width}×${height})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000)
    const stamp = `${Date.now()}.${width}`
    const paula = `paula.${stamp}@jogolimpo.example`
    const rita = `rita.${stamp}@jogolimpo.example`
    createOperator(paula, 'payments', 'Paula Pagamentos')
    createOperator(rita, 'risk', 'Rita Risco')

    const cpf = randomCpf()
    await fundedPlayer(page, 250_000, cpf)
    const { userId } = await accountInfo(page)
    const asked = await requestWithdrawal(page, cpf, 200_000, `truth-${stamp.replace('.', '-')}`)
    expect(asked.data?.status, JSON.stringify(asked)).toBe('review')
    const orderId = asked.data.orderId as string

    // Risk freezes: the console names the withdrawal the freeze keeps from the bank.
    const risk = await consolePage(browser, rita, { width, height }, { phone: width < 600 })
    await risk.goto(`/console/players/${userId}`)
    await risk.getByLabel('Motivo para congelar').fill('chargeback em análise')
    await risk.getByRole('button', { name: 'Congelar a conta' }).click()
    await expect(risk.getByRole('status').filter({ hasText: 'Saques retidos' })).toContainText(orderId)
    await expect(risk.getByTestId('account-state')).toContainText('Conta congelada desde')

    // Payments sees the player by name and the frozen warning, approves, and is told it stays home.
    const payments = await consolePage(browser, paula, { width, height }, { phone: width < 600 })
    await payments.goto('/console/withdrawals')
    const row = payments.getByTestId(`order-${orderId}`)
    await expect(row).toContainText('Ana Souza')
    await expect(row).toContainText(`#${userId}`)
    await row.getByRole('button', { name: orderId }).click()
    const review = payments.getByTestId('review-panel')
    await expect(review.getByTestId('review-frozen')).toBeVisible()
    await expectAccessible(payments)
    await payments.screenshot({ path: `${SHOTS}/console-review-frozen-${width}.png`, fullPage: true })
    await review.getByRole('button', { name: 'Aprovar' }).click()
    await expect(review.getByTestId('review-outcome')).toHaveText('Aprovado: retido: conta congelada (não enviado).')

    // Listed as held before the bank, never as stuck at it.
    await payments.getByRole('tab', { name: 'Retidos antes do banco' }).click()
    await expect(payments.getByTestId(`order-${orderId}`).getByTestId('worklist-phase')).toHaveText(
      'retido: conta congelada (não enviado)',
    )
    await expectAccessible(payments)
    await payments.screenshot({ path: `${SHOTS}/console-held-${width}.png`, fullPage: true })
    await payments.getByRole('tab', { name: 'Parados no banco' }).click()
    await expect(payments.getByTestId(`order-${orderId}`)).toHaveCount(0)

    // The player page: the phase, the steps in words, the payer of the deposit.
    await payments.goto(`/console/players/${userId}`)
    await expect(payments.getByTestId(`withdrawal-phase-${orderId}`)).toHaveText(
      'retido: conta congelada (não enviado)',
    )
    const steps = payments.getByTestId(`withdrawal-steps-${orderId}`)
    await expect(steps).toContainText('Pedido aceito')
    await expect(steps).toContainText('Revisão: aprovado')
    await expect(steps).not.toContainText('1100')
    await expect(payments.getByTestId('player-deposits')).toContainText(`(o próprio jogador)`)
    await expectAccessible(payments)
    await payments.screenshot({ path: `${SHOTS}/console-player-held-${width}.png`, fullPage: true })

    // Unfrozen: sent at once and paid by the sandbox bank.
    await risk.getByLabel('Motivo para descongelar').fill('análise concluída')
    await risk.getByRole('button', { name: 'Descongelar a conta' }).click()
    await expect(risk.getByRole('status').filter({ hasText: 'Enviados ao banco agora' })).toContainText(orderId)
    await expect
      .poll(async () => (await playerCall(page, '/v1/bus/getWithdrawProcess', { orderId })).data.status, {
        timeout: 20_000,
      })
      .toBe('paid')
    await payments.reload()
    await expect(payments.getByTestId(`withdrawal-phase-${orderId}`)).toHaveText('pago')
  })
}
