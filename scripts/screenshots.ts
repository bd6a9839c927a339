// `npm run screenshots [-- <port>] [--manifest] [--lobby]` (after `npm run build`): screenshots at
// 390×844 in Debian's Chromium of the lobby (loading skeleton, searching, favourites, recently
// played; only these with --lobby), every game after a celebrated win (lines drawn), a win below
// the bet said plainly, free spins in play, a big win, the verifier and the rules sheet — into
// test-results/screenshots; with --manifest also the install sheet's two (public/screenshots).
// Outcomes are chosen the honest way anyone could: a server seed is searched whose first spin
// (with the client seed "vitrine") gives the wanted result, committed as the player's next seed,
// then activated by a rotation — the same path as every real seed.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { findGame, games } from '../contract/games/catalog.ts'
import type { GameDef } from '../contract/games/engine.ts'
import { type SpinOutcome, spinOutcome } from '../contract/games/fair.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { hmacSha256 } from '../server/games/seeds.ts'
import { accountInfo, adjustBalance, enterApp, playerCall } from '../tests/e2e/support.ts'
import { buildTestApp } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

const {
  values: { manifest, lobby: lobbyOnly },
  positionals: [portArg],
} = cliArgs(
  {
    options: { manifest: { type: 'boolean', default: false }, lobby: { type: 'boolean', default: false } },
    allowPositionals: true,
  },
  'usage: npm run screenshots [-- <port>] [--manifest] [--lobby]',
)
const port = Number(portArg ?? process.env.E2E_PORT ?? 8241)
// Playwright's test runs empty test-results/: SCREENSHOTS_DIR keeps them elsewhere.
const out = path.resolve(process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots')
const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-shots-'))
const CLIENT_SEED = 'vitrine'
const BET = 50
mkdirSync(out, { recursive: true })
mkdirSync('public/screenshots', { recursive: true })

Object.assign(process.env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  OPS_TOKEN: 'e2e-ops-token-0123456789abcdef',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  // No reward or withdraw prompts over the games (the lobby looks the same).
  PROMOTIONS: 'off',
  WITHDRAW_PROMPT_MIN: '100000000',
})
let forced: string | null = null
const db = openDatabase({ dataDir })
await migrateToLatest(db)
// The sandbox PSP next to it, reached over API Pix as npm start does (the test harness wires it).
const app = await buildTestApp(
  db,
  { ...(process.env as Record<string, string>), STATIC_DIR: path.resolve('dist') },
  undefined,
  { serverSeeds: () => forced ?? randomBytes(32).toString('hex') },
)
await app.listen({ port, host: '127.0.0.1' })

/** The first server seed whose spin 0 with the showcase client seed passes `wanted`. */
function seedFor(game: GameDef, wanted: (outcome: SpinOutcome) => boolean): string {
  for (let i = 0; i < 2_000_000; i++) {
    const seed = createHash('sha256').update(`${game.id}-${i}`).digest('hex')
    const outcome = spinOutcome(game, BET, { serverSeed: seed, clientSeed: CLIENT_SEED, nonce: 0 }, hmacSha256)
    if (!outcome.jackpotWon && wanted(outcome)) return seed
  }
  throw new Error(`no seed for ${game.id}`)
}

/** Commits `seed` as the player's next server seed and activates it with the showcase client seed. */
async function activate(page: Page, seed: string) {
  const { nextServerSeedHash } = (await playerCall(page, '/game/seeds')).data
  forced = seed
  const prepared = await playerCall(page, '/game/seeds/rotate', { clientSeed: 'preparo', nextServerSeedHash })
  forced = null
  await playerCall(page, '/game/seeds/rotate', {
    clientSeed: CLIENT_SEED,
    nextServerSeedHash: prepared.data.nextServerSeedHash,
  })
}

async function openGame(page: Page, id: string) {
  await page.getByTestId('lobby-tab-popular').click()
  await page.getByTestId(`game-${id}`).click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').waitFor()
  // Every illustration decoded before the picture is taken.
  await frame
    .locator('body')
    .evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))))
  return frame
}

async function closeGame(page: Page) {
  await page.getByTestId('game-frame-close').click()
  await page.getByTestId('game-frame').waitFor({ state: 'detached' })
}

const shotContext = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  baseURL: `http://127.0.0.1:${port}`,
}

/** The lobby while the catalog loads (held back), searching, and the favourites tab. */
async function shootLobby(page: Page, context: BrowserContext) {
  const loading = await context.browser()?.newContext({ ...shotContext, serviceWorkers: 'block' })
  if (loading) {
    const fresh = await loading.newPage()
    await enterApp(fresh)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await fresh.route('**/game/list', async (route) => {
      await held
      await route.continue()
    })
    await fresh.reload()
    await fresh.getByTestId('lobby-skeleton').waitFor()
    await fresh.screenshot({ path: `${out}/lobby-loading.png` })
    console.log('lobby-loading.png')
    release()
    await loading.close()
  }
  await page.getByTestId('lobby-search').fill('sorte')
  await page.getByTestId('game-grid').locator('li').nth(1).waitFor()
  await page.screenshot({ path: `${out}/lobby-search.png` })
  console.log('lobby-search.png')
  await page.getByTestId('lobby-search').fill('')
  for (const id of ['tigre-sortudo', 'amazonia', 'arraia-da-sorte']) await page.getByTestId(`favourite-${id}`).click()
  await page.getByTestId('lobby-tab-favourites').click()
  await decoded(page)
  await page.screenshot({ path: `${out}/lobby-favourites.png` })
  console.log('lobby-favourites.png')
  await page.getByTestId('lobby-tab-popular').click()
}

/** The "recently played" tab after the rounds just played. */
async function shootRecent(page: Page) {
  await page.getByTestId('lobby-tab-recent').click()
  await page.getByTestId('game-grid').locator('li').first().waitFor()
  await page.evaluate(() => window.scrollTo(0, 0))
  await decoded(page)
  await page.screenshot({ path: `${out}/lobby-recent.png` })
  console.log('lobby-recent.png')
  await page.getByTestId('lobby-tab-popular').click()
}

async function decoded(page: Page) {
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))))
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const context = await browser.newContext(shotContext)
  const page = await context.newPage()
  await enterApp(page)
  await adjustBalance(page, (await accountInfo(page)).userId, 500_000)
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))))
  await page.screenshot({ path: `${out}/lobby.png` })
  if (manifest) await page.screenshot({ path: 'public/screenshots/lobby.jpg', type: 'jpeg', quality: 75 })
  console.log('lobby.png')
  await shootLobby(page, context)

  const shoot = async (
    id: string,
    name: string,
    wanted: (o: SpinOutcome) => boolean,
    moment: (frame: ReturnType<Page['frameLocator']>) => Promise<void>,
  ) => {
    await activate(page, seedFor(findGame(id) as GameDef, wanted))
    const frame = await openGame(page, id)
    await frame.getByTestId('game-spin').click()
    await moment(frame)
    await page.screenshot({ path: `${out}/${name}.png` })
    if (manifest && name === 'game-tigre-sortudo') {
      await page.screenshot({ path: 'public/screenshots/game.jpg', type: 'jpeg', quality: 75 })
    }
    console.log(`${name}.png`)
    await frame.locator('#game[data-rounds="1"]').waitFor({ timeout: 60_000 })
    await closeGame(page)
  }
  const shown = async (frame: ReturnType<Page['frameLocator']>) => {
    await frame.locator('#game[data-rounds="1"]').waitFor({ timeout: 30_000 })
  }

  if (lobbyOnly) {
    for (const id of ['gol-de-placa', 'fruta-fina']) {
      const frame = await openGame(page, id)
      await frame.getByTestId('game-spin').click()
      await frame.locator('#game[data-rounds="1"]').waitFor({ timeout: 60_000 })
      await closeGame(page)
    }
    await shootRecent(page)
  } else {
    for (const game of games) {
      const free = game.freeSpins !== undefined
      await shoot(
        game.id,
        `game-${game.id}`,
        (o) => o.win > 1.5 * BET && o.win < 5 * BET && o.freeSpins.length === 0,
        shown,
      )
      if (free) {
        await shoot(
          game.id,
          `free-spins-${game.id}`,
          (o) => o.freeSpins.length > 0 && o.win >= 20 * BET,
          async (frame) => {
            await frame.getByText(/Rodada grátis 4 de/).waitFor({ timeout: 30_000 })
          },
        )
      }
    }
    await shoot(
      'mar-aberto',
      'spinning',
      (o) => o.win === 0,
      async () => {
        await page.waitForTimeout(450)
      },
    )
    await shoot('fruta-fina', 'below-the-bet', (o) => o.win > 0 && o.win < BET, shown)
    await shoot(
      'tigre-sortudo',
      'big-win',
      (o) => o.evaluation.multiplier > 1 && o.win >= 100 * BET,
      async (frame) => {
        await frame.getByTestId('game-win-show').waitFor({ timeout: 30_000 })
        await page.waitForTimeout(2500)
      },
    )
    await shootRecent(page)
    // The verifier recomputing the last round (its seed revealed by a rotation).
    await page.goto('/history')
    await page.getByTestId('verify-link').first().click()
    await page.getByTestId('verify-reveal').click()
    await page.getByTestId('verify-checks').waitFor()
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))))
    await page.getByTestId('verify-result').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${out}/verify.png` })
    console.log('verify.png')
    await page.goto('/')
    const frame = await openGame(page, 'arraia-da-sorte')
    await frame.getByRole('button', { name: 'Regras e RTP' }).click()
    await frame.getByTestId('game-info').waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${out}/rules-arraia-da-sorte.png` })
    console.log('rules-arraia-da-sorte.png')
    await closeGame(page)
  }
} finally {
  await browser.close()
  await app.close()
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`Screenshots in ${out}`)
