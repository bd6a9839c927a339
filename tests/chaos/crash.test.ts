// Crash test: the real server process, under a load of money-moving requests, is killed with
// SIGKILL several times. After each restart every acknowledged transfer is present exactly
// once, retried requests never apply twice, and the ledger's invariants hold.
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { auditLedger } from '../../server/ledger/audit.ts'
import { engines } from '../support/server.ts'
import { OPS_TOKEN, prepare, startServer } from './server-process.ts'

const KILLS = 3
const WORKERS = 12

describe.each(engines)('crash safety on %s', (engine) => {
  it('keeps every acknowledged transfer, exactly once, across SIGKILLs', async () => {
    const setup = await prepare(engine)
    const port = 20000 + Math.floor(Math.random() * 20000)
    const base = `http://127.0.0.1:${port}`
    const acknowledged = new Map<string, number>()
    const unacknowledged = new Map<string, { userId: number; amount: number }>()
    let server = await startServer(setup.env, port)
    try {
      const players: number[] = []
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: crypto.randomUUID() }),
        })
        players.push((await res.json()).data.userId)
      }
      const adjust = async (requestId: string, userId: number, amount: number) => {
        const res = await fetch(`${base}/api/ops/adjust`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
          body: JSON.stringify({ requestId, userId, amount, reason: 'crash-test' }),
        })
        return (await res.json()) as { success: boolean; data: { transfer: { replayed: boolean } } | null }
      }

      let counter = 0
      for (let round = 0; round < KILLS; round++) {
        let running = true
        const worker = async (w: number) => {
          while (running) {
            const requestId = `r${round}-w${w}-${counter++}`
            const userId = players[counter % players.length] as number
            // Mostly credits, some debits that may be refused for lack of funds.
            const amount = counter % 4 === 0 ? -150 : 100
            try {
              const body = await adjust(requestId, userId, amount)
              if (body.success) acknowledged.set(`ops:${requestId}`, amount)
            } catch {
              unacknowledged.set(requestId, { userId, amount })
              return
            }
          }
        }
        const workers = Array.from({ length: WORKERS }, (_, w) => worker(w))
        await sleep(700 + Math.random() * 500)
        server.kill('SIGKILL')
        await new Promise((resolve) => server.once('exit', resolve))
        running = false
        await Promise.all(workers)
        server = await startServer(setup.env, port)
      }

      // Clients retry what was never acknowledged; the ids make the retries safe.
      for (const [requestId, { userId, amount }] of unacknowledged) {
        const body = await adjust(requestId, userId, amount)
        if (body.success) acknowledged.set(`ops:${requestId}`, amount)
      }
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))

      const db = setup.open()
      try {
        const rows = await db.kysely
          .selectFrom('ledger_transfers')
          .select(['id', 'amount', 'debit_account_id', 'credit_account_id'])
          .where('kind', '=', 'adjustment')
          .execute()
        const stored = new Map(rows.map((r) => [r.id, Number(r.amount)]))
        expect(rows.length).toBe(stored.size)
        expect(acknowledged.size).toBeGreaterThan(20)
        for (const [id, amount] of acknowledged) expect(stored.get(id), id).toBe(Math.abs(amount))
        console.info(
          `${engine}: ${acknowledged.size} acknowledged transfers, ${unacknowledged.size} in flight at a kill and retried, ${KILLS} kills`,
        )
        const audit = await auditLedger(db.kysely)
        expect(audit).toMatchObject({ ok: true, sumOfBalances: 0, mismatchedAccounts: [], negativePlayerAccounts: [] })
      } finally {
        await db.close()
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL')
      await setup.cleanup()
    }
  }, 120_000)
})
