// Each player's rounds, bets and wins per local day (market time zone) and game, kept by the spin
// in its own transaction (flat cost with history). Readers that would sum a player's
// rounds — the loss limits on every spin, the limits and activity views, play tasks, the
// history's total — read these day rows instead: their cost follows the days played in the
// window, not the rounds. A window that starts inside a day (the last 7 days from now) takes that
// first day's part from the rounds themselves, which costs at most a day of one player's rounds.
import { type Kysely, sql } from 'kysely'
import type { LimitPeriod } from '../../contract/limits.ts'
import type { Database } from '../db/schema.ts'
import { localDate, periodEnd, periodStart, periodStartDate } from '../lib/periods.ts'

export interface PlayedRound {
  playerId: number
  gameId: string
  createdAt: number
  bet: number
  /** Everything the round paid: win and jackpot. */
  paid: number
}

/** Counts one round into its day, in the caller's (the spin's) transaction. */
export function countRound(trx: Kysely<Database>, round: PlayedRound, timeZone: string) {
  return trx
    .insertInto('game_play_days')
    .values({
      player_id: round.playerId,
      day: localDate(round.createdAt, timeZone),
      game_id: round.gameId,
      rounds: 1,
      bets: round.bet,
      wins: round.paid,
    })
    .onConflict((oc) =>
      oc.columns(['player_id', 'day', 'game_id']).doUpdateSet({
        rounds: sql`game_play_days.rounds + 1`,
        bets: sql`game_play_days.bets + ${round.bet}`,
        wins: sql`game_play_days.wins + ${round.paid}`,
      }),
    )
}

/** Net loss (bets − wins) per calendar period so far, from the day rows: one statement. */
export async function lossByPeriod(
  db: Kysely<Database>,
  playerId: number,
  now: number,
  timeZone: string,
): Promise<Record<LimitPeriod, number>> {
  return lossesOf(await lossByPeriodQuery(db, playerId, now, timeZone).execute())
}

/** `lossByPeriod`'s statement, for a caller that runs it together with others. */
export function lossByPeriodQuery(db: Kysely<Database>, playerId: number, now: number, timeZone: string) {
  const from = (period: LimitPeriod) => periodStartDate(period, now, timeZone)
  const [day, week, month] = [from('day'), from('week'), from('month')]
  return db
    .selectFrom('game_play_days')
    .select([
      sql<number | string | null>`sum(case when day >= ${day} then bets - wins else 0 end)`.as('day'),
      sql<number | string | null>`sum(case when day >= ${week} then bets - wins else 0 end)`.as('week'),
      sql<number | string | null>`sum(case when day >= ${month} then bets - wins else 0 end)`.as('month'),
    ])
    .where('player_id', '=', playerId)
    .where('day', '>=', week < month ? week : month)
}

type LossRow = { day: number | string | null; week: number | string | null; month: number | string | null }

/** The losses per period from the row of `lossByPeriodQuery`. */
export function lossesOf(rows: readonly LossRow[]): Record<LimitPeriod, number> {
  const row = rows[0]
  return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) }
}

export interface PlayDay {
  date: string
  rounds: number
  bets: number
  wins: number
}

/**
 * The player's rounds since `since` per local day, oldest first: whole days from the day rows,
 * the part of the first day from `since` on from the rounds (when `since` is not a midnight).
 */
export async function playDaysSince(
  db: Kysely<Database>,
  playerId: number,
  since: number,
  timeZone: string,
): Promise<PlayDay[]> {
  const firstDay = localDate(since, timeZone)
  const partial = since > 0 && since !== periodStart('day', since, timeZone)
  const [whole, edge] = await Promise.all([
    db
      .selectFrom('game_play_days')
      .select([
        'day',
        (eb) => eb.fn.sum<number | string>('rounds').as('rounds'),
        (eb) => eb.fn.sum<number | string>('bets').as('bets'),
        (eb) => eb.fn.sum<number | string>('wins').as('wins'),
      ])
      .where('player_id', '=', playerId)
      .where('day', partial ? '>' : '>=', firstDay)
      .groupBy('day')
      .orderBy('day')
      .execute(),
    partial
      ? db
          .selectFrom('game_rounds')
          .select([
            (eb) => eb.fn.countAll<number | string>().as('rounds'),
            (eb) => eb.fn.sum<number | string | null>('bet').as('bets'),
            sql<number | string | null>`sum(win + jackpot_win)`.as('wins'),
          ])
          .where('player_id', '=', playerId)
          .where('created_at', '>=', since)
          .where('created_at', '<', periodEnd('day', since, timeZone))
          .executeTakeFirst()
      : undefined,
  ])
  const days: PlayDay[] = whole.map((row) => ({
    date: row.day,
    rounds: Number(row.rounds),
    bets: Number(row.bets),
    wins: Number(row.wins),
  }))
  if (edge && Number(edge.rounds) > 0) {
    days.unshift({ date: firstDay, rounds: Number(edge.rounds), bets: Number(edge.bets), wins: Number(edge.wins) })
  }
  return days
}

/** `playDaysSince` for a batch of players in two queries: each player's days, oldest first. */
export async function playDaysSinceFor(
  db: Kysely<Database>,
  playerIds: readonly number[],
  since: number,
  timeZone: string,
): Promise<Map<number, PlayDay[]>> {
  const byPlayer = new Map<number, PlayDay[]>()
  if (playerIds.length === 0) return byPlayer
  const firstDay = localDate(since, timeZone)
  const partial = since > 0 && since !== periodStart('day', since, timeZone)
  const [whole, edges] = await Promise.all([
    db
      .selectFrom('game_play_days')
      .select([
        'player_id',
        'day',
        (eb) => eb.fn.sum<number | string>('rounds').as('rounds'),
        (eb) => eb.fn.sum<number | string>('bets').as('bets'),
        (eb) => eb.fn.sum<number | string>('wins').as('wins'),
      ])
      .where('player_id', 'in', playerIds)
      .where('day', partial ? '>' : '>=', firstDay)
      .groupBy(['player_id', 'day'])
      .orderBy('day')
      .execute(),
    partial
      ? db
          .selectFrom('game_rounds')
          .select([
            'player_id',
            (eb) => eb.fn.countAll<number | string>().as('rounds'),
            (eb) => eb.fn.sum<number | string | null>('bet').as('bets'),
            sql<number | string | null>`sum(win + jackpot_win)`.as('wins'),
          ])
          .where('player_id', 'in', playerIds)
          .where('created_at', '>=', since)
          .where('created_at', '<', periodEnd('day', since, timeZone))
          .groupBy('player_id')
          .execute()
      : [],
  ])
  for (const edge of edges) {
    if (Number(edge.rounds) === 0) continue
    const bets = Number(edge.bets ?? 0)
    const wins = Number(edge.wins ?? 0)
    byPlayer.set(Number(edge.player_id), [{ date: firstDay, rounds: Number(edge.rounds), bets, wins }])
  }
  for (const row of whole) {
    const id = Number(row.player_id)
    const list = byPlayer.get(id) ?? []
    list.push({ date: row.day, rounds: Number(row.rounds), bets: Number(row.bets), wins: Number(row.wins) })
    byPlayer.set(id, list)
  }
  return byPlayer
}

/** Every round the player has played (the history's total): one row per day and game summed. */
export async function roundTotal(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('game_play_days')
    .select((eb) => eb.fn.sum<number | string | null>('rounds').as('total'))
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}

/** Per game, the player's rounds in all and on the local day `today` (play tasks count them). */
export async function roundCountsByGame(db: Kysely<Database>, playerId: number, gameIds: string[], today: string) {
  if (gameIds.length === 0) return []
  const rows = await db
    .selectFrom('game_play_days')
    .select([
      'game_id',
      (eb) => eb.fn.sum<number | string>('rounds').as('total'),
      sql<number | string | null>`sum(case when day = ${today} then rounds else 0 end)`.as('today'),
    ])
    .where('player_id', '=', playerId)
    .where('game_id', 'in', gameIds)
    .groupBy('game_id')
    .execute()
  return rows.map((row) => ({ gameId: row.game_id, total: Number(row.total), since: Number(row.today ?? 0) }))
}

const QUARTER_HOUR_MS = 15 * 60_000

/**
 * Recounts the day rows from the rounds (all players, or one): the migration that made the table,
 * and tests that write rounds in bulk. Rounds are grouped in SQL by quarter hour — every time
 * zone's offset is a whole number of quarter hours — and only those groups are dated here.
 */
export async function rebuildPlayDays(db: Kysely<Database>, timeZone: string, playerId?: number): Promise<void> {
  let query = db
    .selectFrom('game_rounds')
    .select([
      'player_id',
      'game_id',
      sql<number | string>`created_at / ${sql.lit(QUARTER_HOUR_MS)}`.as('quarter'),
      (eb) => eb.fn.countAll<number | string>().as('rounds'),
      (eb) => eb.fn.sum<number | string>('bet').as('bets'),
      sql<number | string>`sum(win + jackpot_win)`.as('wins'),
    ])
    .groupBy(['player_id', 'game_id', sql`created_at / ${sql.lit(QUARTER_HOUR_MS)}`])
  if (playerId !== undefined) query = query.where('player_id', '=', playerId)
  const groups = await query.execute()
  const days = new Map<string, Database['game_play_days']>()
  for (const group of groups) {
    const day = localDate(Number(group.quarter) * QUARTER_HOUR_MS, timeZone)
    const key = `${group.player_id}|${day}|${group.game_id}`
    const row = days.get(key) ?? {
      player_id: Number(group.player_id),
      day,
      game_id: group.game_id,
      rounds: 0,
      bets: 0,
      wins: 0,
    }
    row.rounds += Number(group.rounds)
    row.bets += Number(group.bets)
    row.wins += Number(group.wins)
    days.set(key, row)
  }
  const write = async (trx: Kysely<Database>) => {
    let del = trx.deleteFrom('game_play_days')
    if (playerId !== undefined) del = del.where('player_id', '=', playerId)
    await del.execute()
    const rows = [...days.values()]
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('game_play_days')
        .values(rows.slice(i, i + 500))
        .execute()
    }
  }
  // The migration calls it inside its own transaction.
  await (db.isTransaction ? write(db) : db.transaction().execute(write))
}
