// Helpers for the end-to-end tests: read and write the app's IndexedDB store and call the API
// as the page's player, so assertions compare the screen with the server's records; make console
// operators and open the console signed in as one.
import { execFileSync } from 'node:child_process'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { REGISTRATION_LIMITS_FOR_TESTS } from '../support/registration-limits.ts'
import { E2E_PORT, laneDataDir } from './lanes.ts'

/**
 * The sandbox bank of the app a page is on: on the sandbox API Pix server that app's `npm start`
 * runs next to it (SANDBOX_PIX_PORT = the app's port + 5 in playwright.config.ts), over HTTPS
 * with the sandbox's own CA (the config's ignoreHTTPSErrors accepts it).
 */
export function sandboxBank(page: Page): string {
  const url = new URL(page.url().startsWith('http') ? page.url() : `http://127.0.0.1:${E2E_PORT}`)
  return `https://localhost:${Number(url.port) + 5}/sandbox/bank`
}

/**
 * The sandbox mailbox `npm start` runs next to the app (SANDBOX_MAILBOX_PORT = the app's port + 2
 * in playwright.config.ts): its page, where a developer reads what the app sent.
 */
export function sandboxMailbox(page: Page): string {
  const url = new URL(page.url() === 'about:blank' ? `http://127.0.0.1:${E2E_PORT}` : page.url())
  return `http://127.0.0.1:${Number(url.port) + 2}/sandbox/mailbox`
}

/** The latest one-time setup link e-mailed to `email`, read from the sandbox mailbox's JSON (waits for it). */
export async function mailedSetupLink(page: Page, email: string): Promise<string> {
  let link = ''
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${sandboxMailbox(page)}.json?to=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as { messages: { text: string }[] }
        link = /https?:\/\/\S+\/console\/setup#[\w-]{43}/.exec(messages[0]?.text ?? '')?.[0] ?? ''
        return link
      },
      { timeout: 20_000 },
    )
    .not.toBe('')
  return link
}

export async function readStored<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate(
    (k) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('jogo-limpo')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readonly')
          const req = tx.objectStore('kv').get(k)
          req.onsuccess = () => resolve(req.result as T | undefined)
          req.onerror = () => reject(req.error)
        }
      }),
    key,
  )
}

export async function writeStored(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    ([k, v]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('jogo-limpo')
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite')
          tx.objectStore('kv').put(v, k as string)
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
        }
      }),
    [key, value] as const,
  )
}

export async function accountInfo(page: Page) {
  const token = await readStored<string>(page, 'token')
  const response = await page.request.post('/api/v1/bus/accountInfo', {
    headers: { 'access-token': token ?? '' },
    data: {},
  })
  const body = await response.json()
  expect(body.success).toBe(true)
  return body.data as {
    userId: number
    language: string
    balance: { total: number; cash: number; bonus: number }
    bound: boolean
  }
}

/** The registration limits `enterApp` sets unless told otherwise: R$ 10 million and a whole day. */
export { REGISTRATION_LIMITS_FOR_TESTS }

/**
 * First visit: confirms 18+ and waits until the header shows the server's balance. A new
 * player is welcomed (the gift envelope, or with promotions off only a first game); unless kept,
 * the welcome is put off ("Depois" / "Fechar"). The registration's mandatory limits (Portaria
 * SPA/MF 2.579/2025, without which deposits are refused) are set through the API, as loose as
 * the server allows, unless `registrationLimits: false` (a test of the registration step).
 */
export async function enterApp(
  page: Page,
  path = '/',
  options: { keepWelcome?: boolean; registrationLimits?: boolean } = {},
) {
  await page.goto(path)
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await expect.poll(() => readStored<string>(page, 'token')).toBeTruthy()
  if (options.registrationLimits !== false) {
    // The page's own server (a test may enter the second one by its full address).
    const limits = await page.request.post(`${new URL(page.url()).origin}/api/v1/bus/setRegistrationLimits`, {
      headers: { 'access-token': (await readStored<string>(page, 'token')) ?? '' },
      data: REGISTRATION_LIMITS_FOR_TESTS,
    })
    expect((await limits.json()).success).toBe(true)
  }
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  await expect(welcome).toBeVisible()
  if (!options.keepWelcome) {
    await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()
    await expect(welcome).toHaveCount(0)
  }
}

const OPS_TOKEN = 'e2e-ops-token-0123456789abcdef'

/** A server-side change to the player's money (an operator adjustment through the ops API). */
export async function adjustBalance(page: Page, userId: number, amount: number) {
  const response = await page.request.post('/api/ops/adjust', {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: { requestId: `e2e-${Date.now()}-${Math.random()}`, userId, amount, reason: 'e2e' },
  })
  const body = await response.json()
  expect(body.success).toBe(true)
  return body.data as { balance: { cash: number; total: number } }
}

export async function disconnectPush(page: Page, userId: number) {
  const response = await page.request.post('/api/ops/disconnect', {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: { userId },
  })
  return (await response.json()).data.closed as number
}

/** Registers a phone, e-mail or random key to a CPF in the sandbox bank's directory (DICT). */
export async function registerKey(page: Page, key: string, keyType: string, cpf: string) {
  const response = await page.request.post(`${sandboxBank(page)}/dict`, { data: { key, keyType, cpf } })
  expect((await response.json()).success).toBe(true)
}

/** Calls the API as the page's player. */
export async function playerCall(page: Page, path: string, data: object = {}) {
  const token = await readStored<string>(page, 'token')
  const response = await page.request.post(`/api${path}`, { headers: { 'access-token': token ?? '' }, data })
  return response.json()
}

/** The password every console operator of the e2e tests is created with (`createOperator`). */
export const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'

/**
 * A console operator made with `npm run ops:operator -- create …` on the e2e server's database
 * (its setup links at this app's address); answers what the script printed.
 */
export function createOperator(email: string, role: string, name: string): string {
  return execFileSync(
    process.execPath,
    ['scripts/ops-operator.ts', 'create', email, role, '--password', OPERATOR_PASSWORD, '--name', name],
    {
      env: { ...process.env, DATA_DIR: laneDataDir('.e2e-data'), PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}` },
      encoding: 'utf8',
    },
  )
}

/**
 * A new browser context in pt-BR at `viewport` (a desk's 1280×800 unless given), on no page yet.
 * `phone: true` makes it a phone's window (mobile emulation with touch, as operators use it),
 * `phone: false` a desk's; without it the project's device settings stand, as for any context.
 */
export async function consoleWindow(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  options: { phone?: boolean; acceptDownloads?: boolean } = {},
): Promise<Page> {
  const { phone, acceptDownloads } = options
  const context = await browser.newContext({
    viewport,
    locale: 'pt-BR',
    // A key given at all (even undefined) replaces the project's setting: only those asked for.
    ...(phone === undefined ? {} : { isMobile: phone, hasTouch: phone }),
    ...(acceptDownloads === undefined ? {} : { acceptDownloads }),
  })
  return context.newPage()
}

/** Signs in at /console/ on `page` and waits until the console names the operator. */
export async function signInToConsole(page: Page, email: string, password = OPERATOR_PASSWORD): Promise<void> {
  await page.goto('/console/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByTestId('operator-name')).toBeVisible()
}

/**
 * A console signed in as `email` (made by `createOperator`) in a new browser context: see
 * `consoleWindow` for the viewport and options.
 */
export async function consolePage(
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
  options: { phone?: boolean; acceptDownloads?: boolean } = {},
): Promise<Page> {
  const page = await consoleWindow(browser, viewport, options)
  await signInToConsole(page, email)
  return page
}

/**
 * On the withdraw screen: asks for R$ `reais` (typed in "Outro valor") to the PIX key `cpf` (the
 * sheet's default key type) and confirms with the player's password. Answers the key sheet; what
 * the screen does next is each test's to wait for.
 */
export async function confirmWithdrawal(page: Page, reais: string, cpf: string): Promise<Locator> {
  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill(reais)
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  return sheet
}

/** The password of players made by `fundedPlayer`: withdrawals are confirmed with it. */
export const PLAYER_PASSWORD = 'Horse-Batt3ry9'

/** A withdrawal to the player's own CPF key asked through the API, confirmed with `PLAYER_PASSWORD`. */
export async function requestWithdrawal(page: Page, cpf: string, amount: number, requestId: string) {
  return playerCall(page, '/withdraw/create/order', {
    accountNumber: cpf,
    payType: 'cpf',
    amount,
    requestId,
    password: PLAYER_PASSWORD,
  })
}

/** The adult date of birth e2e players verify with. */
export const PLAYER_BIRTH_DATE = '1990-01-15'

/** Verifies the player's name, CPF and date of birth through the API (a CPF the sandbox bureau calls regular). */
export async function verifyPlayer(page: Page, cpf: string, fullName = 'Ana Souza'): Promise<void> {
  const saved = await playerCall(page, '/charge/amount/saveUserAccountInfo', {
    fullName,
    cpf,
    birthDate: PLAYER_BIRTH_DATE,
  })
  expect(saved.data?.status, JSON.stringify(saved)).toBe('verified')
}

/**
 * Fills and sends the verification sheet ("Seus dados para o PIX") with a fresh CPF and the e2e
 * date of birth, and waits for it to close.
 */
export async function verifyInSheet(page: Page, fullName = 'Ana Souza'): Promise<void> {
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await sheet.getByLabel('Nome completo').fill(fullName)
  await sheet.getByLabel('CPF').pressSequentially(randomCpf())
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(sheet).toHaveCount(0)
}

/**
 * A player ready to withdraw: name and password bound, name + CPF verified, and a deposit of
 * `amount` paid through the sandbox bank.
 */
export async function fundedPlayer(page: Page, amount: number, cpf: string): Promise<void> {
  await enterApp(page)
  const { userId } = await accountInfo(page)
  const name = `e2e${String(userId).padStart(6, '0')}x`
  expect(
    (
      await playerCall(page, '/user/bindLoginAccount', {
        userName: name,
        password: PLAYER_PASSWORD,
        confirmPassword: PLAYER_PASSWORD,
      })
    ).success,
  ).toBe(true)
  await verifyPlayer(page, cpf)
  const order = await playerCall(page, '/charge/create/order', { amount, requestId: `e2e-${Date.now()}-${userId}` })
  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code: order.data.payCode } })
  expect((await paid.json()).data.paid).toBe(true)
  // The bank's "paid" reaches the app by the PSP's webhook: the player is funded once the ledger
  // has credited it, not when the bank answered.
  await expect
    .poll(async () => (await accountInfo(page)).balance.cash, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(amount)
}

/**
 * axe-core's serious and critical violations on the page (or inside `include`), each as
 * "rule: targets"; `alsoRules` adds rules of any impact (e.g. page-has-heading-one).
 */
export async function seriousAxeViolations(
  page: Page,
  options: { include?: string; alsoRules?: string[] } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  if (options.include) builder.include(options.include)
  const results = await builder.analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || options.alsoRules?.includes(v.id))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Fails the test on any serious or critical axe violation (see `seriousAxeViolations`). */
export async function expectNoSeriousAxe(page: Page, options: { include?: string; alsoRules?: string[] } = {}) {
  expect(await seriousAxeViolations(page, options)).toEqual([])
}

/** Every route of the player app (walked by the route tests: each renders, says nothing is missing, passes axe). */
export const specRoutes = [
  '/',
  '/event',
  '/event/item?configKey=GREEN_VERSION_DAILY_TASK',
  '/event/item?configKey=GREEN_VERSION_GREEN_TASK',
  '/rechargeMall',
  '/pay',
  '/coins',
  '/promote',
  '/withdrawMoney',
  '/withdrawMoney2',
  '/withdrawTab',
  '/mine',
  '/security',
  '/myData',
  '/balanceProof',
  '/closeAccount',
  '/feedback',
  '/notice',
  '/invite',
  '/sign',
  '/login',
  '/password-reset',
  '/task',
  '/taskGame',
  '/withdrawalTracker?orderId=&payType=',
  '/withdrawalTrackerAll',
  '/activity',
  '/service',
  '/servicePage',
  '/404',
  '/history',
  '/verify',
  '/limits',
  '/statement',
  '/myActivity',
  '/selfCheck',
  '/transparencia',
]

/** The screens with a copy kept on this device (`kept:<screen>` keys in IndexedDB). */
export function keptScreens(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('jogo-limpo')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const keys = open.result.transaction('kv', 'readonly').objectStore('kv').getAllKeys()
          keys.onsuccess = () => resolve(keys.result.map(String).filter((key) => key.startsWith('kept:')))
          keys.onerror = () => reject(keys.error)
        }
      }),
  )
}

/** Each screen's key in the device's store (the activity page keeps one copy per period). */
export const keptKey: Record<string, string> = {
  '/limits': 'kept:limits',
  '/statement': 'kept:statement',
  '/withdrawalTrackerAll': 'kept:withdrawals',
  '/history': 'kept:rounds',
  '/myActivity': 'kept:activity:',
}

// Sandbox CPFs are numbered 0–99 per answer; the specs on the shared server take 10–89 in turn, so
// two tests never give the same CPF (the second would wait for an operator as "another account
// informed this CPF"). The worker runs the spec files one after another in one process.
let cpfSerial = 0

/** The next serial (10–89) for a sandbox test CPF, distinct for the next 80 calls in this worker. */
export function nextCpfSerial(): number {
  return 10 + (cpfSerial++ % 80)
}

/**
 * Closes the game a test left open, as a player would, and waits for the server to hear it: an
 * open game counts its player as playing now for 2 minutes on the server every spec shares, which
 * the lobby's "playing now" tests read. For a spec's afterEach.
 */
export async function closeOpenGame(page: Page): Promise<void> {
  const close = page.getByTestId('game-frame-close')
  if (await close.isVisible().catch(() => false)) {
    await Promise.all([page.waitForResponse('**/api/v1/games/close'), close.click()])
  }
}

/** Logs the page's device in with a name and password, through the app's login dialog (already open). */
export async function logInWithPassword(page: Page, userName: string, password: string): Promise<void> {
  const login = page.getByRole('dialog', { name: 'Entrar com nome e senha' })
  await login.getByLabel('Nome de usuário').fill(userName)
  await login.getByLabel('Senha', { exact: true }).fill(password)
  await login.getByRole('button', { name: 'Entrar', exact: true }).click()
}

/** A phone's platform authenticator whose fingerprint always matches (CDP's virtual one). */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

/**
 * A context whose pages believe they were opened installed (standalone display mode), with no
 * service worker: Chromium cannot be put in standalone mode from a test, so the page is told it is.
 */
export async function standaloneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window)
    window.matchMedia = (query: string) =>
      query.includes('display-mode: standalone')
        ? ({ ...original('all'), matches: true, media: query } as MediaQueryList)
        : original(query)
  })
  return context
}
