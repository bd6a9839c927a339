// Crash test: the real server process, under a load of money-moving requests, is killed with
// SIGKILL several times. After each restart every acknowledged transfer is present exactly
// once, retried requests never apply twice, and the ledger's invariants hold. The same for
// spins (group-committed on SQLite): every acknowledged spin's round and its transfers are there
// exactly once, and a spin retried with its requestId answers the round it made, if any.
import { Agent } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { auditLedger } from '../../server/ledger/audit.ts'
import { engines } from '../support/server.ts'
import { freeTestPort, killServer, OPS_TOKEN, prepare, startServer } from './server-process.ts'
import { newSpinPlayer, type SpinPlayer } from './spin-player.ts'

const KILLS = 3
/** CHAOS_PORT: the server's port (a port range given to this run); a random one otherwise. */
const serverPort = async () => (process.env.CHAOS_PORT ? Number(process.env.CHAOS_PORT) : await freeTestPort())
const WORKERS = 12

describe.each(engines)('crash safety on %s', (engine) => {
  it('keeps every acknowledged transfer, exactly once, across SIGKILLs', async () => {
    const setup = await prepare(engine)
    const port = await serverPort()
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
        await killServer(server)
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

  it('keeps every acknowledged spin, its round and its transfers exactly once, across SIGKILLs', async () => {
    const setup = await prepare(engine)
    const port = await serverPort()
    const base = `http://127.0.0.1:${port}`
    // A connection per request: no kept socket outlives a killed server.
    const agent = new Agent({ keepAlive: false })
    /** requestId → the round the acknowledged spin answered. */
    const acknowledged = new Map<string, { userId: number; roundId: string }>()
    const unacknowledged = new Map<string, SpinPlayer>()
    let server = await startServer(setup.env, port)
    try {
      const players: SpinPlayer[] = []
      for (let i = 0; i < 8; i++) players.push(await newSpinPlayer(agent, base, OPS_TOKEN, 1_000_000))
      let counter = 0
      for (let round = 0; round < KILLS; round++) {
        let running = true
        const worker = async (w: number) => {
          const player = players[w % players.length] as SpinPlayer
          while (running) {
            const requestId = `spin-${round}-w${w}-${counter++}`
            let reply: Awaited<ReturnType<SpinPlayer['spin']>>
            try {
              reply = await player.spin(100, requestId)
            } catch {
              // No answer: the server died with this spin in flight.
              unacknowledged.set(requestId, player)
              return
            }
            if (!reply.success || !reply.data) throw new Error(`spin refused: ${JSON.stringify(reply)}`)
            acknowledged.set(requestId, { userId: player.userId, roundId: reply.data.round.roundId })
          }
        }
        // Two workers per player: concurrent spins of one player queue on its lock.
        const workers = Array.from({ length: WORKERS + 4 }, (_, w) => worker(w))
        await sleep(700 + Math.random() * 500)
        await killServer(server)
        running = false
        await Promise.all(workers)
        server = await startServer(setup.env, port)
      }

      // The game page retries a spin it got no answer for with the same requestId: it answers
      // the round that spin made (replayed) or makes it now, never a second one.
      const retried = new Map<string, string>()
      for (const [requestId, player] of unacknowledged) {
        const reply = await player.spin(100, requestId)
        expect(reply.success, JSON.stringify(reply)).toBe(true)
        retried.set(requestId, reply.data?.round.roundId as string)
        acknowledged.set(requestId, { userId: player.userId, roundId: reply.data?.round.roundId as string })
      }
      for (const [requestId, roundId] of retried) {
        const again = await (unacknowledged.get(requestId) as SpinPlayer).spin(100, requestId)
        expect(again.data).toMatchObject({ replayed: true, round: { roundId } })
      }
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))

      const db = setup.open()
      try {
        const rounds = await db.kysely.selectFrom('game_rounds').select(['id', 'player_id', 'request_id']).execute()
        const byRequest = new Map(rounds.map((r) => [`${r.player_id}/${r.request_id}`, r.id]))
        expect(byRequest.size).toBe(rounds.length)
        expect(acknowledged.size).toBeGreaterThan(20)
        for (const [requestId, { userId, roundId }] of acknowledged)
          expect(byRequest.get(`${userId}/${requestId}`), requestId).toBe(roundId)
        // Every round, acknowledged or not, moved money exactly once: its bet and its jackpot share.
        const transfers = await db.kysely
          .selectFrom('ledger_transfers')
          .select(['id', 'amount'])
          .where('kind', 'in', ['bet', 'jackpot_share'])
          .execute()
        const ids = new Set(transfers.map((t) => t.id))
        expect(ids.size).toBe(transfers.length)
        for (const { id } of rounds) {
          expect(ids.has(`bet:${id}:bet:cash`), id).toBe(true)
          expect(ids.has(`jackpot:share:${id}`), id).toBe(true)
        }
        expect(transfers.filter((t) => t.id.startsWith('bet:')).length).toBe(rounds.length)
        console.info(
          `${engine}: ${acknowledged.size} acknowledged spins, ${unacknowledged.size} in flight at a kill and retried, ${rounds.length} rounds, ${KILLS} kills`,
        )
        const audit = await auditLedger(db.kysely)
        expect(audit).toMatchObject({ ok: true, sumOfBalances: 0, mismatchedAccounts: [], negativePlayerAccounts: [] })
      } finally {
        await db.close()
      }
    } finally {
      agent.destroy()
      if (server.exitCode === null) server.kill('SIGKILL')
      await setup.cleanup()
    }
  }, 120_000)
})
