// Rolling restart under spin load: two instances behind nginx, each stopped with SIGTERM and
// started again in turn while players keep spinning through the proxy. No player sees an error
// (only their push socket closing with 1012 "reconnect"), every acknowledged spin is in the
// ledger exactly once, each instance exits 0, and the ledger's audit passes. `/metrics`
// scraped during the load shows the spin counter moving and the ledger's conservation at 0.
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { auditLedger } from '../../server/ledger/audit.ts'
import { canRunProxy, fundedPlayer, poster, startCluster } from './proxy-setup.ts'

const PLAYERS = 4
const WORKERS_PER_PLAYER = 2
/** An upper bound: the load runs only while the instances restart, and never longer than this. */
const LOAD_LIMIT_MS = 60_000
const METRICS_TOKEN = 'rolling-restart-metrics-token-0123'

async function scrape(port: number): Promise<{ spins: number; conservation: number }> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  const lines = (await res.text()).split('\n')
  const value = (prefix: string) =>
    lines.filter((l) => l.startsWith(prefix)).reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0)
  return {
    spins: value('jogolimpo_spins_total{'),
    conservation: value('jogolimpo_ledger_conservation_balance_centavos '),
  }
}

describe.skipIf(!canRunProxy)('rolling restart behind nginx on postgres', () => {
  it('loses and duplicates no spin, and clients see only a reconnect', async () => {
    const cluster = await startCluster(2, { METRICS_TOKEN })
    const post = poster(cluster.base)
    const acknowledged = new Set<string>()
    const errors: string[] = []
    const closeCodes: number[] = []
    const sockets: WebSocket[] = []
    let running = true
    try {
      const players = await Promise.all(Array.from({ length: PLAYERS }, () => fundedPlayer(post, 10_000_000)))
      // One push socket per player through the proxy, reopened on close like the app's.
      const connect = (token: string) => {
        const socket = new WebSocket(`${cluster.base.replace('http', 'ws')}/ws`)
        sockets.push(socket)
        socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })))
        socket.on('error', () => {})
        socket.on('close', (code) => {
          if (!running) return
          closeCodes.push(code)
          setTimeout(() => connect(token), 100)
        })
      }
      for (const p of players) connect(p.token)

      let counter = 0
      const stopAt = Date.now() + LOAD_LIMIT_MS
      const worker = async (p: (typeof players)[number]) => {
        while (running && Date.now() < stopAt) {
          const requestId = `spin-${String(counter++).padStart(8, '0')}`
          try {
            const body = await post('/api/game/spin', { bet: 100, requestId }, p.game)
            if (body.success) acknowledged.add(requestId)
            else errors.push(`${requestId}: ${body.msgCode}`)
          } catch (error) {
            errors.push(`${requestId}: ${error instanceof Error ? error.message : error}`)
          }
        }
      }
      const loadStarted = Date.now()
      const workers = players.flatMap((p) => Array.from({ length: WORKERS_PER_PLAYER }, () => worker(p)))
      await sleep(1000)
      const beforeRestarts = acknowledged.size
      const firstScrape = await scrape(cluster.ports[0] as number)
      await sleep(500)
      const secondScrape = await scrape(cluster.ports[0] as number)
      expect(secondScrape.spins).toBeGreaterThan(firstScrape.spins)
      expect(secondScrape.conservation).toBe(0)
      const exitCodes: (number | null)[] = []
      for (const i of [0, 1]) {
        exitCodes.push(await cluster.restart(i))
        // As an operator does: the next instance stops only once the proxy takes this one back
        // (nginx retries a server it marked failed after fail_timeout, 1 s).
        await sleep(2500)
      }
      running = false
      await Promise.all(workers)
      const loadSeconds = (Date.now() - loadStarted) / 1000
      for (const socket of sockets) socket.terminate()

      expect(errors).toEqual([])
      expect(exitCodes).toEqual([0, 0])
      expect(acknowledged.size).toBeGreaterThan(beforeRestarts)
      expect(closeCodes.length).toBeGreaterThan(0)
      expect(closeCodes.every((code) => code === 1012)).toBe(true)

      const db = cluster.open()
      try {
        const rounds = await db.kysely.selectFrom('game_rounds').select('request_id').execute()
        const stored = rounds.map((r) => r.request_id)
        expect(new Set(stored).size).toBe(stored.length)
        expect(stored.length).toBe(acknowledged.size)
        for (const id of acknowledged) expect(stored.includes(id), id).toBe(true)
        const bets = await db.kysely
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'bet')
          .executeTakeFirstOrThrow()
        expect(Number(bets.n)).toBe(acknowledged.size)
        expect(await auditLedger(db.kysely)).toMatchObject({ ok: true, sumOfBalances: 0 })
        console.info(
          `rolling restart: ${acknowledged.size} spins acknowledged in ${loadSeconds.toFixed(1)} s, ${closeCodes.length} push sockets told to reconnect, no errors`,
        )
      } finally {
        await db.close()
      }
    } finally {
      running = false
      for (const socket of sockets) socket.terminate()
      await cluster.stop()
    }
  }, 120_000)
})
