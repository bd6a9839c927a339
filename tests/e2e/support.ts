// Helpers for the end-to-end tests: read and write the app's IndexedDB store and call the API
// as the page's player, so assertions compare the screen with the server's records.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The sandbox bank of the app a page is on: on the sandbox API Pix server that app's `npm start`
 * runs next to it (SANDBOX_PIX_PORT = the app's port + 5 in playwright.config.ts), over HTTPS
 * with the sandbox's own CA (the config's ignoreHTTPSErrors accepts it).
 */
export function sandboxBank(page: Page): string {
  const url = new URL(page.url().startsWith('http') ? page.url() : `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`)
  return `https://localhost:${Number(url.port) + 5}/sandbox/bank`
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
export const REGISTRATION_LIMITS_FOR_TESTS = { dailyLoss: 1_000_000_000, dailyMinutes: 24 * 60 }

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

/** The password of players made by `fundedPlayer`: withdrawals are confirmed with it. */
export const PLAYER_PASSWORD = 'Horse-Batt3ry9'

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
  '/feedback',
  '/notice',
  '/invite',
  '/sign',
  '/login',
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
