// Concurrency: many debits racing for one balance, and one transfer id replayed concurrently.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '../../tests/support/server.ts'
import { createTestLedger, type TestLedger } from '../../tests/support/test-ledger.ts'
import { auditLedger } from './audit.ts'
import { LedgerError } from './errors.ts'
import { bet } from './wallet.ts'

describe.each(engines)('ledger concurrency on %s', (engine) => {
  let t: TestLedger
  let player: number
  beforeEach(async () => {
    t = await createTestLedger(engine)
    player = await t.newPlayer()
    await t.ledger.transfer({
      id: 'fund',
      debit: { house: 'adjustments' },
      credit: { player, code: 'cash' },
      amount: 1000,
      kind: 'adjustment',
    })
  })
  afterEach(async () => {
    await t.drop()
  })

  it('lets exactly the covered number of 50 concurrent debits succeed', async () => {
    // 1000 covers 13 debits of 75 (975), not 14.
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.ledger.transfer({
          id: `debit-${i}`,
          debit: { player, code: 'cash' },
          credit: { house: 'game' },
          amount: 75,
          kind: 'bet',
        }),
      ),
    )
    const succeeded = attempts.filter((a) => a.status === 'fulfilled')
    const refused = attempts.filter((a) => a.status === 'rejected')
    expect(succeeded).toHaveLength(13)
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_funds' })
    expect((await t.ledger.balances(player)).cash).toBe(25)
    expect(await auditLedger(t.db.kysely)).toMatchObject({ ok: true, sumOfBalances: 0 })
  })

  it('lets exactly the covered number of 50 concurrent wallet bets succeed', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.ledger.transact((tx) => bet(tx, { playerId: player, transactionId: `b${i}`, roundId: `r${i}`, amount: 75 })),
      ),
    )
    expect(outcomes.filter((o) => o.ok)).toHaveLength(13)
    expect(outcomes.filter((o) => !o.ok && o.reason === 'insufficient_funds')).toHaveLength(37)
    expect((await t.ledger.balances(player)).cash).toBe(25)
    expect(await auditLedger(t.db.kysely)).toMatchObject({ ok: true, sumOfBalances: 0 })
  })

  it('applies a transfer id replayed 10 times concurrently once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.ledger.transfer({
          id: 'once',
          debit: { player, code: 'cash' },
          credit: { house: 'game' },
          amount: 400,
          kind: 'bet',
        }),
      ),
    )
    const flat = results.flat()
    expect(flat.filter((r) => !r.replayed)).toHaveLength(1)
    expect(new Set(flat.map((r) => r.seq)).size).toBe(1)
    expect((await t.ledger.balances(player)).cash).toBe(600)
    const rows = await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', 'once').execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses a concurrent replay with other content without applying it', async () => {
    const results = await Promise.allSettled([
      t.ledger.transfer({
        id: 'x',
        debit: { player, code: 'cash' },
        credit: { house: 'game' },
        amount: 100,
        kind: 'bet',
      }),
      t.ledger.transfer({
        id: 'x',
        debit: { player, code: 'cash' },
        credit: { house: 'game' },
        amount: 200,
        kind: 'bet',
      }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toBeInstanceOf(LedgerError)
    expect(rejected.reason.code).toBe('idempotency_conflict')
    expect([900, 800]).toContain((await t.ledger.balances(player)).cash)
  })
})
