// What a player notices, end to end in Chromium at 390×844: amounts never
// break across lines, one title per page, the tracker without an order, deposit tiles, plurals
// and percentages in the player's language, the lobby tabs translated, the app opening on Início.
// Screens are photographed into test-results/screens for the note.
import { expect, type Page, test } from '@playwright/test'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import {
  accountInfo,
  adjustBalance,
  enterApp,
  fundedPlayer,
  PLAYER_PASSWORD,
  playerCall,
  readStored,
} from './support.ts'

interface Box {
  x: number
  y: number
  width: number
  height: number
}

const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/screens'

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test('the deposit tiles fill their grid and show the amount in the middle', async ({ page }) => {
  await enterApp(page, '/rechargeMall')
  const tiles = page.locator('.amount-choices .amount')
  await expect(tiles.first()).toBeVisible()
  // Six amounts fill two rows of three, each amount centred in its tile (not stuck to its top).
  await expect(tiles).toHaveCount(6)
  for (const tile of await tiles.all()) {
    const box = (await tile.boundingBox()) as Box
    const text = (await tile.locator('strong').boundingBox()) as Box
    expect(Math.abs(text.y + text.height / 2 - (box.y + box.height / 2))).toBeLessThan(3)
  }
  await shoot(page, 'edges-deposit')
})

test('money is written with a no-break space on every screen that shows it', async ({ page }) => {
  await fundedPlayer(page, 5000, randomCpf())
  for (const path of ['/', '/rechargeMall', '/withdrawTab', '/withdrawalTrackerAll', '/statement', '/invite']) {
    await page.goto(path)
    await page.locator('main').waitFor()
    await page.waitForLoadState('networkidle')
    const text = await page.evaluate(() => document.body.innerText)
    expect(text, path).toMatch(/R\$\u00a0\d/)
    expect(text, path).not.toMatch(/R\$ \d/)
  }
})

test('routes with a back bar print their title once', async ({ page }) => {
  await enterApp(page)
  for (const [path, title] of [
    ['/pay', 'Depósito'],
    ['/coins', 'Depósito'],
    ['/withdrawMoney', 'Saque'],
    ['/withdrawMoney2', 'Saque'],
    ['/activity', 'Promoções'],
  ]) {
    await page.goto(path as string)
    await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  }
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Jogo Limpo' })).toHaveCount(1)
})

test('the tracker without an order says what to do and asks the server nothing', async ({ page }) => {
  await enterApp(page)
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
  })
  await page.goto('/withdrawalTracker')
  await expect(page.getByTestId('tracker-no-order')).toHaveText('Escolha um saque para acompanhar.')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('link', { name: 'Ver todos os saques' }).click()
  await expect(page).toHaveURL(/\/withdrawalTrackerAll$/)
  expect(refused).toEqual([])
  await shoot(page, 'edges-tracker-no-order')
})

test('in English: lobby tabs translated, RTP in the player’s number format, plurals by count', async ({ page }) => {
  await enterApp(page)
  await page.getByRole('button', { name: 'Perfil' }).click()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await page.getByRole('button', { name: 'Home' }).click()
  await expect(page.getByTestId('lobby-tab-Clássicos')).toHaveText(/^Classics/)
  await expect(page.getByTestId('lobby-tab-Aventura')).toHaveText(/^Adventure/)
  // Amounts of money stay reais in the Brazilian format; every other number reads as English does.
  await expect(page.getByTestId('game-amazonia')).toContainText(/RTP \d{2}\.\d{2}%/)
  await page.getByTestId('lobby-search').fill('dragao')
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 game found')
  await page.getByTestId('lobby-search').fill('sorte')
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('2 games found')
  await page.getByTestId('lobby-search').fill('')
  await shoot(page, 'edges-lobby-en')
})

test('the bind step of a withdrawal happens in a sheet and the player stays on the withdrawal', async ({ page }) => {
  await enterApp(page)
  await page.getByRole('button', { name: 'Saque' }).click()
  await expect(page).toHaveURL(/\/withdrawTab$/)
  await page.getByRole('button', { name: 'Criar nome e senha' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await shoot(page, 'edges-withdraw-bind-sheet')
  const name = `saque${Date.now().toString().slice(-7)}`
  await dialog.getByLabel('Nome de usuário').fill(name)
  await dialog.getByLabel('Senha', { exact: true }).fill(PLAYER_PASSWORD)
  await dialog.getByLabel('Confirme a senha').fill(PLAYER_PASSWORD)
  await dialog.getByRole('button', { name: 'Vincular conta' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/withdrawTab$/)
  expect((await accountInfo(page)).bound).toBe(true)
  // Back on the withdrawal, the bind step is done; only the CPF step is left.
  await expect(page.getByRole('button', { name: 'Criar nome e senha' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Informar nome e CPF' })).toBeVisible()
})

test('IndexedDB keeps the wheel’s next spin (countdown offline) and the verified CPF (prefills the PIX key)', async ({
  page,
  context,
}) => {
  await enterApp(page)
  const { userId } = await accountInfo(page)

  // The CPF: kept once verified (never in localStorage), and the PIX key sheet starts from it.
  // Verified first: promotions (the wheel below) credit only verified players.
  const cpf = randomCpf()
  await adjustBalance(page, userId, 5000)
  expect((await playerCall(page, '/user/bindLoginAccount', bindBody(userId))).success).toBe(true)
  await page.goto('/withdrawTab')
  await page.getByRole('button', { name: 'Informar nome e CPF' }).click()
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await sheet.getByLabel('Nome completo').fill('Ana Souza')
  await sheet.getByLabel('CPF').pressSequentially(cpf)
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(sheet).toHaveCount(0)
  expect(await readStored<string>(page, 'ownCpf')).toBe(cpf)
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(cpf)
  await page.getByLabel(/Outro valor/).fill('20')
  await page.getByTestId('withdraw-next').click()
  const keySheet = page.getByRole('dialog', { name: 'Sacar R$ 20,00 por PIX' })
  await expect(keySheet.getByLabel(/Chave PIX/)).toHaveValue(formatCpf(cpf))
  await keySheet.getByRole('button', { name: 'Cancelar' }).click()

  // The wheel: after a spin, the next-spin time is on the device, and the countdown shows offline.
  await page.goto('/')
  await page.getByTestId('dock-wheel').click()
  const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
  await wheel.getByRole('button', { name: 'Girar' }).click()
  await expect(wheel).toHaveCount(0, { timeout: 15_000 })
  const server = (await playerCall(page, '/activity/wheel/info')).data as { nextSpinAt: number; serverTime: number }
  const kept = await readStored<number>(page, 'wheelNextSpinAt')
  expect(kept).toBeGreaterThan(Date.now())
  // Same instant, up to the clock skew between this browser and the server.
  expect(Math.abs((kept as number) - server.nextSpinAt)).toBeLessThan(5_000)
  await context.setOffline(true)
  await page.reload()
  await page.getByTestId('dock-wheel').click()
  await expect(wheel.getByTestId('wheel-countdown')).toHaveText(/Próxima rodada grátis em 0[12]:[0-5]\d:[0-5]\d/)
  await shoot(page, 'edges-wheel-offline')
  await context.setOffline(false)
  await page.reload()

  // Logging in with a name and password (possibly another account) forgets it.
  await page.goto('/login')
  const login = page.getByRole('dialog')
  await login.getByLabel('Nome de usuário').fill(bindBody(userId).userName)
  await login.getByLabel('Senha', { exact: true }).fill(PLAYER_PASSWORD)
  await login.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/mine$/)
  expect(await readStored<string>(page, 'ownCpf')).toBeUndefined()
})

function bindBody(userId: number) {
  const userName = `cpf${String(userId).padStart(7, '0')}x`
  return { userName, password: PLAYER_PASSWORD, confirmPassword: PLAYER_PASSWORD }
}

test('offline, the withdraw screen says so with a retry, and loads by itself once back online', async ({
  page,
  context,
}) => {
  await enterApp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Saque' }).click()
  const failed = page.getByTestId('withdraw-load-failed')
  await expect(failed).toContainText('Não foi possível carregar o saque.')
  await shoot(page, 'edges-withdraw-offline')
  await expect(failed.getByRole('button', { name: 'Tentar de novo' })).toBeVisible()
  // Back online the screen reads again by itself (the retry is for whoever does not wait).
  await context.setOffline(false)
  await expect(page.getByTestId('withdrawable')).toHaveText('R$ 0,00')
})

test('the manifest lists screenshots that load and its categories', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json()
  expect(manifest.categories).toEqual(['games', 'entertainment'])
  expect(manifest.screenshots.length).toBeGreaterThanOrEqual(2)
  for (const shot of manifest.screenshots) {
    expect(shot.form_factor).toBe('narrow')
    expect((await page.request.get(shot.src)).status()).toBe(200)
  }
})

test('legacy links: /#/404 lands on /404, which types its message; a slow call shows the loading bar', async ({
  page,
}) => {
  await enterApp(page)
  await page.goto('about:blank')
  await page.goto('/#/404')
  await expect(page).toHaveURL(/\/404$/)
  const text = page.getByTestId('not-found-text')
  // Letter by letter at 80 ms from when the page draws it: partway first, then whole.
  await expect(text.locator('[aria-hidden="true"]')).toBeAttached()
  await expect(text.locator('[aria-hidden="true"]')).not.toHaveText('Não encontramos esta página.', { timeout: 500 })
  await expect(text.locator('[aria-hidden="true"]')).toHaveText('Não encontramos esta página.', { timeout: 5000 })
  await expect(text.locator('[data-typed]')).toHaveAttribute('data-typed', 'true')

  await page.route('**/api/v1/account/info', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  const bar = () =>
    page.evaluate(() => {
      const bar = getComputedStyle(document.querySelector('.app-header') as Element, '::after')
      return document.documentElement.hasAttribute('data-busy') && bar.content !== 'none' && bar.opacity === '1'
    })
  await page.getByRole('button', { name: 'Atualizar saldo' }).click()
  await expect.poll(bar).toBe(true)
  await expect.poll(bar, { timeout: 5000 }).toBe(false)
})

test('reloginFlag from accountInfo makes a silent re-login into the same account', async ({ page }) => {
  await enterApp(page)
  const before = await readStored<string>(page, 'token')
  const { userId } = await accountInfo(page)
  let asked = false
  await page.route('**/api/v1/account/info', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    if (!asked) body.data.reloginFlag = 1
    asked = true
    await route.fulfill({ response, json: body })
  })
  await page.getByRole('button', { name: 'Atualizar saldo' }).click()
  await expect.poll(() => readStored<string>(page, 'token')).not.toBe(before)
  expect((await accountInfo(page)).userId).toBe(userId)
  await expect(page.locator('.toast')).toHaveCount(0)
})

test('the language picker lists what GET /cache/getLangList answers; Perfil shows the avatar', async ({
  page,
  context,
}) => {
  const lists: string[] = []
  // On the context, before the first open: the service worker's own fetches are routed too.
  await context.route('**/api/cache/getLangList', async (route) => {
    lists.push(route.request().method())
    const response = await route.fetch()
    const body = await response.json()
    body.data.languages = body.data.languages.filter((l: { code: string }) => l.code !== 'hi')
    await route.fulfill({ response, json: body })
  })
  await enterApp(page)
  await page.getByRole('button', { name: 'Perfil' }).click()
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveCount(0)
  expect(lists).toContain('GET')
  const { userId } = await accountInfo(page)
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-avatar', String((userId % 9) + 1))
  await shoot(page, 'edges-mine-avatar')
})
