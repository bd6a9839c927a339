// The smaller things a player meets, at 390×844 in Chromium: texts that agree with what the
// server pays, a pause that says what it started and shows in the lobby, page titles, numbers in
// the player's language, the wheel's labels upright, win chips on screen, deposit amounts inside
// the limits, a withdrawal that shows it is being sent, the verifier naming its game, the
// statement file in the player's language, and the app's own link style.
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { formatMoney } from '../../contract/money.ts'
import { closeOpenGame, enterApp, fundedPlayer, PLAYER_PASSWORD, playerCall } from './support.ts'

const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/screens'
const GREEN_700 = 'rgb(19, 105, 78)'

test.use({ viewport: { width: 390, height: 844 } })

// A game left open counts its player as playing now on the server every spec shares: close it.
test.afterEach(async ({ page }) => {
  await closeOpenGame(page)
})

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/polish-${name}.png`, fullPage: true })
}

/** Every "R$ 1.234,56" in a text, in centavos. */
const amountsIn = (text: string) =>
  [...text.matchAll(/R\$\s([\d.]+,\d{2})/g)].map((m) =>
    Math.round(Number((m[1] as string).replace(/\./g, '').replace(',', '.')) * 100),
  )

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: 'Perfil' }).click()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
}

test('the sign-in week: /event and /sign say the same total, the calendar’s days plus the day-7 bonus', async ({
  page,
}) => {
  await enterApp(page, '/sign')
  const days = page.locator('[data-testid^="sign-day-"]')
  await expect(days).toHaveCount(7)
  let paid = 0
  for (const day of await days.all()) paid += amountsIn((await day.textContent()) ?? '').reduce((a, b) => a + b, 0)
  const signTerms = page.getByTestId('sign-terms')
  await expect(signTerms).toContainText(`7 dias seguidos somam ${formatMoney(paid)}`)
  await shoot(page, 'sign')
  await page.goto('/event')
  await expect(page.getByTestId('promotion-sign_in-terms')).toContainText(`7 dias seguidos somam ${formatMoney(paid)}`)
  // The server's own calendar: the same sum.
  const info = (await playerCall(page, '/activity/getSignInfo')).data as { days: { amount: number; bonus: number }[] }
  expect(info.days.reduce((sum, d) => sum + d.amount + d.bonus, 0)).toBe(paid)
  await shoot(page, 'event')
})

test('a 24-hour pause: the confirmation says it started and until when; the lobby says games are blocked', async ({
  page,
}) => {
  await enterApp(page, '/limits')
  await page.getByTestId('exclude-24h').click()
  await page.getByTestId('exclude-confirm').getByRole('button', { name: 'Confirmar pausa' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText(/Pausa iniciada até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\./)
  await expect(toast).not.toContainText('Limite salvo')
  await page.getByRole('button', { name: 'Início' }).click()
  const banner = page.getByTestId('pause-banner')
  await expect(banner).toContainText(
    /Você está em pausa até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}: os jogos estão bloqueados/,
  )
  await expect(banner.getByRole('link', { name: 'Limites e ajuda' })).toHaveCSS('color', GREEN_700)
  const cards = page.getByTestId('game-grid').locator('.game-card')
  // The banner can come before the grid has drawn its cards: count them once the first one is.
  await expect(cards.first()).toContainText('Bloqueado na pausa')
  const count = await cards.count()
  expect(count).toBeGreaterThan(0)
  await expect(page.getByTestId('game-grid').getByTestId('game-blocked')).toHaveCount(count)
  await shoot(page, 'lobby-paused')
})

test('each route titles the document in the player’s language', async ({ page }) => {
  await enterApp(page)
  await expect(page).toHaveTitle('Início · Jogo Limpo')
  for (const [path, title] of [
    ['/withdrawTab', 'Saque · Jogo Limpo'],
    ['/statement', 'Extrato · Jogo Limpo'],
    ['/limits', 'Limites e controle · Jogo Limpo'],
    ['/rechargeMall', 'Depósito · Jogo Limpo'],
  ] as const) {
    await page.goto(path)
    await expect(page).toHaveTitle(title)
  }
  await toEnglish(page)
  await expect(page).toHaveTitle('Profile · Jogo Limpo')
  await page.goto('/withdrawTab')
  await expect(page).toHaveTitle(/^Withdraw\w* · Jogo Limpo$/)
})

test('in English the game’s rules read every number as English does (96.0375%, 1.80×)', async ({ page }) => {
  await enterApp(page)
  await toEnglish(page)
  await page.getByRole('button', { name: 'Home' }).click()
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByRole('button', { name: 'Rules and RTP' }).click()
  const panel = frame.getByRole('dialog', { name: 'Rules and RTP' })
  await expect(panel).toBeVisible()
  const text = (await panel.textContent()) ?? ''
  expect(text).toMatch(/RTP[^:]*: \d{2}\.\d{4}%/)
  expect(text).toMatch(/\d+\.\d{2}×/)
  // No percentage or multiplier with a decimal comma (money keeps the real's R$ 0,50).
  expect(text.match(/\d,\d+%|\d,\d{2}×/g)).toBeNull()
  await page.screenshot({ path: `${SHOTS}/polish-game-rules-en.png` })
})

test('the wheel’s prize labels all read upright with the wheel at rest', async ({ page }) => {
  await enterApp(page)
  await page.getByTestId('dock-wheel').click()
  const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
  await expect(wheel.getByRole('button', { name: 'Girar' })).toBeVisible()
  const labels = wheel.locator('svg.wheel-disc text')
  expect(await labels.count()).toBeGreaterThan(2)
  // The cosine of each label's on-screen rotation: negative would be upside down.
  const cosines = await labels.evaluateAll((texts) =>
    texts.map((t) => {
      const m = (t as SVGTextElement).getScreenCTM() as DOMMatrix
      return { text: t.textContent, cos: m.a / Math.hypot(m.a, m.b) }
    }),
  )
  for (const { text, cos } of cosines) expect(cos, text ?? '').toBeGreaterThanOrEqual(-0.001)
  await shoot(page, 'wheel')
})

test('win chips stay on screen at 390 px: they wrap, every one inside the game', async ({ page }) => {
  await fundedPlayer(page, 5000, randomCpf())
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  const spin = frame.getByTestId('game-spin')
  const wins = frame.getByTestId('game-wins').locator('li')
  for (let i = 0; i < 60 && (await wins.count()) === 0; i++) {
    const rounds = Number((await frame.locator('#game').getAttribute('data-rounds')) ?? 0)
    await spin.click()
    await expect(frame.locator('#game')).toHaveAttribute('data-rounds', String(rounds + 1))
  }
  expect(await wins.count()).toBeGreaterThan(0)
  // Many lines win at once: the real chip, seven times over.
  await frame.getByTestId('game-wins').evaluate((list) => {
    const chip = list.querySelector('li') as HTMLLIElement
    for (let i = 0; i < 7; i++) list.append(chip.cloneNode(true))
  })
  const width = await frame.locator('body').evaluate(() => document.documentElement.clientWidth)
  for (const box of await wins.evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON()))) {
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(width)
  }
  // The list scrolls down to the last chip; the spin button stays in view.
  await wins.last().scrollIntoViewIfNeeded()
  await expect(wins.last()).toBeInViewport()
  await expect(spin).toBeInViewport()
  await page.screenshot({ path: `${SHOTS}/polish-win-chips.png` })
})

test('deposit amounts above what the daily limit leaves are disabled, and a typed one is refused before the server', async ({
  page,
}) => {
  await enterApp(page)
  expect((await playerCall(page, '/v1/bus/setDepositLimit', { period: 'day', amount: 3000 })).success).toBe(true)
  await page.goto('/rechargeMall')
  await expect(page.getByTestId('deposit-limit')).toContainText('Ainda pode depositar R$ 30,00 hoje')
  const amounts = page.locator('[data-testid^="deposit-amount-"]')
  expect(await amounts.count()).toBeGreaterThan(1)
  for (const button of await amounts.all()) {
    const value = Number((await button.getAttribute('data-testid'))?.replace('deposit-amount-', ''))
    if (value > 3000) {
      await expect(button).toBeDisabled()
      await expect(button).toContainText('Acima do seu limite')
    } else await expect(button).toBeEnabled()
  }
  const orders: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/v1/deposits/create')) orders.push(r.url())
  })
  await page.getByLabel(/Outro valor/).fill('50')
  await expect(page.getByTestId('deposit-amount-error')).toHaveText(
    'Acima do que seus limites de depósito ainda permitem: até R$ 30,00.',
  )
  await expect(page.getByTestId('deposit-submit')).toBeDisabled()
  await page.getByLabel(/Outro valor/).press('Enter')
  await shoot(page, 'deposit-limit')
  await page.getByLabel(/Outro valor/).fill('25')
  await expect(page.getByTestId('deposit-submit')).toHaveText('Depositar R$ 25,00')
  expect(orders).toEqual([])
})

test('a withdrawal being sent shows "Enviando…" with aria-busy until the server answers', async ({ page }) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('20')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  const submit = sheet.getByTestId('key-sheet-submit')
  await submit.click()
  await expect(submit).toHaveAttribute('aria-busy', 'true')
  await expect(submit).toHaveText('Enviando…')
  await page.screenshot({ path: `${SHOTS}/polish-withdraw-sending.png` })
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/, { timeout: 15_000 })
})

test('the verifier names the game and its version, and the statement file speaks the player’s language', async ({
  page,
}) => {
  await fundedPlayer(page, 5000, randomCpf())
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await Promise.all([page.waitForResponse('**/api/v1/games/close'), page.getByTestId('game-frame-close').click()])
  await page.goto('/history')
  await page.getByTestId('verify-link').first().click()
  const game = page.getByTestId('verify-gameId')
  await expect(game).toHaveValue('gol-de-placa')
  await expect(game.locator('option:checked')).toHaveText('Gol de Placa')
  await expect(page.getByTestId('verify-game-version')).toHaveText(/^Gol de Placa, versão \d+$/)
  await shoot(page, 'verify')

  await page.goto('/statement')
  await expect(page.getByTestId('risk-reminder').getByRole('link')).toHaveCSS('color', GREEN_700)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /CSV/ }).click(),
  ])
  const csv = await (await download.createReadStream()).toArray()
  const lines = Buffer.concat(csv).toString('utf8').trim().split('\r\n')
  expect(lines[0]).toBe(
    'Data e hora (America/Sao_Paulo);Transferência;Tipo;Conta;Valor (R$);Saldo depois (R$);Referência',
  )
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};.*;50,00;50,00;/)
  await shoot(page, 'statement')
})
