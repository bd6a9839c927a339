// The strict Content-Security-Policy in the browser: every screen, a game in its frame, the
// push socket, the PIX sheet's QR code and the sandbox bank work without one CSP violation.
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { formatMoney } from '../../contract/money.ts'
import { accountInfo, adjustBalance, enterApp, playerCall, sandboxBank } from './support.ts'

/** Collects every CSP violation of the page and its frames, as the browser reports them. */
function watchViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text())
  })
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  return violations
}

test('the app, a game, the push socket, a PIX code and the sandbox bank run under the CSP without a violation', async ({
  page,
}) => {
  const violations = watchViolations(page)
  const csp = (await page.request.get('/')).headers()['content-security-policy']
  expect(csp).toContain("connect-src 'self' ws://127.0.0.1:")
  expect(csp).not.toContain('unsafe-inline')

  await enterApp(page)
  await expect(page.locator('.app')).toHaveAttribute('data-push-status', 'open')
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 5000)
  await expect(page.getByTestId('balance')).toHaveText('R$ 50,00')

  for (const path of ['/event', '/invite', '/sign', '/promote', '/history', '/verify', '/statement', '/mine']) {
    await page.goto(path)
    await expect(page.locator('main.page'), path).not.toBeEmpty()
  }

  await page.goto('/')
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await page.getByTestId('game-frame-close').click()

  expect(
    (await playerCall(page, '/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf: randomCpf() })).success,
  ).toBe(true)
  const beforeDeposit = (await accountInfo(page)).balance.total
  await page.goto('/rechargeMall')
  await page.getByRole('button', { name: /^R\$\s50,00/ }).click()
  await page.getByTestId('deposit-submit').click()
  const sheet = page.getByTestId('pix-sheet')
  await expect(sheet.getByRole('img', { name: 'QR code do PIX' })).toBeVisible()
  const code = await sheet.getByTestId('pix-code').inputValue()

  const bank = await page.context().newPage()
  const bankViolations = watchViolations(bank)
  await bank.goto(`${sandboxBank(page)}?code=${encodeURIComponent(code)}`)
  // The bank's own stylesheet applies (allowed by its hash): the marker has its yellow background.
  await expect(bank.getByTestId('sandbox-marker')).toHaveCSS('background-color', 'rgb(255, 204, 51)')
  await bank.getByRole('button', { name: /^Pagar/ }).click()
  await expect(bank.getByTestId('paid')).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveText(formatMoney(beforeDeposit + 5000))

  expect([...violations, ...bankViolations]).toEqual([])
})
