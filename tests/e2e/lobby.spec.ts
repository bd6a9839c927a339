// The lobby end to end in Chromium: search by name ignoring accents, a favourite kept on the
// device across a reload, "recently played" showing the game just played (from the server's
// rounds), the reward row never overlapping a tab or a game at 390×844 and 360×640, covers big
// enough for a thumb, a skeleton of the same shape until the catalog arrives (no layout shift),
// no serious or critical accessibility violation, and the first visit and the returning lobby
// needing only the Portuguese messages bundled with the app.
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { accountInfo, adjustBalance, enterApp, expectNoSeriousAxe, playerCall, readStored } from './support.ts'

interface Box {
  x: number
  y: number
  width: number
  height: number
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect()
      return { x, y, width, height }
    }),
  )
}

test('search finds a game by name ignoring accents and case, and says when nothing matches', async ({ page }) => {
  await enterApp(page)
  const grid = page.getByTestId('game-grid').locator('li')
  await expect(grid).toHaveCount(11)

  await page.getByTestId('lobby-search').fill('DRAGAO')
  await expect(grid).toHaveCount(1)
  await expect(page.getByTestId('game-dragao-dourado')).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('1 jogo encontrado')

  await page.getByTestId('lobby-search').fill('sorte')
  await expect(grid).toHaveCount(2)
  for (const id of ['sete-da-sorte', 'arraia-da-sorte']) await expect(page.getByTestId(`game-${id}`)).toBeVisible()

  await page.getByTestId('lobby-search').fill('roleta russa')
  await expect(grid).toHaveCount(0)
  await expect(page.getByTestId('lobby-empty')).toHaveText('Nenhum jogo com “roleta russa” no nome.')

  await page.getByTestId('lobby-search').fill('')
  await expect(grid).toHaveCount(11)
  await expect(page.getByTestId('lobby-tab-popular')).toHaveAttribute('aria-selected', 'true')
})

test('a favourite is kept on the device and survives a reload', async ({ page }) => {
  await enterApp(page)
  await page.getByTestId('lobby-tab-favourites').click()
  await expect(page.getByTestId('game-grid').locator('li')).toHaveCount(0)
  await expect(page.getByTestId('lobby-empty')).toContainText('Toque na estrela')

  await page.getByTestId('lobby-tab-popular').click()
  const star = page.getByTestId('favourite-amazonia')
  await expect(star).toHaveAttribute('aria-pressed', 'false')
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => readStored<string[]>(page, 'favouriteGames')).toEqual(['amazonia'])

  await page.reload()
  await page.getByTestId('lobby-tab-favourites').click()
  const favourites = page.getByTestId('game-grid').locator('li')
  await expect(favourites).toHaveCount(1)
  await expect(page.getByTestId('game-amazonia')).toBeVisible()
  await expect(page.getByTestId('favourite-amazonia')).toHaveAttribute('aria-pressed', 'true')

  // Starring again removes it.
  await page.getByTestId('favourite-amazonia').click()
  await expect(favourites).toHaveCount(0)
  await expect.poll(() => readStored<string[]>(page, 'favouriteGames')).toEqual([])
})

test('recently played shows the game just played, from the player’s rounds', async ({ page }) => {
  await enterApp(page)
  await adjustBalance(page, (await accountInfo(page)).userId, 5000)
  await page.getByTestId('lobby-tab-recent').click()
  await expect(page.getByTestId('game-grid').locator('li')).toHaveCount(0)
  await expect(page.getByTestId('lobby-empty')).toHaveText('Os jogos em que você jogar aparecem aqui.')

  // Opening a game is not playing it: only a round puts it in the list.
  await page.getByTestId('lobby-search').fill('mar')
  await page.getByTestId('game-mar-aberto').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await page.getByTestId('game-frame-close').click()
  await expect(page.getByTestId('game-frame')).toHaveCount(0)

  const rounds = (await playerCall(page, '/game/history', { pageNum: 1, pageSize: 10 })).data.rounds
  expect(rounds.map((round: { gameId: string }) => round.gameId)).toEqual(['mar-aberto'])
  await page.getByTestId('lobby-tab-recent').click()
  const recent = page.getByTestId('game-grid').locator('li')
  await expect(recent).toHaveCount(1)
  await expect(recent.first().getByTestId('game-mar-aberto')).toBeVisible()
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
]) {
  test(`at ${viewport.width}×${viewport.height} the reward row never covers a tab or a game, and covers fit a thumb`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await enterApp(page)
    await expect(page.getByTestId('game-grid').locator('li')).toHaveCount(11)
    const dock = await boxes(page, '.reward-dock button')
    // In Brazil the wheel, sign-in and help (the gift and invites are not offered there).
    expect(dock.length).toBeGreaterThanOrEqual(3)
    // Each reward button whole on screen, none behind the right edge.
    for (const button of dock) expect(button.x + button.width).toBeLessThanOrEqual(viewport.width)
    // And each label inside its button.
    const clipped = await page
      .locator('.reward-dock button')
      .evaluateAll((buttons) => buttons.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent))
    expect(clipped).toEqual([])
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    for (let top = 0; top < height; top += Math.floor(viewport.height / 2)) {
      await page.evaluate((y) => window.scrollTo(0, y), top)
      const dockNow = await boxes(page, '.reward-dock button')
      const covered = [
        ...(await boxes(page, '[role="tab"]')),
        ...(await boxes(page, '[data-testid="game-grid"] li')),
        ...(await boxes(page, '[data-testid="lobby-search"]')),
      ]
      for (const button of dockNow) for (const target of covered) expect(overlaps(button, target)).toBe(false)
    }
    // The grid has the lobby's full width (no rail kept free) and three covers of a thumb's size.
    const [grid] = await boxes(page, '[data-testid="game-grid"]')
    const [lobby] = await boxes(page, 'section.lobby')
    expect(grid?.width).toBeCloseTo(lobby?.width ?? 0, 0)
    const covers = await boxes(page, '[data-testid="game-grid"] li img')
    expect(new Set(covers.slice(0, 3).map((c) => Math.round(c.y))).size).toBe(1)
    for (const cover of covers) expect(cover.width).toBeGreaterThanOrEqual(viewport.width >= 390 ? 100 : 90)
    for (const target of [
      ...(await boxes(page, '.reward-dock button')),
      ...(await boxes(page, '[role="tab"]')),
      ...(await boxes(page, '.favourite-toggle')),
    ])
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(48)
  })
}

test.describe('while the catalog loads', () => {
  // The service worker would answer from its cache; the page's own requests are held here.
  test.use({ serviceWorkers: 'block' })

  test('a skeleton of the same shape shows, then the games, with no layout shift', async ({ page }) => {
    await enterApp(page)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v1/games', async (route) => {
      await held
      await route.continue()
    })
    await page.reload()
    await expect(page.getByTestId('lobby-skeleton')).toBeVisible()
    await expect(page.getByTestId('game-grid')).toHaveCount(0)
    await page.evaluate(() => {
      const shifts = { total: 0 }
      ;(window as unknown as { shifts: typeof shifts }).shifts = shifts
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.total += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const skeletonTop = (await boxes(page, '[data-testid="lobby-skeleton"]'))[0]?.y
    release()
    await expect(page.getByTestId('game-grid').locator('li')).toHaveCount(11)
    await expect(page.getByTestId('lobby-skeleton')).toHaveCount(0)
    const lobbyTop = (await boxes(page, '.lobby'))[0]?.y
    const jackpotTop = (await boxes(page, '[data-testid="jackpot-meter"]'))[0]?.y
    expect(jackpotTop ?? lobbyTop).toBe(skeletonTop)
    const shift = await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total)
    expect(shift).toBeLessThanOrEqual(0.02)
  })
})

test('the lobby has no serious or critical accessibility violation', async ({ page }) => {
  await enterApp(page)
  await expect(page.getByTestId('game-grid').locator('li')).toHaveCount(11)
  await page.getByTestId('favourite-fruta-fina').click()
  await expectNoSeriousAxe(page, { include: '.home' })
})

test('the first visit and the returning lobby need only the messages bundled with the app, and show none by its id', async ({
  page,
}) => {
  // The build gives the first route only the messages its code uses (scripts/split-catalog.ts);
  // a part of `/` that is loaded lazily without being in scripts/first-route.ts fetches the rest,
  // and one listed there whose messages were missed would show their ids.
  const ids = Object.keys(
    (JSON.parse(readFileSync('locales/pt-BR/messages.json', 'utf8')) as { messages: Record<string, unknown> }).messages,
  )
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  const idsShown = async () => {
    const words = new Set((await page.locator('body').innerText()).split(/[\s.,:;!?()«»“”"]+/))
    return ids.filter((id) => words.has(id))
  }

  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(requested.filter((url) => url.includes('pt-BR-messages-rest'))).toEqual([])
  expect(await idsShown()).toEqual([])

  await enterApp(page)
  requested.length = 0
  await page.reload()
  await expect(page.getByTestId('game-grid').locator('li')).toHaveCount(11)
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await page.waitForLoadState('networkidle')
  expect(requested.filter((url) => url.includes('pt-BR-messages-rest'))).toEqual([])
  expect(await idsShown()).toEqual([])
})
