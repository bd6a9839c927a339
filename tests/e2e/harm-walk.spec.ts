// The harm watch end to end at 390×844 in pt-BR: a player who deposits eight times in an hour
// through the sandbox bank, each time after spins that lost money, is found by the watch's own
// timer; on "Limites e controle" they read the level-1 message with their own figures and the
// tools, and accept the offered 24-hour cool-off (level 2) with one tap; an operator then works
// the level-3 contact task in the console's worklist at 1280×800 and at 390×844. axe finds nothing
// serious on each screen, and each is photographed (test-results/screens/harm-*.png).
//
// A server of its own (port E2E_PORT + 13, its sandbox API Pix + 14), so that the watch's short
// poll and its levels touch no other spec: HARM_POLL_MS=1000 (the default minute would make the
// walk wait), HARM_CHASE_MINUTES=1 (a reel's win leaves the window after a minute, not thirty, so
// the walk can always make its deposits follow losses), and HARM_LEVELS=3,5,6,11 — eight deposits in an hour after losses fire
// deposits_per_day (2), deposit_acceleration (1) and chasing_losses (3): score 6, which these
// levels make level 3 so that one player walks all three steps (the defaults put 6 at level 2).
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import {
  accountInfo,
  enterApp,
  expectNoSeriousAxe,
  OPERATOR_PASSWORD,
  playerCall,
  readStored,
  sandboxBank,
  signInToConsole,
  verifyPlayer,
} from './support.ts'

const appPort = E2E_PORT
const port = appPort + 13
const origin = `http://127.0.0.1:${port}`
const dataDir = '.e2e-data-harm'
const SHOTS = 'test-results/screens'
const DEPOSITS = 8

let server: SpecServer | undefined

test.use({ baseURL: origin, viewport: { width: 390, height: 844 } })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  rmSync(dataDir, { recursive: true, force: true })
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_URL: origin,
      FACE_CHECK: 'off',
      // sandboxBank(page) finds the sandbox bank at the page's port + 5.
      SANDBOX_PIX_PORT: String(port + 5),
      SANDBOX_SMTP_PORT: '0',
      SANDBOX_MAILBOX_PORT: '0',
      HARM_POLL_MS: '1000',
      HARM_LEVELS: '3,5,6,11',
      HARM_CHASE_MINUTES: '1',
    },
    quiet: true,
  })
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** An operator of this server's database (as `createOperator` does for the shared one). */
function createOperator(email: string, role: string, name: string) {
  return execFileSync(
    process.execPath,
    ['scripts/ops-operator.ts', 'create', email, role, '--password', OPERATOR_PASSWORD, '--name', name],
    { env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: origin }, encoding: 'utf8' },
  )
}

/** The player's spins of the last while, as this test saw them: when, and what each lost (bet − wins). */
type Spin = { at: number; lost: number }
/** Longer than HARM_CHASE_MINUTES (1): a round older than this is outside every deposit's window. */
const WINDOW_MS = 75_000

/**
 * Spins until every round in the chase window lost money (so the deposit that follows is "after
 * losses" whatever the reels did before): a round that won is let age out of the window first.
 */
async function loseSome(page: Page, session: string, spins: Spin[]): Promise<Spin[]> {
  let recent = spins
  for (let i = 0; i < 30; i++) {
    recent = recent.filter((s) => s.at > Date.now() - WINDOW_MS)
    const won = recent.filter((s) => s.lost <= 0)
    if (recent.length > 0 && won.length === 0) return recent
    if (won.length > 0) {
      await page.waitForTimeout(Math.max(...won.map((s) => s.at)) + WINDOW_MS - Date.now() + 100)
      continue
    }
    const reply = await page.request.post('/api/game/spin', {
      headers: { 'game-session': session },
      data: { bet: 100, requestId: randomUUID() },
    })
    const body = await reply.json()
    expect(body.success, JSON.stringify(body)).toBe(true)
    const { bet, win, jackpotWin } = body.data.round
    recent.push({ at: Date.now(), lost: bet - win - jackpotWin })
  }
  throw new Error('no losing spin in 30 tries')
}

async function openGame(page: Page): Promise<string> {
  const forward = await playerCall(page, '/game/forward', { id: 'fruta-fina' })
  const launchToken = new URL(forward.data.openGameUrl, origin).searchParams.get('launch')
  const opened = await (await page.request.post('/api/game/session/open', { data: { launchToken } })).json()
  const session = opened.data.sessionToken as string
  if (!opened.data.seed) {
    const seeded = await page.request.post('/api/game/session/seed', {
      headers: { 'game-session': session },
      data: { clientSeed: 'caminhada', nextServerSeedHash: opened.data.nextServerSeedHash },
    })
    expect((await seeded.json()).success).toBe(true)
  }
  return session
}

async function deposit(page: Page, amount: number) {
  const order = await playerCall(page, '/charge/create/order', { amount, requestId: randomUUID() })
  expect(order.success, JSON.stringify(order)).toBe(true)
  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code: order.data.payCode } })
  expect((await paid.json()).data.paid).toBe(true)
}

async function worklist(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport,
    locale: 'pt-BR',
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  })
  const page = await context.newPage()
  await signInToConsole(page, email)
  await page.goto('/console/harm')
  await expect(page.getByRole('heading', { level: 1, name: 'Prevenção de danos' })).toBeVisible()
  return page
}

test('eight deposits in an hour after losses: the message, the cool-off in one tap, the operator’s contact task', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000)
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await verifyPlayer(page, randomCpf(), 'Beatriz Moura')
  expect(await readStored<string>(page, 'token')).toBeTruthy()

  // Eight deposits of R$ 20, each but the first paid after spins that lost money (within the last minute).
  await deposit(page, 2000)
  const session = await openGame(page)
  let spins: Spin[] = []
  for (let k = 1; k < DEPOSITS; k++) {
    spins = await loseSome(page, session, spins)
    await deposit(page, 2000)
  }

  // The watch's own timer finds the player while the deposits go on, each level as the score
  // reaches it: the message and the offer wait on "Limites e controle".
  await expect
    .poll(async () => (await playerCall(page, '/v1/harm/notices')).data.open.length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2)
  const notices = (await playerCall(page, '/v1/harm/notices')).data
  const opened = notices.open.find((n: { kind: string }) => n.kind === 'message')
  const counted = opened.figures.depositsToday as number
  // Level 1 comes first (three deposits after losses already score 4); the figures are those of
  // the moment it opened.
  expect(counted).toBeGreaterThanOrEqual(3)
  expect(counted).toBeLessThanOrEqual(DEPOSITS)
  const reais = `R$ ${counted * 20},00`
  await page.goto('/limits')
  const message = page.getByTestId('harm-message')
  await expect(message.getByRole('heading', { name: 'Uma pausa para olhar seus números' })).toBeVisible()
  // Their own figures: the deposits of today the watch counted, R$ 20 each.
  await expect(message).toContainText(`Hoje você fez ${counted} depósitos, somando ${reais}`)
  await expect(message).toContainText('depósitos logo depois de perdas')
  // The tools: lower limits, the self-check, CVV.
  await expect(message.getByRole('link', { name: 'autoavaliação' })).toHaveAttribute('href', /selfCheck/)
  await expect(message).toContainText('CVV (188)')
  await message.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/harm-message.png` })
  await expectNoSeriousAxe(page)

  // Level 2: the offered cool-off, accepted with one tap.
  const offer = page.getByTestId('harm-offer')
  await offer.scrollIntoViewIfNeeded()
  await expect(offer.getByRole('heading', { name: 'Que tal uma pausa de 24 horas?' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/harm-offer.png` })
  await offer.getByTestId('harm-accept').click()
  await expect(page.getByText('Pausa de 24 horas iniciada.', { exact: false })).toBeVisible()
  await expect(page.getByTestId('harm-offer')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/harm-cool-off.png` })
  await expectNoSeriousAxe(page)
  // The pause holds: a deposit is refused now.
  const refused = await playerCall(page, '/charge/create/order', { amount: 2000, requestId: randomUUID() })
  expect(refused.success).toBe(false)

  // Level 3: an operator works the contact task, at a desk and on a phone.
  const email = `cuidado.${Date.now()}@jogolimpo.example`
  expect(createOperator(email, 'support', 'Sara Suporte')).toContain('(support)')
  const desk = await worklist(browser, email, { width: 1280, height: 800 })
  const task = desk.locator('article[data-testid^="harm-task-"]').filter({ hasText: `#${userId}` })
  await expect(task).toBeVisible()
  await expect(task).toContainText('depósitos logo após perdas')
  // Level 3 needs five deposits in the day (deposits_per_day): its figures are of that moment or later.
  await expect(task).toContainText(/Hoje: [5-8] depósitos \(R\$\s(100|120|140|160),00\)/)
  await desk.screenshot({ path: `${SHOTS}/harm-worklist-desk.png`, fullPage: true })
  await expectNoSeriousAxe(desk)

  const phone = await worklist(browser, email, { width: 390, height: 844 })
  const onPhone = phone.locator('article[data-testid^="harm-task-"]').filter({ hasText: `#${userId}` })
  await expect(onPhone).toBeVisible()
  await onPhone.scrollIntoViewIfNeeded()
  await phone.screenshot({ path: `${SHOTS}/harm-worklist-phone.png` })
  await expectNoSeriousAxe(phone)
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await onPhone.getByLabel('Resultado').selectOption('referred')
  await onPhone.getByLabel('Nota').fill('Liguei; ela aceitou o contato do CVV e manteve a pausa.')
  await onPhone.getByRole('button', { name: 'Registrar contato' }).click()
  await expect(onPhone).toHaveCount(0)
  await phone.getByRole('tab', { name: 'Feitas' }).click()
  const done = phone.locator('article[data-testid^="harm-task-"]').filter({ hasText: `#${userId}` })
  await expect(done).toContainText('por Sara Suporte: Encaminhado para ajuda')
  await phone.screenshot({ path: `${SHOTS}/harm-worklist-done.png` })
  await expectNoSeriousAxe(phone)
})
