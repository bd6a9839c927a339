// The statement's cost does not grow with history: the CSV of a 100 k-entry statement streams
// in pieces while other requests are answered between them, and page 1 of a long history is the
// same 20 entries with the header's balance. How fast each is, is `npm run bench:growth`'s to
// measure (next to its floor), not a test's.
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

  it('streams the 100 k-entry CSV in pieces while other requests are answered between them', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const headers = { 'access-token': veteran.token, 'content-type': 'application/json', 'accept-language': 'en' }
    const small = async () => {
      const res = await fetch(`${address}/api/v1/bus/accountInfo`, {
        method: 'POST',
        headers: { ...headers, 'access-token': newcomer.token },
        body: '{}',
      })
      expect((await res.json()).success).toBe(true)
    }
    let done = false
    let chunks = 0
    // Read as it arrives (as a browser saves a download), not held whole.
    const exported = fetch(`${address}/api/v1/bus/statementCsv`, { method: 'POST', headers, body: '{}' })
      .then(async (res) => {
        expect(res.headers.get('content-length')).toBeNull()
        let lines = 0
        let first = ''
        let tail = ''
        const decoder = new TextDecoder()
        for await (const bytes of res.body ?? []) {
          chunks++
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
    // Each small request is answered between two pieces of the export: a statement built whole
    // before its first byte would hold them all until it was done.
    let answeredDuring = 0
    while (!done) {
      await small()
      if (!done) answeredDuring++
      await new Promise((resolve) => setImmediate(resolve))
    }
    const csv = await exported
    expect(csv.lines).toBe(1 + ROUNDS * 2 + 1) // header, the history, the first adjustment
    expect(csv.head[1]).toContain(',adjustment,cash,100.00,100.00,')
    expect(csv.last).toMatch(/:win,win,cash,1\.00,100\.00,round:/)
    expect(chunks).toBeGreaterThan(10)
    expect(answeredDuring).toBeGreaterThanOrEqual(3)
  }, 120_000)

  it('answers page 1 of 100 k entries as 20 entries with the header’s balance, as page 1 of one entry', async () => {
    const page = (await veteran.call('/v1/bus/statement', { pageSize: 20 })).data
    expect(page.entries).toHaveLength(20)
    expect(page.entries[0]).toMatchObject({ kind: 'round', amount: 0, balanceAfter: 10_000 })
    expect(page.entries[0].legs).toHaveLength(2)
    const header = (await veteran.call('/v1/bus/accountInfo')).data.balance.total
    expect(page.entries[0].balanceAfter).toBe(header)
    // The newcomer's first page answers in the same shape: one entry, the same balance.
    const short = (await newcomer.call('/v1/bus/statement', { pageSize: 20 })).data
    expect(short.entries).toHaveLength(1)
    expect(short.entries[0].balanceAfter).toBe((await newcomer.call('/v1/bus/accountInfo')).data.balance.total)
  }, 60_000)
})
