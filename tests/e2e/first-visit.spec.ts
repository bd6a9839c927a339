// The walking skeleton in a real browser: 18+ gate, automatic account, balance from the
// server, language switch that survives a reload, silent re-login, offline reopen, /404, bind.
import { expect, test } from '@playwright/test'
import { accountInfo, enterApp, expectNoSeriousAxe, readStored, writeStored } from './support.ts'

test('first visit asks 18+, creates an account automatically and shows its balance', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Você tem 18 anos ou mais?')).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveCount(0)
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  await expect(page.getByRole('navigation')).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('button')).toHaveCount(5)

  // The number on screen is the ledger's: the server's account info for this token.
  const info = await accountInfo(page)
  expect(info.balance.total).toBe(0)
  const deviceId = await readStored<string>(page, 'deviceId')
  expect(deviceId).toMatch(/^[0-9a-f-]{36}$/)
  // The server issued this device its secret, kept beside the id.
  expect(await readStored<string>(page, 'deviceSecret')).toMatch(/^[A-Za-z0-9_-]{43}$/)

  // The 18+ answer is remembered: a reload goes straight to the app, same account.
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  await expect(page.getByText('Você tem 18 anos ou mais?')).toHaveCount(0)
  expect((await accountInfo(page)).userId).toBe(info.userId)
})

test('under-18s are told they cannot use the app', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Não', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('só para maiores de 18 anos')
  await expect(page.getByTestId('balance')).toHaveCount(0)
  expect(await readStored(page, 'token')).toBeUndefined()
})

test('switching to English changes the texts, reaches the account and survives a reload', async ({ page }) => {
  await enterApp(page)
  await page.getByRole('button', { name: 'Perfil' }).click()
  await expect(page).toHaveURL(/\/mine$/)
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Home' })).toBeVisible()
  await expect.poll(async () => (await accountInfo(page)).language).toBe('en')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.getByRole('button', { name: 'Português' }).click()
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible()
})

test('a new visit opens on Início (not the last tab used); tapping the active tab keeps the page', async ({ page }) => {
  await enterApp(page)
  await page.getByRole('button', { name: 'Depósito' }).click()
  await expect(page).toHaveURL(/\/rechargeMall$/)
  await page.getByRole('button', { name: 'Saque' }).click()
  await expect(page).toHaveURL(/\/withdrawTab$/)
  await page.getByRole('button', { name: 'Saque' }).click()
  await expect(page).toHaveURL(/\/withdrawTab$/)
  // Within the visit the tab holds: back returns to it.
  await page.goto('/sign')
  await page.goBack()
  await expect(page).toHaveURL(/\/withdrawTab$/)
  // A new visit at / stays on Início.
  await page.goto('/')
  await expect(page.getByTestId('game-grid')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Início' })).toHaveAttribute('aria-current', 'page')
})

test('an invalid token is replaced silently by a device re-login into the same account', async ({ page }) => {
  await enterApp(page)
  const before = await accountInfo(page)
  const forged = 'A'.repeat(43)
  await writeStored(page, 'token', forged)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  await expect
    .poll(async () => {
      const token = await readStored<string>(page, 'token')
      return Boolean(token) && token !== forged
    })
    .toBe(true)
  const after = await accountInfo(page)
  expect(after.userId).toBe(before.userId)
  // No error was shown to the player.
  await expect(page.locator('.toast')).toHaveCount(0)
})

test('the app reopens offline from the service worker and shows its shell', async ({ page, context }) => {
  await enterApp(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('navigation')).toBeVisible()
  await expect(page.getByText('Você está sem conexão')).toBeVisible()
  // The last balance the server gave, marked as not fresh.
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  await expect(page.getByTestId('balance')).toHaveClass(/stale/)
  // Marked, not faded: the kept amount stays as legible as the fresh one.
  await expectNoSeriousAxe(page, { include: '.app-header' })
  await page.screenshot({ path: 'test-results/screens/offline-kept-balance.png' })
  // Its breakdown says it is the copy kept on the device, and from when.
  await page.getByTestId('balance').click()
  await expect(page.getByTestId('balance-breakdown').getByTestId('offline-note')).toContainText(
    /Sem conexão: mostrando os dados de \d{2}\/\d{2}\/\d{4}/,
  )
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Perfil' }).click()
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible()
  await context.setOffline(false)
})

test('an unknown URL lands on /404 with a way home', async ({ page }) => {
  await enterApp(page)
  await page.goto('/isto-nao-existe')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByTestId('not-found')).toBeVisible()
  await page.getByRole('link', { name: 'Voltar ao início' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('every route of the spec renders inside the frame', async ({ page }) => {
  await enterApp(page)
  const paths = [
    '/event',
    '/event/item?configKey=GREEN_VERSION_DAILY_TASK',
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
    '/task',
    '/taskGame',
    '/withdrawalTracker?orderId=1&payType=1',
    '/withdrawalTrackerAll',
    '/activity',
    '/service',
    '/servicePage',
    '/history',
    '/verify',
    '/limits',
    '/statement',
  ]
  for (const path of paths) {
    await page.goto(path)
    await expect(page, path).toHaveURL(new RegExp(`${path.split('?')[0]?.replace(/\//g, '\\/')}`))
    await expect(page.getByTestId('balance'), path).toBeVisible()
    await expect(page.locator('main.page'), path).not.toBeEmpty()
  }
})

test('binding a name and password lets the player log in on another device', async ({ page, browser }) => {
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await page.getByRole('button', { name: 'Perfil' }).click()
  await page.getByRole('button', { name: 'Criar nome e senha' }).click()
  const dialog = page.getByRole('dialog')
  const name = `jogador${Date.now().toString().slice(-6)}`

  // Checked on blur, cleared on input once valid.
  await dialog.getByLabel('Nome de usuário').fill('curto')
  await dialog.getByLabel('Senha', { exact: true }).focus()
  await expect(dialog.getByText('O nome precisa ter de 9 a 15 caracteres.')).toBeVisible()
  await dialog.getByLabel('Nome de usuário').fill(name)
  await expect(dialog.getByText('O nome precisa ter de 9 a 15 caracteres.')).toHaveCount(0)

  await dialog.getByLabel('Senha', { exact: true }).fill('Tucano-Verde-42')
  await dialog.getByLabel('Confirme a senha').fill('segredo2')
  await dialog.getByRole('button', { name: 'Vincular conta' }).click()
  await expect(dialog.getByText('As senhas não são iguais.')).toBeVisible()
  await dialog.getByLabel('Confirme a senha').fill('Tucano-Verde-42')
  await dialog.getByRole('button', { name: 'Vincular conta' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText(name)).toBeVisible()
  expect((await accountInfo(page)).bound).toBe(true)

  const other = await browser.newContext({ serviceWorkers: 'block' })
  const phone = await other.newPage()
  await enterApp(phone, '/login')
  const login = phone.getByRole('dialog')
  await login.getByLabel('Nome de usuário').fill(name)
  await login.getByLabel('Senha', { exact: true }).fill('Tucano-Verde-42')
  await login.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(phone).toHaveURL(/\/mine$/)
  await expect(phone.getByTestId('user-id')).toContainText(String(userId))
  expect((await accountInfo(phone)).userId).toBe(userId)

  // The new device got an id and secret of its own, with which a silent re-login keeps the account.
  const phoneDevice = await readStored<string>(phone, 'deviceId')
  expect(phoneDevice).not.toBe(await readStored<string>(page, 'deviceId'))
  await writeStored(phone, 'token', 'B'.repeat(43))
  await phone.reload()
  await expect(phone.getByTestId('user-id')).toContainText(String(userId))
  expect(await readStored<string>(phone, 'deviceId')).toBe(phoneDevice)
  await other.close()
})

test('the banner carousel, loaded after the first paint, moves to the banner whose dot is tapped', async ({ page }) => {
  // Reduced motion: no autoplay and no glide, so the banner tapped below stays where it was shown.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await enterApp(page)
  const banners = page.getByTestId('banners')
  await expect(banners.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'true')
  const second = banners.getByRole('button', { name: '2', exact: true })
  // Until embla has loaded a tap does nothing; poll the tap until the carousel answers it.
  await expect(async () => {
    await second.click()
    await expect(second).toHaveAttribute('aria-current', 'true', { timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  const track = await banners.locator('.banners-track').getAttribute('style')
  expect(track).toContain('translate')
  // Nothing moves by itself: after autoplay's 4 s the second banner is still the one shown.
  await page.waitForTimeout(4500)
  await expect(second).toHaveAttribute('aria-current', 'true')
  // Brazil's rules forbid invites: the invite banner is left out, two banners remain.
  await expect(banners.getByRole('button', { name: '3', exact: true })).toHaveCount(0)
  await expect(banners.getByRole('button', { name: 'Convide amigos', exact: true })).toHaveCount(0)
  // A banner's button is named by its title, and a tap anywhere on the card (here its sentence) follows it.
  const first = banners.getByRole('button', { name: '1', exact: true })
  await first.click()
  await expect(first).toHaveAttribute('aria-current', 'true')
  await expect(banners.getByRole('button', { name: 'PIX sem taxas', exact: true })).toBeVisible()
  // A tap where the sentence is drawn (the card's button lies over it).
  const sentence = await banners
    .getByText('Deposite e saque por PIX. Nenhum saque pede depósito ou taxa.')
    .boundingBox()
  await page.mouse.click((sentence?.x ?? 0) + 10, (sentence?.y ?? 0) + 5)
  await expect(page).toHaveURL(/\/pay$/)
})
