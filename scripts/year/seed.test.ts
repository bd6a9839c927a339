import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLedger } from '../../server/ledger/audit.ts'
import { buildTestApp, createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { secondaryIndexes } from './deferred-indexes.ts'
import { replaySample } from './replay-sample.ts'
import { seedYear } from './seed.ts'

describe.each(engines)('a small year seeded on %s', (engine) => {
  let testDb: TestDb | undefined
  afterEach(async () => {
    await testDb?.drop()
    testDb = undefined
  })

  it('keeps the ledger conserved, its balances-after in order, and rounds that replay through fair.ts', async () => {
    testDb = await createTestDb(engine)
    const { db } = testDb
    const k = db.kysely
    await sql`select 1`.execute(k)
    const tables = ['players', 'ledger_transfers', 'game_rounds', 'wallet_bets', 'deposit_orders', 'withdrawal_orders']
    const indexesBefore = await secondaryIndexes(db, tables)
    const counts = await seedYear(db, { players: 2000, rounds: 40_000 })
    // The indexes dropped for the load are made again, the same ones.
    expect(indexesBefore.length).toBeGreaterThan(10)
    expect(await secondaryIndexes(db, tables)).toEqual(indexesBefore)
    expect(counts.players).toBe(2000)
    // Exactly the rounds asked for: a player short of the bet pays in again, and each session
    // makes up what the ones before fell behind.
    expect(counts.rounds).toBe(40_000)
    expect(counts.deposits).toBeGreaterThanOrEqual(4000)
    expect(counts.withdrawals).toBe(1000)

    const rows = async (table: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(k)).rows[0]?.n)
    expect(await rows('game_rounds')).toBe(counts.rounds)
    expect(await rows('ledger_transfers')).toBe(counts.transfers)
    expect(await rows('deposit_orders')).toBe(counts.deposits)
    expect(await rows('withdrawal_orders')).toBe(counts.withdrawals)
    expect(await rows('wallet_bets')).toBe(counts.rounds)

    // Conservation by the ledger's own audit (what `npm run restore` runs), then spelled out:
    const audit = await auditLedger(k)
    expect(audit).toMatchObject({ ok: true, sumOfBalances: 0, mismatchedAccounts: [], negativePlayerAccounts: [] })
    expect(audit.transfers).toBe(counts.transfers)
    // every transfer debits one account what it credits another, so the accounts
    // sum to zero, and each account's balance is its credits less its debits.
    const total = await sql<{ s: number }>`select sum(balance) as s from ledger_accounts`.execute(k)
    expect(Number(total.rows[0]?.s)).toBe(0)
    const off = await sql<{ n: number }>`
      select count(*) as n from ledger_accounts a
      where a.balance <> coalesce((select sum(amount) from ledger_transfers where credit_account_id = a.id), 0)
                       - coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id), 0)`.execute(
      k,
    )
    expect(Number(off.rows[0]?.n)).toBe(0)
    // Each account's last transfer leaves it at its balance.
    const lastAfter = await sql<{ n: number }>`
      select count(*) as n from ledger_accounts a
      join (select account, max(seq) as seq from (
              select debit_account_id as account, seq from ledger_transfers
              union all select credit_account_id, seq from ledger_transfers) m group by account) l on l.account = a.id
      join ledger_transfers t on t.seq = l.seq
      where a.balance <> case when t.debit_account_id = a.id then t.debit_balance_after else t.credit_balance_after end`.execute(
      k,
    )
    expect(Number(lastAfter.rows[0]?.n)).toBe(0)
    // The rounds' money is the transfers': bets and wins as the rounds record them.
    const bets = await sql<{ s: number }>`select sum(amount) as s from ledger_transfers where kind = 'bet'`.execute(k)
    const roundBets = await sql<{
      s: number
      w: number
    }>`select sum(bet) as s, sum(win + jackpot_win) as w from game_rounds`.execute(k)
    const wins = await sql<{ s: number }>`select sum(amount) as s from ledger_transfers where kind = 'win'`.execute(k)
    expect(Number(bets.rows[0]?.s)).toBe(Number(roundBets.rows[0]?.s))
    expect(Number(wins.rows[0]?.s)).toBe(Number(roundBets.rows[0]?.w))

    // A sample of rounds replays: the committed hash is the seed's, and fair.ts gives the same stops and win.
    const replayed = await replaySample(k, sql<boolean>`${sql.ref('game_rounds.nonce')} % 97 = 3`)
    expect(replayed.sampled).toBeGreaterThan(50)
    expect(replayed.differing).toEqual([])
    // The day rows count the rounds.
    const days = await sql<{ r: number }>`select sum(rounds) as r from game_play_days`.execute(k)
    expect(Number(days.rows[0]?.r)).toBe(counts.rounds)

    // The sandbox PSP received each deposit the ledger took in: the app's reconciliation, run over
    // the last days of the year, finds every PIX confirmed and writes no alert.
    const recent = await sql<{
      n: number
    }>`select count(*) as n from pix_payments where paid_at >= ${Date.now() - 47 * 3600_000}`.execute(k)
    expect(Number(recent.rows[0]?.n)).toBeGreaterThan(0)
    const app = await buildTestApp(db, { HARM_POLL_MS: '0' })
    try {
      await app.payments.deposits.reconcile()
      expect(app.payments.deposits.unconfirmedCentavos).toBe(0)
      const alerts = await sql<{
        n: number
      }>`select count(*) as n from audit_log where action = 'payments.pix_unconfirmed'`.execute(k)
      expect(Number(alerts.rows[0]?.n)).toBe(0)
      expect(await rows('pix_payments')).toBe(counts.deposits)
    } finally {
      await app.close()
    }
  }, 180_000)
})
