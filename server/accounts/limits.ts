// Responsible gaming (SPEC 8): deposit limits per calendar day / week / month and
// self-exclusion. A lower limit applies at once; a higher one (or removing it) waits 24 hours,
// so a limit cannot be lifted on impulse. Self-exclusion can only be lengthened, never shortened.
import type { Kysely } from 'kysely'
import {
  type DepositLimitSetting,
  type LimitPeriod,
  type LimitsView,
  limitPeriods,
  type selfExclusionDurations,
} from '../../contract/limits.ts'
import type { Database } from '../db/schema.ts'

export const LIMIT_RAISE_DELAY_MS = 24 * 3600_000

const kindOf = (period: LimitPeriod) => `deposit_${period}`

type LimitRow = Database['player_limits']

/** The row as it stands at `now`: a pending change whose time has come is in force. */
function settle(row: LimitRow | undefined, now: number): Omit<DepositLimitSetting, 'period'> {
  if (!row) return { amount: null, pending: null }
  if (row.pending_from !== null && Number(row.pending_from) <= now) {
    return { amount: nullableNumber(row.pending_amount), pending: null }
  }
  return {
    amount: nullableNumber(row.amount),
    pending:
      row.pending_from === null ? null : { amount: nullableNumber(row.pending_amount), from: Number(row.pending_from) },
  }
}

const nullableNumber = (value: number | null) => (value === null ? null : Number(value))

export async function readDepositLimits(db: Kysely<Database>, playerId: number, now: number) {
  const rows = await db.selectFrom('player_limits').selectAll().where('player_id', '=', playerId).execute()
  return limitPeriods.map((period) => ({
    period,
    ...settle(
      rows.find((r) => r.kind === kindOf(period)),
      now,
    ),
  }))
}

export async function setDepositLimit(
  db: Kysely<Database>,
  playerId: number,
  period: LimitPeriod,
  amount: number | null,
  now: number,
): Promise<DepositLimitSetting> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('player_limits')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('kind', '=', kindOf(period))
      .executeTakeFirst()
    const current = settle(row, now).amount
    const tighter = amount !== null && (current === null || amount <= current)
    const values = tighter
      ? { amount, pending_amount: null, pending_from: null, updated_at: now }
      : { amount: current, pending_amount: amount, pending_from: now + LIMIT_RAISE_DELAY_MS, updated_at: now }
    await trx
      .insertInto('player_limits')
      .values({ player_id: playerId, kind: kindOf(period), ...values })
      .onConflict((oc) => oc.columns(['player_id', 'kind']).doUpdateSet(values))
      .execute()
    return {
      period,
      amount: values.amount,
      pending: values.pending_from === null ? null : { amount: values.pending_amount, from: values.pending_from },
    }
  })
}

const durationMs: Record<(typeof selfExclusionDurations)[number], number | null> = {
  '24h': 24 * 3600_000,
  '7d': 7 * 24 * 3600_000,
  '30d': 30 * 24 * 3600_000,
  permanent: null,
}

export interface SelfExclusion {
  startedAt: number
  /** Null: permanent. */
  until: number | null
}

export async function activeSelfExclusion(
  db: Kysely<Database>,
  playerId: number,
  now: number,
): Promise<SelfExclusion | null> {
  const row = await db.selectFrom('self_exclusions').selectAll().where('player_id', '=', playerId).executeTakeFirst()
  if (!row) return null
  const until = nullableNumber(row.until)
  if (until !== null && until <= now) return null
  return { startedAt: Number(row.started_at), until }
}

/** Starts or lengthens a self-exclusion; a shorter one than in force leaves it as it is. */
export async function selfExclude(
  db: Kysely<Database>,
  playerId: number,
  duration: (typeof selfExclusionDurations)[number],
  now: number,
): Promise<SelfExclusion> {
  const length = durationMs[duration]
  const until = length === null ? null : now + length
  const current = await activeSelfExclusion(db, playerId, now)
  if (current && (current.until === null || (until !== null && until <= current.until))) return current
  const values = { started_at: current?.startedAt ?? now, until }
  await db
    .insertInto('self_exclusions')
    .values({ player_id: playerId, ...values })
    .onConflict((oc) => oc.column('player_id').doUpdateSet(values))
    .execute()
  return { startedAt: values.started_at, until }
}

export async function readLimits(db: Kysely<Database>, playerId: number, now: number): Promise<LimitsView> {
  return {
    deposit: await readDepositLimits(db, playerId, now),
    selfExclusion: await activeSelfExclusion(db, playerId, now),
  }
}
