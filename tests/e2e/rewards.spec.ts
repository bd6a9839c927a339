// Rewards end to end in Chromium, on a server of the spec's own in a market whose rules allow the
// welcome gift, invites and the install reward (Mexico; Brazil's forbid them: rewards-prompts.spec.ts
// shows the Brazilian home): a new player opens the red envelope (R$ 100 bonus with its
// wagering shown), checks in for the day, spins the wheel (the prize equals the ledger credit; a
// second spin waits with a HH:MM:SS countdown), completes a play task by spinning in the game and
// claims it, then copies an invite link; a second browser opening that link, verifying and
// depositing makes the first player's claimable invite reward R$ 8, and claiming it credits the
// ledger. The download reward once when the app runs installed and its install was reported; and
// "Verificar conta" from the gift leads back to the gift. Money is checked against the server's
// ledger, not the screen's words.
import { expect, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { formatMoney } from '../../contract/money.ts'
import { inAllowingMarket } from './allowing-market.ts'
import {
  accountInfo,
  enterApp,
  expectNoSeriousAxe,
  playerCall,
  sandboxBank,
  standaloneContext,
  verifyInSheet,
  verifyPlayer,
} from './support.ts'

inAllowingMarket()

test('gift, sign-in, wheel, play task and invite, each credited once by the server', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])

  // The welcome: promotions credit only verified players, so a new player is told so and led to
  // verification (name, CPF and date of birth on the deposit screen); games stay open.
  await enterApp(page, '/', { keepWelcome: true })
  let welcome = page.getByRole('dialog', { name: 'Presente de boas-vindas' })
  await expect(welcome).toContainText(
    'Bônus de R$ 100,00 para contas verificadas. Para virar dinheiro sacável, aposte R$ 500,00 (5× o bônus).',
  )
  await expect(welcome.getByTestId('red-envelope')).toHaveCount(0)
  await expect(welcome.getByTestId('verify-to-collect')).toContainText('os jogos continuam abertos')
  await welcome.getByRole('link', { name: 'Verificar conta' }).click()
  // The deposit screen opens the form at once (and offers the way back to the gift).
  await expect(page).toHaveURL(/\/rechargeMall\?verify=1&/)
  await expect(page.getByTestId('verification-status')).toContainText(
    'confirme seu nome completo, CPF e data de nascimento',
  )
  await verifyInSheet(page)
  await expect(page.getByTestId('verification-status')).toHaveCount(0)
  // Verified: the envelope, from the home's gift button, states the amount and the wagering before it is opened.
  await page.goto('/')
  await page.getByTestId('dock-gift').click()
  welcome = page.getByRole('dialog', { name: 'Presente de boas-vindas' })
  await expect(welcome).toContainText('Bônus de R$ 100,00. Para virar dinheiro sacável, aposte R$ 500,00 (5× o bônus).')
  await welcome.getByRole('button', { name: 'Abrir o envelope' }).click()
  await expect(welcome.getByTestId('gift-credit')).toContainText('+R$ 100,00')
  await expect(welcome.getByTestId('gift-credit')).toContainText('Aposte mais R$ 500,00')
  let info = (await playerCall(page, '/v1/bus/accountInfo')).data
  expect(info.balance).toEqual({ total: 10_000, cash: 0, bonus: 10_000 })
  expect(info.wagering).toEqual({ required: 50_000, wagered: 0, remaining: 50_000 })
  await expect(page.getByTestId('balance')).toHaveText('R$ 100,00')
  await expect(welcome.getByRole('button', { name: 'Jogar Gol de Placa' })).toBeVisible()
  await welcome.getByRole('button', { name: 'Fechar' }).click()
  await expect(page.getByTestId('dock-gift')).toHaveCount(0)

  // Daily sign-in from the home button: day 1 pays R$ 1,00.
  await page.getByTestId('dock-sign').click()
  const sign = page.getByRole('dialog', { name: 'Check-in diário' })
  await expect(sign.getByTestId('sign-day-1')).toHaveAttribute('data-state', 'today')
  await expect(sign.getByTestId('sign-day-7')).toContainText('+R$ 28,00')
  await sign.getByRole('button', { name: 'Fazer check-in: +R$ 1,00' }).click()
  await expect(sign.getByTestId('sign-day-1')).toHaveAttribute('data-state', 'signed_today')
  await expect(sign.getByTestId('sign-streak')).toHaveText('Sequência: 1 de 7 dias')
  await expect(sign.getByTestId('sign-done')).toBeVisible()
  expect((await accountInfo(page)).balance.bonus).toBe(10_100)
  await sign.getByRole('button', { name: 'Fechar' }).click()

  // The wheel: the prize shown is the prize credited.
  const before = (await accountInfo(page)).balance.bonus
  await page.getByTestId('dock-wheel').click()
  const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
  await expect(wheel).toContainText('R$ 1,00 — 80%')
  await wheel.getByRole('button', { name: 'Girar' }).click()
  await expect(wheel.getByTestId('wheel-prize')).toHaveText(/^\+R\$\s[137],00$/, { timeout: 10_000 })
  const shown = (await wheel.getByTestId('wheel-prize').textContent())?.slice(1) as string
  await expect(wheel).toHaveCount(0, { timeout: 10_000 })
  const credited = (await accountInfo(page)).balance.bonus - before
  expect(formatMoney(credited)).toBe(shown)
  const statement = (await playerCall(page, '/v1/bus/statement', { pageNum: 1, pageSize: 20 })).data.entries as {
    kind: string
    amount: number
  }[]
  expect(statement.find((e) => e.kind === 'wheel_prize')?.amount).toBe(credited)
  // A second spin waits: the countdown, and the server refuses with the same wait.
  await page.getByTestId('dock-wheel').click()
  await expect(wheel.getByTestId('wheel-countdown')).toHaveText(/Próxima rodada grátis em 0[12]:[0-5]\d:[0-5]\d/)
  await expect(wheel.getByRole('button', { name: 'Girar' })).toHaveCount(0)
  const refused = await playerCall(page, '/activity/wheel/spin', { requestId: `e2e-second-${Date.now()}` })
  expect(refused).toMatchObject({ success: false, msgCode: 'wheel_wait' })
  expect(refused.msg).toMatch(/A roleta grátis libera de novo em 0[12]:[0-5]\d:[0-5]\d\./)
  await wheel.getByRole('button', { name: 'Fechar' }).click()

  // A play task: 5 spins of Gol de Placa, counted from the rounds, then claimed once.
  await page.goto('/task')
  const task = page.getByTestId('task-green-gol-de-placa-5')
  await expect(task.getByTestId('task-progress')).toHaveText('0/5')
  await task.getByRole('button', { name: 'Jogar Gol de Placa' }).click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  for (let spin = 1; spin <= 5; spin++) {
    await frame.getByTestId('game-spin').click()
    await expect(frame.locator('#game')).toHaveAttribute('data-rounds', String(spin))
  }
  await page.getByTestId('game-frame-close').click()
  await expect(task.getByTestId('task-progress')).toHaveText('5/5')
  const beforeTask = (await accountInfo(page)).balance.total
  await task.getByRole('button', { name: 'Receber R$ 3,00' }).click()
  await expect(task).toContainText('Recebido ✓')
  expect((await accountInfo(page)).balance.total).toBe(beforeTask + 300)
  const taskRewards = (await playerCall(page, '/v1/bus/statement', { pageNum: 1, pageSize: 50 })).data.entries.filter(
    (e: { kind: string }) => e.kind === 'task_reward',
  )
  expect(taskRewards).toHaveLength(1)
  // The promotions screen's task entry lists one group: /event/item?configKey=….
  await page.goto('/event/item?configKey=GREEN_VERSION_DAILY_TASK')
  await expect(page.getByTestId('task-daily-noite-de-carnaval-20')).toBeVisible()
  await expect(page.getByTestId('task-green-gol-de-placa-5')).toHaveCount(0)

  // Invite: the copied link carries ?code=.
  await page.goto('/invite')
  await expect(page.getByTestId('invite-rule')).toContainText('R$ 8,00 de bônus por amigo')
  await page.getByRole('button', { name: 'Copiar link' }).click()
  await expect(page.getByText('Copiado')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  const share = (await playerCall(page, '/v1/bus/getUserShareUrlAndExtensionCode')).data
  expect(link).toBe(share.shareUrl)
  expect(new URL(link).searchParams.get('code')).toBe(share.code)
  await expect(page.getByTestId('invite-claimable')).toHaveText('R$ 0,00')

  // A friend opens the link in another browser, verifies and deposits.
  const friendContext = await browser.newContext({ serviceWorkers: 'block' })
  const friend = await friendContext.newPage()
  const { pathname, search } = new URL(link)
  await enterApp(friend, `${pathname}${search}`)
  // Signed up through the link, not yet counted: no verified first deposit.
  expect((await playerCall(page, '/v1/bus/statInviteInfo')).data).toMatchObject({
    total: { signUps: 1, qualified: 0 },
    claimable: 0,
  })
  expect(
    (await playerCall(friend, '/charge/amount/saveUserAccountInfo', { fullName: 'Bruno Lima', cpf: randomCpf() }))
      .success,
  ).toBe(true)
  const order = await playerCall(friend, '/charge/create/order', {
    amount: 2000,
    requestId: `e2e-friend-${Date.now()}`,
  })
  expect(
    (await (await friend.request.post(`${sandboxBank(friend)}/pay`, { data: { code: order.data.payCode } })).json())
      .data.paid,
  ).toBe(true)
  await friendContext.close()

  // The invite screen reloads on the server's push: claimable R$ 8,00, and claiming credits it.
  await expect(page.getByTestId('invite-claimable')).toHaveText('R$ 8,00')
  await expect(page.getByTestId('signups-total')).toHaveText('1')
  await expect(page.getByTestId('qualified-total')).toHaveText('1')
  const beforeInvite = (await accountInfo(page)).balance.bonus
  await page.getByRole('button', { name: 'Receber R$ 8,00' }).click()
  await expect(page.getByTestId('invite-received')).toHaveText('R$ 8,00')
  await expect(page.getByTestId('invite-claimable')).toHaveText('R$ 0,00')
  info = await accountInfo(page)
  expect(info.balance.bonus).toBe(beforeInvite + 800)
})

test('an app opened installed (standalone) gets the download reward once, after the install was reported', async ({
  browser,
}) => {
  const context = await standaloneContext(browser)
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

test('"Verificar conta" from the gift: the form opens, success is said, and the way back reopens the gift', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 })
  await enterApp(page, '/', { keepWelcome: true })
  const welcome = page.getByRole('dialog', { name: 'Presente de boas-vindas' })
  await welcome.getByRole('link', { name: 'Verificar conta' }).click()
  await expect(page).toHaveURL(/\/rechargeMall\?verify=1&back=%2F&reopen=welcome$/)
  await expect(welcome).toHaveCount(0)
  // The form is open at once, its first field focused; the way back is offered before verifying too.
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await expect(sheet.getByLabel('Nome completo')).toBeFocused()
  await verifyInSheet(page, 'Ana Souza Lima')
  await expect(page.getByTestId('toast')).toContainText(
    'Conta verificada: nome, CPF e data de nascimento conferidos. Você já pode depositar e receber promoções.',
  )
  const back = page.getByTestId('verify-return')
  await expect(back).toContainText('Conta verificada. As promoções agora valem para você.')
  await expect(page.getByTestId('verification-status')).toHaveCount(0)
  await expectNoSeriousAxe(page)
  await back.getByRole('button', { name: 'Voltar ao presente' }).click()
  await expect(page).toHaveURL(/\/$/)
  const gift = page.getByRole('dialog', { name: 'Presente de boas-vindas' })
  await expect(gift.getByRole('button', { name: 'Abrir o envelope' })).toBeVisible()
  await expect(gift.getByTestId('verify-to-collect')).toHaveCount(0)
})
