// The console's closures worklist at 1280×800 and 390×844: two players' accounts closed by an
// operator — one with a balance and no verified CPF (its payout has no key to go to, so it waits on
// the worklist), one empty (closed at once). The menu's badge counts the stuck one; the page shows
// it with its 3-day clock, the reason it began, why its payout waits and the cash left. The
// operator tries the payout again (it still waits), then closes the account with a reason (the
// audit log keeps it and what stays owed); in *Encerradas* the other account is reopened with a
// reason. axe finds nothing serious; nothing scrolls sideways; screenshots in
// test-results/screens/console-closures-*.png.
import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { consolePage, createOperator, expectNoSeriousAxe } from './support.ts'

const OPS_TOKEN = 'e2e-ops-token-0123456789abcdef'
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screens'

async function ops(page: Page, path: string, data: object) {
  const response = await page.request.post(`/api/ops/${path}`, { headers: { 'x-ops-token': OPS_TOKEN }, data })
  const body = await response.json()
  expect(body.success, JSON.stringify(body)).toBe(true)
  return body.data
}

/** A new guest player (a device's first login, 18+ confirmed); answers their id. */
async function newPlayer(page: Page): Promise<number> {
  const response = await page.request.post('/api/user/login', { data: { deviceId: randomUUID(), ageConfirmed: true } })
  const body = await response.json()
  expect(body.success, JSON.stringify(body)).toBe(true)
  return body.data.userId
}

/** The audit rows of one action on one player, as the scripts' account reads them. */
async function auditOf(page: Page, action: string, userId: number) {
  const data = await ops(page, 'audit/list', { action, pageNum: 1, pageSize: 50 })
  return (data.entries as { objectId: string; reason: string | null }[]).filter(
    (row) => row.objectId === String(userId),
  )
}

async function expectFits(page: Page, width: number) {
  const overflow = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth))
  expect(overflow).toBeLessThanOrEqual(width)
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`an operator works the closures worklist: retry, close with a reason, reopen (${width}×${height})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000)
    await page.goto('/console/')
    const email = `ana.closures.${Date.now()}.${width}@jogolimpo.example`
    createOperator(email, 'admin', `Ana Encerramentos ${width}`)

    // One account with R$ 15,00 and no verified CPF: its payout waits for an operator.
    const stuckPlayer = await newPlayer(page)
    await ops(page, 'adjust', {
      requestId: `closures-${stuckPlayer}`,
      userId: stuckPlayer,
      amount: 1500,
      reason: 'e2e',
    })
    await ops(page, 'players/close', { userId: stuckPlayer, reason: 'pedido por telefone' })
    // One empty account: closed at once.
    const emptyPlayer = await newPlayer(page)
    await ops(page, 'players/close', { userId: emptyPlayer, reason: 'pedido por e-mail' })
    const open = (await ops(page, 'closures/list', {})).items as { closureId: number; userId: number }[]
    const stuck = open.find((item) => item.userId === stuckPlayer)
    expect(stuck).toMatchObject({ state: 'stuck', stuckReason: 'not_verified' })
    const closureId = stuck?.closureId ?? 0

    const desk = await consolePage(browser, email, { width, height }, { phone: width < 600 })
    const pending = (await ops(page, 'pending', {})).closures as number
    expect(pending).toBeGreaterThanOrEqual(1)
    await expect(desk.getByTestId('badge-closures')).toContainText(String(pending))
    await desk.goto('/console/closures')
    await expect(desk.getByRole('heading', { level: 1, name: 'Encerramentos' })).toBeVisible()
    const row = desk.getByTestId(`closure-${closureId}`)
    await expect(row).toContainText(`#${stuckPlayer}`)
    await expect(row).toContainText('Operador')
    await expect(desk.getByTestId(`closure-payout-${closureId}`)).toHaveText('Sem CPF verificado')
    await expect(row).toContainText('R$ 15,00')
    // Closed by an operator just now: about 3 days (72 h) left on the clock.
    await expect(desk.getByTestId(`closure-clock-${closureId}`)).toContainText(/7[12] h \d\d min/)
    await desk.waitForLoadState('networkidle')
    await expectFits(desk, width)
    await desk.screenshot({ path: `${SHOTS}/console-closures-open-${width}.png`, fullPage: true })
    await expectNoSeriousAxe(desk)

    // Tried again: with no verified CPF it still waits.
    await row.getByRole('button', { name: `Agir #${stuckPlayer}` }).click()
    const actions = desk.getByTestId('closure-actions')
    await expect(actions).toContainText('Encerrar assim deixa R$ 15,00 em aberto')
    await actions.getByRole('button', { name: 'Tentar o pagamento de novo' }).click()
    await expect(actions.getByRole('alert')).toHaveText('Escreva o motivo.')
    await actions.getByLabel('Motivo (fica na auditoria)').fill('jogador diz que verificou')
    await desk.screenshot({ path: `${SHOTS}/console-closures-actions-${width}.png`, fullPage: true })
    await expectNoSeriousAxe(desk)
    await actions.getByRole('button', { name: 'Tentar o pagamento de novo' }).click()
    await expect(actions).toHaveCount(0)
    await expect(desk.getByTestId(`closure-payout-${closureId}`)).toHaveText('Sem CPF verificado')
    expect(await auditOf(page, 'closure.retry', stuckPlayer)).toEqual([
      expect.objectContaining({ reason: 'jogador diz que verificou' }),
    ])

    // Closed from the worklist: it leaves the list, and the audit log keeps the reason.
    await row.getByRole('button', { name: `Agir #${stuckPlayer}` }).click()
    await actions.getByLabel('Motivo (fica na auditoria)').fill('sem CPF; saldo fica em aberto')
    await actions.getByRole('button', { name: 'Encerrar a conta agora' }).click()
    await expect(row).toHaveCount(0)
    // An account an operator began closing is closed as the operator's close (`player.close`).
    expect(await auditOf(page, 'player.close', stuckPlayer)).toContainEqual(
      expect.objectContaining({ reason: 'sem CPF; saldo fica em aberto' }),
    )

    // The closed tab: the empty account, reopened with a reason.
    await desk.getByRole('tab', { name: 'Encerradas' }).click()
    const closed = (await ops(page, 'closures/list', { status: 'closed' })).items as {
      closureId: number
      userId: number
    }[]
    const closedRow = desk.getByTestId(`closure-${closed.find((item) => item.userId === emptyPlayer)?.closureId}`)
    await expect(closedRow).toContainText('Nada a pagar')
    // The one closed with its balance left says what stays owed; the menu no longer counts it.
    const owed = closed.find((item) => item.userId === stuckPlayer)?.closureId
    await expect(desk.getByTestId(`closure-payout-${owed}`)).toHaveText('R$ 15,00 em aberto')
    const left = (await ops(page, 'pending', {})).closures as number
    if (left === 0) await expect(desk.getByTestId('badge-closures')).toHaveCount(0)
    else await expect(desk.getByTestId('badge-closures')).toContainText(String(left))
    await expect(desk.getByTestId('closures')).toContainText(`#${stuckPlayer}`)
    await desk.waitForLoadState('networkidle')
    await expectFits(desk, width)
    await desk.screenshot({ path: `${SHOTS}/console-closures-closed-${width}.png`, fullPage: true })
    await expectNoSeriousAxe(desk)
    await closedRow.getByRole('button', { name: `Reabrir #${emptyPlayer}` }).click()
    await actions.getByLabel('Motivo (fica na auditoria)').fill('pedido do titular, identidade conferida')
    await actions.getByRole('button', { name: 'Reabrir a conta' }).click()
    await expect(closedRow).toHaveCount(0)
    expect(await auditOf(page, 'closure.reopen', emptyPlayer)).toEqual([
      expect.objectContaining({ reason: 'pedido do titular, identidade conferida' }),
    ])
    await desk.context().close()
  })
}
