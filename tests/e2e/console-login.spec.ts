// The console's login under guessing, in the browser: after wrong passwords on an e-mail the
// next try is throttled for a moment — the page says so in words (and how to get in now: the
// password with the authenticator's code), opens the code's field as optional, and the operator
// without an authenticator gets in once the wait is over. axe finds nothing serious.
import { expect, test } from '@playwright/test'
import { consoleWindow, createOperator, expectNoSeriousAxe, OPERATOR_PASSWORD } from './support.ts'

test('a throttled login says why and how to get in, and the right password gets in after the wait', async ({
  browser,
}) => {
  const email = `lia.${Date.now()}@jogolimpo.example`
  expect(createOperator(email, 'support', 'Lia Suporte')).toContain('(support)')
  const page = await consoleWindow(browser)
  await page.goto('/console/')
  await page.getByLabel('E-mail').fill(email)
  const alert = page.getByRole('alert')
  const failed = 'E-mail ou senha errados, ou operador desativado.'
  // Seven counted wrong passwords (a try that comes during a wait is answered at once and not
  // counted: it is simply tried again): the wait after the seventh is 4 s.
  for (let counted = 0; counted < 7; ) {
    await page.getByLabel('Senha').fill(`senha-errada-${counted}`)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(alert).toBeVisible()
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled()
    if ((await alert.textContent()) === failed) counted++
    await page.getByLabel('Senha').fill('')
  }
  await page.getByLabel('Senha').fill(OPERATOR_PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(alert).toHaveText(
    /^Muitas tentativas erradas nesta conta ou nesta rede\. Tente de novo em \d+ segundos? — ou entre agora com a senha e o código do seu aplicativo autenticador\.$/,
  )
  const code = page.getByLabel('Código do autenticador (se você usa um)')
  await expect(code).toBeVisible()
  await expect(code).not.toHaveAttribute('required')
  await expectNoSeriousAxe(page)
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? 'test-results/screens'}/console-login-throttled.png` })
  // The wait is a few seconds: the operator without an authenticator, who left the code empty, gets in.
  const signedIn = page.getByTestId('operator-name')
  await expect(async () => {
    if (await signedIn.isVisible()) return
    await page.getByRole('button', { name: 'Entrar' }).click({ timeout: 1_000 })
    await expect(signedIn).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByTestId('operator-name')).toContainText('Lia Suporte')
})
