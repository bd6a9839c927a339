// The ledger's rules on each engine: idempotent transfers, no overdraft, holds resolved once,
// the bonus model, the seamless-wallet answers, the outbox, transactions committed together
// (SQLite's group commit) failing alone, and sharded house accounts summing to the account.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '../../tests/support/server.ts'
import { createTestLedger, type TestLedger } from '../../tests/support/test-ledger.ts'
import { AccountDirectory, houseBalance } from './accounts.ts'
import { auditLedger } from './audit.ts'
import { grantBonus, knowWagering } from './bonus.ts'
import { LedgerError } from './errors.ts'
import { hold, postHold, voidHold } from './holds.ts'
import { Ledger } from './ledger.ts'
import { bet, rollback, win } from './wallet.ts'

describe.each(engines)('ledger on %s', (engine) => {
  let t: TestLedger
  let player: number
  beforeEach(async () => {
    t = await createTestLedger(engine)
    player = await t.newPlayer()
  })
  afterEach(async () => {
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
    await t.drop()
  })

  const fund = (amount: number, id = `fund-${amount}-${Math.random()}`) =>
    t.ledger.transfer({
      id,
      debit: { house: 'adjustments' },
      credit: { player, code: 'cash' },
      amount,
      kind: 'adjustment',
    })

  it('moves money between two accounts and records balances after', async () => {
    const [result] = await fund(5000, 'f1')
    expect(result).toMatchObject({
      id: 'f1',
      amount: 5000,
      creditBalanceAfter: 5000,
      debitBalanceAfter: -5000,
      replayed: false,
    })
    expect(await t.ledger.balances(player)).toEqual({ cash: 5000, bonus: 0, withdrawalHold: 0, total: 5000 })
    expect(t.committed).toEqual([[player]])
    const outbox = await t.db.kysely.selectFrom('outbox').selectAll().execute()
    expect(outbox.map((o) => [o.topic, Number(o.player_id)])).toEqual([['balance', player]])
  })

  it('commits concurrent transactions together, each still all or nothing: one that fails leaves the others', async () => {
    await fund(10_000, 'pot')
    const attempts = Array.from({ length: 40 }, (_, i) =>
      t.ledger.transact(async (tx) => {
        await tx.transfer({
          id: `bet-${i}`,
          debit: { player, code: 'cash' },
          credit: { house: 'game' },
          amount: 100,
          kind: 'bet',
        })
        // Every third one fails after moving money: its transfer must not stay.
        if (i % 3 === 0) throw new Error(`refused ${i}`)
        return i
      }),
    )
    const results = await Promise.allSettled(attempts)
    const kept = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    expect(kept).toEqual(Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 3 !== 0))
    const stored = await t.db.kysely.selectFrom('ledger_transfers').select('id').where('kind', '=', 'bet').execute()
    expect(stored.map((r) => r.id).sort()).toEqual(kept.map((i) => `bet-${i}`).sort())
    expect((await t.ledger.balances(player)).cash).toBe(10_000 - 100 * kept.length)
  })

  it('keeps a sharded house account as the sum of its shards; a transfer names its shard', async () => {
    const accounts = new AccountDirectory(t.db.kysely, { houseShards: 4 })
    await accounts.ensureHouseAccounts(Date.now())
    const sharded = new Ledger({ db: t.db.kysely, engine, sqlite: t.db.sqlite, accounts, now: () => Date.now() })
    await fund(1000)
    for (const [i, shard] of [1, 2, 6].entries())
      await sharded.transfer({
        id: `shard-bet-${i}`,
        debit: { player, code: 'cash' },
        credit: { house: 'game', shard },
        amount: 100 * (i + 1),
        kind: 'bet',
      })
    expect(await houseBalance(t.db.kysely, 'game')).toBe(600)
    const shards = await sharded.transact((tx) => tx.lockHouse('game'))
    // Shard 6 is shard 2 of four.
    expect(shards).toEqual([
      { shard: 0, balance: 0 },
      { shard: 1, balance: 100 },
      { shard: 2, balance: 500 },
      { shard: 3, balance: 0 },
    ])
    expect(await sharded.transact((tx) => tx.houseBalance('game'))).toBe(600)
    expect(await houseBalance(t.db.kysely, 'jackpot_pool')).toBe(0)
  })

  it('returns the first result for a repeated id and refuses the id with other content', async () => {
    const [first] = await fund(700, 'same')
    const [again] = await fund(700, 'same')
    expect(again).toEqual({ ...first, replayed: true })
    await expect(fund(701, 'same')).rejects.toMatchObject({ code: 'idempotency_conflict' })
    expect((await t.ledger.balances(player)).cash).toBe(700)
  })

  it('replays a repeated debit id even when the balance no longer covers it, without moving money', async () => {
    await fund(1000, 'seed')
    const spend = () =>
      t.ledger.transfer({
        id: 'spend-all',
        debit: { player, code: 'cash' },
        credit: { house: 'game' },
        amount: 1000,
        kind: 'bet',
      })
    const [first] = await spend()
    const [again] = await spend()
    expect(again).toEqual({ ...first, replayed: true })
    expect((await t.ledger.balances(player)).cash).toBe(0)
  })

  it('never lets a player balance go negative and leaves nothing half-written', async () => {
    await fund(1000)
    const spend = (id: string, amount: number) =>
      t.ledger.transfer(
        {
          id: `${id}-in`,
          debit: { house: 'adjustments' },
          credit: { player, code: 'bonus' },
          amount: 1,
          kind: 'adjustment',
        },
        { id, debit: { player, code: 'cash' }, credit: { house: 'game' }, amount, kind: 'bet' },
      )
    await expect(spend('too-much', 1001)).rejects.toMatchObject({
      code: 'insufficient_funds',
      details: { balance: 1000 },
    })
    // The first transfer of the failed batch was rolled back with it.
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 1000, bonus: 0 })
    expect(
      await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', 'too-much-in').execute(),
    ).toEqual([])
    await spend('exact', 1000)
    expect((await t.ledger.balances(player)).cash).toBe(0)
  })

  it('refuses amounts that are not positive whole centavos', async () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(fund(amount)).rejects.toBeInstanceOf(LedgerError)
    }
  })

  it('holds, then posts or voids each hold exactly once', async () => {
    await fund(10_000)
    await t.ledger.transact((tx) => hold(tx, { id: 'h1', playerId: player, amount: 6000, reference: 'order:1' }))
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 4000, withdrawalHold: 6000, total: 4000 })
    await t.ledger.transact((tx) => postHold(tx, { id: 'p1', holdId: 'h1' }))
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 4000, withdrawalHold: 0 })
    await expect(t.ledger.transact((tx) => voidHold(tx, { id: 'v1', holdId: 'h1' }))).rejects.toMatchObject({
      code: 'hold_already_resolved',
    })
    // Replaying the post is the same result, not a second post.
    const replay = await t.ledger.transact((tx) => postHold(tx, { id: 'p1', holdId: 'h1' }))
    expect(replay.replayed).toBe(true)

    await t.ledger.transact((tx) => hold(tx, { id: 'h2', playerId: player, amount: 4000 }))
    await t.ledger.transact((tx) => voidHold(tx, { id: 'v2', holdId: 'h2' }))
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 4000, withdrawalHold: 0 })
    await expect(t.ledger.transact((tx) => postHold(tx, { id: 'p2', holdId: 'h2' }))).rejects.toMatchObject({
      code: 'hold_already_resolved',
    })
    await expect(t.ledger.transact((tx) => postHold(tx, { id: 'p3', holdId: 'nope' }))).rejects.toMatchObject({
      code: 'hold_not_found',
    })
  })

  it('bets cash first then bonus, pays wins in the same proportion, converts bonus when wagering is met', async () => {
    await fund(300)
    await t.ledger.transact((tx) =>
      grantBonus(tx, { id: 'gift', playerId: player, amount: 700, wageringMultiplier: 2, kind: 'new_player_gift' }),
    )
    // requirement 1400
    const placed = await t.ledger.transact((tx) =>
      bet(tx, { playerId: player, transactionId: 'b1', roundId: 'r1', amount: 1000 }),
    )
    expect(placed).toMatchObject({ ok: true, cashPart: 300, bonusPart: 700 })
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 0, bonus: 0 })
    const won = await t.ledger.transact((tx) =>
      win(tx, { playerId: player, transactionId: 'w1', roundId: 'r1', amount: 2001 }),
    )
    expect(won).toMatchObject({ ok: true, bonusPart: 1400, cashPart: 601 })
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 601, bonus: 1400 })

    // 1000 of 1400 wagered; a bet of 400 completes it and the bonus becomes cash.
    await t.ledger.transact((tx) => bet(tx, { playerId: player, transactionId: 'b2', roundId: 'r2', amount: 400 }))
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 1601, bonus: 0 })
    const conversion = await t.db.kysely
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('kind', '=', 'bonus_conversion')
      .execute()
    expect(conversion.map((c) => Number(c.amount))).toEqual([1400])
  })

  it('answers the wallet protocol: duplicates, insufficient funds, unknown and rolled-back bets', async () => {
    await fund(500)
    const placeBet = (transactionId: string, roundId: string, amount: number) =>
      t.ledger.transact((tx) => bet(tx, { playerId: player, transactionId, roundId, amount }))
    const payWin = (transactionId: string, roundId: string, amount: number) =>
      t.ledger.transact((tx) => win(tx, { playerId: player, transactionId, roundId, amount }))
    const undo = (transactionId: string, roundId: string) =>
      t.ledger.transact((tx) => rollback(tx, { playerId: player, transactionId, roundId }))

    expect(await placeBet('b1', 'r1', 200)).toMatchObject({ ok: true, replayed: false })
    expect(await placeBet('b1', 'r1', 200)).toMatchObject({ ok: true, replayed: true })
    expect((await t.ledger.balances(player)).cash).toBe(300)
    expect(await placeBet('b2', 'r2', 301)).toEqual({
      ok: false,
      reason: 'insufficient_funds',
      balance: { cash: 300, bonus: 0 },
    })

    expect(await payWin('w-x', 'unknown-round', 100)).toMatchObject({ ok: false, reason: 'bet_not_found' })
    expect(await payWin('w1', 'r1', 50)).toMatchObject({ ok: true })
    expect(await payWin('w1', 'r1', 50)).toMatchObject({ ok: true, replayed: true })
    expect(await payWin('w2', 'r1', 50)).toMatchObject({ ok: false, reason: 'round_settled' })
    expect(await undo('b1', 'r1')).toMatchObject({ ok: false, reason: 'round_settled' })

    expect(await placeBet('b3', 'r3', 100)).toMatchObject({ ok: true })
    expect(await undo('b3', 'r3')).toMatchObject({ ok: true, replayed: false })
    expect(await undo('b3', 'r3')).toMatchObject({ ok: true, replayed: true })
    expect(await payWin('w3', 'r3', 100)).toMatchObject({ ok: false, reason: 'bet_rolled_back' })

    // A rollback that arrives before its bet is remembered; the late bet is refused.
    expect(await undo('b4', 'r4')).toMatchObject({ ok: true })
    expect(await placeBet('b4', 'r4', 100)).toMatchObject({ ok: false, reason: 'bet_rolled_back' })
    expect((await t.ledger.balances(player)).cash).toBe(350)

    // The remembered rollback of another id in a round does not hide that round's real bet.
    expect(await placeBet('b5', 'r5', 50)).toMatchObject({ ok: true })
    expect(await undo('b6', 'r5')).toMatchObject({ ok: true })
    expect(await payWin('w5', 'r5', 80)).toMatchObject({ ok: true })
    expect((await t.ledger.balances(player)).cash).toBe(380)
  })

  /** A bet of `amount` from the player's cash to the game house. */
  const betOf = (id: string, amount: number) =>
    ({ id, debit: { player, code: 'cash' }, credit: { house: 'game' }, amount, kind: 'bet' }) as const
  /** `amount` from a house account to the player's cash. */
  const creditOf = (id: string, amount: number, from: 'game' | 'adjustments', kind: 'win' | 'adjustment') =>
    ({ id, debit: { house: from }, credit: { player, code: 'cash' }, amount, kind }) as const

  it("writes postings at the end with each row's balances after it, sees them inside the transaction, and refuses a debit the lock does not cover", async () => {
    await fund(1000, 'pot')
    const house = await t.ledger.transact((tx) => tx.houseBalance('game'))
    const inside = await t.ledger.transact(async (tx) => {
      await tx.lockPlayer(player)
      for (const [i, amount] of [300, 200].entries()) await tx.post(betOf(`p-bet-${i}`, amount))
      await tx.post(creditOf('p-win', 50, 'game', 'win'))
      // Queued, not written: the balances and the house account already count them.
      const written = await tx.trx.selectFrom('ledger_transfers').select('id').where('id', 'like', 'p-%').execute()
      return {
        written: written.length,
        balance: await tx.lockPlayer(player),
        house: await tx.houseBalance('game'),
        atCommit: tx.houseBalanceAtCommit('game'),
      }
    })
    expect(inside.written).toBe(0)
    expect(inside.balance).toEqual({ cash: 550, bonus: 0 })
    expect(inside.house).toBe(house + 450)
    expect(await inside.atCommit).toBe(house + 450)
    const rows = await t.db.kysely
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', 'in', ['p-bet-0', 'p-bet-1', 'p-win'])
      .orderBy('seq')
      .execute()
    expect(rows.map((r) => [r.id, Number(r.debit_balance_after), Number(r.credit_balance_after)])).toEqual([
      ['p-bet-0', 700, house + 300],
      ['p-bet-1', 500, house + 500],
      ['p-win', house + 450, 550],
    ])
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 550, total: 550 })
    // A debit the locked balance does not cover is refused at once; nothing of the transaction stays.
    await expect(
      t.ledger.transact(async (tx) => {
        await tx.lockPlayer(player)
        await tx.post(betOf('p-ok', 500))
        await tx.post(betOf('p-over', 51))
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds', details: { balance: 50, amount: 51 } })
    expect(await t.ledger.balances(player)).toMatchObject({ cash: 550 })
    expect(await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', 'p-ok').execute()).toEqual([])
  })

  it('posts to an account of a player it has not locked as an ordinary transfer, written at once', async () => {
    await t.ledger.transact(async (tx) => {
      await tx.post(creditOf('unlocked', 70, 'adjustments', 'adjustment'))
      const row = await tx.trx
        .selectFrom('ledger_transfers')
        .select('id')
        .where('id', '=', 'unlocked')
        .executeTakeFirst()
      expect(row?.id).toBe('unlocked')
    })
    expect((await t.ledger.balances(player)).cash).toBe(70)
  })

  it('starts the transaction again when a guarded deferred write finds its row changed, and reads several queries together', async () => {
    await fund(100, 'f-guard')
    let tries = 0
    const read = await t.ledger.transact(async (tx) => {
      tries++
      const together = await tx.readTogether({
        wagering: tx.trx.selectFrom('bonus_wagering').selectAll().where('player_id', '=', player),
        accounts: tx.trx.selectFrom('ledger_accounts').select(['code', 'balance']).where('player_id', '=', player),
      })
      // The first try expects a row that is not there (as a nonce moved meanwhile would be).
      tx.defer(
        tx.trx
          .updateTable('bonus_wagering')
          .set({ wagered: 0 })
          .where('player_id', '=', tries === 1 ? -1 : player)
          .returning('player_id'),
        { expectRows: tries === 1 ? 1 : 0 },
      )
      return together
    })
    expect(tries).toBe(2)
    expect(read.wagering).toEqual([])
    const cash = read.accounts.find((row) => row.code === 'cash')
    expect(Number(cash?.balance)).toBe(100)
  })

  it('a bet placed and rolled back in one transaction, its row written at the end, stays rolled back', async () => {
    await fund(1000, 'f-roll')
    await t.ledger.transact(async (tx) => {
      await tx.lockPlayer(player)
      knowWagering(tx, player, [])
      expect(
        await bet(tx, {
          playerId: player,
          transactionId: 'b-roll',
          roundId: 'r-roll',
          amount: 300,
          newTransaction: true,
        }),
      ).toMatchObject({ ok: true })
      expect(await rollback(tx, { playerId: player, transactionId: 'b-roll', roundId: 'r-roll' })).toMatchObject({
        ok: true,
        replayed: false,
      })
    })
    const row = await t.db.kysely
      .selectFrom('wallet_bets')
      .selectAll()
      .where('transaction_id', '=', 'b-roll')
      .executeTakeFirstOrThrow()
    expect(row.state).toBe('rolled_back')
    expect((await t.ledger.balances(player)).cash).toBe(1000)
  })
})
