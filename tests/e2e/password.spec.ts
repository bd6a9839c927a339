// Changing a forgotten or known password in a real browser: Perfil → Segurança changes it with
// the current one and, forgotten, with the verified CPF and date of birth (a wrong date refused);
// the withdraw screen's "trocar a senha" opens that form; a support operator starts a reset in
// the console after the identity check and the player, from the login's "Esqueci a senha", sets
// the new password with the code on a device that was never in the account. Each time the old
// password stops logging in (read from the server). Screens at 360×640 and 390×844, axe on each.
import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_PORT } from './lanes.ts'
import {
  accountInfo,
  consolePage,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  PLAYER_PASSWORD,
  playerCall,
} from './support.ts'

const port = E2E_PORT
const FIRST = 'Caju-Lanterna-Piano7'
const SECOND = 'Mangue-Violeta-Ponte3'
const SHOTS = process.env.SCREENSHOT_DIR
// Every password checked and set costs half a second of scrypt; on a loaded machine the stories take longer than the default.
test.describe.configure({ timeout: 180_000 })

const sizes = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
]

/** Both phone sizes: a screenshot of each (when SCREENSHOT_DIR is set) and axe on each. */
async function look(page: Page, name: string) {
  const before = page.viewportSize()
  for (const size of sizes) {
    await page.setViewportSize(size)
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` })
    }
    await expectNoSeriousAxe(page)
  }
  if (before) await page.setViewportSize(before)
}

/** Whether the server lets this name and password log in (a new device each time). */
async function logsIn(page: Page, userName: string, password: string): Promise<boolean> {
  const response = await page.request.post('/api/user/login', {
    data: { userName, password, apiType: 1, deviceId: crypto.randomUUID() },
  })
  return (await response.json()).success === true
}

/** A bound, verified player in `page`; answers their name and CPF. */
async function boundPlayer(page: Page): Promise<{ userId: number; userName: string; cpf: string }> {
  const cpf = randomCpf()
  await fundedPlayer(page, 2000, cpf)
  const { userId } = await accountInfo(page)
  return { userId, userName: `e2e${String(userId).padStart(6, '0')}x`, cpf }
}

test('Perfil → Segurança changes the password with the current one, and forgotten with CPF and date of birth', async ({
  page,
}) => {
  await page.setViewportSize(sizes[0] as { width: number; height: number })
  const { userName, cpf } = await boundPlayer(page)

  // The withdraw screen's "trocar a senha" and the key sheet's "Esqueci a senha" open the change form.
  await page.goto('/withdrawMoney')
  await page.getByLabel(/Outro valor/).fill('10')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel('Senha da conta').scrollIntoViewIfNeeded()
  await look(page, 'withdraw-key-sheet')
  await sheet.getByRole('link', { name: 'Esqueci a senha' }).click()
  await expect(page).toHaveURL(/\/security\?password=forgot$/)
  await expect(page.locator('#password').getByLabel('CPF')).toBeVisible()
  await page.goto('/withdrawMoney')
  const tip = page.getByRole('link', { name: 'trocar a senha' })
  await tip.scrollIntoViewIfNeeded()
  await look(page, 'withdraw-tip')
  await tip.click()
  await expect(page).toHaveURL(/\/security\?password=change$/)
  const form = page.locator('#password')
  await expect(form.getByLabel('Senha atual')).toBeVisible()
  await form.getByRole('button', { name: 'Cancelar' }).click()

  // From the profile, as a player finds it.
  await page.goto('/mine')
  await page.getByRole('link', { name: 'Segurança da conta' }).click()
  await expect(page).toHaveURL(/\/security$/)
  await expect(form.getByRole('button', { name: 'Trocar a senha' })).toBeVisible()
  await look(page, 'security-password')

  await form.getByRole('button', { name: 'Trocar a senha' }).click()
  await form.getByLabel('Senha atual').fill('nao-e-esta-senha')
  await form.getByLabel('Nova senha', { exact: true }).fill(FIRST)
  await form.getByLabel('Repita a nova senha').fill(FIRST)
  await form.getByRole('button', { name: 'Salvar a nova senha' }).click()
  await expect(form.getByRole('alert')).toContainText('A senha atual não confere')
  await look(page, 'security-password-wrong')
  expect(await logsIn(page, userName, PLAYER_PASSWORD)).toBe(true)

  await form.getByLabel('Senha atual').fill(PLAYER_PASSWORD)
  await form.getByRole('button', { name: 'Salvar a nova senha' }).click()
  // The login just checked added a device: it is signed out.
  await expect(page.locator('.toast p')).toHaveText('Senha trocada. 1 outro aparelho saiu da conta.')
  expect(await logsIn(page, userName, PLAYER_PASSWORD)).toBe(false)
  expect(await logsIn(page, userName, FIRST)).toBe(true)
  // This device stays in its account.
  expect((await playerCall(page, '/v1/bus/accountInfo')).data.userName).toBe(userName)

  // Forgotten: the verified CPF and date of birth instead; a wrong date changes nothing.
  await form.getByRole('button', { name: 'Esqueci a senha' }).click()
  await form.getByLabel('CPF').fill(cpf)
  await form.getByLabel('Data de nascimento').fill('16/01/1990')
  await form.getByLabel('Nova senha', { exact: true }).fill(SECOND)
  await form.getByLabel('Repita a nova senha').fill(SECOND)
  await look(page, 'security-password-forgot')
  await form.getByRole('button', { name: 'Salvar a nova senha' }).click()
  await expect(form.getByRole('alert')).toContainText('Não foi possível confirmar estes dados')
  expect(await logsIn(page, userName, SECOND)).toBe(false)

  await form.getByLabel('Data de nascimento').fill('15/01/1990')
  await form.getByRole('button', { name: 'Salvar a nova senha' }).click()
  // The change's toast may still be on screen with the same words: the form closing is the answer.
  await expect(form.getByRole('button', { name: 'Salvar a nova senha' })).toHaveCount(0)
  await expect(page.locator('.toast p').last()).toContainText('Senha trocada.')
  expect(await logsIn(page, userName, FIRST)).toBe(false)
  expect(await logsIn(page, userName, SECOND)).toBe(true)
})

test('the console resets a forgotten password after the identity check; the player sets the new one with the code', async ({
  page,
  browser,
}) => {
  const { userId, userName, cpf } = await boundPlayer(page)
  const email = `suporte-${Date.now()}@jogolimpo.example`
  createOperator(email, 'support', 'Sônia Suporte')
  const operator = await consolePage(browser, email)
  await operator.goto(`/console/players/${userId}`)
  const reset = operator.locator('form', { has: operator.getByRole('heading', { name: /Redefinir a senha/ }) })
  await reset.getByLabel('CPF que o jogador informou').fill(cpf)
  await reset.getByLabel('Data de nascimento que o jogador informou').fill('1991-01-15')
  await reset.getByLabel(/Motivo/).fill('pedido no chat')
  await reset.getByRole('button', { name: 'Conferir e criar código' }).click()
  await expect(reset.getByRole('alert')).toContainText('Não foi possível confirmar estes dados')
  await reset.getByLabel('Data de nascimento que o jogador informou').fill('1990-01-15')
  await reset.getByLabel(/Motivo/).fill('pedido no chat')
  await reset.getByRole('button', { name: 'Conferir e criar código' }).click()
  const issued = reset.getByTestId('password-reset-code')
  await expect(issued).toBeVisible()
  const code = (await issued.locator('code').first().textContent()) ?? ''
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/)
  await expect(issued.locator('code').nth(1)).toHaveText(`http://127.0.0.1:${port}/password-reset#${code}`)
  await expectNoSeriousAxe(operator)
  for (const size of [...sizes, { width: 1280, height: 800 }]) {
    await operator.setViewportSize(size)
    await issued.scrollIntoViewIfNeeded()
    if (SHOTS) await operator.screenshot({ path: `${SHOTS}/console-password-reset-${size.width}x${size.height}.png` })
  }
  await expectNoSeriousAxe(operator)
  // Issuing changed nothing yet.
  expect(await logsIn(page, userName, PLAYER_PASSWORD)).toBe(true)

  // The player, on a phone that was never in the account.
  const phone = await browser.newContext({ serviceWorkers: 'block', viewport: sizes[0] })
  const player = await phone.newPage()
  await enterApp(player)
  await player.goto('/login')
  const login = player.getByRole('dialog')
  await login.getByRole('button', { name: 'Esqueci a senha' }).click()
  await expect(login.getByTestId('forgot-password')).toContainText('Perfil → Segurança da conta')
  await look(player, 'login-forgot')
  await login.getByRole('link', { name: 'Tenho um código do atendimento' }).click()
  await expect(player).toHaveURL(/\/password-reset$/)
  await player.getByLabel('Código do atendimento').fill(code.toLowerCase().replaceAll('-', ' '))
  await player.getByLabel('Nova senha', { exact: true }).fill(FIRST)
  await player.getByLabel('Repita a nova senha').fill(FIRST)
  await look(player, 'password-reset')
  await player.getByRole('button', { name: 'Salvar a nova senha' }).click()
  await expect(player.locator('.toast p')).toHaveText(`Senha nova salva. Você entrou na conta ${userName}.`)
  await expect(player).toHaveURL(/\/security$/)
  expect((await accountInfo(player)).userId).toBe(userId)

  expect(await logsIn(player, userName, PLAYER_PASSWORD)).toBe(false)
  expect(await logsIn(player, userName, FIRST)).toBe(true)
  // The code works once.
  const again = await player.request.post('/api/user/password/reset', {
    data: { code, password: SECOND, confirmPassword: SECOND },
  })
  expect((await again.json()).msgCode).toBe('reset_code_invalid')
  await phone.close()
  await operator.context().close()
})
