// Two instances behind a real nginx on one PostgreSQL: a player's deposit is created on one
// instance and paid through the other, spins land on both, a withdrawal is asked and paid,
// and a push socket opened through the proxy hears money that moved on either instance
// (LISTEN/NOTIFY fan-out, no sticky sessions). The instances' metrics count the deposit and
// the paid withdrawal once between them, and the ledger's audit passes at the end.
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { randomCpf } from '../../contract/cpf.ts'
import { auditLedger } from '../../server/ledger/audit.ts'
import { canRunProxy, fundedPlayer, poster, startCluster } from './proxy-setup.ts'

const PASSWORD = 'Horse-Batt3ry9'
const DEPOSIT = 10_000
const WITHDRAW = 5_000
const METRICS_TOKEN = 'proxy-test-metrics-token-0123456789'

/** One sample summed over the instances (counters are per instance). */
async function summed(ports: number[], line: string): Promise<number> {
  let total = 0
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    const found = (await res.text()).split('\n').find((l) => l.startsWith(`${line} `))
    total += found ? Number(found.slice(line.length + 1)) : 0
  }
  return total
}

describe.skipIf(!canRunProxy)('two instances behind nginx on postgres', () => {
  it('runs deposits, spins and a withdrawal across the instances', async () => {
    const cluster = await startCluster(2, {
      SANDBOX_PAYOUT_DELAY_MS: '300',
      WITHDRAW_COOL_OFF_MINUTES: '0',
      METRICS_TOKEN,
    })
    const viaProxy = poster(cluster.base)
    const direct = cluster.ports.map((port) => poster(`http://127.0.0.1:${port}`))
    const [a, b] = direct as [typeof viaProxy, typeof viaProxy]
    const balances: number[] = []
    let socket: WebSocket | undefined
    try {
      const player = await fundedPlayer(viaProxy, 0)
      socket = new WebSocket(`${cluster.base.replace('http', 'ws')}/ws`)
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw))
        if (message.type === 'balance') balances.push(message.data.cash)
      })
      await new Promise((resolve) => socket?.once('open', resolve))
      socket.send(JSON.stringify({ type: 'auth', token: player.token }))

      // Identity and password on instance A; the deposit order on B, paid in B's PSP (each instance
      // runs its own sandbox API Pix server; the codes' locations are that server's).
      await a(
        '/api/user/bindLoginAccount',
        { userName: 'proxyplayer01', password: PASSWORD, confirmPassword: PASSWORD },
        player.auth,
      )
      const cpf = randomCpf()
      expect(
        (await a('/api/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf }, player.auth)).success,
      ).toBe(true)
      // The registration's daily loss and time limits, without which no deposit is taken.
      const limits = { dailyLoss: 1_000_000_000, dailyMinutes: 24 * 60 }
      expect((await a('/api/v1/bus/setRegistrationLimits', limits, player.auth)).success).toBe(true)
      const order = await b(
        '/api/charge/create/order',
        { amount: DEPOSIT, requestId: crypto.randomUUID() },
        player.auth,
      )
      expect(order.success, JSON.stringify(order)).toBe(true)
      const paid = await cluster.sandboxBank(1, '/pay', { code: order.data.payCode })
      expect(paid.success, JSON.stringify(paid)).toBe(true)
      await expect
        .poll(
          async () => (await b('/api/charge/order/detail', { orderId: order.data.orderId }, player.auth)).data.status,
        )
        .toBe('paid')

      // Spins alternate between the instances (and through the proxy's round robin).
      const spins = Array.from({ length: 10 }, (_, i) => ({
        requestId: `proxy-spin-${String(i).padStart(4, '0')}`,
        via: [a, b, viaProxy][i % 3],
      }))
      for (const spin of spins) {
        const body = await spin.via!('/api/game/spin', { bet: 100, requestId: spin.requestId }, player.game)
        expect(body.success, JSON.stringify(body)).toBe(true)
      }
      // A retry on the other instance is the same spin.
      const again = await b('/api/game/spin', { bet: 100, requestId: spins[0]!.requestId }, player.game)
      expect(again.data.replayed).toBe(true)

      const withdrawal = await viaProxy(
        '/api/withdraw/create/order',
        { accountNumber: cpf, payType: 'cpf', amount: WITHDRAW, requestId: crypto.randomUUID(), password: PASSWORD },
        player.auth,
      )
      expect(withdrawal.success, JSON.stringify(withdrawal)).toBe(true)

      const db = cluster.open()
      try {
        await expect
          .poll(
            async () =>
              (await db.kysely.selectFrom('withdrawal_orders').select('status').executeTakeFirstOrThrow()).status,
            { timeout: 20_000 },
          )
          .toBe('paid')
        const rounds = await db.kysely
          .selectFrom('game_rounds')
          .select(['request_id', 'bet', 'win', 'jackpot_win'])
          .execute()
        expect(rounds.map((r) => r.request_id).sort()).toEqual(spins.map((s) => s.requestId).sort())
        const net = rounds.reduce((sum, r) => sum + Number(r.win) + Number(r.jackpot_win) - Number(r.bet), 0)
        const held = await db.kysely
          .selectFrom('ledger_accounts')
          .select((eb) => eb.fn.sum<number>('balance').as('total'))
          .where('player_id', '=', player.userId)
          .executeTakeFirstOrThrow()
        // Everything the player has: the deposit, the spins' net, minus the withdrawal paid out.
        expect(Number(held.total)).toBe(DEPOSIT + net - WITHDRAW)
        expect(await auditLedger(db.kysely)).toMatchObject({ ok: true, sumOfBalances: 0 })
        expect(await summed(cluster.ports, 'jogolimpo_deposits_total{outcome="created"}')).toBe(1)
        expect(await summed(cluster.ports, 'jogolimpo_deposits_total{outcome="credited"}')).toBe(1)
        expect(await summed(cluster.ports, 'jogolimpo_withdrawals_total{outcome="requested"}')).toBe(1)
        expect(await summed(cluster.ports, 'jogolimpo_withdrawals_total{outcome="paid"}')).toBe(1)
        expect(await summed(cluster.ports, 'jogolimpo_payout_latency_seconds_count')).toBe(1)
        expect(await summed(cluster.ports, 'jogolimpo_spins_total{outcome="replayed"}')).toBe(1)
      } finally {
        await db.close()
      }
      // The socket (on whichever instance nginx chose) heard the money move on both.
      await sleep(1500)
      expect(balances.length).toBeGreaterThanOrEqual(3)
    } finally {
      socket?.terminate()
      await cluster.stop()
    }
  }, 120_000)
})
