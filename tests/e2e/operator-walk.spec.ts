// An operator's day with know-your-customer and the money watch, end to end: a player verifies
// with their date of birth → the sandbox bureau has another name on the CPF, so the verification
// waits in the queue → a risk operator settles it (approved, audited) → the player deposits
// R$ 2.500 through the sandbox bank and asks R$ 2.000 out without playing → the little_play flag
// is raised (read from the server's rows) → a payments operator opens the withdrawal and sees, beside it, the
// flag, the deposit with its payer and the rounds played (none) → a risk operator finds the flag
// in *Vigilância*, opens its case, writes a note, exports it (CSV masked, JSON with the whole CPF:
// the files' content checked) and decides it reported to COAF — every step audited. Screens at
// 1280×800 and 390×844 pass axe without serious or critical findings.
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { formatCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import { SANDBOX_REGISTERED_NAME, sandboxCpf } from '../../server/accounts/identity-sandbox.ts'
import {
  accountInfo,
  confirmWithdrawal,
  consolePage,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  PLAYER_BIRTH_DATE,
  PLAYER_PASSWORD,
  playerCall,
  sandboxBank,
} from './support.ts'

const SHOTS = process.env.SCREENSHOT_DIR

/** The operator API as the scripts' service account: the server's own records, not the screen. */
async function ops(page: Page, path: string, data: object) {
  const response = await page.request.post(`/api/ops/${path}`, { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data })
  const body = await response.json()
  expect(body.success, `${path}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

/** Axe at the console's desktop size and at a phone's, with a screenshot of each when asked. */
async function checkBothSizes(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await expectNoSeriousAxe(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/watch-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ')
const maskCpf = (cpf: string) => `***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}`

test('verify (name mismatch → queue → settled), deposit, withdraw without playing, the flag beside the withdrawal, a case opened, exported and decided', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const stamp = Date.now()
  const paula = `paula.watch.${stamp}@jogolimpo.example`
  const rita = `rita.watch.${stamp}@jogolimpo.example`
  expect(createOperator(paula, 'payments', 'Paula Pagamentos')).toContain('(payments)')
  expect(createOperator(rita, 'risk', 'Rita Risco')).toContain('(risk)')

  // The player binds a name and password and verifies with their date of birth; the sandbox bureau
  // has another name registered on this CPF, so the verification waits for an operator.
  // Serials 1–9 of the bureau's name-mismatch CPFs (other specs on this server take 10–99).
  const cpf = sandboxCpf('name_mismatch', 1 + (Date.now() % 9))
  await enterApp(page)
  const { userId } = await accountInfo(page)
  const bound = await playerCall(page, '/user/bindLoginAccount', {
    userName: `walk${String(userId).padStart(6, '0')}`,
    password: PLAYER_PASSWORD,
    confirmPassword: PLAYER_PASSWORD,
  })
  expect(bound.success).toBe(true)
  const saved = await playerCall(page, '/charge/amount/saveUserAccountInfo', {
    fullName: 'Ana Souza',
    cpf,
    birthDate: PLAYER_BIRTH_DATE,
  })
  expect(saved.data, JSON.stringify(saved)).toMatchObject({ status: 'review', reviewReason: 'name_mismatch' })
  // Not settled yet: no deposit.
  const early = await playerCall(page, '/charge/create/order', {
    amount: 250_000,
    requestId: `walk-early-${Date.now()}`,
  })
  expect(early).toMatchObject({ success: false, msgCode: 'verification_pending' })

  // The verification queue in the console: a risk operator sees what was given beside the bureau's
  // record, and settles it.
  const risk = await consolePage(browser, rita)
  await risk.getByRole('navigation').getByRole('link', { name: 'Verificações' }).click()
  const row = risk.getByTestId(`verification-${userId}`)
  await expect(row).toContainText('Nome diferente do registrado no CPF')
  await row.getByRole('button').click()
  const panel = risk.getByTestId('verification-panel')
  await expect(panel.getByTestId('verification-facts')).toContainText(formatCpf(cpf))
  await expect(panel.getByTestId('verification-facts')).toContainText(SANDBOX_REGISTERED_NAME)
  await panel.getByRole('button', { name: 'Aprovar' }).click()
  await expect(panel.getByTestId('verification-outcome')).toContainText('Aprovada')
  const verified = await playerCall(page, '/charge/amount/getUserAccountInfo')
  expect(verified.data).toMatchObject({ status: 'verified' })
  const approvals = await ops(page, 'audit/list', { action: 'verification.approve', pageSize: 200 })
  expect(approvals.entries.some((e: { actorName: string }) => e.actorName === 'Rita Risco')).toBe(true)

  // Now the player deposits R$ 2.500 (paid in the sandbox bank by their own CPF) and, without
  // playing, asks R$ 2.000 out — above the R$ 1.000 review threshold, so it waits for an operator.
  const order = await playerCall(page, '/charge/create/order', {
    amount: 250_000,
    requestId: `walk-deposit-${Date.now()}`,
  })
  expect(order.success, JSON.stringify(order)).toBe(true)
  const paid = await page.request.post(`${sandboxBank(page)}/pay`, { data: { code: order.data.payCode } })
  expect((await paid.json()).data.paid).toBe(true)
  await expect.poll(async () => (await accountInfo(page)).balance.cash).toBe(250_000)
  await confirmWithdrawal(page, '2000', cpf)
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=W/)
  const orderId = new URL(page.url()).searchParams.get('orderId') as string

  // The server's rows: one open little_play flag, fired by this order, with the figures that fired it.
  const flags = (await ops(page, 'risk/flags', { playerId: userId })).items
  expect(flags).toHaveLength(1)
  expect(flags[0]).toMatchObject({ rule: 'little_play', status: 'open', triggerRef: orderId, hits: 1 })
  expect(flags[0].reasons).toMatchObject({ deposits: 1, deposited: 250_000, staked: 0, withdrawn: 200_000 })
  const flagId = flags[0].id as number

  // Payments opens the withdrawal: the flag, the deposit with its payer and the rounds beside it.
  const payments = await consolePage(browser, paula)
  await payments.getByRole('navigation').getByRole('link', { name: 'Saques' }).click()
  await payments.getByTestId(`order-${orderId}`).getByRole('button', { name: orderId }).click()
  const review = payments.getByTestId('review-panel')
  const watch = review.getByTestId('money-watch')
  await expect(watch.getByTestId('flag-little_play')).toContainText('Depósito sacado com pouco ou nenhum jogo')
  // Payments may not open cases: the flag is named, not linked.
  await expect(watch.getByTestId('flag-little_play').getByRole('link')).toHaveCount(0)
  await expect(watch.getByTestId('watched-deposits')).toContainText(brl(250_000))
  await expect(watch.getByTestId('watched-deposits')).toContainText(`pago por ${formatCpf(cpf)} (o jogador)`)
  await expect(watch.getByTestId('rounds-since-deposits')).toContainText('0 rodadas · apostou R$ 0,00')
  await expect(watch.getByTestId('watched-payers')).toContainText('o próprio jogador')
  await checkBothSizes(payments, 'review')

  // Risk finds the flag in Vigilância and opens its case.
  await risk.getByRole('navigation').getByRole('link', { name: 'Vigilância' }).click()
  await expect(risk.getByTestId(`flag-row-${flagId}`)).toContainText('Depósito sacado com pouco ou nenhum jogo')
  await checkBothSizes(risk, 'flags')
  await risk
    .getByTestId(`flag-row-${flagId}`)
    .getByRole('link', { name: `#${flagId}` })
    .click()
  await expect(risk.getByRole('heading', { level: 1 })).toContainText(`Caso #${flagId}`)
  await expect(risk.getByTestId('reason-deposited')).toHaveText(brl(250_000))
  await expect(risk.getByTestId('reason-staked')).toHaveText(brl(0))
  await expect(risk.getByTestId('case-person')).toContainText(formatCpf(cpf))
  await risk.getByLabel('Nova anotação').fill('Depositou e pediu o saque sem jogar.')
  await risk.getByRole('button', { name: 'Anotar' }).click()
  await expect(risk.getByTestId('case-notes')).toContainText('Rita Risco')

  // The exports: the CSV with the CPF masked, the JSON with the whole CPF.
  const [csvDownload] = await Promise.all([
    risk.waitForEvent('download'),
    risk.getByRole('button', { name: 'CSV (CPF mascarado)' }).click(),
  ])
  expect(csvDownload.suggestedFilename()).toBe(`caso-${flagId}.csv`)
  const csv = readFileSync(await csvDownload.path(), 'utf8')
    .trim()
    .split('\r\n')
  expect(csv[0]).toBe('record,case_id,occurred_at,operation_id,kind,amount_brl,party,status,detail')
  expect(csv[1]).toMatch(new RegExp(`^case,${flagId},[^,]+,${orderId},little_play,,,open,$`))
  expect(csv).toContain(`person,${flagId},,${userId},player,,${maskCpf(cpf)},active,Ana S****`)
  expect(csv.some((line) => /^operation,\d+,[^,]+,D\w+,deposit,2500\.00,/.test(line))).toBe(true)
  expect(csv.find((line) => line.includes(`,${orderId},withdrawal,`))).toMatch(/,withdrawal,2000\.00,cpf:/)
  expect(csv).toContain(`reason,${flagId},${new Date(flags[0].lastAt).toISOString()},,staked,,,,0`)
  expect(csv.at(-1)).toContain('Depositou e pediu o saque sem jogar.')
  expect(csv.join('\n')).not.toContain(cpf)
  const [jsonDownload] = await Promise.all([
    risk.waitForEvent('download'),
    risk.getByRole('button', { name: 'JSON com CPF completo' }).click(),
  ])
  const json = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'))
  expect(json).toMatchObject({
    format: 'jogo-limpo.money-watch.case/1',
    exportedBy: 'Rita Risco',
    case: { id: flagId, rule: 'little_play', trigger: orderId },
    person: { playerId: userId, cpf, name: 'Ana Souza' },
    reasons: { deposited: 250_000, staked: 0, withdrawn: 200_000 },
    play: { sinceDeposits: { rounds: 0, stakedBrl: '0.00' } },
  })
  expect(json.operations.map((o: { kind: string; amountBrl: string }) => [o.kind, o.amountBrl])).toEqual([
    ['deposit', '2500.00'],
    ['withdrawal', '2000.00'],
  ])

  // Decided once: reported to COAF, with the filing's number.
  await risk.getByLabel('Comunicado ao COAF').check()
  await risk.getByLabel(/Motivo \(fica na auditoria/).fill('SISCOAF protocolo 2026-0001')
  await risk.getByRole('button', { name: 'Decidir' }).click()
  await expect(risk.getByTestId('case-status')).toContainText('Comunicado ao COAF por Rita Risco')
  await checkBothSizes(risk, 'case')
  const decided = (await ops(page, 'risk/flags', { playerId: userId })).items[0]
  expect(decided).toMatchObject({ id: flagId, status: 'closed', decision: 'reported', decidedBy: 'Rita Risco' })

  // Every step is in the audit log, with who did it.
  const audit = await ops(page, 'audit/list', { objectType: 'risk_flag', objectId: String(flagId), pageSize: 50 })
  const actions = audit.entries.map((e: { action: string; actorName: string }) => `${e.action} ${e.actorName}`)
  for (const expected of [
    'risk.case_view Rita Risco',
    'risk.case_note Rita Risco',
    'risk.case_export Rita Risco',
    'risk.case_decided Rita Risco',
  ])
    expect(actions).toContain(expected)
})
