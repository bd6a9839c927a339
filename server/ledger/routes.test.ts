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

  it('lists every ledger entry newest first with the balance after, paged', async () => {
    await adjust(5000, 'a')
    await adjust(-1200, 'b')
    await t.app.ledger.transact((tx) =>
      grantBonus(tx, { id: 'g', playerId: userId, amount: 300, wageringMultiplier: 5, kind: 'new_player_gift' }),
    )
    const res = await post('/v1/bus/statement', { pageNum: 1, pageSize: 2 })
    const page = res.json().data
    expect(page.total).toBe(3)
    expect(page.entries).toEqual([
      expect.objectContaining({
        transferId: 'g',
        kind: 'new_player_gift',
        account: 'bonus',
        amount: 300,
        balanceAfter: 300,
      }),
      expect.objectContaining({
        transferId: 'ops:b',
        kind: 'adjustment',
        account: 'cash',
        amount: -1200,
        balanceAfter: 3800,
      }),
    ])
    const second = (await post('/v1/bus/statement', { pageNum: 2, pageSize: 2 })).json().data
    expect(second.entries.map((e: { transferId: string }) => e.transferId)).toEqual(['ops:a'])

    const info = (await post('/v1/bus/accountInfo')).json().data
    expect(info.balance).toEqual({ total: 4100, cash: 3800, bonus: 300 })
    expect(info.wagering).toEqual({ required: 1500, wagered: 0, remaining: 1500 })
  })

  it('exports the statement as CSV, oldest first', async () => {
    await adjust(5000, 'a')
    await adjust(-1200, 'b')
    const res = await post('/v1/bus/statementCsv')
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="jogo-limpo-extrato-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('time_utc,transfer_id,kind,account,amount_brl,balance_after_brl,reference')
    expect(lines[1]).toMatch(/^\d{4}-.*Z,ops:a,adjustment,cash,50\.00,50\.00,teste$/)
    expect(lines[2]).toMatch(/,ops:b,adjustment,cash,-12\.00,38\.00,teste$/)
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
    expect((await adjust(1.5)).statusCode).toBe(400)
    expect((await adjust(0)).statusCode).toBe(400)
  })
})
