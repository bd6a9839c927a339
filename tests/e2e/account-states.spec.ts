// Account states the screens tell (and the time played they count): a withdrawal whose answer was lost after the server made it
// is found by its requestId and its tracker opened (never "Sem conexão" over a balance that
// already dropped); a pause withdraws a PIX code made before it and the deposit screen says why;
// a frozen account is told on home and invited to no reward; quick rounds closed at once are
// time played, said "menos de 1 min", never "0 min". Each screen at 360×640 and 390×844,
// with no serious axe violation. Money is checked against the server.
import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import { accountInfo, confirmWithdrawal, expectNoSeriousAxe, fundedPlayer, playerCall, sandboxBank } from './support.ts'

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens'
mkdirSync(SHOTS, { recursive: true })
const viewports = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
]

/** Screenshots at both phone sizes, and axe at each. */
async function shoot(page: Page, name: string) {
  for (const size of viewports) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `${SHOTS}/states-${name}-${size.width}x${size.height}.png` })
    await expectNoSeriousAxe(page)
  }
}

// Requests a service worker makes are not seen by page.route: these tests take the network path.
test.use({ serviceWorkers: 'block' })

test('a withdrawal whose answer is lost after the server made it opens its tracker; nothing is made twice', async ({
  page,
}) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  let created = 0
  // The request reaches the server (which makes the order and takes the amount), then the
  // connection drops before the answer reaches the app.
  await page.route('**/api/v1/withdrawals/create', async (route) => {
    const response = await route.fetch()
    if ((await response.json()).success) created++
    await route.abort('connectionreset')
  })
  await confirmWithdrawal(page, '60', cpf)

  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  await expect(page.getByRole('status').filter({ hasText: 'A conexão caiu, mas seu saque foi pedido' })).toBeVisible()
  await expect(page.getByTestId('tracker-amount')).toHaveText('R$ 60,00')
  await expect(page.getByTestId('balance')).toHaveText('R$ 40,00')
  expect(created).toBe(1)
  // The server holds one withdrawal of R$ 60 and R$ 40 of cash: nothing was made twice.
  const orders = await playerCall(page, '/v1/bus/getAllWithdrawOrders', { pageNum: 1, pageSize: 10 })
  expect(orders.data.orders.map((o: { amount: number }) => o.amount)).toEqual([6000])
  expect((await accountInfo(page)).balance.cash).toBe(4000)
  await shoot(page, 'withdraw-lost-answer')
})

test('a lost answer for an order the server never made says so, and trying again makes one order', async ({ page }) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  await page.route('**/api/v1/withdrawals/create', (route) => route.abort('connectionreset'), { times: 1 })
  const sheet = await confirmWithdrawal(page, '30', cpf)
  await expect(page.getByRole('status').filter({ hasText: 'o saque não foi pedido' })).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveText('R$ 100,00')
  await shoot(page, 'withdraw-not-made')
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  const orders = await playerCall(page, '/v1/bus/getAllWithdrawOrders', { pageNum: 1, pageSize: 10 })
  expect(orders.data.orders.map((o: { amount: number }) => o.amount)).toEqual([3000])
})

test('a pause withdraws the PIX code shown before it: the deposit screen says why, and the bank refuses it', async ({
  page,
}) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 1000, cpf)
  await page.goto('/rechargeMall')
  await page.getByTestId('deposit-amount-2000').click()
  await page.getByTestId('deposit-submit').click()
  await expect(page.getByTestId('pix-code')).not.toHaveValue('')
  const code = await page.getByTestId('pix-code').inputValue()

  // The pause, from another tab of the same player.
  expect((await playerCall(page, '/v1/bus/selfExclude', { duration: '24h' })).success).toBe(true)
  await page.reload()
  await expect(page.getByTestId('pix-cancelled')).toContainText('foi cancelado no banco porque você está em pausa até')
  await expect(page.getByTestId('pix-code')).toHaveCount(0)
  await shoot(page, 'deposit-code-cancelled')
  await page.getByRole('button', { name: 'Entendi' }).click()
  await expect(page.getByTestId('deposit-paused')).toContainText('Você está em pausa até')
  await expect(page.getByTestId('deposit-submit')).toBeDisabled()
  await shoot(page, 'deposit-paused')

  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code } })
  expect(await paid.json()).toMatchObject({ success: false, msgCode: 'charge_expired' })
  expect((await accountInfo(page)).balance.cash).toBe(1000)
})

test('a frozen account is told on home, and the gift, wheel and check-in no longer invite', async ({ page }) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 1000, cpf)
  await page.goto('/')
  await expect(page.getByTestId('dock-wheel')).toBeVisible()
  const { userId } = await accountInfo(page)
  const frozen = await page.request.post('/api/ops/players/freeze', {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { userId, frozen: true, reason: 'análise de risco' },
  })
  expect((await frozen.json()).success).toBe(true)
  await page.reload()
  await expect(page.getByTestId('frozen-banner')).toContainText('Sua conta está em análise')
  await expect(page.getByTestId('dock-support')).toBeVisible()
  for (const reward of ['gift', 'wheel', 'sign', 'invite'])
    await expect(page.getByTestId(`dock-${reward}`)).toHaveCount(0)
  await shoot(page, 'home-frozen')
})

test('quick rounds in a game closed at once are time played: /limits and /myActivity say "menos de 1 min"', async ({
  page,
}) => {
  await fundedPlayer(page, 10000, randomCpf())
  // The game page's calls, as it makes them: open, the seed, eight spins in a few seconds, close.
  const forward = await playerCall(page, '/game/forward', { id: 'fruta-fina' })
  const launchToken = new URL(forward.data.openGameUrl, 'http://x').searchParams.get('launch')
  const opened = await (await page.request.post('/api/game/session/open', { data: { launchToken } })).json()
  const headers = { 'game-session': opened.data.sessionToken as string }
  if (!opened.data.seed) {
    const seed = { clientSeed: 'tempo', nextServerSeedHash: opened.data.nextServerSeedHash }
    expect((await (await page.request.post('/api/game/session/seed', { headers, data: seed })).json()).success).toBe(
      true,
    )
  }
  for (let i = 0; i < 8; i++) {
    const spin = await page.request.post('/api/game/spin', {
      headers,
      data: { bet: 100, requestId: crypto.randomUUID() },
    })
    expect((await spin.json()).success).toBe(true)
  }
  expect((await playerCall(page, '/game/close', { sessionId: forward.data.sessionId })).data.closed).toBe(true)
  const limits = await playerCall(page, '/v1/bus/limits')
  expect(limits.data.session.playedTodayMs).toBeGreaterThan(0)

  await page.goto('/limits')
  const played = page.getByText(/Hoje você jogou menos de 1 min\./)
  await expect(played).toBeVisible()
  await played.scrollIntoViewIfNeeded()
  await shoot(page, 'limits-played')
  await page.goto('/myActivity')
  await page.getByRole('button', { name: 'Hoje', exact: true }).click()
  await expect(page.getByTestId('activity-time')).toHaveText('menos de 1 min')
  await shoot(page, 'activity-played')
})
