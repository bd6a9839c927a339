// The statement and the operator API through HTTP, on each engine.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createTestApp,
  engines,
  loginPlayer,
  TEST_OPS_TOKEN,
  type TestApp,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { grantBonus } from './bonus.ts'
import { hold, postHold, voidHold } from './holds.ts'
import { bet, win } from './wallet.ts'

describe.each(engines)('statement and ops on %s', (engine) => {
  let t: TestApp
  let post: TestPlayer['post']
  let userId: number
  beforeEach(async () => {
    t = await createTestApp(engine)
    ;({ post, userId } = await loginPlayer(t.app))
  })
  afterEach(async () => {
    await t.close()
  })

  const adjust = (amount: number, requestId: string = randomUUID(), opsToken = TEST_OPS_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ops/adjust',
      headers: { 'x-ops-token': opsToken },
      payload: { requestId, userId, amount, reason: 'teste' },
    })

  it('lists one line per operation newest first with the balance after, paged by cursor and by number', async () => {
    await adjust(5000, 'a')
    await adjust(-1200, 'b')
    await t.app.ledger.transact((tx) =>
      grantBonus(tx, { id: 'g', playerId: userId, amount: 300, wageringMultiplier: 5, kind: 'new_player_gift' }),
    )
    const res = await post('/v1/bus/statement', { pageSize: 2 })
    const page = res.json().data
    expect(page.entries).toEqual([
      expect.objectContaining({
        transferId: 'g',
        kind: 'new_player_gift',
        amount: 300,
        balanceAfter: 4100,
        legs: [expect.objectContaining({ transferId: 'g', account: 'bonus', amount: 300, balanceAfter: 300 })],
      }),
      expect.objectContaining({
        transferId: 'ops:b',
        kind: 'adjustment',
        amount: -1200,
        balanceAfter: 3800,
        legs: [expect.objectContaining({ account: 'cash', amount: -1200, balanceAfter: 3800 })],
      }),
    ])
    expect(page.nextCursor).toEqual(expect.any(String))
    const second = (await post('/v1/bus/statement', { pageSize: 2, cursor: page.nextCursor })).json().data
    expect(second.entries.map((e: { transferId: string }) => e.transferId)).toEqual(['ops:a'])
    expect(second.nextCursor).toBeNull()
    // Clients written for page numbers still get the same pages.
    const byNumber = (await post('/v1/bus/statement', { pageNum: 2, pageSize: 2 })).json().data
    expect(byNumber.entries).toEqual(second.entries)
    expect(byNumber.pageNum).toBe(2)
    expect((await post('/v1/bus/statement', { pageNum: 3, pageSize: 2 })).json().data.entries).toEqual([])

    const info = (await post('/v1/bus/accountInfo')).json().data
    expect(info.balance).toEqual({ total: 4100, cash: 3800, bonus: 300 })
    expect(info.wagering).toEqual({ required: 1500, wagered: 0, remaining: 1500 })
  })

  it('shows a spin as one line and a paid withdrawal as one line, with the legs behind them', async () => {
    await adjust(10_000, 'a')
    await t.app.ledger.transact((tx) =>
      grantBonus(tx, { id: 'g', playerId: userId, amount: 500, wageringMultiplier: 1, kind: 'new_player_gift' }),
    )
    await t.app.ledger.transact(async (tx) => {
      await bet(tx, { playerId: userId, transactionId: 'r1:bet', roundId: 'r1', amount: 200 })
      await win(tx, { playerId: userId, transactionId: 'r1:win', roundId: 'r1', amount: 700 })
    })
    await t.app.ledger.transact((tx) => hold(tx, { id: 'h1', playerId: userId, amount: 3000, reference: 'W1' }))
    await t.app.ledger.transact((tx) => postHold(tx, { id: 'p1', holdId: 'h1' }))
    await t.app.ledger.transact((tx) => hold(tx, { id: 'h2', playerId: userId, amount: 1000, reference: 'W2' }))
    await t.app.ledger.transact((tx) => voidHold(tx, { id: 'v2', holdId: 'h2' }))

    const { entries } = (await post('/v1/bus/statement', {})).json().data
    expect(entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['withdrawal_void', 1000],
      ['withdrawal_hold', -1000],
      ['withdrawal_hold', -3000],
      ['round', 500],
      ['new_player_gift', 500],
      ['adjustment', 10_000],
    ])
    expect(entries[1].resolution).toBe('withdrawal_void')
    const paid = entries[2]
    expect(paid.resolution).toBe('withdrawal_post')
    expect(
      paid.legs.map((l: { transferId: string; account: string; amount: number }) => [
        l.transferId,
        l.account,
        l.amount,
      ]),
    ).toEqual([
      ['h1', 'cash', -3000],
      ['h1', 'withdrawal_hold', 3000],
      ['p1', 'withdrawal_hold', -3000],
    ])
    // The bet took cash first; the win follows the bet's split.
    expect(
      entries[3].legs.map((l: { kind: string; account: string; amount: number }) => [l.kind, l.account, l.amount]),
    ).toEqual([
      ['bet', 'cash', -200],
      ['win', 'cash', 700],
    ])
    const info = (await post('/v1/bus/accountInfo')).json().data
    expect(entries[0].balanceAfter).toBe(info.balance.total)
    expect(info.balance.total).toBe(10_000 + 500 + 500 - 3000)
  })

  it('gives a running balance that adds up to the header balance across every page', async () => {
    const rng = (() => {
      let x = 7
      return () => {
        x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff
        return x
      }
    })()
    await adjust(50_000, 'seed')
    await t.app.ledger.transact((tx) =>
      grantBonus(tx, { id: 'gift', playerId: userId, amount: 1000, wageringMultiplier: 3, kind: 'new_player_gift' }),
    )
    for (let i = 0; i < 40; i++) {
      const stake = 100 + (rng() % 5) * 100
      const prize = rng() % 3 === 0 ? stake * (1 + (rng() % 4)) : 0
      await t.app.ledger.transact(async (tx) => {
        await bet(tx, { playerId: userId, transactionId: `r${i}:bet`, roundId: `r${i}`, amount: stake })
        if (prize > 0) await win(tx, { playerId: userId, transactionId: `r${i}:win`, roundId: `r${i}`, amount: prize })
      })
      if (i % 9 === 4) {
        await t.app.ledger.transact((tx) =>
          hold(tx, { id: `h${i}`, playerId: userId, amount: 700, reference: `W${i}` }),
        )
        await t.app.ledger.transact((tx) =>
          i % 2 ? postHold(tx, { id: `p${i}`, holdId: `h${i}` }) : voidHold(tx, { id: `v${i}`, holdId: `h${i}` }),
        )
      }
    }
    const lines: { amount: number; balanceAfter: number; transferId: string }[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 100; pages++) {
      const page = (await post('/v1/bus/statement', { pageSize: 7, ...(cursor ? { cursor } : {}) })).json().data
      lines.push(...page.entries)
      if (page.nextCursor === null) break
      cursor = page.nextCursor
    }
    const header = (await post('/v1/bus/accountInfo')).json().data.balance.total
    expect(lines[0]?.balanceAfter).toBe(header)
    expect(new Set(lines.map((l) => l.transferId)).size).toBe(lines.length)
    for (let i = 0; i < lines.length - 1; i++) {
      expect(lines[i + 1]?.balanceAfter, `line ${i}`).toBe((lines[i]?.balanceAfter ?? 0) - (lines[i]?.amount ?? 0))
    }
    const first = lines.at(-1)
    expect((first?.balanceAfter ?? 0) - (first?.amount ?? 0)).toBe(0)
    // Every line's change is the ledger's: the sum is the balance.
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(header)
  })

  it('counts a balance no transfer of the page touches: a bonus granted before a page of cash lines', async () => {
    await t.app.ledger.transact((tx) =>
      grantBonus(tx, { id: 'gift', playerId: userId, amount: 1000, wageringMultiplier: 3, kind: 'new_player_gift' }),
    )
    for (let i = 0; i < 30; i++) expect((await adjust(100 + i, `cash-${i}`)).statusCode).toBe(200)
    const header = (await post('/v1/bus/accountInfo')).json().data.balance.total
    const first = (await post('/v1/bus/statement', { pageSize: 5 })).json().data
    expect(first.entries.map((l: { kind: string }) => l.kind)).not.toContain('new_player_gift')
    expect(first.entries[0].balanceAfter).toBe(header)
    // The fifth line is the adjustment of 125: the gift and adjustments 0 to 25 are in its balance.
    expect(first.entries.at(-1).balanceAfter).toBe(1000 + 26 * 100 + (25 * 26) / 2)
  })

  it("exports the statement as CSV, oldest first, in the player's language, the market's local time and decimal mark", async () => {
    await adjust(5000, 'a')
    await adjust(-1200, 'b')
    const res = await post('/v1/bus/statementCsv', {}, 'pt-BR')
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="jogo-limpo-extrato-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    // Each leg's time as the clock read in São Paulo when it was written.
    const legs = (await post('/v1/bus/statement', { pageSize: 10 })).json().data.entries.reverse()
    const saoPaulo = (ms: number) =>
      new Date(ms).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23' })
    const [timeA, timeB] = legs.map((l: { time: number }) => saoPaulo(l.time))
    expect(timeA).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'Data e hora (America/Sao_Paulo);Transferência;Tipo;Conta;Valor (R$);Saldo depois (R$);Referência',
    )
    expect(lines[1]).toBe(`${timeA};ops:a;adjustment;cash;50,00;50,00;teste`)
    expect(lines[2]).toBe(`${timeB};ops:b;adjustment;cash;-12,00;38,00;teste`)
    expect(res.body).not.toMatch(/\d{2}Z/)

    const english = (await post('/v1/bus/statementCsv', {}, 'en')).body.trim().split('\r\n')
    expect(english[0]).toBe(
      'Date and time (America/Sao_Paulo),Transfer,Kind,Account,Amount (R$),Balance after (R$),Reference',
    )
    expect(english[2]).toBe(`${timeB},ops:b,adjustment,cash,-12.00,38.00,teste`)
    const hindi = (await post('/v1/bus/statementCsv', {}, 'hi')).body.trim().split('\r\n')
    expect(hindi[0]).toMatch(/^दिनांक और समय \(America\/Sao_Paulo\),/)
    expect(hindi[1]).toBe(`${timeA},ops:a,adjustment,cash,50.00,50.00,teste`)
  })

  it('escapes formulas in the statement and audit CSVs (one writer), keeping negative amounts numbers', async () => {
    const reasons = ['=HYPERLINK("http://evil.example","clique")', '+55 11 99999', '@SUM(A1:A9)', '-2+3']
    for (const [i, reason] of reasons.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ops/adjust',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: { requestId: `f${i}`, userId, amount: i === 3 ? -100 : 1000, reason },
      })
      expect(res.json().success).toBe(true)
    }
    const lines = (await post('/v1/bus/statementCsv', {}, 'en')).body.trim().split('\r\n').slice(1)
    expect(lines.map((line) => line.slice(line.indexOf(',ops:')))).toEqual([
      `,ops:f0,adjustment,cash,10.00,10.00,"'=HYPERLINK(""http://evil.example"",""clique"")"`,
      ",ops:f1,adjustment,cash,10.00,20.00,'+55 11 99999",
      ",ops:f2,adjustment,cash,10.00,30.00,'@SUM(A1:A9)",
      ",ops:f3,adjustment,cash,-1.00,29.00,'-2+3",
    ])
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/ops/audit/export.csv',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
    })
    expect(audit.statusCode).toBe(200)
    const cells = audit.body.split('\n').filter((line) => line.includes('HYPERLINK'))
    expect(cells.length).toBeGreaterThan(0)
    for (const line of cells) expect(line).toContain(`"'=HYPERLINK(""http://evil.example""`)
  })

  it('applies an operator adjustment once per requestId and never overdraws', async () => {
    expect((await adjust(1000, 'same')).json().data.balance.cash).toBe(1000)
    expect((await adjust(1000, 'same')).json().data.transfer.replayed).toBe(true)
    const over = await adjust(-5000)
    expect(over.json()).toMatchObject({ success: false })
    expect((await t.app.ledger.balances(userId)).cash).toBe(1000)
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/ops/audit',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
    })
    expect(audit.json().data).toMatchObject({ ok: true, sumOfBalances: 0 })
  })

  it('refuses the operator API without the right token', async () => {
    const res = await adjust(1000, 'x', 'wrong-token-wrong-token-wrong')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ success: false, msgCode: 'ops_token_invalid' })
    expect((await t.app.ledger.balances(userId)).cash).toBe(0)
  })

  it('refuses malformed statement and adjustment requests with 400', async () => {
    expect((await post('/v1/bus/statement', { pageNum: 0 })).statusCode).toBe(400)
    expect((await post('/v1/bus/statement', { pageSize: 1000 })).statusCode).toBe(400)
    expect((await post('/v1/bus/statement', { cursor: '0' })).statusCode).toBe(400)
    expect((await post('/v1/bus/statement', { cursor: 12 })).statusCode).toBe(400)
    expect((await post('/v1/bus/statement', { cursor: 'abc' })).statusCode).toBe(400)
    expect((await adjust(1.5)).statusCode).toBe(400)
    expect((await adjust(0)).statusCode).toBe(400)
  })
})
