// What a new player touches in the first minutes, at 390×844 in Chromium: toasts that cover
// nothing they need and stay long enough to read, popovers and panels that close, overlays one
// at a time, controls in the app's own style.
import { devices, expect, type Locator, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { symbolUrl } from '../../contract/games/art.ts'
import { games } from '../../contract/games/catalog.ts'
import {
  accountInfo,
  adjustBalance,
  closeOpenGame,
  enterApp,
  fundedPlayer,
  PLAYER_PASSWORD,
  playerCall,
  REGISTRATION_LIMITS_FOR_TESTS,
  readStored,
  registerKey,
  writeStored,
} from './support.ts'

// A game left open counts its player as playing now for 2 minutes on the server every spec
// shares, which the lobby's "playing now" tests read: close it as a player would.
test.afterEach(async ({ page, context }) => {
  await context.setOffline(false)
  await closeOpenGame(page)
})

// The phone's own pixel density: the symbol tests count drawn pixels.
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor })

type Box = { x: number; y: number; width: number; height: number }
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  return box as Box
}

/** The toast lies inside the viewport, spans its width, and covers none of `controls`. */
async function expectToastClearOf(page: Page, controls: Locator[]) {
  const toast = page.getByTestId('toast')
  await expect(toast).toBeVisible()
  const box = await boxOf(toast)
  const viewport = page.viewportSize() ?? { width: 0, height: 0 }
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 32)
  for (const control of controls) expect(intersects(box, await boxOf(control))).toBe(false)
  // Normal corners, not a pill.
  const radius = await toast.evaluate((el) => Number.parseFloat(getComputedStyle(el).borderTopLeftRadius))
  expect(radius).toBeLessThanOrEqual(12)
  return toast
}

test('a long refusal toast spans the screen, covers neither the password nor the confirm button, stays ≥ 3 s and closes', async ({
  page,
}) => {
  await fundedPlayer(page, 10000, randomCpf())
  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('60')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog', { name: 'Sacar R$ 60,00 por PIX' })
  // A phone key registered to someone else's CPF: refused in a long sentence.
  await registerKey(page, '+5511987654321', 'phone', randomCpf())
  await sheet.getByRole('button', { name: 'Telefone', exact: true }).click()
  await sheet.getByLabel(/Chave PIX/).pressSequentially('11987654321')
  const password = sheet.getByLabel('Senha da conta')
  await password.fill(PLAYER_PASSWORD)
  const confirm = sheet.getByRole('button', { name: 'Confirmar saque de R$ 60,00' })
  await confirm.click()
  const toast = await expectToastClearOf(page, [password, confirm])
  const text = (await toast.getByRole('status').textContent()) ?? ''
  expect(text).toContain('não está registrada no seu CPF')
  expect(text.length).toBeGreaterThan(80)
  // Still there after 3 s (a long text stays longer), then closed by its button.
  await page.waitForTimeout(3200)
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Fechar aviso' }).click()
  await expect(toast).toHaveCount(0)

  // A short wrong-password refusal: same rules.
  await password.fill('not-my-password')
  await confirm.click()
  await expectToastClearOf(page, [password, confirm])
})

const GREEN_700 = 'rgb(19, 105, 78)'

test('controls in the app’s own style: green links, switches, progress bars, avatar drawings, spaced buttons and links', async ({
  page,
}) => {
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  // Links: "Limites e ajuda" under the header and in the balance popover, never the browser's blue.
  await page.goto('/')
  await expect(page.getByTestId('risk-reminder').getByRole('link')).toHaveCSS('color', GREEN_700)
  await page.getByTestId('balance').click()
  await expect(page.getByTestId('balance-breakdown').getByRole('link')).toHaveCSS('color', GREEN_700)
  await page.keyboard.press('Escape')

  // Switches, not raw checkboxes: sound on Perfil, and the avatar is a drawing, not a number.
  await page.goto('/mine')
  const sound = page.getByRole('switch', { name: 'Som' })
  await expect(sound).toHaveCSS('appearance', 'none')
  const before = await sound.evaluate((el) => getComputedStyle(el).backgroundColor)
  await sound.click()
  await expect.poll(() => sound.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before)
  const avatar = page.getByTestId('avatar')
  await expect(avatar).toHaveText('')
  expect(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  expect(await avatar.evaluate((img) => (img as HTMLImageElement).src)).toMatch(/\/avatars\/[1-9]\.svg$/)

  // Progress bars in the app's style (tasks).
  await page.goto('/task')
  const progress = page.locator('progress').first()
  await expect(progress).toHaveCSS('appearance', 'none')
  await expect(progress).toHaveCSS('height', '10px')

  // The "Sacar" button keeps clear of the amount field above it.
  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('10')
  const [field, next] = [await boxOf(page.getByLabel(/Outro valor/)), await boxOf(page.getByTestId('withdraw-next'))]
  expect(next.y - (field.y + field.height)).toBeGreaterThanOrEqual(12)

  // The tracker's footer links: one per line, apart.
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  const all = page.getByRole('link', { name: 'Ver todos os saques' })
  const support = page.getByTestId('tracker-support')
  const [a, b] = [await boxOf(all), await boxOf(support)]
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height)
  expect(a.height).toBeGreaterThanOrEqual(44)
  await expect(all).toHaveCSS('color', GREEN_700)
})

test('the balance breakdown closes on a tap outside, Escape, a tab change and a route change', async ({ page }) => {
  await enterApp(page, '/withdrawTab')
  const balance = page.getByTestId('balance')
  const breakdown = page.getByTestId('balance-breakdown')
  await balance.click()
  await expect(breakdown).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(breakdown).toHaveCount(0)
  await expect(balance).toHaveAttribute('aria-expanded', 'false')

  // A tap on the withdraw page's history tab, which the popover sits above: closed, and the tap counts.
  await balance.click()
  await expect(breakdown).toBeVisible()
  const history = page.getByRole('tab', { name: 'Histórico' })
  await history.click()
  await expect(breakdown).toHaveCount(0)
  await expect(history).toHaveAttribute('aria-selected', 'true')

  // The balance button toggles it.
  await balance.click()
  await expect(breakdown).toBeVisible()
  await balance.click()
  await expect(breakdown).toHaveCount(0)

  // Another bottom-navigation tab.
  await balance.click()
  await expect(breakdown).toBeVisible()
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('button', { name: 'Perfil' }).click()
  await expect(page).toHaveURL(/\/mine$/)
  await expect(breakdown).toHaveCount(0)

  // A route change from inside the app (history navigation).
  await balance.click()
  await expect(breakdown).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/withdrawTab$/)
  await expect(breakdown).toHaveCount(0)
})

/** Chromium's own install event, as it fires when the app can be installed (headless never does). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>
      userChoice: Promise<{ outcome: string }>
    }
    event.prompt = async () => undefined
    event.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(event)
  })
}

test('a first visit from an ad shows its offers one at a time: welcome, consent, then install only after playing (no first-deposit offer in Brazil); "Agora não" holds a week', async ({
  page,
}) => {
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  const consent = page.getByRole('dialog', { name: 'Você veio de um anúncio' })
  const firstDeposit = page.getByTestId('first-deposit-offer')
  const install = page.getByRole('region', { name: 'install' })
  const dialogs = page.getByRole('dialog')
  /** Exactly one of the offers is on screen. */
  async function onlyOffer(shown: Locator) {
    await expect(shown).toBeVisible()
    for (const other of [welcome, consent, firstDeposit, install])
      if (other !== shown) await expect(other).toHaveCount(0)
  }

  await page.goto('/?zn=campanha1/x&fbclid=IwAR0abc123')
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  // The browser offers the install at once; the app holds it back.
  await offerInstall(page)
  await onlyOffer(welcome)
  await expect(dialogs).toHaveCount(1)
  // Nothing else appears while the welcome waits for its answer.
  await page.waitForTimeout(2500)
  await onlyOffer(welcome)

  await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()
  await onlyOffer(consent)
  await expect(dialogs).toHaveCount(1)
  await consent.getByRole('button', { name: 'Não, obrigado' }).click()

  // Brazil's rules forbid a deposit bonus: no first-deposit offer comes. Not played yet: no install offer.
  await expect(consent).toHaveCount(0)
  await page.waitForTimeout(1500)
  await expect(firstDeposit).toHaveCount(0)
  await expect(install).toHaveCount(0)

  // One round played: the install offer comes.
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 500)
  // Nothing is played before the registration's daily limits are set.
  expect((await playerCall(page, '/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)).success).toBe(true)
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  await page.getByTestId('game-frame-close').click()
  await onlyOffer(install)

  // "Agora não" is kept in IndexedDB: after a reload the browser offers again, the app does not.
  await install.getByRole('button', { name: 'Agora não' }).click()
  await expect(install).toHaveCount(0)
  const snoozedAt = await readStored<number>(page, 'installSnoozedAt')
  expect(Date.now() - (snoozedAt ?? 0)).toBeLessThan(60_000)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await offerInstall(page)
  await page.waitForTimeout(1500)
  await expect(install).toHaveCount(0)

  // Six days later: still not; eight days later: offered again.
  const day = 24 * 60 * 60 * 1000
  await writeStored(page, 'installSnoozedAt', Date.now() - 6 * day)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await offerInstall(page)
  await page.waitForTimeout(1500)
  await expect(install).toHaveCount(0)
  await writeStored(page, 'installSnoozedAt', Date.now() - 8 * day)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await offerInstall(page)
  await expect(install).toBeVisible()
  // It sits over the page's bottom: the page scrolls far enough that its end is not covered.
  // The home's sections still arrive after the reload and lengthen the page under a scroll
  // already made, so scroll to the end again until the page has stopped growing.
  const lastOfPage = page.locator('main.page > *').last()
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const [installBox, lastBox] = [await boxOf(install), await boxOf(lastOfPage)]
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(installBox.y + 1)
  }).toPass({ timeout: 10_000 })
})

test('the game rules panel opens over the reels and controls, and closes with its × button and Escape', async ({
  page,
}) => {
  await enterApp(page)
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  const rulesButton = frame.getByRole('button', { name: 'Regras e RTP' })
  const spin = frame.getByTestId('game-spin')
  await expect(spin).toBeVisible()
  await rulesButton.click()
  const panel = frame.getByRole('dialog', { name: 'Regras e RTP' })
  await expect(panel).toBeVisible()
  // Over the game from the top, without scrolling: its top inside the frame's view, covering the spin button.
  const [panelBox, spinBox, frameBox] = [
    await boxOf(panel),
    await boxOf(spin),
    await boxOf(page.getByTestId('game-frame').locator('iframe')),
  ]
  expect(panelBox.y).toBeLessThanOrEqual(frameBox.y + 1)
  expect(panelBox.y + panelBox.height).toBeGreaterThanOrEqual(spinBox.y + spinBox.height)
  expect(intersects(panelBox, spinBox)).toBe(true)
  const topmost = await frame.locator('body').evaluate(
    (_, [x, y]) =>
      document
        .elementFromPoint(x as number, y as number)
        ?.closest('[data-testid]')
        ?.getAttribute('data-testid'),
    [spinBox.x - frameBox.x + spinBox.width / 2, spinBox.y - frameBox.y + spinBox.height / 2],
  )
  expect(topmost).toBe('game-info')
  // Its close button is focused and visible at the top; it closes the panel and gives focus back.
  const close = panel.getByRole('button', { name: 'Fechar' })
  await expect(close).toBeFocused()
  await expect(close).toBeInViewport()
  await close.click()
  await expect(panel).toBeHidden()
  await expect(rulesButton).toBeFocused()
  // Escape closes it too.
  await rulesButton.click()
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(spin).toBeVisible()
})

test('every symbol of every game is drawn on its own tile: nothing of the scene or another symbol around it', async ({
  page,
}) => {
  const symbols = games.flatMap((game) => game.symbols.map((s) => ({ game: game.id, url: symbolUrl(game.id, s.id) })))
  await page.goto('/healthz')
  // As the reels draw them (lib rasterSymbols): each view into a 224 px square bitmap. The margin
  // around the symbol's own drawing (its shadow ends at 94 %, the wild's ring at 97 %) is empty.
  const raster = await page.evaluate(async (list) => {
    const size = 224
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
    const problems: string[] = []
    for (const { url } of list) {
      const image = new Image(size, size)
      image.src = url
      await image.decode()
      context.clearRect(0, 0, size, size)
      context.drawImage(image, 0, 0, size, size)
      const { data } = context.getImageData(0, 0, size, size)
      let painted = 0
      let margin = 0
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const alpha = data[(y * size + x) * 4 + 3] as number
          if (alpha > 0) painted++
          if ((y >= size - 5 || x < 2 || x >= size - 2) && alpha > 0) margin++
        }
      if (painted < size * size * 0.1) problems.push(`${url}: almost nothing drawn`)
      if (margin > 0) problems.push(`${url}: ${margin} pixels in the margin below or beside the symbol`)
    }
    return problems
  }, symbols)
  expect(raster).toEqual([])

  // In boxes of another shape (2:1 and 1:2) the view is letterboxed: the box's area outside the
  // symbol's square shows the page behind it, never part of another drawing (screenshot pixels).
  // A test page of its own on the app's origin (the app's pages forbid inline styles).
  const html = `<!doctype html><body style="margin:0;background:#ff00ff;display:flex;flex-wrap:wrap;gap:4px">${symbols
    .map(
      ({ url }) =>
        `<img src="${url}" style="width:80px;height:40px;display:block" alt=""><img src="${url}" style="width:40px;height:80px;display:block" alt="">`,
    )
    .join('')}</body>`
  await page.route('**/symbol-tiles-test', (route) => route.fulfill({ contentType: 'text/html', body: html }))
  await page.goto('/symbol-tiles-test')
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())))
  const boxes = await page.locator('img').evaluateAll((imgs) =>
    imgs.map((img) => {
      const r = img.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height, src: (img as HTMLImageElement).src }
    }),
  )
  const shot = await page.screenshot({ fullPage: true })
  const letterbox = await page.evaluate(
    async ({ png, boxes }) => {
      const image = new Image()
      image.src = `data:image/png;base64,${png}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
      context.drawImage(image, 0, 0)
      const scale = image.width / document.documentElement.scrollWidth
      const problems: string[] = []
      for (const box of boxes) {
        const side = Math.min(box.width, box.height)
        const wide = box.width > box.height
        // The two bands outside the centred square, 1 px in from its edge (anti-aliasing).
        const bands = wide
          ? [
              [box.x, box.y, (box.width - side) / 2 - 1, box.height],
              [box.x + (box.width + side) / 2 + 1, box.y, (box.width - side) / 2 - 1, box.height],
            ]
          : [
              [box.x, box.y, box.width, (box.height - side) / 2 - 1],
              [box.x, box.y + (box.height + side) / 2 + 1, box.width, (box.height - side) / 2 - 1],
            ]
        let foreign = 0
        for (const [bx, by, bw, bh] of bands as [number, number, number, number][]) {
          const { data } = context.getImageData(
            Math.round(bx * scale),
            Math.round(by * scale),
            Math.max(1, Math.floor(bw * scale)),
            Math.max(1, Math.floor(bh * scale)),
          )
          for (let i = 0; i < data.length; i += 4)
            if (
              Math.abs((data[i] as number) - 255) > 3 ||
              (data[i + 1] as number) > 3 ||
              Math.abs((data[i + 2] as number) - 255) > 3
            )
              foreign++
        }
        if (foreign > 0) problems.push(`${box.src} in ${box.width}×${box.height}: ${foreign} pixels of another drawing`)
      }
      return problems
    },
    { png: shot.toString('base64'), boxes },
  )
  expect(letterbox).toEqual([])
})
