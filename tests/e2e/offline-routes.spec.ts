// Every route of the player app offline, as a returning player meets it on weak mobile data: each
// shows what it has (cached content) or says the read failed with a retry, never a blank page or
// an endless spinner; and once the connection returns it recovers by itself, without a tap. The
// player's own records (limits, statement, withdrawals, rounds, activity) show the copy kept on
// the device, marked as offline with its time. On a network that holds every read unanswered,
// each route says it is loading (aria-busy) or shows what it has, never a blank page.
import { expect, type Route, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { expectNoSeriousAxe, fundedPlayer, keptKey, keptScreens, specRoutes } from './support.ts'

const SHOTS = 'test-results/screens/offline'

/** Screens of the player's own records: offline they show the last answer kept on the device. */
const kept = ['/limits', '/statement', '/withdrawalTrackerAll', '/history', '/myActivity']

/** Screens whose waiting state is photographed (those that once showed a bare heading). */
const waitingShots = ['/pay', '/myActivity', '/history', '/closeAccount']

test('offline, every route shows its cached content or a retry, and recovers by itself once online', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await fundedPlayer(page, 5000, randomCpf())
  await page.evaluate(() => navigator.serviceWorker.ready)
  // Each route once online, so its code and data are on the device like a returning player's.
  for (const path of specRoutes) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    // A kept screen's copy is written just after its answer shows: wait for it before leaving.
    const key = keptKey[path]
    if (key) await expect.poll(async () => (await keptScreens(page)).some((k) => k.startsWith(key))).toBe(true)
  }
  const problems: string[] = []
  for (const path of specRoutes) {
    await context.setOffline(true)
    await page.goto(path)
    const main = page.locator('main')
    await expect(main, path).toBeVisible()
    // Settled: no spinner left (a read that cannot finish offline fails and says so).
    await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0)
    const text = (await main.innerText()).trim()
    const retries = page.locator('.load-failed')
    const retryCount = await retries.count()
    const name = path.replaceAll(/[/?=&]/g, '-')
    await page.screenshot({ path: `${SHOTS}/${name}.png` })
    if (text.length < 20) problems.push(`${path}: blank offline (${JSON.stringify(text)})`)
    if (kept.includes(path)) {
      await expect(page.getByTestId('offline-note'), path).toBeVisible()
      await expect(page.getByTestId('offline-note'), path).toContainText('Sem conexão: mostrando os dados de')
      expect(retryCount, `${path} shows its kept copy, not a retry`).toBe(0)
    }
    if (retryCount > 0 && !(await retries.first().getByRole('button', { name: 'Tentar de novo' }).isVisible()))
      problems.push(`${path}: failure without a visible retry`)
    await context.setOffline(false)
    if (retryCount > 0) {
      // No tap: the screen reads again when the browser is back online.
      await expect(retries, `${path} recovers`).toHaveCount(0)
    }
    await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0)
    await expect(page.getByTestId('offline-note'), `${path} fresh again`).toHaveCount(0)
  }
  expect(problems).toEqual([])
})

test('on a network that does not answer, every route says it is loading or shows what it has, never a blank page', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await fundedPlayer(page, 5000, randomCpf())
  // Every API read but the account's is held unanswered, as on a mobile network that stalls after
  // the app's first call: each screen stays in the state it shows while its own reads wait, so a
  // blank one is caught every time, not only when a slow machine looks at the right moment.
  const held: Route[] = []
  await page.route('**/api/**', async (route) => {
    if (route.request().url().endsWith('/v1/account/info')) await route.continue()
    else held.push(route)
  })
  const problems: string[] = []
  for (const path of specRoutes) {
    await page.goto(path)
    // Past the boot shell (index.html's splash, shown while the app starts): the route's own screen.
    await expect(page.locator('.boot-shell'), path).toHaveCount(0)
    const main = page.locator('main')
    await expect(main, path).toBeVisible()
    const state = async () => {
      const text = (await main.innerText()).trim()
      const busy = await main.locator('[aria-busy="true"]').count()
      return text.length >= 20 || busy > 0 || (await main.getAttribute('aria-busy')) === 'true' ? 'shown' : text
    }
    await expect
      .poll(state, { timeout: 3000 })
      .toBe('shown')
      .catch(async () => problems.push(`${path}: blank while waiting (${JSON.stringify(await state())})`))
    // Photographed once the app's loading bar shows (a call running for half a second).
    if (waitingShots.includes(path)) {
      await expect(page.locator('html[data-busy]'), path).toHaveCount(1)
      await page.screenshot({ path: `${SHOTS}/waiting${path.replaceAll('/', '-')}.png`, animations: 'disabled' })
      await expectNoSeriousAxe(page)
    }
    // Let the held reads go before the next page, so none piles up behind the next one.
    for (const route of held.splice(0)) await route.continue().catch(() => undefined)
  }
  expect(problems).toEqual([])
})
