// A long past for one player, written in bulk: `rounds` spins (a 1.00 bet and a 1.00 win each,
// so every balance ends where it began) as ledger transfers with their balances after, and the
// rounds themselves (and their day rows). For the tests and the growth bench that show a cost does not grow with
// history; writing 100 k spins through the spin path would take minutes.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../server/db/database.ts'
import { rebuildPlayDays } from '../../server/games/play-days.ts'
import type { AccountDirectory } from '../../server/ledger/accounts.ts'

export interface HistoryOptions {
  playerId: number
  rounds: number
  gameId?: string
  /** The market's time zone the day rows are counted in (the config's default unless given). */
  timeZone?: string
  /** The first round's time; each next one `stepMs` later. */
  from: number
  stepMs?: number
}

export async function addSpinHistory(db: Db, accounts: AccountDirectory, options: HistoryOptions): Promise<void> {
  const { playerId, rounds, from } = options
  const step = options.stepMs ?? 1000
  const gameId = options.gameId ?? 'gol-de-placa'
  const k = db.kysely
  const ids = await accounts.playerAccountIds(k, playerId)
  const game = await k
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('player_id', 'is', null)
    .where('code', '=', 'game')
    .executeTakeFirstOrThrow()
  const cash = await k
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', ids.cash)
    .executeTakeFirstOrThrow()
  const balance = Number(cash.balance)
  const house = Number(game.balance)
  if (balance < 100) throw new Error('the player needs at least 1.00 in cash to have a history')
  const prefix = `hist${randomBytes(4).toString('hex')}`
  const last = rounds - 1
  await k.transaction().execute(async (trx) => {
    const seed = await trx
      .insertInto('fair_seeds')
      .values({
        player_id: playerId,
        server_seed: 'history',
        server_seed_hash: 'history',
        client_seed: 'history',
        next_nonce: rounds,
        created_at: from,
        revealed_at: from + rounds * step,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Bet then win, round after round: the insert order is the seq order.
    await sql`
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${last}),
        leg(k) as (select 0 union all select 1)
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference,
        debit_balance_after, credit_balance_after, created_at)
      select cast(${prefix} as text) || ':' || i || (case when k = 0 then ':bet' else ':win' end),
        case when k = 0 then cast(${ids.cash} as bigint) else cast(${Number(game.id)} as bigint) end,
        case when k = 0 then cast(${Number(game.id)} as bigint) else cast(${ids.cash} as bigint) end,
        100, case when k = 0 then 'bet' else 'win' end, 'round:' || cast(${prefix} as text) || i,
        case when k = 0 then cast(${balance - 100} as bigint) else cast(${house} as bigint) end,
        case when k = 0 then cast(${house + 100} as bigint) else cast(${balance} as bigint) end,
        cast(${from} as bigint) + i * cast(${step} as bigint)
      from n cross join leg order by i, k`.execute(trx)
    await sql`
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${last})
      insert into game_rounds (id, player_id, session_id, request_id, game_id, game_version, bet, stops,
        free_spins, win, jackpot_win, jackpot_contribution, balance_before, balance_after, seed_id,
        server_seed_hash, client_seed, nonce, created_at)
      select cast(${prefix} as text) || i, cast(${playerId} as bigint), cast(${prefix} as text), cast(${prefix} as text) || i, cast(${gameId} as text), 1, 100, '[]', '[]', 100, 0, 0,
        cast(${balance} as bigint), cast(${balance} as bigint), cast(${Number(seed.id)} as bigint), 'history', 'history', i, cast(${from} as bigint) + i * cast(${step} as bigint)
      from n`.execute(trx)
  })
  // The day rows the spin would have kept (play-days.ts), counted from the rounds just written.
  await rebuildPlayDays(k, options.timeZone ?? 'America/Sao_Paulo', playerId)
  // What autovacuum does after a bulk load on a live server: planner statistics for the new rows.
  if (db.engine === 'postgres') await sql`analyze ledger_transfers, game_rounds`.execute(k)
  else await sql`analyze`.execute(k)
}
