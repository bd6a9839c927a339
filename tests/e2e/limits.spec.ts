// Responsible gaming end to end in Chromium: the 18+ gate records the confirmation
// whatever the order of taps; a R$ 5 daily loss limit set at registration refuses the spin that
// would pass it, in the game page with the reset time, and raising it is pending for 24 h; a
// verified account without the registration's limits is asked for them before its deposit, and at
// a reward, which it collects once they are set; the
// reality check (1-minute interval on the second server) appears over the game with the time
// and the net result; a 24-hour pause blocks games and deposits while a withdrawal still pays;
// "Limites e controle" is two taps away from any page (the balance) and one from a game. Each
// screen is checked with axe and photographed at 390×844 (the whole page).
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { promotionsOffPort } from '../../playwright.config.ts'
import {
  accountInfo,
  adjustBalance,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  PLAYER_PASSWORD,
  playerCall,
  REGISTRATION_LIMITS_FOR_TESTS,
  writeStored,
} from './support.ts'

const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/screens'

const noSeriousViolations = (page: Page) => expectNoSeriousAxe(page)

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test('tapping a language on the 18+ screen first still records the confirmation, and games open', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'English' }).click()
  await page.getByRole('button', { name: 'Yes, I am 18 or older' }).click()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 1000)
  // Nothing is played before the registration's daily limits are set.
  expect((await playerCall(page, '/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)).success).toBe(true)
  const welcome = page.getByRole('dialog')
  await expect(welcome).toBeVisible()
  await welcome.getByRole('button', { name: /^(Later|Close)$/ }).click()
  await expect(welcome).toHaveCount(0)
  await page.getByTestId('lobby-tab-Brasil').click()
  // A free-spin round's show at full motion can outlast a spin's wait; this test is about the limit.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
})

test('a session whose account has no 18+ confirmation gets the gate again, never a dead end', async ({ page }) => {
  // A device that logged in without the confirmation (e.g. an older app) while this browser
  // believes it was given: the server's age_not_confirmed must bring the gate back.
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' })).toBeVisible()
  const deviceId = crypto.randomUUID()
  const login = (await (await page.request.post('/api/user/login', { data: { deviceId } })).json()).data
  await writeStored(page, 'deviceId', deviceId)
  await writeStored(page, 'deviceSecret', login.deviceSecret)
  await writeStored(page, 'token', login.token)
  await writeStored(page, 'adultConfirmed', true)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await adjustBalance(page, login.userId, 1000)
  expect((await playerCall(page, '/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)).success).toBe(true)
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const gate = page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' })
  await expect(gate).toBeVisible()
  await expect(page.getByTestId('game-frame')).toHaveCount(0)
  await gate.click()
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
})

test('a R$ 5 daily loss limit set at registration refuses the spin that would pass it, with the reset time; raising it waits 24 h', async ({
  page,
}) => {
  // Spins until the limit refuses one: how many depends on the reels.
  test.setTimeout(180_000)
  await enterApp(page, '/', { registrationLimits: false })
  await expect(page.getByTestId('risk-reminder')).toBeVisible()
  const { userId } = await accountInfo(page)
  await page.goto('/rechargeMall')
  await page.getByTestId('deposit-submit').click()
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await expect(sheet.getByTestId('risk-information')).toBeVisible()
  await noSeriousViolations(page)
  await sheet.getByLabel('Nome completo').fill('Ana Souza')
  await sheet.getByLabel('CPF').pressSequentially(randomCpf())
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await sheet.getByLabel('Limite de perda por dia').selectOption('500')
  await sheet.getByLabel('Limite de tempo de jogo por dia').selectOption('60')
  await shoot(page, 'registration-limits')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(sheet).toHaveCount(0)
  const limits = (await playerCall(page, '/v1/bus/limits')).data
  expect(limits.loss[0]).toMatchObject({ period: 'day', amount: 500 })
  expect(limits.session.daily.minutes).toBe(60)
  expect(limits.registrationDone).toBe(true)

  await adjustBalance(page, userId, 5000)
  await page.goto('/')
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  const spin = frame.getByTestId('game-spin')
  await expect(spin).toBeEnabled()
  // R$ 5,00 a spin: the first is inside the limit, and the refusal comes at the first spin after
  // the day's result turns into any loss (a R$ 2,00 bet needed a loss above R$ 3,00, which a
  // lucky run can take minutes to reach).
  for (let i = 0; i < 3; i++) await frame.getByRole('button', { name: 'Aposta +' }).click()
  await expect(frame.getByTestId('game-bet')).toHaveText('R$ 5,00')
  const message = frame.getByTestId('game-message')
  let refused = false
  for (let i = 0; i < 200 && !refused; i++) {
    await spin.click()
    await expect(spin).toBeEnabled({ timeout: 15_000 })
    refused = /limite de perda/.test((await message.textContent()) ?? '')
  }
  expect(refused).toBe(true)
  await expect(message).toContainText(/volta a zero em \d{2}\/\d{2}\/\d{4},? 00:00/)
  const after = (await playerCall(page, '/v1/bus/limits')).data.loss[0]
  expect(after.lossSoFar).toBeLessThanOrEqual(500)
  expect(after.lossSoFar + 500).toBeGreaterThan(500)
  await expect(message).toContainText(`Resta R$ ${((500 - after.lossSoFar) / 100).toFixed(2).replace('.', ',')}`)
  // From the game, limits are one tap away.
  await page.getByTestId('game-frame-limits').click()
  await expect(page.getByTestId('game-frame')).toHaveCount(0)
  await expect(page).toHaveURL(/\/limits$/)

  const lossDay = page.getByTestId('limit-loss-day')
  await lossDay.getByLabel('Por dia').fill('10')
  await lossDay.getByRole('button', { name: 'Salvar' }).click()
  await expect(lossDay.getByTestId('limit-pending')).toContainText('Pendente: R$ 10,00 a partir de')
  await expect(lossDay).toContainText('Em vigor: R$ 5,00')
  // The registration's limits can be changed, never removed.
  await lossDay.getByLabel('Por dia').fill('')
  await lossDay.getByRole('button', { name: 'Salvar' }).click()
  await expect(lossDay.getByText('Este limite é obrigatório')).toBeVisible()
  await expect(page.getByTestId('limits-required')).toHaveCount(0)
  // Every change is in the player's own history, in words.
  const history = page.getByTestId('limits-history')
  await expect(history).toContainText('Limite de perda por dia: R$ 10,00, a partir de')
  await expect(history).toContainText('Limites do cadastro: perda de R$ 5,00 e 60 min de jogo por dia')
  await noSeriousViolations(page)
  await shoot(page, 'limits')

  await page.goto('/myActivity')
  await expect(page.getByTestId('activity-bets')).not.toHaveText('R$ 0,00')
  const activity = (await playerCall(page, '/v1/bus/activity', { period: '7d' })).data
  await expect(page.getByTestId('activity-net')).toHaveText(
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(activity.net / 100),
  )
  await noSeriousViolations(page)
  await shoot(page, 'activity')

  await page.goto('/selfCheck')
  await expect(page.locator('fieldset')).toHaveCount(6)
  await expect(page.getByRole('button', { name: 'Ver resultado' })).toBeDisabled()
  for (const group of await page.locator('fieldset').all()) await group.getByLabel('Não').check()
  await page.getByRole('button', { name: 'Ver resultado' }).click()
  await expect(page.getByTestId('selfcheck-result')).toContainText('CVV')
  await noSeriousViolations(page)
  await shoot(page, 'self-check')
})

test('a verified account without the registration limits is asked only for them, then deposits', async ({ page }) => {
  await enterApp(page, '/', { registrationLimits: false })
  const saved = await playerCall(page, '/charge/amount/saveUserAccountInfo', {
    fullName: 'Ana Souza',
    cpf: randomCpf(),
  })
  expect(saved.success).toBe(true)
  await page.getByTestId('balance').click()
  await page.getByTestId('balance-breakdown').getByRole('link', { name: 'Limites e controle' }).click()
  await expect(page).toHaveURL(/\/limits$/)
  await expect(page.getByTestId('limits-required')).toContainText('sem eles não é possível depositar')
  await expect(page.getByTestId('limit-loss-day')).toContainText('Sem limite')
  await noSeriousViolations(page)
  await shoot(page, 'limits-required')

  await page.goto('/rechargeMall')
  await page.getByRole('button', { name: /^R\$\s20,00/ }).click()
  await page.getByTestId('deposit-submit').click()
  const sheet = page.getByRole('dialog', { name: 'Seus limites diários' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByLabel('Nome completo')).toHaveCount(0)
  await expect(sheet.getByTestId('risk-information')).toBeVisible()
  // Pre-filled with a choice (R$ 50 and 60 minutes); "no limit" is not one.
  await expect(sheet.getByLabel('Limite de perda por dia')).toHaveValue('5000')
  await expect(sheet.getByLabel('Limite de tempo de jogo por dia')).toHaveValue('60')
  await noSeriousViolations(page)
  await shoot(page, 'registration-limits-only')
  await sheet.getByLabel('Limite de perda por dia').selectOption('2000')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(page.getByTestId('pix-sheet').getByRole('heading')).toHaveText('Pague R$ 20,00 com PIX')
  const limits = (await playerCall(page, '/v1/bus/limits')).data
  expect(limits).toMatchObject({ registrationDone: true, session: { daily: { minutes: 60 } } })
  expect(limits.loss[0]).toMatchObject({ period: 'day', amount: 2000 })
})

test('a verified account without the registration limits is asked for them at a reward, then collects it', async ({
  page,
}) => {
  await enterApp(page, '/', { registrationLimits: false })
  expect(
    (await playerCall(page, '/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf: randomCpf() })).success,
  ).toBe(true)
  // The server refuses the credit itself; the screen says why and asks for the limits in place.
  expect((await playerCall(page, '/activity/drawSignReward')).msgCode).toBe('registration_limits_required')
  await page.goto('/sign')
  const ask = page.getByTestId('limits-to-collect')
  await expect(ask).toContainText('defina seu limite diário de perda')
  await noSeriousViolations(page)
  await ask.getByRole('button', { name: 'Definir meus limites' }).click()
  const sheet = page.getByRole('dialog', { name: 'Seus limites diários' })
  await expect(sheet.getByLabel('Nome completo')).toHaveCount(0)
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(sheet).toHaveCount(0)
  await expect(ask).toHaveCount(0)
  await page.getByRole('button', { name: /Fazer check-in/ }).click()
  await expect(page.getByTestId('sign-done')).toBeVisible()
})

test('the reality check appears over the game with the time played and the net result (1-minute interval)', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const base = `http://127.0.0.1:${promotionsOffPort}`
  await enterApp(page, `${base}/`)
  const token = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('jogo-limpo')
        open.onsuccess = () => {
          const req = open.result.transaction('kv').objectStore('kv').get('token')
          req.onsuccess = () => resolve(req.result as string)
        }
      }),
  )
  const info = await (
    await page.request.post(`${base}/api/v1/bus/accountInfo`, { headers: { 'access-token': token }, data: {} })
  ).json()
  await page.request.post(`${base}/api/ops/adjust`, {
    headers: { 'x-ops-token': 'e2e-ops-token-0123456789abcdef' },
    data: { requestId: `e2e-rc-${Date.now()}`, userId: info.data.userId, amount: 5000, reason: 'e2e' },
  })
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await page.waitForTimeout(61_000)
  await frame.getByTestId('game-spin').click()
  const dialog = frame.getByTestId('reality-check')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(/jogando há \d+ min nesta sessão\. Resultado: [+−]R\$\s\d+,\d{2}/)
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await noSeriousViolations(page)
  await shoot(page, 'reality-check')
  await dialog.getByRole('button', { name: 'Continuar' }).click()
  await expect(dialog).toHaveCount(0)
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '2')
})

test('a 24-hour pause blocks games and deposits, and a withdrawal still pays', async ({ page }) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  await page.goto('/limits')
  await page.getByTestId('exclude-24h').click()
  const confirm = page.getByTestId('exclude-confirm')
  await expect(confirm).toContainText('jogos, depósitos, promoções e mensagens de marketing')
  await expect(confirm).toContainText('saques do seu saldo, o extrato e o atendimento')
  await expect(page.getByRole('link', { name: 'plataforma centralizada do governo' })).toHaveAttribute(
    'href',
    'https://www.gov.br/autoexclusaoapostas',
  )
  await expect(page.getByTestId('limits-help')).toContainText('CVV: ligue 188')
  await noSeriousViolations(page)
  await confirm.getByRole('button', { name: 'Confirmar pausa' }).click()
  await expect(page.getByTestId('limits-excluded')).toBeVisible()
  await expect(page.getByTestId('limits-history').getByRole('listitem').first()).toContainText('Pausa até')

  await page.goto('/')
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  await expect(page.getByText(/Você pediu uma pausa até/).first()).toBeVisible()
  await expect(page.getByTestId('game-frame')).toHaveCount(0)
  const deposit = await playerCall(page, '/charge/create/order', { amount: 2000, requestId: `e2e-ex-${Date.now()}` })
  expect(deposit.msgCode).toBe('self_excluded')

  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('30')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByRole('button', { name: 'CPF', exact: true }).click()
  await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  await expect(page.getByTestId('receipt')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('balance')).toHaveText('R$ 70,00')
})
