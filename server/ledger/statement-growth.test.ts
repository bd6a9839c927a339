// The statement's cost does not grow with history: the CSV of a 100 k-entry statement streams
// while other requests stay fast, and page 1 of a long history reads as fast as a short one's.
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addSpinHistory } from '../../tests/support/history.ts'
import { createTestApp, engines, loginPlayer, type TestApp, type TestPlayer } from '../../tests/support/server.ts'

const ROUNDS = 50_000 // a bet and a win each: 100 k ledger entries

describe.each(engines)('a long statement on %s', (engine) => {
  let t: TestApp
  let veteran: TestPlayer
  let newcomer: TestPlayer
  beforeAll(async () => {
    t = await createTestApp(engine, { API_RATE_LIMIT_PER_MINUTE: '100000', PLAYER_RATE_LIMIT_PER_MINUTE: '100000' })
    veteran = await loginPlayer(t.app, { cash: 10_000 })
    newcomer = await loginPlayer(t.app, { cash: 10_000 })
    await addSpinHistory(t.db, t.app.ledger.accounts, {
      playerId: veteran.userId,
      rounds: ROUNDS,
      from: Date.now() - ROUNDS * 1000,
    })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  }, 60_000)

  it('streams the 100 k-entry CSV while a small request stays under 50 ms', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const headers = { 'access-token': veteran.token, 'content-type': 'application/json', 'accept-language': 'en' }
    const small = async () => {
      const before = performance.now()
      const res = await fetch(`${address}/api/v1/bus/accountInfo`, {
        method: 'POST',
        headers: { ...headers, 'access-token': newcomer.token },
        body: '{}',
      })
      expect((await res.json()).success).toBe(true)
      return performance.now() - before
    }
    // Warm both routes (first-call compilation is not what is measured).
    await fetch(`${address}/api/v1/bus/statementCsv`, {
      method: 'POST',
      headers: { ...headers, 'access-token': newcomer.token },
      body: '{}',
    }).then((res) => res.text())
    const idle: number[] = []
    for (let i = 0; i < 10; i++) idle.push(await small())
    const started = performance.now()
    let done = false
    // Read as it arrives (as a browser saves a download), not held whole.
    const exported = fetch(`${address}/api/v1/bus/statementCsv`, { method: 'POST', headers, body: '{}' })
      .then(async (res) => {
        let lines = 0
        let first = ''
        let tail = ''
        const decoder = new TextDecoder()
        for await (const bytes of res.body ?? []) {
          const text = decoder.decode(bytes, { stream: true })
          lines += text.split('\r\n').length - 1
          if (first.length < 300) first += text.slice(0, 300)
          tail = (tail + text).slice(-300)
        }
        return { lines, head: first.split('\r\n').slice(0, 2), last: tail.trim().split('\r\n').at(-1) }
      })
      .finally(() => {
        done = true
      })
    const latencies: number[] = []
    while (!done) {
      const latency = await small()
      if (!done) latencies.push(latency)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const csv = await exported
    const took = performance.now() - started
    expect(csv.lines).toBe(1 + ROUNDS * 2 + 1) // header, the history, the first adjustment
    expect(csv.head[1]).toContain(',adjustment,cash,100.00,100.00,')
    expect(csv.last).toMatch(/:win,win,cash,1\.00,100\.00,round:/)
    expect(latencies.length, `export took ${took.toFixed(0)} ms`).toBeGreaterThanOrEqual(3)
    // The median: this shared machine deschedules the process now and then, export or not (the
    // idle figures show it); a statement built whole in memory held every request for its whole
    // build (~1 s at this size), so the median shows which one this is.
    const sorted = [...latencies].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] as number
    const describe = `idle ${idle.map((l) => l.toFixed(1)).join(' ')}; during the export ${latencies.map((l) => l.toFixed(1)).join(' ')}`
    expect(median, describe).toBeLessThan(50)
    expect(
      sorted.filter((l) => l >= 500),
      describe,
    ).toEqual([])
  }, 120_000)

  it('answers page 1 of 100 k entries about as fast as page 1 of one entry, with the same balance as the header', async () => {
    const timePage = async (player: TestPlayer) => {
      const runs: number[] = []
      for (let i = 0; i < 7; i++) {
        const before = performance.now()
        const res = await player.post('/v1/bus/statement', { pageSize: 20 })
        runs.push(performance.now() - before)
        expect(res.statusCode).toBe(200)
      }
      return runs.sort((a, b) => a - b)[3] as number
    }
    const fresh = await timePage(newcomer)
    const long = await timePage(veteran)
    const page = (await veteran.call('/v1/bus/statement', { pageSize: 20 })).data
    expect(page.entries).toHaveLength(20)
    expect(page.entries[0]).toMatchObject({ kind: 'round', amount: 0, balanceAfter: 10_000 })
    expect(page.entries[0].legs).toHaveLength(2)
    const header = (await veteran.call('/v1/bus/accountInfo')).data.balance.total
    expect(page.entries[0].balanceAfter).toBe(header)
    // Loose on a loaded machine; the growth bench prints the ratio (≤ 1.5 there).
    expect(long, `fresh ${fresh.toFixed(1)} ms, 100 k ${long.toFixed(1)} ms`).toBeLessThan(fresh * 3 + 10)
  }, 60_000)
})
