// Managing from the console, at 1280×800 and on a phone (390×844, touch): an admin creates an
// operator, whose setup link (at this server's address and port) goes to the operator's e-mail —
// the admin's screen says only where it went — and is read in the sandbox mailbox; it sets the
// password; disables them (their open console goes back to the login at once) and enables them;
// the four-eyes queue shows a colleague's large adjustment, which the admin approves with a
// reason; a game switched off shows as unavailable in the player's lobby, with the reason, and
// a tap says why; turning every promotion off asks to confirm first. axe finds nothing serious.
import { expect, type Page, test } from '@playwright/test'
import { E2E_PORT } from './lanes.ts'
import {
  accountInfo,
  consolePage,
  consoleWindow,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  mailedSetupLink,
  sandboxMailbox,
  signInToConsole,
} from './support.ts'

const port = E2E_PORT
const NEW_PASSWORD = 'Azul-Anil-Cerrado-77'
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screens'
/** The catalog's last game: no other spec opens it. */
const GAME = 'arraia-da-sorte'

/** No sideways scrolling of the page (a mobile browser widens its viewport to fit wider content). */
async function expectFits(page: Page, width: number) {
  const overflow = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth))
  expect(overflow).toBeLessThanOrEqual(width)
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`an admin manages operators, the four-eyes queue, games and rewards (${width}×${height})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000)
    const stamp = `${Date.now()}-${width}`
    const ana = `ana.${stamp}@jogolimpo.example`
    const paula = `paula.${stamp}@jogolimpo.example`
    createOperator(ana, 'admin', `Ana ${width}`)
    createOperator(paula, 'payments', `Paula ${width}`)
    const admin = await consolePage(browser, ana, { width, height }, { phone: width < 600 })

    // A new operator: their setup link goes to their own e-mail; the admin sees only where it went.
    await admin.getByRole('link', { name: 'Operadores' }).click()
    const bruno = `bruno.${stamp}@jogolimpo.example`
    const create = admin.getByRole('form', { name: 'Novo operador' })
    await create.getByLabel('E-mail').fill(bruno)
    await create.getByLabel('Nome').fill('Bruno Risco')
    await create.getByLabel('Função').selectOption('risk')
    await create.getByRole('button', { name: 'Criar e enviar link' }).click()
    await expect(admin.getByTestId('setup-link-sent')).toContainText(`Link de acesso enviado para ${bruno}`)
    await expect(admin.getByTestId(`operator-${bruno}`)).toContainText('Aguardando o link')
    expect(await admin.content()).not.toContain('/console/setup#')
    await expectFits(admin, width)
    await expectNoSeriousAxe(admin)
    await admin.screenshot({ path: `${SHOTS}/console-operators-${width}.png`, fullPage: true })

    // The link arrived in the sandbox mailbox (over SMTP), at this server's own address and port;
    // the newcomer opens it from the mailbox's page.
    const link = await mailedSetupLink(admin, bruno)
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/console/setup#[\\w-]{43}$`))
    const newcomer = await consoleWindow(browser, { width, height }, { phone: width < 600 })
    await newcomer.goto(sandboxMailbox(admin))
    const mail = newcomer.getByTestId('mail').filter({ hasText: bruno }).first()
    await expect(mail.getByTestId('mail-subject')).toHaveText('Seu acesso ao console do Jogo Limpo')
    await mail.getByRole('link', { name: link }).click()
    await newcomer.getByLabel('Nova senha (12 a 64 caracteres)').fill(NEW_PASSWORD)
    await newcomer.getByLabel('Repita a senha').fill(NEW_PASSWORD)
    await newcomer.getByRole('button', { name: 'Definir senha' }).click()
    await expect(newcomer.getByRole('link', { name: 'Entrar no console' })).toBeVisible()
    await signInToConsole(newcomer, bruno, NEW_PASSWORD)
    await expect(newcomer.getByTestId('operator-name')).toContainText('Bruno Risco')

    // Disabled: Bruno's open console is sent back to the login at once (its socket is closed); enabled again.
    await admin.getByLabel('Motivo da mudança (obrigatório, fica na auditoria)').fill('troca de turno')
    const card = admin.getByTestId(`operator-${bruno}`)
    await card.getByRole('button', { name: 'Desativar' }).click()
    await expect(admin.getByRole('status')).toHaveText('Bruno Risco desativado; sessões encerradas.')
    await expect(card).toContainText('Desativado')
    await expect(newcomer.getByRole('button', { name: 'Entrar' })).toBeVisible()
    await card.getByRole('button', { name: 'Reativar' }).click()
    await expect(card).toContainText('Ativo')
    // One's own card offers no change.
    await expect(admin.getByTestId(`operator-${ana}`)).toContainText('Sua própria conta não muda aqui')
    await expect(admin.getByTestId(`operator-${ana}`).getByRole('button')).toHaveCount(0)

    // Four eyes: Paula's large adjustment waits; she cannot approve her own, Ana approves it.
    await enterApp(page)
    const { userId } = await accountInfo(page)
    const requester = await consolePage(browser, paula, { width, height }, { phone: width < 600 })
    const requestId = `four-eyes-${stamp}`
    const asked = await requester.evaluate(
      async (body) =>
        (
          await fetch('/api/ops/adjust', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json(),
      { requestId, userId, amount: 80_000, reason: 'acordo judicial' },
    )
    expect(asked.data.status).toBe('pending')
    await requester.getByRole('link', { name: 'Quatro olhos' }).click()
    await expect(requester.getByTestId(`adjustment-${requestId}`)).toContainText('Você pediu este ajuste')
    await admin.getByRole('link', { name: 'Quatro olhos' }).click()
    const pending = admin.getByTestId(`adjustment-${requestId}`)
    await expect(pending).toContainText('R$ 800,00')
    await expect(pending).toContainText(`Paula ${width}`)
    await expect(pending).toContainText('acordo judicial')
    await expect(pending).toContainText(`#${userId}`)
    await expectFits(admin, width)
    await expectNoSeriousAxe(admin)
    await admin.screenshot({ path: `${SHOTS}/console-four-eyes-${width}.png`, fullPage: true })
    await pending.getByLabel('Motivo da decisão').fill('processo conferido')
    await pending.getByRole('button', { name: 'Aprovar' }).click()
    await expect(pending).toHaveCount(0)
    expect((await accountInfo(page)).balance.cash).toBe(80_000)

    // A game switched off: unavailable in the lobby with the reason; a tap says why.
    await admin.getByRole('link', { name: 'Jogos' }).click()
    const game = admin.getByTestId(`game-${GAME}`)
    await game.getByLabel('Motivo para os jogadores').selectOption('fault')
    await game.getByLabel('Nota para a auditoria').fill('pagamentos errados relatados')
    await game.getByRole('button', { name: /^Desligar / }).click()
    await expect(game).toContainText('Falha em análise — por Ana')
    await expectFits(admin, width)
    await expectNoSeriousAxe(admin)
    await admin.screenshot({ path: `${SHOTS}/console-games-${width}.png`, fullPage: true })
    try {
      // The lobby's list may be cached for a few seconds.
      await expect
        .poll(
          async () => {
            await page.goto('/')
            // Count once the grid has drawn this game's card (the lobby renders after its catalog).
            await page.getByTestId(`game-${GAME}`).waitFor()
            return page.getByTestId(`game-${GAME}`).getByTestId('game-unavailable').count()
          },
          { timeout: 30_000 },
        )
        .toBe(1)
      const cardInLobby = page.getByTestId(`game-${GAME}`)
      await expect(cardInLobby).toContainText('Indisponível: falha em análise')
      await cardInLobby.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/lobby-game-off-${width}.png` })
      await cardInLobby.click()
      await expect(page.getByText(/Este jogo está com uma falha em análise e está indisponível agora/)).toBeVisible()
    } finally {
      await game.getByLabel('Nota para a auditoria').fill('corrigido')
      await game.getByRole('button', { name: /^Religar / }).click()
      await expect(game).toContainText('Ligado')
    }

    // Rewards: turning every promotion off asks first; cancelling leaves them on.
    await admin.getByRole('link', { name: 'Recompensas' }).click()
    await admin.getByLabel('Motivo da mudança (obrigatório, fica na auditoria)').fill('teste de confirmação')
    await admin.getByRole('button', { name: 'Desligar todas as promoções' }).click()
    const confirm = admin.getByRole('alertdialog')
    await expect(confirm).toContainText('Desligar todas as promoções agora?')
    await expectNoSeriousAxe(admin)
    await admin.screenshot({ path: `${SHOTS}/console-rewards-confirm-${width}.png`, fullPage: true })
    await confirm.getByRole('button', { name: 'Cancelar' }).click()
    await expect(admin.getByTestId('promotions-state')).toContainText('Ligadas')
    // Brazil's rules forbid the first-deposit bonus, the gift, invites and the install reward: not
    // available, each with its rule, no switch, and no field for their amounts.
    const rule = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º'
    for (const [key, name, item] of [
      ['first_deposit', 'Bônus de primeiro depósito', 'I e II'],
      ['gift', 'Presente de boas-vindas', 'II'],
      ['invites', 'Convites', 'I'],
      ['download', 'Instalar o app', 'II'],
    ] as const) {
      const banned = admin.getByTestId(`reward-unavailable-${key}`)
      await expect(banned).toHaveText(`${name} — não disponível neste mercado (${rule}, ${item})`)
      await expect(banned.getByRole('checkbox')).toBeDisabled()
    }
    await expect(admin.getByTestId('reward-promotions.giftAmount')).toHaveText(
      `não disponível neste mercado (${rule}, II) · padrão R$ 100,00`,
    )
    await expect(admin.getByTestId('amount-unavailable-promotions.giftAmount').getByRole('textbox')).toHaveCount(0)
    await expect(admin.getByTestId('reward-promotions.taskReward')).toContainText('agora R$ 3,00')
    await expectFits(admin, width)
  })
}
