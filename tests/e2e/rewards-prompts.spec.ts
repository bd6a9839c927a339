// The reward prompts and switches in Chromium: no first-deposit offer in Brazil (its rules forbid
// a deposit bonus); the "you can withdraw" prompt after leaving a game with R$ 500 or more of
// cash; the download reward once when the app runs installed and its install was reported; and, on a server with PROMOTIONS=off,
// screens that say promotions are off instead of showing buttons that cannot work.
import { expect, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { formatMoney } from '../../contract/money.ts'
import { promotionsOffPort } from '../../playwright.config.ts'
import { accountInfo, adjustBalance, enterApp, playerCall, verifyPlayer } from './support.ts'

test('the home shows no first-deposit offer in Brazil; leaving a game with R$ 500+ cash offers a withdrawal', async ({
  page,
}) => {
  await enterApp(page)
  await expect(page.getByTestId('lobby-tab-popular')).toBeVisible()
  await expect(page.getByTestId('first-deposit-offer')).toHaveCount(0)
  expect((await playerCall(page, '/activity/summary')).data.prompts.firstDeposit).toBeNull()

  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 60_000)
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await page.getByTestId('game-frame-close').click()
  const prompt = page.getByRole('dialog', { name: 'Você pode sacar' })
  const cash = (await accountInfo(page)).balance.cash
  expect(cash).toBeGreaterThanOrEqual(50_000)
  await expect(prompt).toContainText(`Você tem ${formatMoney(cash)} em dinheiro sacável`)
  await prompt.getByRole('button', { name: 'Sacar agora' }).click()
  await expect(page).toHaveURL(/\/withdrawTab$/)
})

test('an app opened installed (standalone) gets the download reward once, after the install was reported', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  // Chromium cannot be put in standalone display mode from a test; the page is told it is.
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window)
    window.matchMedia = (query: string) =>
      query.includes('display-mode: standalone')
        ? ({ ...original('all'), matches: true, media: query } as MediaQueryList)
        : original(query)
  })
  const page = await context.newPage()
  const claim = () =>
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/rewards/downloadReward/claim')
  // Promotions credit only verified players: the first claim waits for verification.
  const firstClaim = claim()
  await enterApp(page)
  expect((await (await firstClaim).json()).msgCode).toBe('reward_verification_required')
  await verifyPlayer(page, randomCpf())
  // Standalone alone is not enough: this player never reported an accepted install prompt.
  const secondClaim = claim()
  await page.reload()
  expect((await (await secondClaim).json()).msgCode).toBe('install_not_reported')
  expect((await accountInfo(page)).balance.bonus).toBe(0)
  // The tab that accepted the install prompt reported it; the installed app opens again.
  expect((await playerCall(page, '/user/installAccepted')).success).toBe(true)
  await page.reload()
  await expect.poll(async () => (await accountInfo(page)).balance.bonus).toBe(200)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('R$ 2,00')
  const entries = (await playerCall(page, '/v1/bus/statement', { pageNum: 1, pageSize: 20 })).data.entries as {
    kind: string
  }[]
  expect(entries.filter((e) => e.kind === 'download_reward')).toHaveLength(1)
  await context.close()
})

test.describe('with promotions switched off', () => {
  test.use({ baseURL: `http://127.0.0.1:${promotionsOffPort}` })

  test('every reward screen says so, and no gift or offer is shown', async ({ page }) => {
    await enterApp(page, '/', { keepWelcome: true })
    const welcome = page.getByRole('dialog', { name: 'Seu primeiro jogo' })
    await expect(welcome).toBeVisible()
    await expect(welcome.getByTestId('red-envelope')).toHaveCount(0)
    await welcome.getByRole('button', { name: 'Fechar' }).click()
    await expect(page.getByTestId('lobby-tab-popular')).toBeVisible()
    await expect(page.getByTestId('first-deposit-offer')).toHaveCount(0)
    await expect(page.getByTestId('dock-gift')).toHaveCount(0)

    await page.getByTestId('dock-wheel').click()
    const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
    await expect(wheel.getByTestId('promotion-off')).toHaveText(
      'As promoções estão desligadas nesta operação. Nenhum bônus é oferecido agora.',
    )
    await expect(wheel.getByRole('button', { name: 'Girar' })).toHaveCount(0)
    await wheel.getByRole('button', { name: 'Fechar' }).click()

    for (const path of ['/event', '/sign', '/task', '/invite']) {
      await page.goto(path)
      await expect(page.getByTestId('promotion-off'), path).toBeVisible()
    }
    expect((await playerCall(page, '/activity/drawSignReward')).msgCode).toBe('promotions_off')
    expect((await accountInfo(page)).balance.total).toBe(0)
  })
})
