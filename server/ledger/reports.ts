// The ledger's side of the finance reports, read from its transfers only: what moved in one
// local day by category (deposits credited, withdrawals paid, PIX set aside for refund, bonuses
// granted, operator adjustments each way, and per game the stakes, wins and GGR), and every
// transfer of a period with its accounts, streamed in pages by (created_at, seq).
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { FinanceDay, FinanceFigures, GameTakings, ReportFigure } from '../../contract/ops.ts'
import { kindsOf, type TransferKind, transferKindFacts } from '../../contract/transfers.ts'
import type { Database } from '../db/schema.ts'

// Which kinds each figure adds up is the kind table's (contract/transfers.ts), never a list here.
const moneyKinds = [
  ...kindsOf('deposits'),
  ...kindsOf('withdrawals'),
  ...kindsOf('refunds'),
  ...kindsOf('bonuses'),
  ...kindsOf('adjustments'),
]
const stakeKinds = [...kindsOf('stakes'), ...kindsOf('wins')]

/**
 * A game figure's share of a transfer: stakes count money from players, wins money towards them.
 */
function gameAmount(kind: TransferKind, amount: number): number {
  const { report, sign } = transferKindFacts[kind]
  const fromPlayer = sign === '-'
  return (report === 'stakes') === fromPlayer ? amount : -amount
}

/** The round → game subquery the games module builds (the ledger joins it, never its table). */
export type RoundGames = SelectQueryBuilder<Database, never, { round_id: string; game_id: string }>

const zero = (): ReportFigure => ({ amount: 0, count: 0 })

/** One local day's figures, [start, end) being the day's instants in the market's zone. */
export async function financeDay(
  db: Kysely<Database>,
  roundGames: RoundGames,
  date: string,
  start: number,
  end: number,
): Promise<FinanceDay> {
  const toPlayer = sql<number>`case when c.player_id is null then 0 else 1 end`
  const [byKind, byGame] = await Promise.all([
    db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select((eb) => [
        't.kind',
        toPlayer.as('to_player'),
        eb.fn.sum<number>('t.amount').as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('t.created_at', '>=', start)
      .where('t.created_at', '<', end)
      .where('t.kind', 'in', moneyKinds)
      .groupBy(['t.kind', toPlayer])
      .execute(),
    db
      .selectFrom('ledger_transfers as t')
      .leftJoin(roundGames.as('r'), (join) =>
        join.on((eb) => eb(eb.ref('r.round_id'), '=', sql<string>`substr(${sql.ref('t.reference')}, 7)`)),
      )
      .select((eb) => [
        eb.fn.coalesce('r.game_id', sql<string>`''`).as('game_id'),
        't.kind',
        eb.fn.sum<number>('t.amount').as('amount'),
      ])
      .where('t.created_at', '>=', start)
      .where('t.created_at', '<', end)
      .where('t.kind', 'in', stakeKinds)
      .groupBy([sql`coalesce(r.game_id, '')`, 't.kind'])
      .execute(),
  ])
  const day: FinanceDay = { date, ...emptyFigures() }
  const add = (figure: ReportFigure, amount: number, count: number) => {
    figure.amount += amount
    figure.count += count
  }
  for (const row of byKind) {
    const amount = Number(row.amount)
    const count = Number(row.count)
    const report = transferKindFacts[row.kind].report
    if (report === 'adjustments')
      add(Number(row.to_player) === 1 ? day.adjustmentsCredited : day.adjustmentsDebited, amount, count)
    else if (report === 'deposits' || report === 'withdrawals' || report === 'refunds' || report === 'bonuses')
      add(day[report], amount, count)
  }
  const games = new Map<string, GameTakings>()
  for (const row of byGame) {
    const gameId = String(row.game_id)
    let game = games.get(gameId)
    if (!game) {
      game = { gameId, stakes: 0, wins: 0, ggr: 0 }
      games.set(gameId, game)
    }
    const amount = gameAmount(row.kind, Number(row.amount))
    if (transferKindFacts[row.kind].report === 'wins') game.wins += amount
    else game.stakes += amount
  }
  day.games = [...games.values()]
    .map((g) => ({ ...g, ggr: g.stakes - g.wins }))
    .sort((a, b) => a.gameId.localeCompare(b.gameId))
  for (const g of day.games) {
    day.stakes += g.stakes
    day.wins += g.wins
  }
  day.ggr = day.stakes - day.wins
  return day
}

/** Zero figures, to add days into. */
export function emptyFigures(): FinanceFigures {
  return {
    deposits: zero(),
    withdrawals: zero(),
    refunds: zero(),
    bonuses: zero(),
    adjustmentsCredited: zero(),
    adjustmentsDebited: zero(),
    games: [],
    stakes: 0,
    wins: 0,
    ggr: 0,
  }
}

/** The sum of several days' figures (games merged by id). */
export function sumFigures(days: readonly FinanceFigures[]): FinanceFigures {
  const total = emptyFigures()
  const games = new Map<string, GameTakings>()
  for (const day of days) {
    for (const key of [
      'deposits',
      'withdrawals',
      'refunds',
      'bonuses',
      'adjustmentsCredited',
      'adjustmentsDebited',
    ] as const) {
      total[key].amount += day[key].amount
      total[key].count += day[key].count
    }
    for (const g of day.games) {
      const known = games.get(g.gameId) ?? { gameId: g.gameId, stakes: 0, wins: 0, ggr: 0 }
      known.stakes += g.stakes
      known.wins += g.wins
      known.ggr += g.ggr
      games.set(g.gameId, known)
    }
    total.stakes += day.stakes
    total.wins += day.wins
    total.ggr += day.ggr
  }
  total.games = [...games.values()].sort((a, b) => a.gameId.localeCompare(b.gameId))
  return total
}

export interface ReportTransfer {
  seq: number
  id: string
  kind: TransferKind
  debitAccount: string
  debitPlayerId: number | null
  creditAccount: string
  creditPlayerId: number | null
  amount: number
  reference: string | null
  createdAt: number
}

/** Every transfer made in [start, end), oldest first, read `pageSize` at a time (never the period at once). */
export async function* transfersBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
  pageSize = 1000,
  from: { at: number; seq: number } | null = null,
): AsyncGenerator<ReportTransfer> {
  // The cursor starts just before the period's first instant (every seq is positive), or after
  // the transfer a caller resuming a stream stopped at.
  let after = from ?? { at: start, seq: 0 }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select([
        't.seq',
        't.id',
        't.kind',
        't.amount',
        't.reference',
        't.created_at',
        'd.code as debit_code',
        'd.player_id as debit_player_id',
        'c.code as credit_code',
        'c.player_id as credit_player_id',
      ])
      .where('t.created_at', '>=', start)
      .where('t.created_at', '<', end)
      .where((eb) =>
        eb.or([
          eb('t.created_at', '>', cursor.at),
          eb.and([eb('t.created_at', '=', cursor.at), eb('t.seq', '>', cursor.seq)]),
        ]),
      )
      .orderBy('t.created_at')
      .orderBy('t.seq')
      .limit(pageSize)
      .execute()
    for (const r of rows)
      yield {
        seq: Number(r.seq),
        id: r.id,
        kind: r.kind,
        debitAccount: r.debit_code,
        debitPlayerId: r.debit_player_id === null ? null : Number(r.debit_player_id),
        creditAccount: r.credit_code,
        creditPlayerId: r.credit_player_id === null ? null : Number(r.credit_player_id),
        amount: Number(r.amount),
        reference: r.reference,
        createdAt: Number(r.created_at),
      }
    const last = rows.at(-1)
    if (rows.length < pageSize || !last) return
    after = { at: Number(last.created_at), seq: Number(last.seq) }
  }
}

/**
 * Money in, out and staked between two instants, straight from the transfers (the annual AML
 * report), each figure adding up the kinds the kind table gives it, as the finance report does.
 */
export async function moneyBetween(db: Kysely<Database>, start: number, end: number) {
  const figures = ['deposits', 'withdrawals', 'refunds', 'stakes', 'wins'] as const
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .select((eb) => ['t.kind', eb.fn.sum<number>('t.amount').as('amount'), eb.fn.countAll<number>().as('count')])
    .where('t.created_at', '>=', start)
    .where('t.created_at', '<', end)
    .where('t.kind', 'in', [...figures.flatMap((figure) => kindsOf(figure))])
    .groupBy('t.kind')
    .execute()
  const of = (figure: (typeof figures)[number]) => {
    let amount = 0
    let count = 0
    for (const row of rows)
      if (transferKindFacts[row.kind].report === figure) {
        const sum = Number(row.amount)
        amount += figure === 'stakes' || figure === 'wins' ? gameAmount(row.kind, sum) : sum
        count += Number(row.count)
      }
    return { amount, count }
  }
  return {
    deposits: of('deposits'),
    withdrawals: of('withdrawals'),
    refunds: of('refunds'),
    stakes: of('stakes').amount,
    wins: of('wins').amount,
  }
}
