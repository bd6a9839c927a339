// Identity by face end to end in Chromium at 390×844, pt-BR, with Chromium's fake camera
// (--use-fake-device-for-media-stream, and --use-fake-ui-for-media-stream to grant it). A server
// of its own (port E2E_PORT + 10, the face step on, its sandbox face server beside it): a player
// gives name, CPF and date of birth, reads the biometric consent, opens the front camera, follows
// the liveness prompt and takes the picture → verified → deposits. A "no match" CPF lands in the
// verification queue with its similarity score, and the player is told in words. A login on
// another phone asks the face at once (a second browser context), and a withdrawal from there then
// needs no second face; put off on a third, it stays owed. Each screen
// without a serious or critical axe finding; screenshots in test-results/screens when asked.
import { rmSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { formatCpf } from '../../contract/cpf.ts'
import { type SandboxFaceAnswer, sandboxFaceCpf } from '../../server/accounts/sandbox/face-server.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import { accountInfo, enterApp, expectNoSeriousAxe, logInWithPassword, PLAYER_PASSWORD, playerCall } from './support.ts'

const appPort = E2E_PORT
const port = appPort + 10
const origin = `http://127.0.0.1:${port}`
const dataDir = '.e2e-data-face'
const OPS_TOKEN = 'e2e-face-ops-token-0123456789abcdef'
const SHOTS = process.env.SCREENSHOT_DIR

let server: SpecServer | undefined

test.use({
  baseURL: origin,
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
})

test.beforeAll(async () => {
  test.setTimeout(120_000)
  rmSync(dataDir, { recursive: true, force: true })
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_URL: origin,
      OPS_TOKEN,
      FACE_CHECK: 'on',
      SANDBOX_FACE_PORT: '0',
      SANDBOX_PIX_PORT: String(appPort + 11),
      SANDBOX_SMTP_PORT: '0',
      SANDBOX_MAILBOX_PORT: '0',
    },
  })
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function look(page: Page, name: string) {
  await expectNoSeriousAxe(page)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/face-${name}.png` })
}

// Each test gives a CPF no other test of this run gave (a CPF another account informed waits for
// an operator instead): the server and its data are this run's own, so counting is enough.
let nextSerial = 10
const freshCpf = (answer: SandboxFaceAnswer) => sandboxFaceCpf(answer, nextSerial++)

/** Name, CPF and date of birth in the account sheet, then the face step opens. */
async function giveDetails(page: Page, cpf: string) {
  await enterApp(page, '/rechargeMall')
  await page.getByTestId('verify-start').click()
  const sheet = page.getByRole('dialog', { name: 'Seus dados para o PIX' })
  await sheet.getByLabel('Nome completo').fill('Joana Rosto Lima')
  await sheet.getByLabel('CPF').pressSequentially(formatCpf(cpf))
  await sheet.getByLabel('Data de nascimento').pressSequentially('15011990')
  await sheet.getByRole('button', { name: 'Salvar e continuar' }).click()
  const face = page.getByRole('dialog', { name: 'Verificação de rosto' })
  await expect(face.getByTestId('face-consent')).toContainText('Não guardamos a foto')
  return face
}

async function takePicture(page: Page, face: ReturnType<Page['getByRole']>, shots: boolean) {
  if (shots) await look(page, 'consent')
  await face.getByTestId('face-consent-accept').click()
  await expect(face.getByTestId('face-prompt')).toContainText('Pisque devagar')
  // The fake camera's frames are flowing before the picture is taken.
  await expect.poll(() => face.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
  // A still frame for the screenshot (headless Chromium does not capture a playing fake stream);
  // the picture is taken from the frame shown.
  if (shots) {
    await face.locator('video').evaluate((v: HTMLVideoElement) => v.pause())
    await look(page, 'camera')
  }
  await face.getByTestId('face-capture').click()
}

/** A new player at 390×844 who gives a matching CPF and passes the face: their CPF and id. */
async function verifiedByFace(page: Page): Promise<{ cpf: string; userId: number }> {
  await page.setViewportSize({ width: 390, height: 844 })
  const cpf = freshCpf('match')
  const face = await giveDetails(page, cpf)
  await takePicture(page, face, false)
  await expect(face).toHaveCount(0)
  const { userId } = await accountInfo(page)
  return { cpf, userId }
}

test('the fake camera passes the face and liveness, and the player deposits', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const face = await giveDetails(page, freshCpf('match'))
  await takePicture(page, face, true)
  await expect(face).toHaveCount(0)
  await expect(page.getByTestId('verification-status')).toHaveCount(0)
  await page.getByRole('button', { name: /^R\$\s20,00/ }).click()
  await page.getByTestId('deposit-submit').click()
  await expect(page.getByTestId('pix-sheet').getByRole('heading')).toHaveText('Pague R$ 20,00 com PIX')
  await look(page, 'deposit')
})

test('a "no match" CPF lands in the verification queue with its score', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const face = await giveDetails(page, freshCpf('no_match'))
  await takePicture(page, face, false)
  const review = page.getByRole('dialog', { name: 'Seus dados estão em análise' })
  await expect(review.getByTestId('verification-review')).toContainText(
    'A verificação de rosto não confirmou que você é o titular do CPF.',
  )
  await look(page, 'review')
  await review.getByRole('button', { name: 'Entendi' }).click()
  await expect(page.getByTestId('verification-status')).toContainText('Seus dados estão em análise')
  const queue = await page.request.post(`${origin}/api/ops/verifications/queue`, {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: {},
  })
  const items = (await queue.json()).data.items as { reason: string; faceMatch: number | null; fullName: string }[]
  expect(items.find((i) => i.reason === 'face_mismatch')).toMatchObject({ faceMatch: 0.4217 })
})

test('a phone without a camera goes to the queue', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const face = await giveDetails(page, freshCpf('match'))
  await face.getByTestId('face-no-camera').click()
  await expect(face.getByTestId('face-fallback-text')).toContainText('Sem câmera')
  await look(page, 'no-camera')
  await face.getByTestId('face-fallback').click()
  const review = page.getByRole('dialog', { name: 'Seus dados estão em análise' })
  await expect(review.getByTestId('verification-review')).toContainText('Sem câmera, nossa equipe confere')
})

test('the first withdrawal to a new key opens the camera again, and once the face passes the withdrawal is asked', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const { cpf, userId } = await verifiedByFace(page)
  expect(
    (
      await playerCall(page, '/user/bindLoginAccount', {
        userName: `rosto${String(userId).padStart(6, '0')}`,
        password: PLAYER_PASSWORD,
        confirmPassword: PLAYER_PASSWORD,
      })
    ).success,
  ).toBe(true)
  const adjusted = await page.request.post('/api/ops/adjust', {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: { requestId: `face-${Date.now()}`, userId, amount: 5_000, reason: 'e2e' },
  })
  expect((await adjusted.json()).success).toBe(true)

  await page.goto('/withdrawTab')
  await page.getByLabel(/Outro valor/).fill('20')
  await page.getByTestId('withdraw-next').click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
  await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
  await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
  // A new key: the face again, in a sheet of its own, before any money moves.
  const stepUp = page.getByRole('dialog', { name: 'Confirme seu rosto para sacar' })
  await expect(stepUp.getByTestId('face-consent')).toBeVisible()
  await look(page, 'withdraw-step-up')
  await takePicture(page, stepUp, false)
  await expect(page).toHaveURL(/\/withdrawalTracker\?orderId=/)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/face-withdraw-after-step-up.png` })
  // The order exists, for the amount asked: the face step-up let the same withdrawal through.
  const orderId = new URL(page.url()).searchParams.get('orderId')
  const detail = await playerCall(page, '/v1/bus/getWithdrawProcess', { orderId })
  expect(detail.data).toMatchObject({ orderId, amount: 2_000 })
})

test('a login on a new device asks the face at once; once it passes, a withdrawal from there asks no second face; put off, it stays owed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const { cpf, userId } = await verifiedByFace(page)
  const userName = `aparelho${String(userId).padStart(6, '0')}`
  const bound = await playerCall(page, '/user/bindLoginAccount', {
    userName,
    password: PLAYER_PASSWORD,
    confirmPassword: PLAYER_PASSWORD,
  })
  expect(bound.success).toBe(true)
  const adjusted = await page.request.post('/api/ops/adjust', {
    headers: { 'x-ops-token': OPS_TOKEN },
    data: { requestId: `face-device-${Date.now()}`, userId, amount: 5_000, reason: 'e2e' },
  })
  expect((await adjusted.json()).success).toBe(true)

  // Another phone: name and password.
  const other = await browser.newContext({
    baseURL: origin,
    permissions: ['camera'],
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  })
  try {
    const phone = await other.newPage()
    await enterApp(phone, '/login')
    await logInWithPassword(phone, userName, PLAYER_PASSWORD)
    // The face is asked at once, over whatever screen the login left.
    const stepUp = phone.getByRole('dialog', { name: 'Confirme seu rosto neste aparelho' })
    await expect(stepUp.getByTestId('face-consent')).toBeVisible()
    await expect(stepUp.getByTestId('step-up-later')).toHaveText('Agora não')
    expect((await accountInfo(phone)).userId).toBe(userId)
    await look(phone, 'new-device-step-up')
    await phone.setViewportSize({ width: 360, height: 640 })
    await look(phone, 'new-device-step-up-360')
    await phone.setViewportSize({ width: 390, height: 844 })
    await takePicture(phone, stepUp, false)
    await expect(stepUp).toHaveCount(0)
    await expect(phone.getByText('Rosto confirmado.', { exact: false })).toBeVisible()

    // The withdrawal from this phone, to a key never paid to: no second face.
    await phone.goto('/withdrawTab')
    await phone.getByLabel(/Outro valor/).fill('20')
    await phone.getByTestId('withdraw-next').click()
    const sheet = phone.getByRole('dialog')
    await sheet.getByLabel(/Chave PIX/).pressSequentially(cpf)
    await sheet.getByLabel('Senha da conta').fill(PLAYER_PASSWORD)
    await sheet.getByRole('button', { name: /Confirmar saque/ }).click()
    await expect(phone).toHaveURL(/\/withdrawalTracker\?orderId=/)
    await expect(phone.getByRole('dialog', { name: /Confirme seu rosto/ })).toHaveCount(0)
    const orderId = new URL(phone.url()).searchParams.get('orderId')
    expect((await playerCall(phone, '/v1/bus/getWithdrawProcess', { orderId })).data).toMatchObject({
      orderId,
      amount: 2_000,
    })
  } finally {
    await other.close()
  }

  // A third phone, whose player puts the face off: still owed, and this device's withdrawal is
  // refused until a face passes there (the withdraw screen then asks it, as for a new key).
  const third = await browser.newContext({
    baseURL: origin,
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  })
  try {
    const phone = await third.newPage()
    await enterApp(phone, '/login')
    await logInWithPassword(phone, userName, PLAYER_PASSWORD)
    const stepUp = phone.getByRole('dialog', { name: 'Confirme seu rosto neste aparelho' })
    await stepUp.getByTestId('step-up-later').click()
    await expect(stepUp).toHaveCount(0)
    await expect(phone.getByText('Vamos pedir seu rosto antes do primeiro saque', { exact: false })).toBeVisible()
    expect((await playerCall(phone, '/v1/account/faceStatus')).data.stepUpDue).toBe(true)
    const refused = await playerCall(phone, '/withdraw/create/order', {
      accountNumber: cpf,
      payType: 'cpf',
      amount: 1_000,
      requestId: `face-later-${Date.now()}`,
      password: PLAYER_PASSWORD,
    })
    expect(refused.msgCode).toBe('face_step_up_required')
  } finally {
    await third.close()
  }
})
