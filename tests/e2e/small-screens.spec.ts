// Every sheet and dialog of the player app, and every dialog and side panel of the console, on the
// small phones Brazil uses (360×640, the most common Android viewport, and 320×568): each one's
// title and every control inside can be brought fully into the visible viewport and is not
// covered by anything (a toast, the bottom navigation, another layer). Also: a sheet focuses its
// first field when it opens, a refused submit brings its first error into view, and a toast
// shown over a sheet never covers the sheet's controls. Each without a serious axe finding; with
// SCREENSHOT_DIR set, each is saved at 360×640 and 390×844. What the shared servers have off or
// cannot do (the face step, the passkeys, a session's idle end) runs on a server of its own
// (E2E_PORT + 18, its sandbox API Pix at + 19) in a browser with Chromium's fake camera; the welcome
// gift, which Brazil's rules forbid, on one in a market that allows it (E2E_PORT + 3).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium, devices, expect, type Locator, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN, promotionsOffPort } from '../../playwright.config.ts'
import { sandboxCpf } from '../../server/accounts/identity-sandbox.ts'
import { sandboxFaceCpf } from '../../server/accounts/sandbox/face-server.ts'
import { inAllowingMarket } from './allowing-market.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import {
  accountInfo,
  adjustBalance,
  confirmWithdrawal,
  consolePage,
  createOperator,
  enterApp,
  fundedPlayer,
  nextCpfSerial,
  PLAYER_PASSWORD,
  playerCall,
  requestWithdrawal,
  seriousAxeViolations,
  verifyPlayer,
  virtualAuthenticator,
} from './support.ts'

const SIZES = [
  [360, 640],
  [320, 568],
] as const
const SHOTS = process.env.SCREENSHOT_DIR
// Every finding of a walk is reported, not only the first.
const soft = expect.configure({ soft: true })

/**
 * In the page: scrolls each of the root's title and focusable controls into view and names every
 * one that then is not wholly inside the visual viewport, or whose centre shows something else.
 */
function unreachable(root: Element): string[] {
  const describe = (el: Element | null) => {
    if (!el) return 'nothing'
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent?.trim() : undefined
    return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}> "${label ?? name}"`
  }
  const selector =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
  const labelledBy = root.getAttribute('aria-labelledby')
  const title = (labelledBy && document.getElementById(labelledBy)) || root.querySelector('h1, h2, h3')
  const targets = [...(title ? [title] : []), ...root.querySelectorAll(selector)].filter(
    (el) => el.getClientRects().length > 0,
  )
  const view = window.visualViewport
  const box = view
    ? {
        left: view.offsetLeft,
        top: view.offsetTop,
        right: view.offsetLeft + view.width,
        bottom: view.offsetTop + view.height,
      }
    : { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }
  const problems: string[] = []
  for (const el of targets) {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
    const r = el.getBoundingClientRect()
    const where = `[${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)}]`
    if (r.top < box.top - 1 || r.left < box.left - 1 || r.bottom > box.bottom + 1 || r.right > box.right + 1) {
      problems.push(`${describe(el)} ${where} is not fully in view`)
      continue
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    // A control wrapped in its label (a switch, a checkbox) is reached through the label.
    const owner = el.closest('label') ?? el
    if (!hit || !(owner === hit || owner.contains(hit)))
      problems.push(`${describe(el)} ${where} is covered by ${describe(hit)}`)
  }
  return problems
}

/** At each small size: the dialog's title and controls can all be seen and reached. */
async function expectReachable(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible()
  const problems: string[] = []
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height })
    // Layout settles (the sheet's bound follows the visual viewport) before measuring.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    for (const problem of await dialog.evaluate(unreachable)) problems.push(`${name} at ${width}×${height}: ${problem}`)
  }
  await page.setViewportSize({ width: 360, height: 640 })
  soft(problems).toEqual([])
  soft(await seriousAxeViolations(page), `${name}: axe`).toEqual([])
  if (SHOTS) {
    const file = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
    for (const [width, height] of [
      [360, 640],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await page.screenshot({ path: `${SHOTS}/sheet-${file}-${width}.png` })
    }
    await page.setViewportSize({ width: 360, height: 640 })
  }
}

/** The element focused now is inside the dialog, and is the given one when named. */
async function expectFocusIn(dialog: Locator, field?: Locator) {
  await soft.poll(() => dialog.evaluate((root) => root.contains(document.activeElement))).toBe(true)
  if (field) await soft(field).toBeFocused()
}

/** The element is wholly inside the visual viewport (without scrolling it there). */
async function expectInView(locator: Locator) {
  await soft
    .poll(() =>
      locator.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const view = window.visualViewport as VisualViewport
        return r.top >= view.offsetTop - 1 && r.bottom <= view.offsetTop + view.height + 1 && r.height > 0
      }),
    )
    .toBe(true)
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 })
})

test('a new player: the welcome, wheel, check-in, bind and identity sheets fit; first field focused, errors shown', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await enterApp(page, '/', { keepWelcome: true })
  // Brazil's rules forbid the welcome gift: the welcome leads to verification (the gift's own
  // sheets, where a market allows it, below).
  const welcome = page.getByRole('dialog', { name: 'Seu primeiro jogo' })
  await expectReachable(page, welcome, 'welcome (unverified)')
  await welcome.getByRole('button', { name: 'Fechar' }).click()

  await page.getByTestId('dock-wheel').click()
  const wheel = page.getByRole('dialog', { name: 'Roleta grátis' })
  await expectReachable(page, wheel, 'wheel (unverified)')
  await wheel.getByRole('button', { name: 'Fechar' }).click()

  await page.getByTestId('dock-sign').click()
  const sign = page.getByRole('dialog', { name: 'Check-in diário' })
  await expectReachable(page, sign, 'check-in (unverified)')
  await sign.getByRole('button', { name: 'Fechar' }).click()

  await page.goto('/mine')
  await page.getByRole('button', { name: 'Criar nome e senha' }).first().click()
  const bind = page.getByRole('dialog', { name: 'Criar login com nome e senha' })
  await expectFocusIn(bind, bind.getByLabel('Nome de usuário'))
  await expectReachable(page, bind, 'bind (create)')
  await bind.getByRole('button', { name: 'Vincular conta' }).click()
  await soft(bind.getByLabel('Nome de usuário')).toBeFocused()
  await expectInView(bind.locator('.field-error').first())
  await bind.getByRole('button', { name: 'Já tem nome e senha? Entrar' }).click()
  const login = page.getByRole('dialog', { name: 'Entrar com nome e senha' })
  await expectReachable(page, login, 'bind (log in)')
  await login.getByRole('button', { name: 'Fechar' }).click()

  await page.goto('/rechargeMall')
  await page.getByTestId('verify-start').click()
  const details = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  const name = details.getByLabel('Nome completo')
  await expectFocusIn(details, name)
  await expectInView(name)
  await expectReachable(page, details, 'identity')
  // Submitted with the date missing: the date's field is focused and its error is in view.
  await name.fill('Maria Souza Lima')
  await details.getByLabel('CPF').pressSequentially(randomCpf())
  await details.getByRole('button', { name: 'Salvar e continuar' }).click()
  await soft(details.getByLabel('Data de nascimento')).toBeFocused()
  await expectInView(details.locator('.field-error'))
  await expectReachable(page, details, 'identity (with an error)')
  // Sent to our team: the "in review" sheet.
  await details.getByLabel('CPF').fill('')
  await details.getByLabel('CPF').pressSequentially(sandboxCpf('name_mismatch', nextCpfSerial()))
  await details.getByLabel('Data de nascimento').pressSequentially('15011990')
  await details.getByRole('button', { name: 'Salvar e continuar' }).click()
  const review = page.getByRole('dialog', { name: 'Seus dados estão em análise' })
  await expectReachable(page, review, 'identity (in review)')
})

/**
 * Chromium in a test has no on-screen keyboard: this stands in for the visual viewport, shorter by
 * `window.setKeyboard(px)` as a phone's is while its keyboard is open (the layout viewport keeps
 * its size, as Chrome on Android and Safari do).
 */
function fakeKeyboard() {
  let keyboard = 0
  const view = new EventTarget() as EventTarget & Record<string, number>
  const metrics: Record<string, () => number> = {
    offsetTop: () => 0,
    offsetLeft: () => 0,
    pageTop: () => window.scrollY,
    pageLeft: () => window.scrollX,
    width: () => window.innerWidth,
    height: () => window.innerHeight - keyboard,
    scale: () => 1,
  }
  for (const [key, get] of Object.entries(metrics)) Object.defineProperty(view, key, { get })
  Object.defineProperty(window, 'visualViewport', { get: () => view })
  window.addEventListener('resize', () => view.dispatchEvent(new Event('resize')))
  Object.assign(window, {
    setKeyboard: (px: number) => {
      keyboard = px
      view.dispatchEvent(new Event('resize'))
    },
  })
}

test('with the on-screen keyboard open the identity sheet fits above it and the focused field stays in view', async ({
  page,
}) => {
  await page.addInitScript(fakeKeyboard)
  await enterApp(page, '/rechargeMall')
  await page.getByTestId('verify-start').click()
  const details = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await expect(details.getByLabel('Nome completo')).toBeFocused()
  // The keyboard takes 280 px of the 640: the sheet sits above it and the focused field with it.
  await page.evaluate(() => (window as unknown as { setKeyboard: (px: number) => void }).setKeyboard(280))
  await expectInView(details.getByLabel('Nome completo'))
  await details.getByLabel('Data de nascimento').focus()
  await page.evaluate(() => (window as unknown as { setKeyboard: (px: number) => void }).setKeyboard(300))
  await expectInView(details.getByLabel('Data de nascimento'))
  await expectReachable(page, details, 'identity with the keyboard open')
})

test('a refusal from the bureau is brought into view', async ({ page }) => {
  await enterApp(page, '/rechargeMall')
  await page.getByTestId('verify-start').click()
  const details = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await details.getByLabel('Nome completo').fill('Maria Souza Lima')
  await details.getByLabel('CPF').pressSequentially(sandboxCpf('suspended', nextCpfSerial()))
  await details.getByLabel('Data de nascimento').pressSequentially('15011990')
  // The refusal arrives after the request: the sheet scrolls to it.
  await details.getByLabel('Nome completo').focus()
  await details.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expectInView(details.getByTestId('verification-refusal'))
})

test('a verified player without the registration limits is asked only for them, and it fits', async ({ page }) => {
  await enterApp(page, '/rechargeMall', { registrationLimits: false })
  await verifyPlayer(page, randomCpf())
  await page.reload()
  await page.getByTestId('deposit-submit').click()
  const limits = page.getByRole('dialog', { name: 'Seus limites diários' })
  await expectFocusIn(limits, limits.getByLabel('Limite de perda por dia'))
  await expectReachable(page, limits, 'registration limits')
})

test.describe('in a market whose rules allow the welcome gift', () => {
  inAllowingMarket()

  test('a new player: the gift welcome fits', async ({ page }) => {
    await enterApp(page, '/', { keepWelcome: true })
    const welcome = page.getByRole('dialog', { name: 'Presente de boas-vindas' })
    await expectReachable(page, welcome, 'welcome gift (unverified)')
  })

  test('a verified player: the gift envelope and its credit fit', async ({ page }) => {
    await enterApp(page)
    await verifyPlayer(page, randomCpf())
    await page.reload()
    await page.getByTestId('dock-gift').click()
    const gift = page.getByRole('dialog', { name: 'Presente de boas-vindas' })
    await expectReachable(page, gift, 'welcome (envelope)')
    await gift.getByRole('button', { name: 'Abrir o envelope' }).click()
    await expect(gift.getByTestId('gift-credit')).toBeVisible()
    await expectReachable(page, gift, 'welcome (credited)')
  })
})

test('a funded player: the PIX, withdrawal, pause and account sheets fit', async ({ page }) => {
  test.setTimeout(180_000)
  const cpf = randomCpf()
  await fundedPlayer(page, 10_000, cpf)

  await page.goto('/rechargeMall')
  await page.getByTestId('deposit-submit').click()
  const pix = page.getByTestId('pix-sheet')
  await expectReachable(page, pix, 'PIX')
  await pix.getByRole('button', { name: 'Fechar' }).click()
  await expectReachable(page, pix, 'PIX (close?)')
  await pix.getByRole('button', { name: 'Fechar' }).click()
  await expect(pix).toHaveCount(0)

  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('60')
  await page.getByTestId('withdraw-next').click()
  const key = page.getByRole('dialog', { name: 'Sacar R$ 60,00 por PIX' })
  await expectFocusIn(key, key.getByLabel(/Chave PIX/))
  await expectReachable(page, key, 'withdrawal key')
  // Neither key nor password given: the first of them, the key, is focused with its error in view.
  await key.getByRole('button', { name: 'Confirmar saque de R$ 60,00' }).click()
  await soft(key.getByLabel(/Chave PIX/)).toBeFocused()
  await expectInView(key.locator('.field-error').first())
  await key.getByRole('button', { name: 'Cancelar' }).click()

  await page.goto('/mine')
  await page.getByRole('button', { name: 'Ver login' }).click()
  const account = page.getByRole('dialog', { name: 'Sua conta' })
  await expectReachable(page, account, 'bind (bound)')
  await account.getByRole('button', { name: 'Fechar' }).click()

  await page.goto('/limits')
  await page.getByTestId('exclude-24h').click()
  await expectReachable(page, page.getByTestId('exclude-confirm'), 'pause')
})

test('in a game: its rules panel fits; leaving it with cash: the "you can withdraw" prompt fits', async ({ page }) => {
  test.setTimeout(120_000)
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 60_000)
  await page.getByTestId('lobby-tab-Brasil').click()
  await page.getByTestId('game-gol-de-placa').click()
  const frame = page.frameLocator('[data-testid="game-frame"] iframe')
  await frame.getByTestId('game-spin').click()
  await expect(frame.locator('#game')).toHaveAttribute('data-rounds', '1')
  // The game's own dialog: the rules panel, over the reels inside the game frame.
  await frame.getByRole('button', { name: 'Regras e RTP' }).click()
  await expectReachable(page, frame.getByRole('dialog', { name: 'Regras e RTP' }), 'game rules')
  await frame
    .getByRole('dialog', { name: 'Regras e RTP' })
    .getByRole('button', { name: /Fechar/ })
    .click()
  await page.getByTestId('game-frame-close').click()
  await expectReachable(page, page.getByRole('dialog', { name: 'Você pode sacar' }), 'withdraw prompt')
})

test('the "Conta vinculada" toast never covers the withdrawal sheet that follows it', async ({ page }) => {
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await verifyPlayer(page, randomCpf())
  await adjustBalance(page, userId, 10_000)
  await page.goto('/withdrawTab')
  await page.getByRole('button', { name: 'Criar nome e senha' }).click()
  const bind = page.getByRole('dialog', { name: 'Criar login com nome e senha' })
  await bind.getByLabel('Nome de usuário').fill(`e2e${String(userId).padStart(6, '0')}t`)
  await bind.getByLabel('Senha', { exact: true }).fill(PLAYER_PASSWORD)
  await bind.getByLabel('Confirme a senha').fill(PLAYER_PASSWORD)
  await bind.getByRole('button', { name: 'Vincular conta' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Conta vinculada')
  await page.getByLabel(/Outro valor/).fill('60')
  await page.getByTestId('withdraw-next').click()
  const key = page.getByRole('dialog', { name: 'Sacar R$ 60,00 por PIX' })
  await expect(toast).toBeVisible()
  await expectReachable(page, key, 'withdrawal key under a toast')
})

test('a player from an ad: the consent question fits', async ({ page }) => {
  await page.goto('/?zn=campanha1/x&fbclid=IwAR0abc123')
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await page
    .getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
    .getByRole('button', { name: /Depois|Fechar/ })
    .click()
  await expectReachable(page, page.getByRole('dialog', { name: 'Você veio de um anúncio' }), 'ad consent')
})

test.describe('with promotions switched off', () => {
  test.use({ baseURL: `http://127.0.0.1:${promotionsOffPort}` })
  test('the first-game welcome fits', async ({ page }) => {
    await enterApp(page, '/', { keepWelcome: true })
    await expectReachable(page, page.getByRole('dialog', { name: 'Seu primeiro jogo' }), 'welcome (first game)')
  })
})

test('the console on a phone: the verification and withdrawal panels and the rewards confirmation fit', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const rita = `rita.small.${stamp}@jogolimpo.example`
  const paula = `paula.small.${stamp}@jogolimpo.example`
  const ana = `ana.small.${stamp}@jogolimpo.example`
  createOperator(rita, 'risk', 'Rita Risco')
  createOperator(paula, 'payments', 'Paula Pagamentos')
  createOperator(ana, 'admin', 'Ana Admin')

  // A verification waiting for an operator, and a withdrawal above the review threshold.
  await enterApp(page)
  const waiting = (await accountInfo(page)).userId
  const saved = await playerCall(page, '/charge/amount/saveUserAccountInfo', {
    fullName: 'Maria Souza Lima',
    cpf: sandboxCpf('name_mismatch', 10 + (stamp % 80)),
    birthDate: '1990-01-15',
  })
  expect(saved.data?.status).toBe('review')
  await page.context().clearCookies()
  const other = await browser.newPage()
  await other.setViewportSize({ width: 360, height: 640 })
  const cpf = randomCpf()
  await fundedPlayer(other, 250_000, cpf)
  const asked = await requestWithdrawal(other, cpf, 200_000, `small-${stamp}`)
  expect(asked.data?.status, JSON.stringify(asked)).toBe('review')

  const risk = await consolePage(browser, rita, { width: 360, height: 640 })
  await risk.getByRole('navigation').getByRole('link', { name: 'Verificações' }).click()
  await risk.getByTestId(`verification-${waiting}`).getByRole('button').click()
  await expectReachable(risk, risk.getByTestId('verification-panel'), 'console verification panel')

  const payments = await consolePage(browser, paula, { width: 360, height: 640 })
  await payments.goto('/console/withdrawals')
  await payments.getByTestId(`order-${asked.data.orderId}`).getByRole('button', { name: asked.data.orderId }).click()
  await expectReachable(payments, payments.getByTestId('review-panel'), 'console withdrawal review')

  const admin = await consolePage(browser, ana, { width: 360, height: 640 })
  await admin.getByRole('link', { name: 'Recompensas' }).click()
  await admin.getByLabel('Motivo da mudança (obrigatório, fica na auditoria)').fill('teste de tela pequena')
  await admin.getByRole('button', { name: 'Desligar todas as promoções' }).click()
  await expectReachable(admin, admin.getByRole('alertdialog'), 'console rewards confirmation')
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click()
})

test('a paused player: the "Código PIX cancelado" sheet fits', async ({ page }) => {
  await fundedPlayer(page, 1000, randomCpf())
  await page.goto('/rechargeMall')
  await page.getByTestId('deposit-amount-2000').click()
  await page.getByTestId('deposit-submit').click()
  await expect(page.getByTestId('pix-code')).not.toHaveValue('')
  // The pause, from another tab of the same player: the open code is withdrawn at the bank.
  expect((await playerCall(page, '/v1/bus/selfExclude', { duration: '24h' })).success).toBe(true)
  await page.reload()
  const pix = page.getByTestId('pix-sheet')
  await expect(pix.getByTestId('pix-cancelled')).toBeVisible()
  await expectReachable(page, pix, 'PIX (cancelled by a pause)')
})

/** The operator API as the e2e service account (the server's own records, not the screen). */
async function ops(page: Page, path: string, data: object) {
  const response = await page.request.post(`/api/ops/${path}`, { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data })
  const body = await response.json()
  expect(body.success, `${path}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

test('the console on a phone: the sanctions match, AML review, support conversation and Vigilância case panels fit', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const stamp = Date.now()
  const rita = `rita.panels.${stamp}@jogolimpo.example`
  const sara = `sara.panels.${stamp}@jogolimpo.example`
  createOperator(rita, 'risk', 'Rita Risco')
  createOperator(sara, 'support', 'Sara Suporte')

  // A weak match with the sandbox list's common name (born in other years): it waits for review.
  await enterApp(page)
  const listed = (await accountInfo(page)).userId
  await verifyPlayer(page, randomCpf(), 'Ali Hasan')
  await page.context().clearCookies()
  // A player who deposits and withdraws without playing (a little_play flag), and writes to support.
  const other = await browser.newPage()
  await other.setViewportSize({ width: 360, height: 640 })
  const cpf = randomCpf()
  await fundedPlayer(other, 250_000, cpf)
  const flagged = (await accountInfo(other)).userId
  const asked = await requestWithdrawal(other, cpf, 200_000, `panels-${stamp}`)
  expect(asked.success, JSON.stringify(asked)).toBe(true)
  await other.goto('/servicePage')
  await other.getByLabel('Sua mensagem').fill(`Pergunta da tela pequena ${stamp}`)
  await other.getByRole('button', { name: 'Enviar' }).click()
  await expect(other.getByTestId('chat-message').filter({ hasText: `${stamp}` })).toBeVisible()
  // The list is fetched and screened by the worker, the flag raised by the money watch: both in time.
  await expect
    .poll(async () => (await ops(other, 'risk/flags', { playerId: flagged })).items.length, { timeout: 30_000 })
    .toBeGreaterThan(0)
  const flagId = (await ops(other, 'risk/flags', { playerId: flagged })).items[0].id as number
  await expect
    .poll(
      async () =>
        (await ops(other, 'aml/screening', {})).items.some((i: { playerId: number }) => i.playerId === listed),
      { timeout: 60_000 },
    )
    .toBe(true)

  const risk = await consolePage(browser, rita, { width: 360, height: 640 })
  await risk.goto('/console/aml/sanctions')
  await risk.getByTestId(`match-${listed}`).getByRole('button').click()
  await expectReachable(risk, risk.getByTestId('match-review'), 'console sanctions match')

  // The match makes the player's AML risk high: their review, among the high-risk ones.
  const classed = await ops(risk, 'aml/classify', { playerId: listed })
  await risk.goto('/console/aml')
  await risk.getByRole('combobox', { name: /^Risco/ }).selectOption(classed.class)
  await risk.getByTestId(`aml-${listed}`).getByRole('button').click()
  await expectReachable(risk, risk.getByTestId('aml-review'), 'console AML risk review')

  await risk.goto(`/console/watch/cases/${flagId}`)
  await expect(risk.getByRole('heading', { level: 1 })).toContainText(`Caso #${flagId}`)
  await expectReachable(risk, risk.getByTestId('case-decide'), 'console case decision')
  await expectReachable(risk, risk.locator('main'), 'console case')

  const support = await consolePage(browser, sara, { width: 360, height: 640 })
  await support.goto('/console/support')
  await support
    .getByTestId('support-row')
    .filter({ hasText: `${stamp}` })
    .getByRole('button')
    .first()
    .click()
  const conversation = support.getByTestId('support-conversation')
  await expectReachable(support, conversation, 'console support conversation')
  await conversation.getByRole('button', { name: 'Pegar' }).click()
  await expect(conversation.getByLabel('Resposta', { exact: true })).toBeVisible()
  await expectReachable(support, conversation, 'console support conversation (taken)')
})

/**
 * A server of this spec's own for what the shared ones have off or cannot do: identity by face on
 * (its sandbox face server beside it), a clock the test moves (an idle end of the session), and
 * http://localhost (WebAuthn refuses an IP address as the relying party). A browser of its own
 * with Chromium's fake camera (a launch option, which a describe block cannot change).
 */
test.describe('with the face check on', () => {
  const port = E2E_PORT + 18
  const origin = `http://localhost:${port}`
  const dataDir = '.e2e-data-small-screens'
  const clockFile = path.resolve(dataDir, '..', '.e2e-small-screens-clock')
  const opsToken = 'e2e-small-screens-ops-token-0123456789abcdef'
  let server: SpecServer | undefined
  let camera: Browser | undefined

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(clockFile, '0')
    server = await startSpecServer({
      port,
      quiet: true,
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_URL: origin,
        OPS_TOKEN: opsToken,
        FACE_CHECK: 'on',
        TEST_CLOCK_FILE: clockFile,
        SANDBOX_FACE_PORT: '0',
        SANDBOX_PIX_PORT: String(E2E_PORT + 19),
        SANDBOX_SMTP_PORT: '0',
        SANDBOX_MAILBOX_PORT: '0',
      },
    })
    camera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    })
  })

  test.afterAll(async () => {
    await camera?.close()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(clockFile, { force: true })
  })

  /** A phone of the camera browser at 360×640, on this describe's server. */
  async function phone() {
    const context = await (camera as Browser).newContext({
      ...devices['Pixel 7'],
      viewport: { width: 360, height: 640 },
      baseURL: origin,
      locale: 'pt-BR',
      serviceWorkers: 'allow',
      permissions: ['camera'],
    })
    return { context, page: await context.newPage() }
  }

  test('the face step, the withdrawal’s face step-up, the passkey sheets, the login and the idle re-login fit', async () => {
    test.setTimeout(300_000)
    const { context, page } = await phone()
    await virtualAuthenticator(context, page)
    const cpf = sandboxFaceCpf('match', 10)

    // Verification: name, CPF and birth, then the face step (its consent, then the camera).
    await enterApp(page, '/rechargeMall')
    await page.getByTestId('verify-start').click()
    const details = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
    await details.getByLabel('Nome completo').fill('Joana Rosto Lima')
    await details.getByLabel('CPF').pressSequentially(cpf)
    await details.getByLabel('Data de nascimento').pressSequentially('15011990')
    await details.getByRole('button', { name: 'Salvar e continuar' }).click()
    const face = page.getByRole('dialog', { name: 'Verificação de rosto' })
    await expect(face.getByTestId('face-consent')).toBeVisible()
    await expectReachable(page, face, 'face step (consent)')
    await face.getByTestId('face-consent-accept').click()
    await expect(face.getByTestId('face-prompt')).toBeVisible()
    await expect.poll(() => face.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
    // A still frame for the screenshots (headless Chromium does not capture a playing fake stream).
    await face.locator('video').evaluate((v: HTMLVideoElement) => v.pause())
    await expectReachable(page, face, 'face step (camera)')
    // The camera step is seen whole: the prompt, the oval and "Tirar foto" together, without scrolling.
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height })
      await soft
        .poll(() => face.locator('.sheet-body').evaluate((body) => body.scrollHeight - body.clientHeight), {
          message: `the camera step scrolls at ${width}×${height}`,
        })
        .toBeLessThanOrEqual(1)
    }
    await page.setViewportSize({ width: 360, height: 640 })
    await face.getByTestId('face-capture').click()
    await expect(face).toHaveCount(0)

    // A password, money, and a withdrawal to a key never paid to: the face again, in its own sheet.
    const { userId } = await accountInfo(page)
    const userName = `rosto${String(userId).padStart(6, '0')}`
    expect(
      (
        await playerCall(page, '/user/bindLoginAccount', {
          userName,
          password: PLAYER_PASSWORD,
          confirmPassword: PLAYER_PASSWORD,
        })
      ).success,
    ).toBe(true)
    const adjusted = await page.request.post('/api/ops/adjust', {
      headers: { 'x-ops-token': opsToken },
      data: { requestId: `small-face-${Date.now()}`, userId, amount: 5_000, reason: 'e2e' },
    })
    expect((await adjusted.json()).success).toBe(true)
    await confirmWithdrawal(page, '20', cpf)
    await expectReachable(
      page,
      page.getByRole('dialog', { name: 'Confirme seu rosto para sacar' }),
      'withdrawal face step-up',
    )

    // Perfil → Segurança: the passkey's sheet to make one, then the one to remove it.
    await page.goto('/security')
    const card = page.getByTestId('passkeys')
    await card.getByTestId('passkey-enrol').click()
    const enrol = page.getByRole('dialog', { name: 'Criar passkey' })
    await expectFocusIn(enrol)
    await expectReachable(page, enrol, 'passkey (create)')
    await enrol.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
    await enrol.getByTestId('passkey-confirm').click()
    await expect(card.getByTestId('passkey')).toHaveCount(1)
    await card.getByTestId('passkey').getByRole('button', { name: 'Remover' }).click()
    const revoke = page.getByRole('dialog', { name: 'Remover passkey' })
    await expectReachable(page, revoke, 'passkey (remove)')
    await revoke.getByRole('button', { name: 'Cancelar' }).click()

    // Another phone logs in with name and password: it owes the face before it may make a passkey.
    const second = await phone()
    await enterApp(second.page)
    await second.page.goto('/login')
    const login = second.page.getByRole('dialog')
    await expectReachable(second.page, login, 'login')
    await login.getByLabel('Nome de usuário').fill(userName)
    await login.getByLabel('Senha', { exact: true }).fill(PLAYER_PASSWORD)
    await login.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect.poll(async () => (await accountInfo(second.page)).userId).toBe(userId)
    await second.page.goto('/security')
    await second.page.getByTestId('passkey-enrol').click()
    const secondEnrol = second.page.getByRole('dialog', { name: 'Criar passkey' })
    await secondEnrol.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
    await secondEnrol.getByTestId('passkey-confirm').click()
    const stepUp = second.page.getByRole('dialog', { name: 'Confirme seu rosto' })
    await expect(stepUp.getByTestId('face-consent')).toBeVisible()
    await expectReachable(second.page, stepUp, 'passkey face step-up')
    await second.context.close()

    // Half an hour without activity ends the session: the next tap asks to log in again.
    writeFileSync(clockFile, String(31 * 60_000))
    await page.waitForTimeout(500)
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('button', { name: 'Saque' })
      .dispatchEvent('click')
    const reauth = page.getByRole('dialog', { name: 'Entre de novo' })
    await expect(reauth).toBeVisible()
    // The account's name is kept; the sheet opens at its password.
    await soft(reauth.getByLabel('Senha', { exact: true })).toBeFocused()
    await expectReachable(page, reauth, 'idle re-login')
    await context.close()
  })
})
