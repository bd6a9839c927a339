// Perfil → Meus dados in a real browser at 390×844, in Portuguese: the player launches a game, then
// downloads the file (Playwright's download event), which parses as JSON, is this player's (their
// account number, their game session) and holds no image and no secret. The correction list points to
// where each field is changed. The address and gender form, then the console's player view of them:
// whole for an admin, masked for support. Screenshots (when SCREENSHOT_DIR is set) and axe.
import { mkdirSync, readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import {
  accountInfo,
  consolePage,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  playerCall,
  readStored,
} from './support.ts'

const SHOTS = process.env.SCREENSHOT_DIR

test('downloads the player’s own data as a JSON file with no image in it', async ({ page }) => {
  // The machine the suite runs on may be shared: axe and the file can take a while.
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await enterApp(page)
  const token = (await readStored<string>(page, 'token')) ?? ''
  // A game session of their own to find in the file (a new player has no money to spin with).
  const launched = await page.request
    .post('/api/game/forward', { data: { id: 'fruta-fina' }, headers: { 'access-token': token } })
    .then((r) => r.json())
  expect(launched.success).toBe(true)

  await page.goto('/mine')
  const userId = (await page.getByTestId('user-id').textContent())?.replace(/\D/g, '')
  await page.getByRole('link', { name: 'Meus dados' }).click()
  await expect(page.getByRole('heading', { name: 'Baixar meus dados' })).toBeVisible()
  const fixes = page.getByRole('list').filter({ hasText: 'Nome, CPF e data de nascimento' })
  await expect(fixes.getByRole('link', { name: 'Segurança da conta' })).toHaveAttribute('href', '/security')
  await expect(fixes.getByRole('link', { name: 'Atendimento' })).toHaveAttribute('href', '/service')
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/my-data-390x844.png`, fullPage: true })
  }
  await expectNoSeriousAxe(page)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Baixar meus dados' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/)
  const text = readFileSync(await download.path(), 'utf8')
  const file = JSON.parse(text)
  expect(String(file.playerId)).toBe(userId)
  expect(file.parts.account).toEqual([expect.objectContaining({ id: Number(userId) })])
  expect(file.parts.gameSessions).toEqual([
    expect.objectContaining({ id: launched.data.sessionId, game: 'fruta-fina' }),
  ])
  expect(file.parts.devices.length).toBeGreaterThan(0)
  expect(file.parts.limits.length).toBeGreaterThan(0)
  // No image and no secret: no data URL, no JPEG or PNG in base64, no hash or token field, not the
  // access token itself.
  expect(text).not.toMatch(/data:image|\/9j\/|iVBORw0KGgo|password|secret|token_hash/i)
  expect(text).not.toContain(token)
  await expect(page.getByRole('status')).toContainText('Arquivo baixado.')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-data-done-390x844.png`, fullPage: true })
  await expectNoSeriousAxe(page)
})

test('gives and corrects the address and gender the rules ask, checked field by field; the console shows them masked by role', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await enterApp(page)
  await page.goto('/myData')
  const card = page.getByTestId('registration-card')
  await expect(card.getByRole('heading', { name: 'Endereço e gênero' })).toBeVisible()
  // A mistyped CEP and empty fields are named before anything is sent.
  await card.getByLabel('CEP').fill('0131')
  await card.getByRole('button', { name: 'Salvar cadastro' }).click()
  await expect(card.getByText('Informe o CEP com 8 números, como 01310-100.')).toBeVisible()
  await expect(card.getByText('Escolha o estado.')).toBeVisible()
  expect((await playerCall(page, '/v1/account/registrationInfo')).data.cep).toBeNull()
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/my-data-registration-errors-390x844.png` })
  await expectNoSeriousAxe(page)

  await card.getByLabel('CEP').fill('01310-100')
  await card.getByLabel('Rua').fill('Avenida Paulista')
  await card.getByLabel('Número', { exact: true }).fill('1578')
  await card.getByLabel('Bairro').fill('Bela Vista')
  await card.getByLabel('Cidade').fill('São Paulo')
  await card.getByLabel('Estado').selectOption('SP')
  await card.getByLabel('Prefiro não informar').check()
  await card.getByRole('button', { name: 'Salvar cadastro' }).click()
  await expect(page.getByText('Cadastro salvo.')).toBeVisible()
  // What the server keeps is what was typed (the CEP as its 8 digits).
  expect((await playerCall(page, '/v1/account/registrationInfo')).data).toEqual({
    cep: '01310100',
    street: 'Avenida Paulista',
    number: '1578',
    complement: null,
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    gender: 'not_informed',
  })

  // Opened again, the form shows it, and a correction replaces it.
  await page.reload()
  await expect(card.getByLabel('CEP')).toHaveValue('01310-100')
  await expect(card.getByLabel('Prefiro não informar')).toBeChecked()
  await card.getByLabel('Complemento (opcional)').fill('Apto 12')
  await card.getByLabel('Feminino').check()
  await card.getByRole('button', { name: 'Salvar correção' }).click()
  await expect(page.getByText('Cadastro salvo.')).toBeVisible()
  expect((await playerCall(page, '/v1/account/registrationInfo')).data).toMatchObject({
    complement: 'Apto 12',
    gender: 'female',
  })
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-data-registration-390x844.png`, fullPage: true })
  await expectNoSeriousAxe(page)
  // On the smallest common phone every field can be reached and read.
  await page.setViewportSize({ width: 360, height: 640 })
  await card.getByRole('button', { name: 'Salvar correção' }).scrollIntoViewIfNeeded()
  await expect(card.getByRole('button', { name: 'Salvar correção' })).toBeInViewport()
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-data-registration-360x640.png`, fullPage: true })

  // The console's player view: in full for a role that sees personal data, masked for support.
  const { userId } = await accountInfo(page)
  const stamp = Date.now().toString(36)
  const adminEmail = `ana.admin.${stamp}@jogolimpo.example`
  const supportEmail = `sara.suporte.${stamp}@jogolimpo.example`
  expect(createOperator(adminEmail, 'admin', 'Ana Admin')).toContain('(admin)')
  expect(createOperator(supportEmail, 'support', 'Sara Suporte')).toContain('(support)')
  const admin = await consolePage(browser, adminEmail)
  await admin.goto(`/console/players/${userId}`)
  const whole = admin.getByTestId('player-registration')
  await expect(whole.getByTestId('registration-address')).toHaveText(
    'Avenida Paulista, 1578, Apto 12 · Bela Vista · São Paulo/SP',
  )
  await expect(whole.getByTestId('registration-cep')).toHaveText('01310-100')
  await expect(whole.getByTestId('registration-gender')).toHaveText('Feminino')
  await expect(whole.getByTestId('registration-ip')).toContainText('127.0.0.1')
  await expect(whole.getByTestId('registration-device')).not.toHaveText('—')
  await expectNoSeriousAxe(admin)
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/console-player-registration-1280x800.png` })
  const support = await consolePage(browser, supportEmail, { width: 390, height: 844 })
  await support.goto(`/console/players/${userId}`)
  const masked = support.getByTestId('player-registration')
  await expect(masked.getByTestId('registration-cep')).toHaveText('01***-***')
  await expect(masked.getByTestId('registration-address')).toHaveText('*** · São Paulo/SP')
  await expect(masked.getByTestId('registration-gender')).toHaveText('Não informado')
  await expect(masked.getByTestId('registration-ip')).not.toContainText('127.0.0.1')
  await expect(support.getByText('seu papel não vê dados pessoais', { exact: false })).toBeVisible()
  await expectNoSeriousAxe(support)
  if (SHOTS)
    await support
      .locator('section', { has: masked })
      .screenshot({ path: `${SHOTS}/console-player-registration-masked-390x844.png` })
})
