// Paging newest first by cursor: every row once, in order, also when several share a time; the
// page number still works; a forged cursor is a 400, not a 5xx. Through the withdrawal history
// and the refund list, on each engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, engines, loginPlayer, type TestApp, type TestPlayer } from '../../tests/support/server.ts'

describe.each(engines)('cursor paging on %s', (engine) => {
  let t: TestApp
  let player: TestPlayer
  let other: TestPlayer
  beforeEach(async () => {
    t = await createTestApp(engine)
    player = await loginPlayer(t.app)
    other = await loginPlayer(t.app)
  })
  afterEach(async () => {
    await t.close()
  })

  async function addOrders(playerId: number, count: number) {
    const base = Date.UTC(2026, 0, 1)
    for (let i = 0; i < count; i++) {
      await t.db.kysely
        .insertInto('withdrawal_orders')
        .values({
          id: `W${playerId}x${String(i).padStart(3, '0')}`,
          player_id: playerId,
          request_id: `req-${playerId}-${i}`,
          amount: 1000 + i,
          key_type: 'random',
          pix_key: '123e4567-e89b-12d3-a456-426614174000',
          holder_name: 'Ana Souza',
          // Three orders at each time: the id breaks the tie.
          status: 'failed',
          attempt: 1,
          sent_attempt: 1,
          end_to_end_id: null,
          fail_reason: null,
          created_at: base + Math.floor(i / 3) * 1000,
          updated_at: base,
        })
        .execute()
    }
  }

  it('walks the withdrawal history by cursor: every order once, newest first, the same pages as by number', async () => {
    await addOrders(player.userId, 23)
    await addOrders(other.userId, 5)
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    for (;;) {
      const page = (await player.call('/v1/bus/getAllWithdrawOrders', { pageSize: 5, ...(cursor ? { cursor } : {}) }))
        .data
      pages++
      expect(page.total).toBe(23)
      const byNumber = (await player.call('/v1/bus/getAllWithdrawOrders', { pageNum: pages, pageSize: 5 })).data
      expect(byNumber.orders).toEqual(page.orders)
      seen.push(...page.orders.map((o: { orderId: string }) => o.orderId))
      if (page.nextCursor === null) break
      cursor = page.nextCursor
    }
    expect(pages).toBe(5)
    const expected = Array.from({ length: 23 }, (_, i) => `W${player.userId}x${String(22 - i).padStart(3, '0')}`)
    expect(seen).toEqual(expected)
  })

  it('refuses a forged cursor with 400 and lists no one else’s refunds', async () => {
    for (const cursor of ['not*a*cursor', '12', '12.', '.W1', '1.W 1', `1.${'x'.repeat(81)}`, "1.W' or 1=1"]) {
      const res = await player.post('/v1/bus/getAllWithdrawOrders', { cursor })
      expect(res.statusCode, cursor).toBe(400)
      expect((await player.post('/charge/refund/list', { cursor })).statusCode).toBe(400)
    }
    const refunds = (await player.call('/charge/refund/list', {})).data
    expect(refunds).toMatchObject({ total: 0, refunds: [], nextCursor: null })
  })
})
