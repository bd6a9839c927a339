// Crash test for account closures: players close their own accounts with a balance and the real
// server is SIGKILLed while the closures' payouts are on their way (some begun and not sent, some
// at the bank, some not begun). After a restart every closure finishes: each balance paid once, to
// the player's own CPF, with the closure's ledger kind; nothing held, nothing lost; conservation 0.
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { auditLedger } from '../../server/ledger/audit.ts'
import { engines } from '../support/server.ts'
import { freeTestPort, killServer, OPS_TOKEN, prepare, startServer, waitUntil } from './server-process.ts'

const PLAYERS = 12
const BALANCE = 8500
const PASSWORD = 'Horse-Batt3ry9'

describe.each(engines)('account closures across a crash on %s', { timeout: 180_000 }, (engine) => {
  it('finishes every closure after a SIGKILL during the payouts: paid once each, nothing lost', async () => {
    const setup = await prepare(engine)
    const port = await freeTestPort()
    const base = `http://127.0.0.1:${port}`
    const env = {
      ...setup.env,
      SANDBOX_PAYOUT_DELAY_MS: '1500',
      CLOSURE_POLL_MS: '300',
      WITHDRAW_COOL_OFF_MINUTES: '0',
    }
    let server = await startServer(env, port)
    const post = async (path: string, body: object, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      return res.json()
    }
    const close = (auth: Record<string, string>) =>
      post('/v1/account/closure/request', { password: PASSWORD, confirm: true }, auth)
    try {
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async (_, i) => {
          const login = await post('/user/login', { deviceId: crypto.randomUUID(), ageConfirmed: true })
          const { token, userId } = login.data as { token: string; userId: number }
          const auth = { 'access-token': token }
          const cpf = randomCpf()
          const bind = { userName: `fecha${String(i).padStart(5, '0')}`, password: PASSWORD, confirmPassword: PASSWORD }
          while ((await post('/user/bindLoginAccount', bind, auth)).msgCode === 'busy')
            await sleep(100 + Math.random() * 400)
          await post('/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf }, auth)
          await post(
            '/ops/adjust',
            { requestId: `fund-${userId}`, userId, amount: BALANCE, reason: 'chaos' },
            { 'x-ops-token': OPS_TOKEN },
          )
          return { auth, cpf, userId }
        }),
      )
      // Every player closes at once; the server dies once the first closures' payouts are out.
      const requests = players.map((p) => close(p.auth).catch(() => null))
      const watcher = setup.open()
      await waitUntil(
        async () =>
          (
            await watcher.kysely
              .selectFrom('withdrawal_orders')
              .select('id')
              .where('purpose', '=', 'closure')
              .limit(3)
              .execute()
          ).length >= 3,
      )
      await watcher.close()
      await killServer(server)
      await Promise.all(requests)

      const db = setup.open()
      try {
        const begunAtKill = await db.kysely.selectFrom('account_closures').select('player_id').execute()
        const ordersAtKill = await db.kysely
          .selectFrom('withdrawal_orders')
          .select(['id', 'status', 'sent_attempt'])
          .where('purpose', '=', 'closure')
          .execute()
        server = await startServer(env, port)
        // A player whose request never got an answer asks again; one whose closure already ended
        // hears so (its session gone, or the account closed).
        const ended = ['token_invalid', 'account_closed']
        for (const p of players) {
          const giveUpAt = Date.now() + 60_000
          for (;;) {
            const answer = await close(p.auth).catch(() => ({ msgCode: 'network' }))
            if (answer.success || ended.includes(answer.msgCode) || Date.now() > giveUpAt) break
            if (!['rate_limited', 'busy', 'network'].includes(answer.msgCode))
              throw new Error(`closure refused: ${JSON.stringify(answer)}`)
            await sleep(250)
          }
        }
        const deadline = Date.now() + 60_000
        for (;;) {
          const open = await db.kysely
            .selectFrom('account_closures')
            .select('id')
            .where('state', '<>', 'closed')
            .execute()
          const all = await db.kysely.selectFrom('account_closures').select('id').execute()
          if (open.length === 0 && all.length === PLAYERS) break
          if (Date.now() > deadline) throw new Error(`${open.length} closures still open of ${all.length}`)
          await sleep(200)
        }
        for (const p of players) {
          const orders = await db.kysely
            .selectFrom('withdrawal_orders')
            .selectAll()
            .where('player_id', '=', p.userId)
            .execute()
          expect(orders.map((o) => [o.purpose, o.status, Number(o.amount), o.pix_key])).toEqual([
            ['closure', 'paid', BALANCE, p.cpf],
          ])
          const paid = await db.kysely
            .selectFrom('ledger_transfers')
            .select('amount')
            .where('kind', '=', 'closure_payout')
            .where('reference', '=', orders[0]?.id ?? '')
            .execute()
          expect(paid.map((t) => Number(t.amount))).toEqual([BALANCE])
          const accounts = await db.kysely
            .selectFrom('ledger_accounts')
            .select(['code', 'balance'])
            .where('player_id', '=', p.userId)
            .execute()
          expect(accounts.every((a) => Number(a.balance) === 0)).toBe(true)
        }
        const atBank = await db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
        expect(atBank).toHaveLength(PLAYERS)
        expect(atBank.every((row) => row.status === 'paid')).toBe(true)
        expect(await auditLedger(db.kysely)).toMatchObject({ ok: true, sumOfBalances: 0 })
        console.info(
          `${engine}: ${begunAtKill.length} closures begun and ${ordersAtKill.length} payouts made before the kill (${ordersAtKill.filter((o) => Number(o.sent_attempt) === 0).length} not yet sent); all ${PLAYERS} paid once and closed after the restart`,
        )
      } finally {
        await db.close()
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGTERM')
      await setup.cleanup()
    }
  }, 240_000)
})
