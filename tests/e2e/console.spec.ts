// The operator console end to end: a player's R$ 2.000 withdrawal waits
// for review → an operator created with the CLI signs in at /console/ → sees it on the worklist
// with its clock → opens it with the player beside it → approves → the player's tracker moves to
// paid by push; a second operator's console shows it taken; the audit log lists the approval
// with the operator's name; risk freezes and unfreezes the player (payments may not). Screens
// at 1280×800 pass axe without serious or critical findings.
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import {
  accountInfo,
  confirmWithdrawal,
  consolePage,
  createOperator,
  expectNoSeriousAxe,
  fundedPlayer,
  playerCall,
} from './support.ts'

const expectAccessible = (page: Page) => expectNoSeriousAxe(page)

const stepCodes = (page: Page) =>
  page
    .getByTestId('tracker-steps')
    .locator('li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-code')))

test('a R$ 2.000 withdrawal waits for review, an operator approves it in the console, the player sees it paid by push', async ({
  page,
  browser,
}) => {
  // One long story through three browser contexts, with axe on each console screen.
  test.setTimeout(180_000)
  const stamp = Date.now()
  const paula = `paula.${stamp}@jogolimpo.example`
  const rita = `rita.${stamp}@jogolimpo.example`
  expect(createOperator(paula, 'payments', 'Paula Pagamentos')).toContain('(payments)')
  expect(createOperator(rita, 'risk', 'Rita Risco')).toContain('(risk)')

  // The player asks for R$ 2.000 (above the review threshold of R$ 1.000).
  const cpf = randomCpf()
  await fundedPlayer(page, 250_000, cpf)
  await confirmWithdrawal(page, '2000', cpf)
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  const orderId = new URL(page.url()).searchParams.get('orderId') as string
  await expect.poll(() => stepCodes(page)).toEqual(['1000', '1100'])
  await expect(page.getByTestId('tracker-steps')).toContainText('em até 30 minutos')
  // The tracker's payout clock, from the order's request time: the review decided within its 30
  // minutes, the money within Portaria 615/2024's 120 (times of day in the market's zone).
  const asked = (await playerCall(page, '/v1/bus/getWithdrawProcess', { orderId })).data.createdAt as number
  const hhmm = (ms: number) =>
    new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(ms)
  await expect(page.getByTestId('payout-clock')).toHaveText(
    `Em análise: decisão até ${hhmm(asked + 30 * 60_000)}. Você recebe até ${hhmm(asked + 120 * 60_000)} (no máximo 120 minutos após o pedido, feito às ${hhmm(asked)}).`,
  )
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/screens/withdraw-tracker-payout-clock.png' })

  // Two operators have the worklist open.
  const operator = await consolePage(browser, paula)
  const second = await consolePage(browser, rita)
  for (const console of [operator, second]) {
    await console.getByRole('navigation').getByRole('link', { name: 'Saques' }).click()
    await expect(console.getByTestId(`order-${orderId}`)).toBeVisible()
  }
  const row = operator.getByTestId(`order-${orderId}`)
  await expect(row).toContainText('R$ 2.000,00')
  // The 120-minute clock, counted from the request: just asked, so nearly two hours left.
  await expect(row.getByTestId('payout-clock')).toHaveText(/1 h 5\d min/)
  await expectAccessible(operator)

  // Opened with the player beside it, then approved.
  await row.getByRole('button', { name: orderId }).click()
  const review = operator.getByTestId('review-panel')
  await expect(review.getByTestId('player-summary')).toContainText('R$ 500,00')
  await expect(review.getByTestId('player-summary')).toContainText('R$ 2.000,00')
  await expectAccessible(operator)
  await review.getByRole('button', { name: 'Aprovar' }).click()
  await expect(review.getByTestId('review-outcome')).toContainText('Aprovado')

  // The player's tracker moves to paid by push (the sandbox bank pays after 2.5 s).
  await expect.poll(() => stepCodes(page), { timeout: 15_000 }).toEqual(['1000', '1100', '1200', '2200'])
  await expect(page.getByTestId('tracker-steps')).toContainText('Revisão concluída: aprovado.')
  // Paid: the clock has stopped, so the tracker no longer shows one.
  await expect(page.getByTestId('payout-clock')).toHaveCount(0)

  // The second console shows the order taken, without a reload.
  await expect(second.getByTestId(`taken-${orderId}`)).toContainText('Decidido por outro operador')
  await expect(second.getByTestId(`order-${orderId}`)).toHaveCount(0)

  // The audit log lists the approval with the operator's name.
  await operator.getByRole('navigation').getByRole('link', { name: 'Auditoria' }).click()
  // This order's approval (other specs on the same server approve theirs too).
  const approval = operator
    .getByTestId('audit-log')
    .getByRole('row')
    .filter({ hasText: 'withdrawal.approve' })
    .filter({ hasText: orderId })
  await expect(approval).toHaveCount(1)
  await expect(approval).toContainText('Paula Pagamentos')
  await expect(approval).toContainText(orderId)
  await expectAccessible(operator)
  const shot = async (target: Page, name: string) => {
    if (process.env.SCREENSHOT_DIR)
      await target.screenshot({ path: `${process.env.SCREENSHOT_DIR}/console-${name}.png` })
  }
  await shot(operator, 'audit')
  await shot(second, 'taken')

  // The other pages: the dashboard's figures, the player view and the settings, each accessible.
  await operator.getByRole('navigation').getByRole('link', { name: 'Painel' }).click()
  // Other specs pay withdrawals on the same server today, so the tile is compared with what the
  // server answers now, which includes this R$ 2.000.
  const paidToday = () =>
    operator.evaluate(async () => {
      const reply = await fetch('/api/ops/dashboard', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      return ((await reply.json()) as { data: { withdrawals: { amount: number } } }).data.withdrawals.amount
    })
  expect(await paidToday()).toBeGreaterThanOrEqual(200_000)
  const brl = (cents: number) =>
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100)
  await expect
    .poll(async () => {
      const shown = await operator.getByTestId('today').locator('li').nth(1).locator('strong').textContent()
      return shown?.replace(/\s/g, ' ') === brl(await paidToday()).replace(/\s/g, ' ')
    })
    .toBe(true)
  await expectAccessible(operator)
  await shot(operator, 'dashboard')
  const { userId } = await accountInfo(page)
  await operator.goto(`/console/players/${userId}`)
  await expect(operator.getByTestId('player-balances')).toContainText('R$ 500,00')
  await expect(operator.getByTestId('self-exclusion')).toContainText('nenhuma')
  await expectAccessible(operator)
  await shot(operator, 'player')
  // Payments may not freeze; risk freezes with a reason, the badge says so, and unfreezes.
  await expect(operator.getByTestId('account-state')).toHaveText('Conta ativa')
  await expect(operator.getByRole('button', { name: 'Congelar a conta' })).toHaveCount(0)
  await second.goto(`/console/players/${userId}`)
  await second.getByLabel('Motivo para congelar').fill('chargeback em análise')
  await second.getByRole('button', { name: 'Congelar a conta' }).click()
  await expect(second.getByTestId('account-state')).toContainText('Conta congelada desde')
  await expect(second.getByRole('button', { name: 'Encerrar a conta' })).toHaveCount(0)
  await expectAccessible(second)
  await shot(second, 'player-frozen')
  await second.getByLabel('Motivo para descongelar').fill('análise concluída')
  await second.getByRole('button', { name: 'Descongelar a conta' }).click()
  await expect(second.getByTestId('account-state')).toHaveText('Conta ativa')
  await operator.getByRole('navigation').getByRole('link', { name: 'Configurações' }).click()
  await expect(operator.getByTestId('setting-withdrawals.reviewMinutes')).toHaveText('30 min')
  await expectAccessible(operator)
  await shot(operator, 'settings')
  await operator.getByRole('navigation').getByRole('link', { name: 'PIX recebidos' }).click()
  await expect(operator.getByTestId('refunds')).toBeVisible()
  await expectAccessible(operator)
  await operator.getByRole('navigation').getByRole('link', { name: 'Minha conta' }).click()
  await operator.getByRole('button', { name: 'Cadastrar autenticador' }).click()
  await expect(operator.getByRole('img', { name: 'Código QR para o aplicativo autenticador' })).toBeVisible()
  await expectAccessible(operator)
  await shot(operator, 'totp')
})
