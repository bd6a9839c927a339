// Chaos test for the database link: a real server process on PostgreSQL, under spin, deposit and
// payout load, has its backends terminated again and again (pg_terminate_backend, as an
// administrator or idle_in_transaction_session_timeout does) and PostgreSQL "restarted": the
// restart is simulated by a TCP proxy between the app and PostgreSQL (pg-proxy.ts) that drops
// every connection and refuses new ones for a few seconds, so the PostgreSQL other test processes
// share is never restarted. The process stays up with nothing on stderr; every answer is a
// success or `service_unavailable` (never a 5xx) — or, for a withdrawal, whose PIX key the PSP's
// directory must confirm before anything is held, `payment_provider_unavailable`: the sandbox
// PSP keeps its directory in this same PostgreSQL, so its outage is the app's; after recovery every request that answered
// success is in the ledger exactly once, the ones refused and retried with their requestId are
// done once, every paid deposit is credited once, every withdrawal is paid once, the ledger's
// audit passes and the LISTEN connection is back.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { openDatabase } from '../../server/db/database.ts'
import { createTemporaryDatabase } from '../../server/db/temporary-database.ts'
import { auditLedger } from '../../server/ledger/audit.ts'
import { startPgProxy } from './pg-proxy.ts'
import { freeTestPort, OPS_TOKEN, startServer } from './server-process.ts'
import { newSpinPlayer, postJson, type SpinPlayer } from './spin-player.ts'

const url = process.env.TEST_DATABASE_URL
const APP_NAME = 'jl_outage_app'
const PASSWORD = 'Horse-Batt3ry9'
const DEPOSIT = 5000
const WITHDRAW = 1000
/** Refusals a request may meet under this load besides the lost connection's. */
const ordinary = new Set(['busy', 'exist_process_order'])

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data is read as the app reads it
type Envelope = { success: boolean; msgCode: string; data: any }

describe.skipIf(!url)('PostgreSQL outages under load', () => {
  it('stays up, answers cleanly and keeps every acknowledged request exactly once', async () => {
    const database = await createTemporaryDatabase(url as string, 'jl_outage')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-outage-'))
    const direct = new URL(url as string)
    const proxy = await startPgProxy({ host: direct.hostname, port: Number(direct.port || 5432) }, await freeTestPort())
    const appUrl = new URL(proxy.url(database.url))
    appUrl.searchParams.set('application_name', APP_NAME)
    const port = await freeTestPort()
    const sandboxPort = await freeTestPort()
    const base = `http://127.0.0.1:${port}`
    const agent = new Agent({ keepAlive: true })
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    let server: Awaited<ReturnType<typeof startServer>> | undefined
    const t0 = Date.now()
    const marks: string[] = []
    const mark = (what: string) => marks.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)}s`)
    try {
      server = await startServer(
        {
          DATABASE_URL: appUrl.toString(),
          DATA_DIR: dataDir,
          SANDBOX_PIX_PORT: String(sandboxPort),
          SANDBOX_PAYOUT_DELAY_MS: '200',
          WITHDRAW_COOL_OFF_MINUTES: '0',
        },
        port,
      )
      mark('server')
      let stderr = ''
      server.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8')
      })
      let exit: string | null = null
      server.once('exit', (code, signal) => {
        exit = String(code ?? signal)
      })

      /** Every answer the app gave that was neither a success nor an expected refusal. */
      const unexpected: string[] = []
      let refusedUnavailable = 0
      let providerUnavailable = 0
      const post = async (route: string, body: object, headers: Record<string, string> = {}) => {
        const { status, body: reply } = await postJson(agent, base, `/api${route}`, body, headers)
        const envelope = reply as Envelope
        if (status >= 500) unexpected.push(`${route}: HTTP ${status} ${JSON.stringify(reply)}`)
        else if (!envelope.success && envelope.msgCode === 'service_unavailable') {
          refusedUnavailable++
          if (status !== 429) unexpected.push(`${route}: service_unavailable with HTTP ${status}`)
        } else if (!envelope.success && envelope.msgCode === 'payment_provider_unavailable') {
          providerUnavailable++
          if (route !== '/withdraw/create/order') unexpected.push(`${route}: ${JSON.stringify(reply)}`)
        } else if (!envelope.success && !ordinary.has(envelope.msgCode))
          unexpected.push(`${route}: ${JSON.stringify(reply)}`)
        return envelope
      }
      const bankPay = (code: string) =>
        new Promise<Envelope>((resolve, reject) => {
          const call = httpsRequest(
            `https://localhost:${sandboxPort}/sandbox/bank/pay`,
            {
              method: 'POST',
              ca: readFileSync(path.join(dataDir, 'sandbox-pix', 'ca.crt'), 'utf8'),
              headers: { 'content-type': 'application/json' },
            },
            (response) => {
              let text = ''
              response.on('data', (chunk) => {
                text += chunk
              })
              response.on('end', () => {
                try {
                  resolve(JSON.parse(text))
                } catch {
                  resolve({ success: false, msgCode: `HTTP ${response.statusCode}`, data: null })
                }
              })
            },
          )
          call.on('error', reject)
          call.end(JSON.stringify({ code }))
        })

      // Players: spinners, depositors and withdrawers (bound, verified, with limits and cash).
      const spinners = await Promise.all(
        Array.from({ length: 4 }, () => newSpinPlayer(agent, base, OPS_TOKEN, 1_000_000)),
      )
      const moneyPlayer = async (i: number, cash: number) => {
        const login = await post('/user/login', { deviceId: crypto.randomUUID(), ageConfirmed: true })
        const auth = { 'access-token': login.data.token as string }
        const userId = login.data.userId as number
        const bind = { userName: `queda${String(i).padStart(5, '0')}`, password: PASSWORD, confirmPassword: PASSWORD }
        if (cash > 0) while ((await post('/user/bindLoginAccount', bind, auth)).msgCode === 'busy') await sleep(100)
        const cpf = randomCpf()
        expect((await post('/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf }, auth)).success).toBe(
          true,
        )
        const limits = { dailyLoss: 1_000_000_000, dailyMinutes: 24 * 60 }
        expect((await post('/v1/bus/setRegistrationLimits', limits, auth)).success).toBe(true)
        if (cash > 0) {
          const funded = await post(
            '/ops/adjust',
            { requestId: `fund-${userId}`, userId, amount: cash, reason: 'chaos' },
            { 'x-ops-token': OPS_TOKEN },
          )
          expect(funded.success).toBe(true)
        }
        return { auth, cpf, userId }
      }
      // Depositors need no password; withdrawers confirm with theirs.
      const [depositors, withdrawers] = await Promise.all([
        Promise.all([moneyPlayer(0, 0), moneyPlayer(1, 0)]),
        Promise.all([moneyPlayer(2, 200_000), moneyPlayer(3, 200_000)]),
      ])

      mark('players')
      // Load: what answered success, and what did not and is retried after the outages.
      const spinsAcked = new Map<string, { player: SpinPlayer; roundId: string }>()
      const spinsToRetry = new Map<string, SpinPlayer>()
      const orders = new Map<string, { payCode: string; amount: number; paid: boolean }>()
      const withdrawalsAcked = new Map<string, string>()
      const withdrawalsToRetry = new Map<string, (typeof withdrawers)[number]>()
      let running = true
      const spinWorker = async (w: number) => {
        const player = spinners[w % spinners.length] as SpinPlayer
        for (let n = 0; running; n++) {
          const requestId = `spin-${w}-${n}`
          const reply = await player.spin(100, requestId).catch(() => null)
          if (reply?.success && reply.data) spinsAcked.set(requestId, { player, roundId: reply.data.round.roundId })
          else {
            if (reply && reply.msgCode !== 'service_unavailable') unexpected.push(`spin: ${JSON.stringify(reply)}`)
            if (reply?.msgCode === 'service_unavailable') refusedUnavailable++
            spinsToRetry.set(requestId, player)
            await sleep(50)
          }
        }
      }
      const depositWorker = async (p: (typeof depositors)[number]) => {
        while (running) {
          const order = await post('/charge/create/order', { amount: DEPOSIT, requestId: crypto.randomUUID() }, p.auth)
          if (order.success) {
            const entry = { payCode: order.data.payCode as string, amount: DEPOSIT, paid: false }
            orders.set(order.data.orderId, entry)
            const paid = await bankPay(entry.payCode).catch(() => null)
            entry.paid = paid?.success === true
          }
          await sleep(100)
        }
      }
      const withdrawWorker = async (p: (typeof withdrawers)[number], w: number) => {
        for (let n = 0; running; n++) {
          const requestId = `withdraw-${w}-${n}`
          const body = { accountNumber: p.cpf, payType: 'cpf', amount: WITHDRAW, requestId, password: PASSWORD }
          const reply = await post('/withdraw/create/order', body, p.auth)
          if (reply.success) withdrawalsAcked.set(requestId, reply.data.orderId)
          // Refused with nothing written: tried again later with the same requestId.
          else if (reply.msgCode === 'service_unavailable' || reply.msgCode === 'payment_provider_unavailable')
            withdrawalsToRetry.set(requestId, p)
          await sleep(150)
        }
      }
      const workers = [
        ...Array.from({ length: 6 }, (_, w) => spinWorker(w)),
        ...depositors.map(depositWorker),
        ...withdrawers.map(withdrawWorker),
      ]

      // The outages: backends terminated twice, a restart (3 s refused), one more termination.
      const terminate = async () =>
        (
          await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = $1`,
            [APP_NAME],
          )
        ).rowCount ?? 0
      const terminated: number[] = []
      await sleep(1500)
      for (let i = 0; i < 2; i++) {
        terminated.push(await terminate())
        await sleep(1200)
      }
      await proxy.cut()
      await sleep(3000)
      await proxy.restore()
      await sleep(1000)
      const lastOutageAt = (await admin.query('select now() as at')).rows[0].at as Date
      terminated.push(await terminate())
      await sleep(1000)
      running = false
      await Promise.all(workers)
      expect(
        terminated.every((n) => n > 0),
        String(terminated),
      ).toBe(true)
      mark('load')

      // Recovery: what was refused is tried again with its requestId, as the app does.
      // Each player's retries in order (a player's spins queue on its lock, its withdrawals wait
      // for the one in flight), the players side by side.
      const eachPlayer = <P, R>(retries: Map<string, P>, retry: (requestId: string) => Promise<R>) => {
        const byPlayer = new Map<P, string[]>()
        for (const [requestId, player] of retries) byPlayer.set(player, [...(byPlayer.get(player) ?? []), requestId])
        return Promise.all(
          [...byPlayer.values()].map(async (ids) => {
            for (const id of ids) await retry(id)
          }),
        )
      }
      await eachPlayer(spinsToRetry, async (requestId) => {
        const player = spinsToRetry.get(requestId) as SpinPlayer
        const reply = await player.spin(100, requestId)
        expect(reply.success, JSON.stringify(reply)).toBe(true)
        spinsAcked.set(requestId, { player, roundId: reply.data?.round.roundId as string })
      })
      await eachPlayer(withdrawalsToRetry, async (requestId) => {
        const p = withdrawalsToRetry.get(requestId) as (typeof withdrawers)[number]
        const body = { accountNumber: p.cpf, payType: 'cpf', amount: WITHDRAW, requestId, password: PASSWORD }
        // The one in flight is being paid (a few hundred ms): wait for it, but never for long —
        // an order left waiting (for a review, say) fails here by name, not at the test's timeout.
        let reply: Envelope | undefined
        for (let i = 0; i < 100; i++) {
          reply = await post('/withdraw/create/order', body, p.auth)
          if (reply.success) {
            withdrawalsAcked.set(requestId, reply.data.orderId)
            return
          }
          await sleep(100)
        }
        const waiting = await admin.query(`select id, status from withdrawal_orders where status <> 'paid'`)
        expect.fail(
          `withdrawal ${requestId} still refused: ${JSON.stringify(reply)}; unpaid: ${JSON.stringify(waiting.rows)}`,
        )
      })
      await Promise.all(
        [...orders.values()]
          .filter((order) => !order.paid)
          .map(async (order) => {
            const paid = await bankPay(order.payCode)
            // Paid now, or paid by the try the outage interrupted (its answer was lost).
            expect(paid.success || paid.msgCode === 'charge_already_paid', JSON.stringify(paid)).toBe(true)
            order.paid = true
          }),
      )

      mark('retries')
      const db = openDatabase({ url: database.url })
      try {
        // Deposits credited (webhook retries) and withdrawals paid (the payout reconciliation).
        await expect
          .poll(
            async () => {
              const open = await db.kysely
                .selectFrom('deposit_orders')
                .select('id')
                .where('id', 'in', [...orders.keys()])
                .where('status', '!=', 'paid')
                .execute()
              const unpaid = await db.kysely
                .selectFrom('withdrawal_orders')
                .select('id')
                .where('status', '!=', 'paid')
                .execute()
              return open.length + unpaid.length
            },
            { timeout: 40_000, interval: 250 },
          )
          .toBe(0)
        mark('settled')

        const rounds = await db.kysely.selectFrom('game_rounds').select(['id', 'player_id', 'request_id']).execute()
        const byRequest = new Map(rounds.map((r) => [`${r.player_id}/${r.request_id}`, r.id]))
        expect(byRequest.size).toBe(rounds.length)
        for (const [requestId, { player, roundId }] of spinsAcked)
          expect(byRequest.get(`${player.userId}/${requestId}`), requestId).toBe(roundId)
        expect(rounds.length).toBe(spinsAcked.size)
        const bets = await db.kysely.selectFrom('ledger_transfers').select('id').where('kind', '=', 'bet').execute()
        expect(bets.length).toBe(rounds.length)

        const deposits = await db.kysely
          .selectFrom('ledger_transfers')
          .select(['reference', 'amount'])
          .where('kind', '=', 'deposit')
          .execute()
        expect(deposits.map((d) => d.reference).sort()).toEqual([...orders.keys()].sort())
        expect(deposits.every((d) => Number(d.amount) === DEPOSIT)).toBe(true)

        const withdrawals = await db.kysely
          .selectFrom('withdrawal_orders')
          .select(['id', 'request_id', 'amount', 'status'])
          .execute()
        expect(withdrawals.map((w) => w.id).sort()).toEqual([...withdrawalsAcked.values()].sort())
        const holds = await db.kysely
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('code', '=', 'withdrawal_hold')
          .execute()
        expect(holds.every((h) => Number(h.balance) === 0)).toBe(true)
        for (const p of withdrawers) {
          const paidOut = withdrawals.filter((w) => w.request_id.startsWith(`withdraw-${withdrawers.indexOf(p)}-`))
          const cash = await db.kysely
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('player_id', '=', p.userId)
            .where('code', '=', 'cash')
            .executeTakeFirstOrThrow()
          expect(Number(cash.balance)).toBe(200_000 - paidOut.length * WITHDRAW)
        }
        expect(await auditLedger(db.kysely)).toMatchObject({
          ok: true,
          sumOfBalances: 0,
          mismatchedAccounts: [],
          negativePlayerAccounts: [],
        })

        // The LISTEN connection is back: a backend opened after the last termination listens.
        await expect
          .poll(
            async () =>
              (
                await admin.query(
                  `select count(*)::int as n from pg_stat_activity
                    where datname = current_database() and application_name = $1
                      and query ilike 'listen outbox%' and backend_start > $2`,
                  [APP_NAME, lastOutageAt],
                )
              ).rows[0].n,
            { timeout: 10_000 },
          )
          .toBe(1)
      } finally {
        await db.close()
      }

      expect(unexpected).toEqual([])
      expect(exit).toBe(null)
      expect(stderr).not.toMatch(/error|unhandled|uncaught/i)
      console.info(marks.join(', '))
      console.info(
        `postgres outages: ${terminated.join('+')} backends terminated over 3 rounds and one 3 s restart; ` +
          `${spinsAcked.size} spins (${spinsToRetry.size} retried), ${orders.size} deposits, ` +
          `${withdrawalsAcked.size} withdrawals (${withdrawalsToRetry.size} retried); ${refusedUnavailable} answers service_unavailable, ${providerUnavailable} payment_provider_unavailable`,
      )
    } finally {
      agent.destroy()
      if (server && server.exitCode === null) {
        server.kill('SIGTERM')
        await new Promise((resolve) => server?.once('exit', resolve))
      }
      await proxy.close()
      await admin.end()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
