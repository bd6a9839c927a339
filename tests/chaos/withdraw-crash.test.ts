// Crash test for withdrawals: the real server is SIGKILLed while many withdrawals are being
// accepted, so some orders have their money held but were never handed to the provider. After
// a restart every order is resolved (paid here), no money stays on hold, and the ledger holds.
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { auditLedger } from '../../server/ledger/audit.ts'
import { engines } from '../support/server.ts'
import { freeTestPort, killServer, OPS_TOKEN, prepare, startServer, waitUntil } from './server-process.ts'

const PLAYERS = 24
const DEPOSIT = 10000
const WITHDRAW = 6000
// Withdrawals are confirmed with the account's password (10–15 characters, not a common one).
const PASSWORD = 'Horse-Batt3ry9'

const withdrawal = (p: { cpf: string; userId: number }) => ({
  accountNumber: p.cpf,
  payType: 'cpf',
  amount: WITHDRAW,
  requestId: `withdraw-${p.userId}`,
  password: PASSWORD,
})

describe.each(engines)('withdrawals across a crash on %s', (engine) => {
  it('resolves every held withdrawal after a SIGKILL and restart, with the ledger conserved', async () => {
    const setup = await prepare(engine)
    const port = await freeTestPort()
    const base = `http://127.0.0.1:${port}`
    const env = { ...setup.env, SANDBOX_PAYOUT_DELAY_MS: '300', WITHDRAW_COOL_OFF_MINUTES: '0' }
    let server = await startServer(env, port)
    const post = async (path: string, body: object, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      return res.json()
    }
    try {
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async (_, i) => {
          const login = await post('/user/login', { deviceId: crypto.randomUUID(), ageConfirmed: true })
          const { token, userId } = login.data as { token: string; userId: number }
          const auth = { 'access-token': token }
          const cpf = randomCpf()
          // Password hashing takes a few at a time; the rest hear `busy` and try again, as the app does.
          const bind = {
            userName: `chaos${String(i).padStart(5, '0')}`,
            password: PASSWORD,
            confirmPassword: PASSWORD,
          }
          while ((await post('/user/bindLoginAccount', bind, auth)).msgCode === 'busy')
            await sleep(100 + Math.random() * 400)
          await post('/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf }, auth)
          await post(
            '/ops/adjust',
            { requestId: `fund-${userId}`, userId, amount: DEPOSIT, reason: 'chaos' },
            { 'x-ops-token': OPS_TOKEN },
          )
          return { auth, cpf, userId }
        }),
      )
      // Every player asks at once; the server dies in the middle of accepting them.
      const requests = players.map((p) => post('/withdraw/create/order', withdrawal(p), p.auth).catch(() => null))
      // Kill as soon as the first orders are committed, while the rest are still on the way.
      const watcher = setup.open()
      // Each request checks a password (scrypt) first, so the first orders take a few seconds.
      await waitUntil(
        async () => (await watcher.kysely.selectFrom('withdrawal_orders').select('id').limit(3).execute()).length >= 3,
      )
      await watcher.close()
      await killServer(server)
      await Promise.all(requests)

      const db = setup.open()
      try {
        const heldNotSent = await db.kysely
          .selectFrom('withdrawal_orders')
          .select('id')
          .where('status', '=', 'processing')
          .whereRef('sent_attempt', '<', 'attempt')
          .execute()
        const accepted = await db.kysely.selectFrom('withdrawal_orders').select('id').execute()

        server = await startServer(env, port)
        // Players whose request never got an answer retry it; the requestId makes that safe. A
        // 429 (`busy`: too many password checks at once) is retried after a moment, as the app
        // does, until the server answers otherwise: how long the queue takes depends on the
        // machine's load, so no attempt count (the test's own timeout bounds it).
        const retried = await Promise.all(
          players.map(async (p) => {
            // Each retry checks the password (scrypt); on a loaded machine the queue stays full for a
            // while, so the player keeps trying for up to a minute, as the app would.
            const giveUpAt = Date.now() + 60_000
            for (;;) {
              const answer = await post('/withdraw/create/order', withdrawal(p), p.auth)
              if (!['rate_limited', 'busy'].includes(answer.msgCode) || Date.now() > giveUpAt) return answer
              await sleep(250 + Math.random() * 500)
            }
          }),
        )
        const refused = retried.filter((r) => !r.success)
        expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([])
        const deadline = Date.now() + 30_000
        for (;;) {
          const open = await db.kysely
            .selectFrom('withdrawal_orders')
            .select('id')
            .where('status', 'in', ['processing', 'review', 'key_rejected'])
            .execute()
          if (open.length === 0) break
          if (Date.now() > deadline) throw new Error(`${open.length} withdrawals still open`)
          await sleep(200)
        }
        const orders = await db.kysely.selectFrom('withdrawal_orders').selectAll().execute()
        expect(orders).toHaveLength(PLAYERS)
        expect(orders.every((o) => o.status === 'paid')).toBe(true)
        const holds = await db.kysely
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('code', '=', 'withdrawal_hold')
          .execute()
        expect(holds.every((h) => Number(h.balance) === 0)).toBe(true)
        for (const p of players) {
          const cash = await db.kysely
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('player_id', '=', p.userId)
            .where('code', '=', 'cash')
            .executeTakeFirstOrThrow()
          expect(Number(cash.balance)).toBe(DEPOSIT - WITHDRAW)
        }
        const audit = await auditLedger(db.kysely)
        expect(audit).toMatchObject({ ok: true, sumOfBalances: 0 })
        console.info(
          `${engine}: ${accepted.length} withdrawals accepted before the kill, ${heldNotSent.length} of them held but not yet sent; all ${PLAYERS} paid after the restart`,
        )
      } finally {
        await db.close()
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGTERM')
      await setup.cleanup()
    }
  }, 120_000)
})
