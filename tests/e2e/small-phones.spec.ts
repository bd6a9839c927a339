// The phones Brazil uses, end to end in Chromium: every game's spin button whole on screen at
// 320×568, 360×640 and 390×844 without scrolling inside the game (before and after a spin); the
// lobby's games on the home screen's first screen; links styled as buttons (the 404's way home,
// Promoções' "Ver", the withdrawal in progress and its history's "Acompanhar") drawn the same once
// visited; each bottom tab opening at its own scroll position; the wheel's labels upright after a
// spin; the search's count said in good Portuguese; the exact RTP fraction never broken inside.
// Screenshots of each screen at 360×640 and 390×844 go to test-results/small-phones.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type ElementHandle, expect, type Locator, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { games } from '../../contract/games/catalog.ts'
import {
  accountInfo,
  adjustBalance,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  requestWithdrawal,
  verifyPlayer,
} from './support.ts'

const SHOTS = 'test-results/small-phones'
const SIZES = [
  { width: 360, height: 640 },
  { width: 320, height: 568 },
  { width: 390, height: 844 },
]
const tag = (size: { width: number; height: number }) => `${size.width}x${size.height}`
/** The page from its top (or its open dialog) at 360×640 and at 390×844; the size it had is given back. */
async function shoot(page: Page, name: string) {
  const before = page.viewportSize() ?? { width: 360, height: 640 }
  await page.evaluate(() => window.scrollTo(0, 0))
  for (const size of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.screenshot({ path: `${SHOTS}/${name}-${tag(size)}.png` })
  }
  await page.setViewportSize(before)
}
const gameFrame = (page: Page) => page.frameLocator('[data-testid="game-frame"] iframe')

/** Whether the game page's spin button is whole inside the frame and the page has nothing to scroll. */
async function spinInView(page: Page) {
  return gameFrame(page)
    .locator('body')
    .evaluate(() => {
      const spin = document.querySelector('[data-testid="game-spin"]') as HTMLElement
      const box = spin.getBoundingClientRect()
      const page = document.scrollingElement as HTMLElement
      return {
        inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
        scrolls: page.scrollHeight > innerHeight || page.scrollWidth > innerWidth,
        box: box.toJSON(),
        frame: { width: innerWidth, height: innerHeight },
      }
    })
}

for (const size of SIZES) {
  test(`at ${tag(size)} every game's spin button is whole on screen, before and after a spin, without scrolling`, async ({
    page,
  }) => {
    test.setTimeout(240_000)
    await page.setViewportSize(size)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await enterApp(page)
    const { userId } = await accountInfo(page)
    await adjustBalance(page, userId, 10_000)
    for (const game of games) {
      await page.getByTestId(`game-${game.id}`).click()
      const frame = gameFrame(page)
      // A game page's first load on a busy machine can take more than the default wait.
      await expect(frame.getByTestId('game-spin')).toBeVisible({ timeout: 30_000 })
      expect(await spinInView(page), `${game.id} before a spin`).toMatchObject({ inside: true, scrolls: false })
      // The iframe itself is whole in the page's viewport.
      const frameBox = await page.locator('[data-testid="game-frame"] iframe').boundingBox()
      expect(frameBox && frameBox.y + frameBox.height).toBeLessThanOrEqual(size.height)
      if (size.width !== 320 || game === games[0])
        await page.screenshot({ path: `${SHOTS}/game-${game.id}-${tag(size)}.png` })
      const rounds = Number((await frame.locator('#game').getAttribute('data-rounds')) ?? 0)
      await frame.getByTestId('game-spin').click()
      await expect(frame.locator('#game')).toHaveAttribute('data-rounds', String(rounds + 1))
      expect(await spinInView(page), `${game.id} after a spin`).toMatchObject({ inside: true, scrolls: false })
      if (game === games[0]) await expectNoSeriousAxe(page)
      await page.getByTestId('game-frame-close').click()
      await expect(page.getByTestId('game-frame')).toHaveCount(0)
    }
  })
}

test('the home screen shows games on its first screen at 360×640, 320×568 and 390×844, the balance too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 })
  await enterApp(page)
  const first = page.getByTestId('game-grid').locator('.game-card').first()
  for (const size of [
    { width: 360, height: 640 },
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(first).toBeVisible()
    const navTop = ((await page.getByRole('navigation', { name: 'Navegação principal' }).boundingBox()) as Box).y
    const card = (await first.boundingBox()) as Box
    const cover = (await first.locator('img').boundingBox()) as Box
    const name = (await first.locator('strong').boundingBox()) as Box
    // The tile's cover and name (what tells the game and takes the tap) above the bottom tabs, inside the width.
    for (const box of [cover, name]) {
      expect(box.y, tag(size)).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height, tag(size)).toBeLessThanOrEqual(navTop)
      expect(box.x + box.width, tag(size)).toBeLessThanOrEqual(size.width)
    }
    // At 360×640 the whole tile, its RTP and rounds included.
    if (size.width === 360) expect(card.y + card.height, tag(size)).toBeLessThanOrEqual(navTop)
    await expect(page.getByTestId('balance')).toBeInViewport({ ratio: 1 })
    await expect(page.getByTestId('jackpot-pool')).toBeInViewport({ ratio: 1 })
    // Every dock label whole on its button.
    for (const button of await page.locator('.dock-button').all())
      expect(
        await button.evaluate((b) => b.scrollWidth <= b.clientWidth),
        `${await button.textContent()} at ${tag(size)}`,
      ).toBe(true)
    await page.screenshot({ path: `${SHOTS}/home-${tag(size)}.png` })
    await expectNoSeriousAxe(page)
  }
})

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/**
 * How many of a link's pixels are ink (far from its background), counted from a screenshot in a
 * blank page of the same browser (the app's CSP refuses data: URLs). A page cannot read a visited
 * link's colour (getComputedStyle answers as if unvisited), so the test looks at what is drawn.
 */
async function inkPixels(page: Page, element: Locator | ElementHandle): Promise<number> {
  const png = (await element.screenshot({ animations: 'disabled' })).toString('base64')
  const scratch = await page.context().newPage()
  const ink = await scratch.evaluate(async (data) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob())
    const canvas = new OffscreenCanvas(image.width, image.height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.drawImage(image, 0, 0)
    const pixels = context.getImageData(0, 0, image.width, image.height).data
    // The background: the colour at the middle of the left edge, inside the rounded corners.
    const at = (Math.floor(image.height / 2) * image.width + Math.floor(image.height / 2)) * 4
    const background = [pixels[at], pixels[at + 1], pixels[at + 2]] as number[]
    let ink = 0
    for (let i = 0; i < pixels.length; i += 4) {
      const distance =
        Math.abs((pixels[i] as number) - (background[0] as number)) +
        Math.abs((pixels[i + 1] as number) - (background[1] as number)) +
        Math.abs((pixels[i + 2] as number) - (background[2] as number))
      if (distance > 150) ink++
    }
    return ink
  }, png)
  await scratch.close()
  return ink
}

/**
 * A visited link styled as a button is drawn like the same link pointing to a page never visited:
 * the same element, measured in place (a copy beside it could be squeezed by its row).
 */
async function expectDrawnAsUnvisited(page: Page, link: Locator) {
  await page.mouse.move(0, 0)
  // In the middle of the screen: at its edge the fixed header or the bottom tabs would cover it.
  await link.evaluate((a) => a.scrollIntoView({ block: 'center' }))
  const element = (await link.elementHandle()) as ElementHandle<HTMLAnchorElement>
  const visited = await inkPixels(page, element)
  const href = (await element.getAttribute('href')) as string
  await element.evaluate((a) => a.setAttribute('href', `/never-visited-${Date.now()}`))
  const unvisited = await inkPixels(page, element)
  await element.evaluate((a, back) => a.setAttribute('href', back), href)
  expect(unvisited).toBeGreaterThan(20)
  expect(visited / unvisited).toBeGreaterThan(0.8)
  expect(visited / unvisited).toBeLessThan(1.25)
}

test('links styled as buttons keep their colours once visited (404, Promoções, the withdrawal in progress and its history)', async ({
  baseURL,
}) => {
  test.setTimeout(120_000)
  // A browser that remembers visits: Playwright's own contexts draw no link as visited, and
  // Chromium's partitioned visited links count only some navigations; a profile on disk with the
  // unpartitioned table draws every page this test opened as visited, as a player's browser does.
  const profile = mkdtempSync(join(tmpdir(), 'jl-visited-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-features=PartitionVisitedLinkDatabase,PartitionVisitedLinkDatabaseWithSelfLinks',
    ],
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 360, height: 640 },
    // The withdraw screen's typewritten tip is shown whole in the screenshots.
    reducedMotion: 'reduce',
  })
  try {
    const page = await context.newPage()
    // A withdrawal above the review threshold stays in progress while the test looks at its links.
    const cpf = randomCpf()
    await fundedPlayer(page, 250_000, cpf)
    const asked = await requestWithdrawal(page, cpf, 200_000, `visited-${Date.now()}`)
    expect(asked.data?.status, JSON.stringify(asked)).toBe('review')

    // "/" is visited: the 404 page's way home points there.
    await page.goto('/404')
    const home = page.locator('a.button[href="/"]')
    await expect(home).toBeVisible()
    await expectDrawnAsUnvisited(page, home)
    await shoot(page, '404')
    await expectNoSeriousAxe(page)

    // Promoções: visit a "Ver" link's page, come back, and the link still reads.
    await page.goto('/event')
    const see = page.getByRole('link', { name: 'Ver' }).first()
    await expect(see).toBeVisible()
    const target = (await see.getAttribute('href')) as string
    await page.goto(target)
    await page.goto('/event')
    const seen = page.locator(`a.button[href="${target}"]`).first()
    await expect(seen).toBeVisible()
    await expectDrawnAsUnvisited(page, seen)
    await shoot(page, 'promotions')

    // The withdrawal in progress: its tracker visited, "Acompanhar saque" still reads.
    const tracker = `/withdrawalTracker?orderId=${asked.data.orderId}`
    await page.goto(tracker)
    await expect(page.getByTestId('tracker-amount')).toHaveText('R$ 2.000,00')
    await page.goto('/withdrawTab')
    const inProgress = page.getByTestId('pending-order').locator(`a.button[href="${tracker}"]`)
    await expect(inProgress).toHaveText('Acompanhar saque')
    await expectDrawnAsUnvisited(page, inProgress)
    await shoot(page, 'withdraw-in-progress')
    await expectNoSeriousAxe(page)

    // The history's "Acompanhar" on the same order.
    await page.getByRole('tab', { name: 'Histórico' }).click()
    const follow = page.getByTestId('withdraw-history').locator(`a.button[href="${tracker}"]`)
    await expect(follow).toHaveText('Acompanhar')
    await expectDrawnAsUnvisited(page, follow)
    await shoot(page, 'withdraw-history')
    await expectNoSeriousAxe(page)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('each bottom tab opens at its own scroll position, never at the previous page’s', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 })
  await enterApp(page)
  await expect(page.getByTestId('game-grid')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  // Far down Início, but within it (how long the lobby is depends on the games switched on).
  const left = await page.evaluate(() => Math.min(700, document.documentElement.scrollHeight - window.innerHeight - 20))
  expect(left).toBeGreaterThan(300)
  await page.evaluate((y) => window.scrollTo(0, y), left)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)

  await nav.getByRole('button', { name: 'Promoções' }).click()
  await expect(page).toHaveURL(/\/event$/)
  await expect(page.getByRole('link', { name: 'Ver' }).first()).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  // Its title below the header, not under it.
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport({ ratio: 1 })
  await shoot(page, 'tab-promotions')
  await expectNoSeriousAxe(page)

  await nav.getByRole('button', { name: 'Perfil' }).click()
  await expect(page).toHaveURL(/\/mine$/)
  await expect(page.getByTestId('transparency-link')).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.evaluate(() => window.scrollTo(0, 150))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150)

  // Back on Início: where the player left it; Perfil then where it was left.
  await nav.getByRole('button', { name: 'Início' }).click()
  await expect(page.getByTestId('game-grid')).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)
  await nav.getByRole('button', { name: 'Perfil' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150)
  // A page a link opens starts at its top.
  await page
    .getByRole('link', { name: /Limites e controle/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/limits$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await shoot(page, 'tab-limits')
  await expectNoSeriousAxe(page)
})

test('the wheel’s labels read upright after a spin', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await enterApp(page)
  // Promotions are for verified accounts.
  await verifyPlayer(page, randomCpf())
  await page.getByTestId('dock-wheel').click()
  const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
  await expect(wheel.getByRole('button', { name: 'Girar' })).toBeVisible()
  await shoot(page, 'wheel')
  await expectNoSeriousAxe(page)
  await wheel.getByRole('button', { name: 'Girar' }).click()
  const prize = wheel.getByTestId('wheel-prize')
  await expect(prize).toBeVisible({ timeout: 10_000 })
  // With reduced motion the prize is shown whole at once, never counted up through amounts the wheel does not hold.
  const listed = (await wheel.locator('.wheel-odds li').allTextContents()).map((odds) => odds.split(' — ')[0])
  expect(listed).toContain(((await prize.textContent()) ?? '').replace(/^\+/, ''))
  // Each prize and its chance on one line.
  for (const odds of await wheel.locator('.wheel-odds li').all())
    expect(
      await odds.evaluate(
        (li) => li.getBoundingClientRect().height < 2 * Number.parseFloat(getComputedStyle(li).fontSize),
      ),
      `${await odds.textContent()} on one line`,
    ).toBe(true)
  // Each label's angle on screen: the disc's turn (its CSS transform) plus the label's own.
  const angles = await wheel.locator('.wheel-disc').evaluate((disc) => {
    const [a, b] = new DOMMatrix(getComputedStyle(disc).transform).toFloat64Array()
    const discTurn = Math.atan2(b as number, a as number)
    return [...disc.querySelectorAll('text')].map((text) => {
      const own = (text as SVGTextElement).transform.baseVal.consolidate()?.matrix as DOMMatrix
      const turn = discTurn + Math.atan2(own.b, own.a)
      return { label: text.textContent, cos: Math.cos(turn) }
    })
  })
  expect(angles.length).toBeGreaterThan(1)
  for (const { label, cos } of angles) expect(cos, `${label} is upside down`).toBeGreaterThan(-1e-6)
  await shoot(page, 'wheel-after-spin')
})

test('the lobby search says how many games it found in good Portuguese', async ({ page }) => {
  await enterApp(page)
  const search = page.getByTestId('lobby-search')
  const status = page.locator('.lobby p.lobby-status[role="status"]')
  await search.fill('zzzz')
  await expect(status).toHaveText('Nenhum jogo encontrado')
  await search.fill('Fruta')
  await expect(status).toHaveText('1 jogo encontrado')
  await search.fill('o')
  const found = await page.getByTestId('game-grid').locator('.game-card').count()
  expect(found).toBeGreaterThan(1)
  await expect(status).toHaveText(`${found} jogos encontrados`)
})

test('the exact RTP fraction is never broken inside a number, even at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 })
  await enterApp(page)
  // The longest fraction of the catalog (19 digits over 19).
  await page.getByTestId('game-arraia-da-sorte').click()
  const frame = gameFrame(page)
  await frame.getByRole('button', { name: 'Regras e RTP' }).click()
  const fraction = frame.locator('.fraction')
  await expect(fraction).toBeVisible()
  const layout = await fraction.evaluate((span) => {
    const [top, bottom] = [span.querySelector('sup'), span.querySelector('sub')] as HTMLElement[]
    return {
      topLines: (top as HTMLElement).getClientRects().length,
      bottomLines: (bottom as HTMLElement).getClientRects().length,
      sameLine:
        Math.abs(
          (top as HTMLElement).getBoundingClientRect().top - (bottom as HTMLElement).getBoundingClientRect().top,
        ) < 20,
      right: span.getBoundingClientRect().right,
      width: innerWidth,
    }
  })
  expect(layout).toMatchObject({ topLines: 1, bottomLines: 1, sameLine: true })
  expect(layout.right).toBeLessThanOrEqual(layout.width)
  await page.screenshot({ path: `${SHOTS}/game-rules-320x568.png` })
})
