// The reward prompts and switches in Chromium: no first-deposit offer in Brazil (its rules forbid
// a deposit bonus); the "you can withdraw" prompt after leaving a game with R$ 500 or more of
// cash; in Brazil no welcome gift, invite or install reward (its rules forbid them) — the welcome
// leads to verification, a deposit and a first game instead; and, on a server with PROMOTIONS=off,
// screens that say promotions are off instead of showing buttons that cannot work. (The gift,
// invites and the install reward where a market allows them: rewards.spec.ts.)
import { expect, test } from '@playwright/test'
import { formatMoney } from '../../contract/money.ts'
import { promotionsOffPort } from '../../playwright.config.ts'
import {
  accountInfo,
  adjustBalance,
  enterApp,
  expectNoSeriousAxe,
  playerCall,
  standaloneContext,
  verifyInSheet,
} from './support.ts'

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

test('in Brazil the welcome offers no bonus and leads to verification, a deposit and a first game; no invite is offered', async ({
  browser,
}) => {
  // An app opened installed (standalone), so the install reward would be claimed if it were offered.
  const context = await standaloneContext(browser)
  const page = await context.newPage()
  let claims = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/rewards/downloadReward/claim') claims++
  })
  await enterApp(page, '/', { keepWelcome: true })
  const welcome = page.getByRole('dialog', { name: 'Seu primeiro jogo' })
  await expect(welcome.getByTestId('red-envelope')).toHaveCount(0)
  await expect(welcome.getByTestId('no-welcome-bonus')).toHaveText(
    'Aqui não há bônus de boas-vindas: as regras deste mercado não permitem bônus antes da primeira aposta (Portaria SPA/MF 1.231/2024, art. 42, § 1º, II).',
  )
  await expect(welcome.getByTestId('first-step')).toContainText('confirme seu nome completo, CPF e data de nascimento')
  await expectNoSeriousAxe(page)
  // Verify on the deposit screen, its form open at once: the deposit is then the next step, right there.
  await welcome.getByRole('link', { name: 'Verificar conta' }).click()
  await expect(page).toHaveURL(/\/rechargeMall\?verify=1$/)
  await verifyInSheet(page)
  await expect(page.getByTestId('verification-status')).toHaveCount(0)
  await expect(page.getByTestId('verify-return')).toHaveCount(0)

  // Verified, on the home: the summary names each forbidden promotion with its rule.
  await page.goto('/')
  const summary = (await playerCall(page, '/activity/summary')).data
  expect(summary).toMatchObject({ verified: true, gift: null, invites: null, download: null })
  expect(summary.forbidden.map((ban: { key: string }) => ban.key)).toEqual([
    'first_deposit',
    'gift',
    'invites',
    'download',
  ])
  // Nothing invites to what cannot be paid: no gift or invite button, no invite banner.
  await expect(page.getByTestId('dock-wheel')).toBeVisible()
  await expect(page.getByTestId('dock-gift')).toHaveCount(0)
  await expect(page.getByTestId('dock-invite')).toHaveCount(0)
  await expect(page.getByTestId('banners').getByRole('button', { name: 'Convide amigos', exact: true })).toHaveCount(0)
  // The invite screen reached anyway says why, with the rule; the promotions screen lists no such promotion.
  await page.goto('/invite')
  await expect(page.getByTestId('promotion-forbidden')).toHaveText(
    'Esta promoção não é oferecida aqui: as regras deste mercado não a permitem (Portaria SPA/MF 1.231/2024, art. 42, § 1º, I).',
  )
  await expect(page.getByRole('button', { name: 'Copiar link' })).toHaveCount(0)
  await page.goto('/event')
  await expect(page.getByTestId('promotion-wheel')).toBeVisible()
  for (const key of ['gift', 'invites', 'download', 'first_deposit'])
    await expect(page.getByTestId(`promotion-${key}`)).toHaveCount(0)
  // The installed app claimed nothing, and no bonus reached the ledger.
  expect(claims).toBe(0)
  expect((await accountInfo(page)).balance).toMatchObject({ total: 0, bonus: 0 })
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

    for (const path of ['/event', '/sign', '/task']) {
      await page.goto(path)
      await expect(page.getByTestId('promotion-off'), path).toBeVisible()
    }
    // Invites are not "off for now" in Brazil: its rules forbid them, which the screen says.
    await page.goto('/invite')
    await expect(page.getByTestId('promotion-forbidden')).toBeVisible()
    expect((await playerCall(page, '/activity/drawSignReward')).msgCode).toBe('promotions_off')
    expect((await accountInfo(page)).balance.total).toBe(0)
  })
})
