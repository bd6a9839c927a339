// Poor connectivity in Chromium's network emulation (CDP): offline, a slow mobile profile
// (~400 ms RTT, ~400 kbit/s) and a connection dropped mid-request (the route aborted after the
// server handled it). A spin whose answer is lost is resolved by its requestId when the
// connection returns; a deposit and a withdrawal whose answers are lost are found again, never
// made twice (checked through the API's records and the ledger's balances); every data screen
// offline says so with a retry and recovers by itself; the app starts offline from the home
// screen on the slow profile (how fast: `npm run bench:offline-start`).
import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test'
import { groupCpfInput, randomCpf } from '../../contract/cpf.ts'
import { formatMoney } from '../../contract/money.ts'
import {
  accountInfo,
  adjustBalance,
  closeOpenGame,
  enterApp,
  fundedPlayer,
  keptKey,
  keptScreens,
  PLAYER_PASSWORD,
  playerCall,
  sandboxBank,
} from './support.ts'

// A game left open counts its player as playing now for 2 minutes on the server every spec
// shares, which the lobby's "playing now" tests read: close it as a player would.
test.afterEach(async ({ page, context }) => {
  await context.setOffline(false)
  await closeOpenGame(page)
})

const SHOTS = 'test-results/screens'

/** ~400 ms round trip, ~400 kbit/s each way: a weak 3G connection. */
const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 }

async function emulate(context: BrowserContext, page: Page, conditions: typeof SLOW) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', conditions)
  return cdp
}

/** Lets the server handle the request, then drops the connection before the answer arrives. */
async function loseAnswer(route: Route): Promise<unknown> {
  const response = await route.fetch()
  const body = await response.json()
  await route.abort('connectionreset')
  return body
}

test('a spin whose answer is lost is resolved by its requestId on reconnect: real outcome, right balance, one round', async ({
  page,
  context,
}) => {
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 5000)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await expect(frame.getByTestId('game-balance')).toHaveText('R$ 50,00')

  const sent: { requestId: string; bet: number }[] = []
  const lost: { round?: { roundId: string; win: number; jackpotWin: number; bet: number } } = {}
  await page.route('**/api/v1/games/spin', async (route) => {
    sent.push(route.request().postDataJSON())
    if (sent.length === 1) {
      // The server makes the round; the answer is lost, and the phone goes offline with it.
      lost.round = ((await loseAnswer(route)) as { data: Required<typeof lost> }).data.round
      await context.setOffline(true)
      return
    }
    await route.continue()
  })
  await frame.getByTestId('game-spin').click()
  await expect(frame.getByTestId('game-message')).toContainText('Sem conexão')
  expect(lost.round).toBeDefined()
  // Still offline: the round exists on the server; nothing shown yet.
  await expect(frame.locator('#game')).not.toHaveAttribute('data-rounds', '1')

  await context.setOffline(false)
  // Back online, the game asks again with the same requestId and shows the round the server made.
  const round = lost.round as NonNullable<typeof lost.round>
  await expect(frame.locator('#game')).toHaveAttribute('data-last-round', round.roundId)
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  expect(new Set(sent.map((s) => s.requestId)).size).toBe(1)
  expect(sent.length).toBeGreaterThanOrEqual(2)

  // The ledger: one round, the balance is 50 − bet + what it paid, shown in the game and the header.
  const history = (await playerCall(page, '/game/history', { pageNum: 1, pageSize: 10 })).data
  expect(history.total).toBe(1)
  expect(history.rounds[0].roundId).toBe(round.roundId)
  const expected = 5000 - round.bet + round.win + round.jackpotWin
  expect((await accountInfo(page)).balance.total).toBe(expected)
  await expect(frame.getByTestId('game-balance')).toHaveText(formatMoney(expected))
  await expect(page.getByTestId('balance')).toHaveText(formatMoney(expected))
})

test('a deposit whose answer is lost is found again with the same request: one charge', async ({ page }) => {
  await enterApp(page)
  expect(
    (await playerCall(page, '/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf: randomCpf() })).success,
  ).toBe(true)
  await page.goto('/rechargeMall')
  type Order = { data: { orderId: string; payCode: string; amount: number } }
  const created: { requestId: string }[] = []
  const answers: Order[] = []
  await page.route('**/api/v1/deposits/create', async (route) => {
    created.push(route.request().postDataJSON())
    if (created.length === 1) {
      answers.push((await loseAnswer(route)) as Order)
      return
    }
    const response = await route.fetch()
    answers.push((await response.json()) as Order)
    await route.fulfill({ response })
  })
  const depositButton = page.getByTestId('deposit-submit')
  await depositButton.click()
  await expect.poll(() => answers.length).toBe(1)
  await expect(depositButton).toBeEnabled()
  // The player taps again: the same requestId, and the server answers the order it made.
  await depositButton.click()
  await expect.poll(() => answers.length).toBe(2)
  expect(created[1]?.requestId).toBe(created[0]?.requestId)
  const [lost, found] = answers as [Order, Order]
  expect(found.data.orderId).toBe(lost.data.orderId)
  expect(found.data.payCode).toBe(lost.data.payCode)
  await expect(page.getByText('PIX copia e cola').first()).toBeVisible()
  // Paying that one code credits the amount once: the ledger has one deposit.
  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code: lost.data.payCode } })
  expect((await paid.json()).data.paid).toBe(true)
  await expect.poll(async () => (await accountInfo(page)).balance.cash).toBe(lost.data.amount)
  const statement = (await playerCall(page, '/v1/bus/statement', { pageSize: 20 })).data
  const deposits = (statement.entries as { kind: string }[]).filter((e) => e.kind === 'deposit')
  expect(deposits).toHaveLength(1)
})

test('a withdrawal lost in transit is neither lost nor doubled: one order, one hold', async ({ page, context }) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 5000, cpf)
  await page.goto('/withdrawTab')
  type Order = { success: boolean; data: { orderId: string } }
  const sent: string[] = []
  const answers: Order[] = []
  // On the context, so the request is caught whichever way it leaves (the page, or a service
  // worker's fallback to the network).
  await context.route('**/api/v1/withdrawals/create', async (route) => {
    sent.push(route.request().url())
    if (sent.length === 1) {
      // The server's answer, kept before the connection is dropped.
      answers.push((await loseAnswer(route)) as Order)
      return
    }
    const response = await route.fetch()
    answers.push((await response.json()) as Order)
    await route.fulfill({ response })
  })
  await page.getByLabel(/Outro valor/).fill('20')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog', { name: 'Sacar R$ 20,00 por PIX' })
  const key = sheet.getByLabel(/Chave PIX/)
  await key.pressSequentially(cpf)
  await expect(key).toHaveValue(groupCpfInput(cpf))
  const password = sheet.getByLabel('Senha da conta')
  await password.fill(PLAYER_PASSWORD)
  await expect(password).toHaveValue(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  // The server made the order and held the money; the answer never came. The form asks the
  // server for the order its requestId made and opens that order's tracker: no second request.
  // Both counts, and on failure what the page shows, so a failure names its half.
  await expect
    .poll(() => ({ sent: sent.length, answered: answers.length }), { timeout: 20_000 })
    .toEqual({ sent: 1, answered: 1 })
    .catch(async (failure: Error) => {
      throw new Error(`${failure.message}\n\nThe page at ${page.url()}:\n${await page.locator('body').ariaSnapshot()}`)
    })
  expect(answers[0]?.success).toBe(true)
  const orderId = answers[0]?.data.orderId as string
  await expect(page).toHaveURL(new RegExp(`orderId=${orderId}`), { timeout: 20_000 })
  expect(sent).toHaveLength(1)
  const list = (await playerCall(page, '/v1/bus/getAllWithdrawOrders', { pageNum: 1, pageSize: 10 })).data
  const ids = (list.orders as { orderId: string }[]).map((o) => o.orderId)
  expect(ids).toEqual([orderId])
  // The ledger: R$ 20 held once from the R$ 50 deposited.
  const balance = (await accountInfo(page)).balance
  expect(balance.cash).toBe(3000)
})

/** Removes every screen's kept answer from the app's IndexedDB store. */
async function forgetKeptAnswers(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('jogo-limpo')
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite')
          tx.objectStore('kv').delete(IDBKeyRange.bound('kept:', 'kept:\uffff'))
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
        }
      }),
  )
}

/** Screens of the player's own records, each with the testid of its retry. */
const dataScreens: [path: string, retry: string][] = [
  ['/limits', 'limits-load-failed'],
  ['/statement', 'statement-load-failed'],
  ['/history', 'history-load-failed'],
  ['/myActivity', 'activity-load-failed'],
]

test('offline, a data screen never read on this device says so with a retry, and shows its content by itself once back online', async ({
  page,
  context,
}) => {
  await enterApp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  for (const path of [...dataScreens.map(([path]) => path), '/withdrawTab']) {
    // Loaded once online, so its code is in the cache like a returning player's.
    await page.goto(path)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  }
  // No answer of theirs kept on this device (a screen never read here).
  await forgetKeptAnswers(page)
  for (const [path, retry] of [...dataScreens, ['/withdrawTab', 'withdraw-load-failed'] as const]) {
    await context.setOffline(true)
    await page.goto(path)
    const failed = page.getByTestId(retry)
    await expect(failed).toBeVisible()
    await expect(failed.getByRole('button', { name: 'Tentar de novo' })).toBeVisible()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${SHOTS}/offline${path.replaceAll('/', '-')}.png` })
    await context.setOffline(false)
    // No tap: the screen reads again when the browser is back online.
    await expect(failed).toHaveCount(0)
    await expect(page.locator('main')).not.toBeEmpty()
    await forgetKeptAnswers(page)
  }
})

test('offline, a data screen read before shows the copy kept on the device with its time, and the fresh one by itself once online', async ({
  page,
  context,
}) => {
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await adjustBalance(page, userId, 1234)
  await page.goto('/statement')
  await expect(page.getByTestId('statement-entries')).toContainText('12,34')
  for (const [path] of dataScreens) {
    await page.goto(path)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    // The copy is written to IndexedDB just after the answer shows: leaving before it is written
    // would leave this screen nothing to show offline.
    const key = keptKey[path] as string
    await expect.poll(async () => (await keptScreens(page)).some((kept) => kept.startsWith(key))).toBe(true)
  }
  for (const [path, retry] of dataScreens) {
    await context.setOffline(true)
    await page.goto(path)
    const note = page.getByTestId('offline-note')
    await expect(note).toContainText('Sem conexão: mostrando os dados de')
    await expect(page.getByTestId(retry)).toHaveCount(0)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${SHOTS}/offline-kept${path.replaceAll('/', '-')}.png` })
    await context.setOffline(false)
    await expect(note).toHaveCount(0)
  }
  // The kept statement is the player's real one: the adjustment's entry, read offline.
  await context.setOffline(true)
  await page.goto('/statement')
  await expect(page.getByTestId('offline-note')).toBeVisible()
  await expect(page.getByTestId('statement-entries')).toContainText('12,34')
  await context.setOffline(false)
})

test('the app starts offline from the home screen on the slow profile, with the balance it last saw', async ({
  page,
  context,
}) => {
  await enterApp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  const seen = await page.getByTestId('balance').textContent()
  await emulate(context, page, SLOW)
  await context.setOffline(true)
  await page.goto('/', { waitUntil: 'commit' })
  await expect(page.getByTestId('balance')).toHaveText(seen as string)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/offline-start-slow.png` })
})
