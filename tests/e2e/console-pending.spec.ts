// The console shows the work waiting and names what happened, at 1280×800, 390×844 and 360×640:
// the menu's badges and the dashboard count withdrawals in review, verifications, four-eyes
// requests, open flags and conversations waiting (as the server counts them); approving a
// withdrawal the credential-change cool-off holds reads as this operator's own decision and as
// held until a time — in the list, the outcome, the player beside it and the money watch, never
// "enviando" or "em revisão"; a verification rejected here reads as rejected by you; the audit log
// names the game and shows its details as "key: value" with local times, no JSON or epoch
// numbers; a whole CPF in the search results is grouped 000.000.000-00. axe finds nothing serious.
import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import type { PendingWork } from '../../contract/ops.ts'
import { sandboxCpf } from '../../server/accounts/identity-sandbox.ts'
import {
  accountInfo,
  consolePage,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  PLAYER_BIRTH_DATE,
  PLAYER_PASSWORD,
  playerCall,
  requestWithdrawal,
} from './support.ts'

const OPS_TOKEN = 'e2e-ops-token-0123456789abcdef'
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screens'

/** What the server counts as waiting, asked as the scripts' account (every kind, none its own). */
async function pendingNow(page: Page): Promise<Required<PendingWork>> {
  const response = await page.request.post('/api/ops/pending', { headers: { 'x-ops-token': OPS_TOKEN }, data: {} })
  const body = await response.json()
  expect(body.success, JSON.stringify(body)).toBe(true)
  return body.data
}

async function ops(page: Page, path: string, data: object) {
  const response = await page.request.post(`/api/ops/${path}`, { headers: { 'x-ops-token': OPS_TOKEN }, data })
  const body = await response.json()
  expect(body.success, JSON.stringify(body)).toBe(true)
  return body.data
}

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `${SHOTS}/console-pending-${name}-${width}.png`, fullPage: true })

for (const [index, [width, height]] of (
  [
    [1280, 800],
    [390, 844],
    [360, 640],
  ] as const
).entries()) {
  test(`the console counts waiting work and names what happened (${width}×${height})`, async ({ page, browser }) => {
    test.setTimeout(420_000)
    const stamp = `${Date.now()}.${width}`
    const ana = `ana.${stamp}@jogolimpo.example`
    const paula = `paula.${stamp}@jogolimpo.example`
    createOperator(ana, 'admin', 'Ana Admin')
    createOperator(paula, 'payments', 'Paula Pagamentos')
    const before = await pendingNow(page)

    // A withdrawal in review from a player who just logged in on another phone with their name
    // and password: the credential-change cool-off holds it once approved. Withdrawn without
    // play, the money watch flags it.
    const cpf = randomCpf()
    await fundedPlayer(page, 250_000, cpf)
    const { userId } = await accountInfo(page)
    // The name fundedPlayer binds.
    const otherPhone = await page.request.post('/api/user/login', {
      data: { userName: `e2e${String(userId).padStart(6, '0')}x`, password: PLAYER_PASSWORD, apiType: 1 },
    })
    expect((await otherPhone.json()).success).toBe(true)
    const asked = await requestWithdrawal(page, cpf, 200_000, `pending-${stamp.replace('.', '-')}`)
    expect(asked.data?.status, JSON.stringify(asked)).toBe('review')
    const orderId = asked.data.orderId as string
    // The same player asks support about it: a conversation waiting for an answer.
    expect((await playerCall(page, '/v1/support/send', { text: 'Meu saque?', requestId: randomUUID() })).success).toBe(
      true,
    )

    // Another player's identity the bureau could not settle (a different registered name).
    const mismatch = await browser.newPage()
    await enterApp(mismatch)
    const { userId: mismatchId } = await accountInfo(mismatch)
    const saved = await playerCall(mismatch, '/charge/amount/saveUserAccountInfo', {
      fullName: 'Maria da Silva',
      // A CPF of its own per size (one CPF, one account, even after a rejection), out of the ranges
      // other specs draw from.
      cpf: sandboxCpf('name_mismatch', 4 + index),
      birthDate: PLAYER_BIRTH_DATE,
    })
    expect(saved.data?.status, JSON.stringify(saved)).toBe('review')

    // Paula asks for an adjustment above the four-eyes line: it waits for a second person.
    const payments = await consolePage(browser, paula, { width, height }, { phone: width < 600 })
    const adjusted = await payments.request.post('/api/ops/adjust', {
      data: { requestId: `four-eyes-${stamp}`, userId, amount: 80_000, reason: 'acordo' },
    })
    expect((await adjusted.json()).data?.status).toBe('pending')

    const after = await pendingNow(page)
    expect(after).toMatchObject({
      withdrawals: before.withdrawals + 1,
      verifications: before.verifications + 1,
      fourEyes: before.fourEyes + 1,
      chats: before.chats + 1,
    })
    expect(after.flags).toBeGreaterThan(before.flags)

    // The admin's menu and dashboard say so (none of these requests is Ana's own).
    const admin = await consolePage(browser, ana, { width, height }, { phone: width < 600 })
    const menu = admin.getByRole('navigation', { name: 'Menu' })
    await expect(menu.getByTestId('badge-withdrawals')).toHaveText(
      `${after.withdrawals} ${after.withdrawals} aguardando`,
    )
    await expect(menu.getByTestId('badge-verifications')).toHaveText(
      `${after.verifications} ${after.verifications} aguardando`,
    )
    await expect(menu.getByTestId('badge-fourEyes')).toHaveText(`${after.fourEyes} ${after.fourEyes} aguardando`)
    await expect(menu.getByTestId('badge-flags')).toHaveText(`${after.flags} ${after.flags} aguardando`)
    await expect(menu.getByTestId('badge-chats')).toHaveText(`${after.chats} ${after.chats} aguardando`)
    await expect(menu.getByRole('link', { name: `Quatro olhos ${after.fourEyes} aguardando` })).toBeVisible()
    const waiting = admin.getByTestId('pending-work')
    await expect(waiting.getByTestId('pending-verifications')).toHaveText(
      `${after.verifications} verificações aguardando decisão`,
    )
    await expect(waiting.getByTestId('pending-fourEyes')).toHaveText(
      `${after.fourEyes} ajustes aguardando a segunda pessoa`,
    )
    await expect(waiting.getByTestId('pending-flags')).toHaveText(`${after.flags} alertas de vigilância abertos`)
    await expect(waiting.getByTestId('pending-chats')).toHaveText(`${after.chats} conversas aguardando resposta`)
    // The badges' hidden words never widen a phone's page.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await expectNoSeriousAxe(admin)
    await shot(admin, 'dashboard', width)

    // Payments sees only its own kinds of work: no verification, flag or chat badge; its own
    // adjustment is not counted for it.
    const paymentsMenu = payments.getByRole('navigation', { name: 'Menu' })
    await expect(paymentsMenu.getByTestId('badge-withdrawals')).toHaveText(
      `${after.withdrawals} ${after.withdrawals} aguardando`,
    )
    await expect(paymentsMenu.getByTestId('badge-verifications')).toHaveCount(0)
    await expect(paymentsMenu.getByTestId('badge-chats')).toHaveCount(0)
    const ownExcluded = after.fourEyes - 1
    await expect(paymentsMenu.getByTestId('badge-fourEyes')).toHaveCount(ownExcluded > 0 ? 1 : 0)

    // Paula approves: her own decision, held by the cool-off until a time — in the list, the
    // outcome, the player beside it and the money watch.
    await payments.goto('/console/withdrawals')
    await payments.getByTestId(`order-${orderId}`).getByRole('button', { name: orderId }).click()
    const review = payments.getByTestId('review-panel')
    await expect(review.getByTestId(`summary-withdrawal-${orderId}`)).toContainText('em revisão')
    await review.getByRole('button', { name: 'Aprovar' }).click()
    await expect(review.getByTestId('review-outcome')).toContainText('Aprovado: retido: período de segurança até')
    await expect(payments.getByTestId(`mine-${orderId}`)).toContainText(
      'Aprovado por você: retido: período de segurança até',
    )
    await expect(payments.getByTestId(`taken-${orderId}`)).toHaveCount(0)
    await expect(payments.getByText('Decidido por outro operador')).toHaveCount(0)
    const summary = review.getByTestId(`summary-withdrawal-${orderId}`)
    await expect(summary).toContainText('retido: período de segurança até')
    await expect(summary).not.toContainText('em revisão')
    await expect(summary).not.toContainText('enviando')
    await expect(review.getByTestId('watched-withdrawals')).toContainText('retido: período de segurança até')
    await expect(review.getByTestId('watched-withdrawals')).not.toContainText('enviando')
    // One fewer in review: the badge follows the push.
    await expect(paymentsMenu.getByTestId('badge-withdrawals')).toHaveCount(after.withdrawals - 1 > 0 ? 1 : 0)
    await expectNoSeriousAxe(payments)
    await shot(payments, 'own-decision', width)

    // A whole CPF in the search results comes in its groups.
    await payments.goto('/console/players')
    await payments.getByLabel('Número, nome, CPF, chave PIX ou pedido').fill(String(userId))
    await payments.getByRole('button', { name: 'Buscar' }).click()
    await expect(payments.getByTestId('hit-cpf')).toHaveText(formatCpf(cpf))
    await expectNoSeriousAxe(payments)
    await shot(payments, 'search', width)

    // Ana rejects the verification: it reads as hers.
    await admin.goto('/console/verifications')
    await admin.getByTestId(`verification-${mismatchId}`).getByRole('button').click()
    const panel = admin.getByTestId('verification-panel')
    await panel.getByLabel(/Motivo/).fill('nome diferente do registro')
    await panel.getByRole('button', { name: 'Recusar' }).click()
    await expect(admin.getByTestId(`mine-${mismatchId}`)).toHaveText(/Recusada por você/)
    await expect(admin.getByTestId(`taken-${mismatchId}`)).toHaveCount(0)
    await expectNoSeriousAxe(admin)
    await shot(admin, 'verification-own', width)

    // A game switched off and on: the audit log names it, with readable details and local times.
    await ops(page, 'games/switch', { gameId: 'mar-aberto', on: false, offReason: 'maintenance', reason: 'teste' })
    await ops(page, 'games/switch', { gameId: 'mar-aberto', on: true, reason: 'teste' })
    await admin.goto('/console/audit')
    await admin.getByLabel('Ação').fill('game.switch_off')
    const row = admin.getByTestId('audit-log').getByRole('row').nth(1)
    await expect(row).toContainText('Jogo Mar Aberto')
    const change = row.getByTestId('audit-change')
    await expect(change).toContainText('reason: maintenance')
    await expect(change).toContainText(/at: \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}/)
    await expect(row).not.toContainText('mar-aberto')
    await expect(row).not.toContainText('{')
    await expect(row).not.toContainText(/\d{13}/)
    await expectNoSeriousAxe(admin)
    await shot(admin, 'audit', width)

    // What this test left waiting is settled, so later tests find the queues as they were.
    await ops(page, 'adjustments/decide', { id: `four-eyes-${stamp}`, decision: 'reject', reason: 'teste' })
  })
}
