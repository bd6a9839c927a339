// Passkeys and the idle end of a session in Chromium at 390×844, pt-BR, with Chromium's virtual
// WebAuthn authenticator (CDP `WebAuthn.addVirtualAuthenticator`). A server of its own (port
// E2E_PORT + 12, its sandbox API Pix at + 17), at http://localhost — WebAuthn refuses an IP
// address as the relying party — and with TEST_CLOCK_FILE, so the test lets half an hour pass.
// A player enrols a passkey in Perfil → Segurança, logs in with it in a second browser (the same
// passkey, as a synced one would be) and approves a withdrawal with it; then 30 minutes without
// activity end the session and the next tap asks to log in, over the same screen.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import {
  accountInfo,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  PLAYER_PASSWORD,
  virtualAuthenticator,
} from './support.ts'

const appPort = E2E_PORT
const port = appPort + 12
const origin = `http://localhost:${port}`
const dataDir = '.e2e-data-passkeys'
const clockFile = path.resolve(dataDir, '..', '.e2e-passkeys-clock')
const SHOTS = process.env.SCREENSHOT_DIR

let server: SpecServer | undefined

test.use({ baseURL: origin })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(clockFile, '0')
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_URL: origin,
      OPS_TOKEN: 'e2e-passkeys-ops-token-0123456789abcdef',
      FACE_CHECK: 'off',
      TEST_CLOCK_FILE: clockFile,
      SANDBOX_PIX_PORT: String(port + 5),
      SANDBOX_MAILBOX_PORT: String(port + 2),
      SANDBOX_SMTP_PORT: '0',
    },
  })
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(clockFile, { force: true })
})

async function look(page: Page, name: string) {
  await expectNoSeriousAxe(page)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/passkeys-${name}.png` })
}

test('a passkey enrolled in Segurança logs in on a second browser and approves a withdrawal; 30 idle minutes end the session', async ({
  browser,
  context,
  page,
}) => {
  test.setTimeout(180_000)
  const phone = await virtualAuthenticator(context, page)
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  const { userId } = await accountInfo(page)

  // Perfil → Segurança: enrol, after the password.
  await page.goto('/security')
  const card = page.getByTestId('passkeys')
  await expect(card.getByRole('heading', { name: 'Passkeys' })).toBeVisible()
  await look(page, 'security-empty')
  await card.getByTestId('passkey-enrol').click()
  const sheet = page.getByRole('dialog', { name: 'Criar passkey' })
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  await look(page, 'enrol-sheet')
  await sheet.getByTestId('passkey-confirm').click()
  await expect(page.getByRole('status').filter({ hasText: 'Passkey criada.' })).toBeVisible()
  await expect(card.getByTestId('passkey')).toHaveCount(1)
  await expect(card.getByTestId('passkey')).toContainText('Ainda não usada')
  await look(page, 'security-enrolled')

  // The same passkey in a second browser (a synced passkey, or the phone nearby).
  const { credentials } = await phone.cdp.send('WebAuthn.getCredentials', { authenticatorId: phone.authenticatorId })
  expect(credentials).toHaveLength(1)
  const other = await browser.newContext({ baseURL: origin, locale: 'pt-BR', viewport: { width: 390, height: 844 } })
  const second = await other.newPage()
  const tablet = await virtualAuthenticator(other, second)
  await tablet.cdp.send('WebAuthn.addCredential', {
    authenticatorId: tablet.authenticatorId,
    credential: credentials[0] as NonNullable<(typeof credentials)[0]>,
  })
  await enterApp(second)
  expect((await accountInfo(second)).userId).not.toBe(userId)
  await second.goto('/login')
  await look(second, 'login')
  await second.getByTestId('passkey-login').click()
  await expect(second.getByRole('status').filter({ hasText: 'Você entrou na sua conta.' })).toBeVisible()
  await expect.poll(async () => (await accountInfo(second)).userId).toBe(userId)

  // A withdrawal approved with the passkey instead of the password.
  await second.goto('/withdrawTab')
  await second.getByLabel(/Outro valor/).fill('20')
  await second.getByTestId('withdraw-next').click()
  const keySheet = second.getByRole('dialog', { name: 'Sacar R$ 20,00 por PIX' })
  await keySheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await expect(keySheet.getByTestId('key-sheet-passkey')).toBeVisible()
  await look(second, 'withdraw-sheet')
  await keySheet.getByTestId('key-sheet-passkey').click()
  await expect(second).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  await expect(second.getByTestId('tracker-amount')).toHaveText('R$ 20,00')

  // 30 minutes without activity: the server's clock moves on. The next tap (the Saque tab) asks to
  // log in over the screen it opened — unless the push socket's end asked first — and the passkey
  // brings the player back to that screen, its data loaded, without leaving it.
  writeFileSync(clockFile, String(31 * 60_000))
  await second.waitForTimeout(500)
  await second
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('button', { name: 'Saque' })
    .dispatchEvent('click')
  const reauth = second.getByTestId('reauth-sheet')
  await expect(reauth).toBeVisible()
  await expect(reauth).toContainText('Sua sessão terminou porque o app ficou um tempo sem uso.')
  await expect(second).toHaveURL(/\/withdrawTab$/)
  await look(second, 'reauth')
  await reauth.getByTestId('reauth-passkey').click()
  await expect(reauth).toHaveCount(0)
  await expect(second).toHaveURL(/\/withdrawTab$/)
  await expect(second.getByTestId('withdrawable')).toHaveText('R$ 80,00')
  await expect.poll(async () => (await accountInfo(second)).userId).toBe(userId)
  await other.close()
})
