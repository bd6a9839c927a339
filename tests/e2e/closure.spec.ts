// Account closure end to end on a server of its own (port E2E_PORT + 3, its sandbox bank on + 8,
// mailbox on + 10, barred-person register on + 11; the closures' poll every 300 ms). A player who
// registers with a CPF the sandbox register lists is refused in neutral words. Another, with a
// balance and a confirmed e-mail and phone, is listed later: the server's 15-day sweep (every sweep
// so far written 15 days back, as if the time had passed) closes the account, pays the balance to
// their CPF at the sandbox bank, the e-mail and SMS arrive in the sandbox mailbox, and the app's
// login says why. A third closes their own account from Perfil with a balance and is paid. Each new
// screen at 390×844 (test-results/screens/closure-*.png) with no serious axe violation.
import { mkdirSync, rmSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import {
  expectNoSeriousAxe,
  PLAYER_BIRTH_DATE,
  PLAYER_PASSWORD,
  REGISTRATION_LIMITS_FOR_TESTS,
  readStored,
} from './support.ts'

const appPort = E2E_PORT
const port = appPort + 3
const origin = `http://127.0.0.1:${port}`
const mailbox = `http://127.0.0.1:${appPort + 10}/sandbox/mailbox`
const register = `http://127.0.0.1:${appPort + 11}`
const dataDir = '.e2e-data-closure'
const SHOTS = 'test-results/screens'
const OPS_TOKEN = 'e2e-closure-ops-token-0123456789abcdef'
const DAY = 86_400_000

let server: SpecServer | undefined

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

test.beforeAll(async () => {
  // A fresh database and the sandboxes' certificates: slow on a loaded machine.
  test.setTimeout(300_000)
  mkdirSync(SHOTS, { recursive: true })
  rmSync(dataDir, { recursive: true, force: true })
  const db = openDatabase({ dataDir })
  await migrateToLatest(db)
  await db.close()
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      PUBLIC_URL: origin,
      OPS_TOKEN,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      SANDBOX_PIX_PORT: String(port + 5),
      // The face step has a spec of its own (face.spec.ts); here players verify as elsewhere.
      FACE_CHECK: 'off',
      SANDBOX_SMTP_PORT: '0',
      SANDBOX_MAILBOX_PORT: String(appPort + 10),
      SANDBOX_SIGAP_PORT: String(appPort + 11),
      SANDBOX_PAYOUT_DELAY_MS: '500',
      CLOSURE_POLL_MS: '300',
      MAIL_POLL_MS: '500',
    },
    timeoutMs: 240_000,
  })
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function call(page: Page, path: string, data: object = {}) {
  const token = await readStored<string>(page, 'token')
  const response = await page.request.post(`${origin}/api${path}`, { headers: { 'access-token': token ?? '' }, data })
  return response.json()
}

/** Into the app as a new player: 18+, the registration's limits, the welcome put off. */
async function enter(page: Page): Promise<number> {
  await page.goto(`${origin}/`)
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await expect.poll(() => readStored<string>(page, 'token')).toBeTruthy()
  expect((await call(page, '/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)).success).toBe(true)
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  await expect(welcome).toBeVisible()
  await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()
  return (await call(page, '/v1/bus/accountInfo')).data.userId
}

/** A name and password, a verified CPF and cash (an operator's adjustment): a player with a balance. */
async function withBalance(page: Page, cpf: string, amount: number): Promise<{ userId: number; userName: string }> {
  const userId = await enter(page)
  const userName = `fecha${String(userId).padStart(6, '0')}`
  const bind = { userName, password: PLAYER_PASSWORD, confirmPassword: PLAYER_PASSWORD }
  expect((await call(page, '/user/bindLoginAccount', bind)).success).toBe(true)
  const saved = await call(page, '/charge/amount/saveUserAccountInfo', {
    fullName: 'Ana Souza',
    cpf,
    birthDate: PLAYER_BIRTH_DATE,
  })
  expect(saved.data?.status, JSON.stringify(saved)).toBe('verified')
  const adjusted = await page.request.post(`${origin}/api/ops/adjust`, {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: { requestId: `fund-${userId}`, userId, amount, reason: 'saldo de teste' },
  })
  expect((await adjusted.json()).success).toBe(true)
  return { userId, userName }
}

async function paidAtBank(cpf: string): Promise<{ status: string; amount: number }[]> {
  const db = openDatabase({ dataDir })
  try {
    const rows = await db.kysely
      .selectFrom('sandbox_payouts')
      .select(['status', 'amount'])
      .where('pix_key', '=', cpf)
      .execute()
    return rows.map((r) => ({ status: r.status, amount: Number(r.amount) }))
  } finally {
    await db.close()
  }
}

/** The time moves forward: every sweep that ran in the last 15 days is written back 15 days. */
async function fifteenDaysLater(): Promise<void> {
  const db = openDatabase({ dataDir })
  try {
    const now = Date.now()
    const recent = await db.kysely
      .selectFrom('register_sweeps')
      .select(['id', 'started_at'])
      .where('started_at', '>', now - 15 * DAY)
      .where('finished_at', 'is not', null)
      .execute()
    for (const row of recent)
      await db.kysely
        .updateTable('register_sweeps')
        .set({ started_at: Number(row.started_at) - 15 * DAY })
        .where('id', '=', row.id)
        .execute()
  } finally {
    await db.close()
  }
}

async function closureOf(userId: number) {
  const db = openDatabase({ dataDir })
  try {
    return await db.kysely.selectFrom('account_closures').selectAll().where('player_id', '=', userId).executeTakeFirst()
  } finally {
    await db.close()
  }
}

test('a listed CPF is refused at registration in neutral words', async ({ page }) => {
  const cpf = randomCpf()
  const listed = await page.request.post(`${register}/sandbox/impedidos`, { data: { cpf, motivo: 'social_benefit' } })
  expect(listed.status()).toBe(201)
  await enter(page)
  const refused = await call(page, '/charge/amount/saveUserAccountInfo', {
    fullName: 'Ana Souza',
    cpf,
    birthDate: PLAYER_BIRTH_DATE,
  })
  expect(refused).toMatchObject({ success: false, msgCode: 'regulatory_check' })
  expect(refused.msg).toBe(
    'Estamos concluindo verificações regulatórias exigidas por lei. Até lá, apostas, depósitos e prêmios ficam indisponíveis; avisaremos você em breve.',
  )
  expect(refused.msg).not.toMatch(/CPF|impedid|Bolsa/i)
})

test('a player listed later is closed by the 15-day sweep, paid to their CPF, told by e-mail, SMS and the app', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const cpf = randomCpf()
  const { userId, userName } = await withBalance(page, cpf, 12_345)
  // Confirmed contacts, as Perfil › Segurança leaves them (its own walk covers the codes).
  const db = openDatabase({ dataDir })
  const email = `barrada.${userId}@exemplo.com`
  const phone = `+55119${String(userId).padStart(8, '0')}`
  for (const [kind, value] of [
    ['email', email],
    ['phone', phone],
  ] as const)
    await db.kysely
      .insertInto('player_contacts')
      .values({
        player_id: userId,
        kind,
        value,
        confirmed_at: Date.now(),
        pending_value: null,
        code_hash: null,
        code_expires_at: null,
        code_attempts: 0,
        updated_at: Date.now(),
      })
      .execute()
  await db.close()

  // The register lists the CPF; the sweep that is due (its poll runs every minute) finds it.
  const listed = await page.request.post(`${register}/sandbox/impedidos`, { data: { cpf, motivo: 'self_excluded' } })
  expect(listed.status()).toBe(201)
  // The time moves forward 15 days (every sweep so far written back), so the server's sweep poll
  // (every minute) finds the next sweep due and runs it.
  await expect
    .poll(
      async () => {
        await fifteenDaysLater()
        return (await closureOf(userId))?.state
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .toBe('closed')

  // Paid to their CPF at the sandbox bank, once, the whole balance.
  expect(await paidAtBank(cpf)).toEqual([{ status: 'paid', amount: 12_345 }])

  // The e-mail and the SMS in the sandbox mailbox.
  await expect
    .poll(async () => {
      const box = await (await page.request.get(`${mailbox}.json?to=${encodeURIComponent(email)}`)).json()
      return box.messages.map((m: { subject: string }) => m.subject).sort()
    })
    .toEqual(['Sua conta no Jogo Limpo foi encerrada', 'Sua conta no Jogo Limpo vai ser encerrada'])
  const texts = await (await page.request.get(`${mailbox}.json?to=${encodeURIComponent(phone)}`)).json()
  expect(texts.sms.map((s: { body: string }) => s.body).join(' ')).toContain('cadastro de impedidos')

  // The app says why: its session is over, and signing in again tells the reason.
  await page.goto(`${origin}/login`)
  await page.getByLabel('Nome de usuário').fill(userName)
  await page.getByLabel('Senha', { exact: true }).fill(PLAYER_PASSWORD)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText(/consta no cadastro de pessoas impedidas de apostar/)).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/closure-barred-login-390x844.png` })
  // What this screen adds: the reason and the login sheet. The header lies under the toast and the
  // sheet's backdrop here (axe reads its text through them); every route's own header is walked by
  // a11y-routes.spec.ts.
  await expectNoSeriousAxe(page, { include: '[data-testid="toast"]' })
  await expectNoSeriousAxe(page, { include: '[role="dialog"]' })
})

test('a player closes their own account from Perfil with a balance and is paid', async ({ page }) => {
  test.setTimeout(180_000)
  const cpf = randomCpf()
  const { userId } = await withBalance(page, cpf, 5_050)
  await page.goto(`${origin}/mine`)
  await page.getByRole('link', { name: 'Encerrar conta' }).click()
  await expect(page.getByRole('heading', { name: 'Encerrar a conta' })).toBeVisible()
  await expect(page.getByTestId('closure-balance')).toContainText('R$ 50,50')
  await page.screenshot({ path: `${SHOTS}/closure-form-390x844.png`, fullPage: true })
  await expectNoSeriousAxe(page)

  await page.getByLabel('Sua senha, para confirmar').fill(PLAYER_PASSWORD)
  await page.getByRole('checkbox', { name: /quero encerrar a minha conta/ }).check()
  await page.getByRole('button', { name: 'Encerrar minha conta' }).click()
  const status = page.getByTestId('closure-status')
  await expect(status).toContainText(/Sua conta está sendo encerrada|Conta encerrada/)
  await expect(status).toContainText('Motivo: você pediu o encerramento.')
  await page.screenshot({ path: `${SHOTS}/closure-status-390x844.png`, fullPage: true })
  await expectNoSeriousAxe(page)

  await expect.poll(async () => (await closureOf(userId))?.state, { timeout: 60_000 }).toBe('closed')
  expect(await paidAtBank(cpf)).toEqual([{ status: 'paid', amount: 5_050 }])
})
