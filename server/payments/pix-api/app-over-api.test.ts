// The app with PAYMENT_PROVIDER=pix-api, configured only by environment variables, against the
// sandbox API Pix server as a separate server with its own database (as a real PSP would be):
// a deposit is credited by the webhook POSTed to the app; the sandbox killed mid-payout and
// started again ends the payout paid once, never twice; and a payment whose webhook was lost
// while the app was down is found by reconciliation (`GET /pix?inicio&fim`). Ledger-checked.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_PASSWORD,
  type TestDb,
} from '../../../tests/support/server.ts'
import { readPlayerBalances } from '../../ledger/accounts.ts'
import { auditLedger } from '../../ledger/audit.ts'
import { parseBrCode } from '../brcode.ts'
import { localBankCustomers } from '../local-bank-customers.ts'
import { type SandboxApiServer, startSandboxApiServer } from '../sandbox/api-server.ts'
import { loadOrCreateSandboxPki, pkiFiles } from '../sandbox/pki.ts'
import { signWebhook } from '../webhook-signature.ts'

const CLIENT_ID = 'jogo-limpo'
const CLIENT_SECRET = randomBytes(24).toString('hex')
const WEBHOOK_SECRET = randomBytes(24).toString('hex')
const RECEIVER_KEY = 'pix@jogolimpo.example.com.br'
const PAYOUT_DELAY_MS = 60_000

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** A GET (or a JSON POST) over HTTPS trusting only the sandbox's CA, without a client certificate. */
function https(url: string, ca: string, json?: object): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      {
        method: json ? 'POST' : 'GET',
        ca,
        headers: json ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
    request.end(json ? JSON.stringify(json) : undefined)
  })
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.each(engines)('the app over API Pix (pix-api against the sandbox server) on %s', (engine) => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step()
    cleanup.length = 0
  })

  async function setUp() {
    const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-pix-'))
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }))
    const pki = await loadOrCreateSandboxPki(path.join(dir, 'sandbox-pix'))
    const pspDb = await createTestDb(engine)
    const appDb = await createTestDb(engine)
    cleanup.push(
      () => pspDb.drop(),
      () => appDb.drop(),
    )
    const psp = manualClock(Date.now())
    const startPsp = (port: number) =>
      startSandboxApiServer(
        {
          db: pspDb.db.kysely,
          pki,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          webhookSecret: WEBHOOK_SECRET,
          merchantName: 'JOGO LIMPO',
          merchantCity: 'SAO PAULO',
          receiverKey: RECEIVER_KEY,
          payoutDelayMs: PAYOUT_DELAY_MS,
          now: psp.now,
          // The sandbox bank's customers are the app's players: its directory names a key's
          // holder by the verified name behind the CPF, as the app checks it.
          ...localBankCustomers(appDb.db.kysely),
        },
        { port },
      )
    const pspHolder: { server: SandboxApiServer } = { server: await startPsp(0) }
    const pspPort = Number(new URL(pspHolder.server.url).port)
    cleanup.push(() => pspHolder.server.close())
    const appPort = await freePort()
    const clock = manualClock(Date.now())
    const file = (name: keyof typeof pkiFiles) => path.join(dir, 'sandbox-pix', pkiFiles[name])
    const app = await buildTestApp(
      appDb.db,
      {
        PAYMENT_PROVIDER: 'pix-api',
        PIX_API_BASE_URL: pspHolder.server.url,
        PIX_CLIENT_ID: CLIENT_ID,
        PIX_CLIENT_SECRET: CLIENT_SECRET,
        PIX_CERT_FILE: file('clientCert'),
        PIX_KEY_FILE: file('clientKey'),
        PIX_CA_FILE: file('caCert'),
        PIX_RECEIVER_KEY: RECEIVER_KEY,
        PIX_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/payments/webhook`,
        PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      clock,
    )
    await app.listen({ port: appPort, host: '127.0.0.1' })
    cleanup.push(() => app.close())
    await until(async () => (await pspHolder.server.webhookUrl(RECEIVER_KEY)) !== null)
    return { app, appDb: appDb.db, appPort, pspHolder, pspPort, startPsp, psp, clock, pki }
  }

  const balances = (db: TestDb['db'], userId: number) => readPlayerBalances(db.kysely, userId)

  it('credits a deposit paid at the PSP through the webhook it POSTs; the promotions stay off', async () => {
    const { app, appDb, pspHolder, pki } = await setUp()
    expect(app.config.promotions.enabled).toBe(false)
    expect(app.payments.provider.sandbox).toBe(false)
    const { post, userId, cpf } = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const order = (await post('/charge/create/order', { amount: 2500, requestId: randomUUID() })).json().data
    expect(order.payUrl).toBeNull()
    const parsed = parseBrCode(order.payCode)
    expect(parsed).toMatchObject({ txid: '***', dynamic: true })
    const txid = (parsed.url as string).split('/').pop() as string
    // A person pays on the sandbox PSP's bank page (HTTPS, no client certificate needed there).
    const bankPage = await https(
      `${pspHolder.server.url}/sandbox/bank?code=${encodeURIComponent(order.payCode)}`,
      pki.ca.cert,
    )
    expect(bankPage.body).toContain('R$\u00a025,00')
    expect(bankPage.body).toContain(txid)
    const paid = await https(`${pspHolder.server.url}/sandbox/bank/pay`, pki.ca.cert, {
      code: order.payCode,
      payerCpf: cpf,
    })
    expect(JSON.parse(paid.body)).toMatchObject({ success: true, data: { paid: true, pix: { txid, valor: '25.00' } } })
    await until(async () => (await balances(appDb, userId)).cash === 2500)
    expect(await balances(appDb, userId)).toMatchObject({ cash: 2500 })
    expect((await auditLedger(appDb.kysely)).ok).toBe(true)
  })

  it('ends a payout paid once when the PSP is killed mid-payout and started again', async () => {
    const { app, appDb, appPort, pspHolder, pspPort, startPsp, psp, clock } = await setUp()
    const { post, userId, cpf } = await loginPlayer(app, {
      ageConfirmed: true,
      verified: true,
      bound: true,
      cash: 10_000,
    })
    const created = (
      await post('/withdraw/create/order', {
        accountNumber: cpf,
        payType: 'cpf',
        amount: 4000,
        requestId: randomUUID(),
        password: TEST_PASSWORD,
      })
    ).json()
    expect(created, JSON.stringify(created)).toMatchObject({ data: { status: 'processing' } })
    expect(await balances(appDb, userId)).toMatchObject({ cash: 6000, withdrawalHold: 4000 })

    // The PSP dies with the payout taken but not settled; the app's polls fail and change nothing.
    await pspHolder.server.close()
    await expect(app.payments.withdrawals.reconcile()).rejects.toThrow()
    await expect(app.payments.withdrawals.reconcile()).rejects.toThrow()
    expect(await balances(appDb, userId)).toMatchObject({ cash: 6000, withdrawalHold: 4000 })
    // Meanwhile a deposit is a clear refusal (no 5xx, nothing payable left behind) and the
    // player's other actions answer.
    const refused = await post('/charge/create/order', { amount: 1000, requestId: randomUUID() })
    expect(refused.statusCode).toBeLessThan(500)
    expect(refused.json()).toMatchObject({ success: false, msgCode: 'payment_provider_unavailable' })
    expect(await appDb.kysely.selectFrom('deposit_orders').select('status').execute()).toEqual([{ status: 'expired' }])
    expect((await post('/v1/bus/withdrawInfo')).json()).toMatchObject({ success: true })
    // A payout webhook arriving now (signed, as the PSP's) cannot be read back from the PSP: "not
    // now" (429, so the PSP delivers it again), never a server error, and nothing changes.
    const rawBody = JSON.stringify({ payout: { id: `${created.data.orderId}-1` } })
    const timestamp = Math.floor(clock.now() / 1000)
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/payout',
      headers: {
        'content-type': 'application/json',
        'x-pix-timestamp': String(timestamp),
        'x-pix-signature': signWebhook(WEBHOOK_SECRET, rawBody, timestamp),
      },
      payload: rawBody,
    })
    expect(webhook.statusCode, webhook.body).toBe(429)
    expect(webhook.json()).toMatchObject({ success: false, msgCode: 'payment_provider_unavailable' })
    expect(await balances(appDb, userId)).toMatchObject({ cash: 6000, withdrawalHold: 4000 })

    // Back on the same port, with the same books: the payout is still one, and settles once.
    pspHolder.server = await startPsp(pspPort)
    // The webhook registration survived the restart (the sandbox keeps it in its own table).
    expect(await pspHolder.server.webhookUrl(RECEIVER_KEY)).toBe(`http://127.0.0.1:${appPort}/api/payments/webhook`)
    psp.time += PAYOUT_DELAY_MS
    const settled = await pspHolder.server.bank.settleDuePayouts()
    expect(settled).toBe(1)
    // Its webhook reaches the app, whose check of it with the PSP (GET /pix-send) may still meet
    // the circuit breaker opened by the failed polls: the app's poll settles it either way once
    // the breaker lets calls through again (30 s after it opened).
    clock.time += 31_000
    await until(async () => {
      await app.payments.withdrawals.reconcile().catch(() => {})
      const row = await appDb.kysely.selectFrom('withdrawal_orders').select('status').executeTakeFirst()
      return row?.status === 'paid'
    }, 45_000)
    await app.payments.withdrawals.reconcile()
    await app.payments.withdrawals.reconcile()
    expect(await balances(appDb, userId)).toMatchObject({ cash: 6000, withdrawalHold: 0 })
    const payouts = await pspHolder.server.bank.getPayout(`${created.data.orderId}-1`)
    expect(payouts).toMatchObject({ status: 'paid', amount: 4000 })
    expect((await auditLedger(appDb.kysely)).ok).toBe(true)
  }, 60_000)

  it('finds by reconciliation (GET /pix) a payment whose webhook was lost while the app was down', async () => {
    const { app, appDb, pspHolder, clock } = await setUp()
    const { post, userId, cpf } = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const order = (await post('/charge/create/order', { amount: 3000, requestId: randomUUID() })).json().data
    const txid = (parseBrCode(order.payCode).url as string).split('/').pop() as string
    const paid = await pspHolder.server.bank.pay(txid, { payerCpf: cpf, webhook: 'drop' })
    expect(paid.paid).toBe(true)
    expect(await balances(appDb, userId)).toMatchObject({ cash: 0 })
    const unpaid = (await post('/charge/create/order', { amount: 1000, requestId: randomUUID() })).json().data
    const unpaidTxid = (parseBrCode(unpaid.payCode).url as string).split('/').pop() as string
    // Two hours on: past the hour in which orders are asked about one by one.
    clock.time += 2 * 3600_000
    await app.payments.deposits.reconcile()
    expect(await balances(appDb, userId)).toMatchObject({ cash: 3000 })
    // The unpaid order expired, and its charge was withdrawn at the PSP (PATCH /cob/{txid}).
    expect((await pspHolder.server.bank.getCharge(unpaidTxid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect((await pspHolder.server.bank.getCharge(txid))?.status).toBe('CONCLUIDA')
    await app.payments.deposits.reconcile()
    expect(await balances(appDb, userId)).toMatchObject({ cash: 3000 })
    expect((await auditLedger(appDb.kysely)).ok).toBe(true)
  })
})
