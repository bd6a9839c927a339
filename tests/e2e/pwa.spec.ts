// The PWA's edges that only time or the browser reveal, in Chromium: a page
// whose code does not arrive in time lands on /404 with a retry, the service worker's update
// checks (every 30 min and on return to the foreground), the runtime caches' bounds, and an
// accepted install prompt recorded by the server.
import { expect, test } from '@playwright/test'
import { CHUNK_TIMEOUT_MS } from '../../src/lib/chunkTimeout.ts'
import { enterApp, expectNoSeriousAxe, writeStored } from './support.ts'

test.describe('without the service worker (its cache would answer the chunk)', () => {
  test.use({ serviceWorkers: 'block' })

  test('a page whose code never arrives lands on /404 after the time-out, and its retry goes back to it', async ({
    page,
  }) => {
    await page.clock.install()
    await enterApp(page)
    // The withdraw page's chunk is never answered: the request hangs, as on a dead connection.
    const hanging = /\/assets\/WithdrawPage-[^/]+\.js$/
    let asked = 0
    await page.route(hanging, () => {
      asked += 1
    })
    await page.getByRole('button', { name: 'Saque' }).click()
    await expect(page).toHaveURL(/\/withdrawTab$/)
    await expect.poll(() => asked).toBe(1)
    // Just before the time-out the player still waits on the page.
    await page.clock.runFor(CHUNK_TIMEOUT_MS - 1_000)
    await expect(page).toHaveURL(/\/withdrawTab$/)
    await page.clock.runFor(2_000)
    await expect(page).toHaveURL(/\/404$/)
    const notFound = page.getByTestId('not-found')
    await expect(notFound).toHaveAttribute('data-timed-out', '')
    await expect(page.getByTestId('not-found-text')).toHaveText(
      'Esta página demorou demais para carregar. Verifique sua conexão.',
    )
    await expect(notFound.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? 'test-results/screens'}/pwa-timeout-404.png` })
    await expectNoSeriousAxe(page)

    // The connection is back: "Tentar de novo" returns to the withdrawal, which now loads.
    await page.unroute(hanging)
    await notFound.getByRole('button', { name: 'Tentar de novo' }).click()
    await expect(page).toHaveURL(/\/withdrawTab$/)
    await expect(page.getByRole('button', { name: 'Criar nome e senha' })).toBeVisible()
    await expect(page.getByTestId('not-found')).toHaveCount(0)
  })

  test('an unknown path and /#/404 still land on the plain 404 page', async ({ page }) => {
    await enterApp(page, '/#/404')
    await expect(page).toHaveURL(/\/404$/)
    await expect(page.getByTestId('not-found-text')).toContainText('Não encontramos esta página.')
    await expect(page.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0)
    await page.goto('/nao-existe')
    await expect(page).toHaveURL(/\/404$/)
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible()
  })
})

test('the app asks for a new service worker every 30 minutes and when it returns to the foreground', async ({
  page,
}) => {
  // Each check is the registration's update(), which fetches /sw.js from the browser process:
  // Playwright does not report that fetch (measured: the first registration's is seen, no
  // update's), so the test counts the app's calls to ServiceWorkerRegistration.update().
  await page.addInitScript(() => {
    const update = ServiceWorkerRegistration.prototype.update
    const seen = window as unknown as { swUpdates: number }
    seen.swUpdates = 0
    ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
      seen.swUpdates += 1
      return update.call(this)
    }
  })
  const updates = () => page.evaluate(() => (window as unknown as { swUpdates: number }).swUpdates)
  await page.clock.install()
  await enterApp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  expect(await updates()).toBe(0)
  // Not before 30 minutes…
  await page.clock.runFor(29 * 60 * 1000)
  expect(await updates()).toBe(0)
  // …then at 30, and again at 60.
  await page.clock.runFor(60 * 1000)
  await expect.poll(updates).toBe(1)
  await page.clock.runFor(30 * 60 * 1000)
  await expect.poll(updates).toBe(2)

  // Back to the foreground (the tab was hidden, now visible again): one more check.
  await page.evaluate(() => {
    const set = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    set('hidden')
  })
  expect(await updates()).toBe(2)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect.poll(updates).toBe(3)
  // The checks leave the live registration in place.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state)).toBe(
    'activated',
  )
})

test('runtime caches keep at most their bound, and only successful answers', async ({ page }) => {
  await enterApp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  // `language-data` is bounded to 10 entries (sw/runtime.ts): 25 different answers go through it.
  const statuses = await page.evaluate(async () => {
    const answers: number[] = []
    for (let n = 0; n < 25; n++) answers.push((await fetch(`/api/cache/appConfig?n=${n}`)).status)
    answers.push((await fetch('/api/cache/noSuchThing')).status)
    return answers
  })
  expect(statuses.slice(0, 25)).toEqual(Array(25).fill(200))
  expect(statuses[25]).toBe(404)
  const cached = () =>
    page.evaluate(async () => {
      const cache = await caches.open('language-data')
      return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search)
    })
  // The expiration runs after each answer is stored: it settles at the bound, the newest kept.
  await expect.poll(async () => (await cached()).filter((url) => url.includes('?n=')).length).toBe(10)
  const kept = await cached()
  expect(kept).toContain('/api/cache/appConfig?n=24')
  expect(kept).not.toContain('/api/cache/appConfig?n=0')
  expect(kept.length).toBeLessThanOrEqual(10)
  // A refusal (404) is never cached.
  expect(kept).not.toContain('/api/cache/noSuchThing')
})

test('an accepted install prompt is sent to /user/installAccepted, which the server accepts (200, success)', async ({
  page,
}) => {
  await enterApp(page)
  // The install offer comes once the player has played (no first-deposit offer in Brazil comes before it).
  await expect(page.getByTestId('first-deposit-offer')).toHaveCount(0)
  await writeStored(page, 'playedRound', true)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  // The browser's own event, as Chromium fires it when the app can be installed; the player says yes.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>
      userChoice: Promise<{ outcome: string }>
    }
    const seen = window as unknown as { promptCalls: number }
    seen.promptCalls = 0
    event.prompt = async () => {
      seen.promptCalls += 1
    }
    event.userChoice = Promise.resolve({ outcome: 'accepted' })
    window.dispatchEvent(event)
  })
  const banner = page.getByRole('region', { name: 'install' })
  await expect(banner).toBeVisible()
  const recorded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/account/installAccepted',
  )
  await banner.getByRole('button', { name: 'Instalar' }).click()
  const response = await recorded
  expect(response.status()).toBe(200)
  expect((await response.json()).success).toBe(true)
  expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1)
  // The prompt is used up: the banner goes away.
  await expect(banner).toHaveCount(0)
})
