// Responsible gaming: the player's limits — deposits and net loss per calendar
// day / week / month, minutes of play per day and per play session, the reality-check interval —
// and self-exclusion. A tighter setting applies at once; a looser one (or removing it) waits
// 24 hours, so a limit cannot be lifted on impulse. Self-exclusion can only be lengthened, never
// shortened. Every change goes into the player's own append-only history (`limit_events`).
import { type Kysely, sql } from 'kysely'
import {
  type DepositLimitSetting,
  type LimitActor,
  type LimitEvent,
  type LimitEventKind,
  type LimitPeriod,
  type LimitSettingKind,
  limitPeriods,
  type MinutesSetting,
  REALITY_CHECK_DEFAULT_MINUTES,
  type RealityCheckChoice,
  type SelfExclusionDuration,
} from '../../contract/limits.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { registerGateRows } from '../sigap/gate.ts'
import type { AccountHolds } from './account-holds.ts'

export const LIMIT_RAISE_DELAY_MS = 24 * 3600_000

export type SettingKind = LimitSettingKind
export type Actor = LimitActor

type LimitRow = Database['player_limits']
interface Setting {
  /** In force now; null = none (for the reality check: the default interval). */
  value: number | null
  pending: { value: number | null; from: number } | null
}

/** The row as it stands at `now`: a pending change whose time has come is in force. */
function settle(row: LimitRow | undefined, now: number): Setting {
  if (!row) return { value: null, pending: null }
  if (row.pending_from !== null && Number(row.pending_from) <= now) {
    return { value: nullableNumber(row.pending_amount), pending: null }
  }
  return {
    value: nullableNumber(row.amount),
    pending:
      row.pending_from === null ? null : { value: nullableNumber(row.pending_amount), from: Number(row.pending_from) },
  }
}

const nullableNumber = (value: number | null) => (value === null ? null : Number(value))

/** Every setting of a player as it stands at `now`. */
export async function readSettings(db: Kysely<Database>, playerId: number, now: number) {
  const rows = await db.selectFrom('player_limits').selectAll().where('player_id', '=', playerId).execute()
  return settingsOf(rows, now)
}

export type Settings = (kind: SettingKind) => Setting

export function settingsOf(rows: LimitRow[], now: number): Settings {
  return (kind) =>
    settle(
      rows.find((r) => r.kind === kind),
      now,
    )
}

export interface AccountGate {
  holds: AccountHolds
  /** The barred-person register has not cleared the player (server/sigap/gate.ts). */
  registerBlocked: boolean
  exclusion: SelfExclusion | null
  setting: Settings
  /** The player confirmed being 18 or older. */
  adultConfirmed: boolean
}

type GateRow = { kind: string; a: number | string | null; b: number | string | null; c: number | string | null }

/**
 * What a spin checks of the player's account in one statement (it runs on every spin, together
 * with the spin's other reads; `accountGateOf` reads its rows): the operator's holds, a
 * self-exclusion in force, every limit setting, the 18+ confirmation and the barred-person
 * register's standing.
 */
export function accountGateQuery(playerId: number) {
  return sql<GateRow>`
    select 'hold' as kind, frozen_at as a, closed_at as b, adult_confirmed_at as c from players where id = ${playerId}
    union all
    select 'closing', closing_at, cast(null as bigint), cast(null as bigint) from players where id = ${playerId} and closing_at is not null
    union all
    select 'exclusion', started_at, until, cast(null as bigint) from self_exclusions where player_id = ${playerId}
    union all
    select kind, amount, pending_amount, pending_from from player_limits where player_id = ${playerId}
    union all
    ${registerGateRows(playerId)}`
}

/** The account gate from the rows of `accountGateQuery`. */
export function accountGateOf(rows: readonly GateRow[], playerId: number, now: number): AccountGate {
  const num = (value: number | string | null) => (value === null ? null : Number(value))
  const hold = rows.find((row) => row.kind === 'hold')
  const excluded = rows.find((row) => row.kind === 'exclusion')
  const until = excluded ? num(excluded.b) : null
  const limits: LimitRow[] = rows
    .filter(
      (row) => row.kind !== 'hold' && row.kind !== 'closing' && row.kind !== 'exclusion' && row.kind !== 'register',
    )
    .map((row) => ({
      player_id: playerId,
      // The union's other rows are filtered out above: what is left is a setting's row.
      kind: row.kind as SettingKind,
      amount: num(row.a),
      pending_amount: num(row.b),
      pending_from: num(row.c),
      updated_at: 0,
    }))
  return {
    holds: {
      frozenAt: hold ? num(hold.a) : null,
      closedAt: hold ? num(hold.b) : null,
      closingAt: num(rows.find((row) => row.kind === 'closing')?.a ?? null),
    },
    registerBlocked: rows.some((row) => row.kind === 'register' && Number(row.a) === 1),
    exclusion: excluded && (until === null || until > now) ? { startedAt: Number(excluded.a), until } : null,
    setting: settingsOf(limits, now),
    adultConfirmed: hold ? hold.c !== null : false,
  }
}

/**
 * Nothing is played before the player confirmed 18+ and set the registration's mandatory limits
 * (Portaria SPA/MF 1.231/2024 art. 31 as amended by 2.579/2025: a player without them is
 * restricted until they do), for a gate already read.
 */
export function refuseBeforeRegistration(gate: Pick<AccountGate, 'adultConfirmed' | 'setting'>): void {
  if (!gate.adultConfirmed) throw new Refusal('age_not_confirmed')
  if (!mandatoryKinds.every((kind) => gate.setting(kind).value !== null)) {
    throw new Refusal('registration_limits_required')
  }
}

/**
 * The limits Portaria SPA/MF 2.579/2025 makes mandatory fields of the registration (a daily loss
 * limit and a daily time limit): without both in force no deposit is taken, and once set they
 * can be raised or lowered but not removed.
 */
export const mandatoryKinds = ['loss_day', 'time_day'] as const satisfies SettingKind[]

const isMandatory = (kind: SettingKind) => (mandatoryKinds as readonly SettingKind[]).includes(kind)

/** Whether the player has both mandatory limits in force at `now`. */
export async function mandatoryLimitsSet(db: Kysely<Database>, playerId: number, now: number): Promise<boolean> {
  const setting = await readSettings(db, playerId, now)
  return mandatoryKinds.every((kind) => setting(kind).value !== null)
}

/** Null is the loosest setting, except for the reality check, whose null is the default interval. */
function isTighter(kind: SettingKind, next: number | null, current: number | null): boolean {
  if (kind === 'reality_check')
    return (next ?? REALITY_CHECK_DEFAULT_MINUTES) <= (current ?? REALITY_CHECK_DEFAULT_MINUTES)
  return next !== null && (current === null || next <= current)
}

/** Sets one limit (inside the caller's transaction) and records it in the player's history. */
export async function setSetting(
  trx: Kysely<Database>,
  playerId: number,
  kind: SettingKind,
  value: number | null,
  now: number,
  actor: Actor = 'player',
): Promise<Setting> {
  const row = await trx
    .selectFrom('player_limits')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  const current = settle(row, now).value
  if (value === null && current !== null && isMandatory(kind)) throw new Refusal('limit_required', { kind })
  const values = isTighter(kind, value, current)
    ? { amount: value, pending_amount: null, pending_from: null, updated_at: now }
    : { amount: current, pending_amount: value, pending_from: now + LIMIT_RAISE_DELAY_MS, updated_at: now }
  await trx
    .insertInto('player_limits')
    .values({ player_id: playerId, kind, ...values })
    .onConflict((oc) => oc.columns(['player_id', 'kind']).doUpdateSet(values))
    .execute()
  const result: Setting = {
    value: values.amount,
    pending: values.pending_from === null ? null : { value: values.pending_amount, from: values.pending_from },
  }
  await recordLimitEvent(
    trx,
    playerId,
    kind,
    { asked: value, inForce: result.value, pending: result.pending },
    actor,
    now,
  )
  return result
}

/** Several settings at once, all or none. */
export function setSettings(
  db: Kysely<Database>,
  playerId: number,
  changes: { kind: SettingKind; value: number | null }[],
  now: number,
  actor: Actor = 'player',
) {
  const run = async (trx: Kysely<Database>) => {
    for (const change of changes) await setSetting(trx, playerId, change.kind, change.value, now, actor)
  }
  return db.isTransaction ? run(db) : db.transaction().execute(run)
}

export async function recordLimitEvent(
  db: Kysely<Database>,
  playerId: number,
  kind: LimitEventKind,
  detail: Record<string, unknown>,
  actor: Actor,
  now: number,
) {
  await db
    .insertInto('limit_events')
    .values({ player_id: playerId, kind, detail: JSON.stringify(detail), actor, created_at: now })
    .execute()
}

/** The player's history of limit changes and exclusions, newest first. */
export async function limitHistory(db: Kysely<Database>, playerId: number, max = 50): Promise<LimitEvent[]> {
  const rows = await db
    .selectFrom('limit_events')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(max)
    .execute()
  return rows.map((row) => ({
    kind: row.kind,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    actor: row.actor,
    at: Number(row.created_at),
  }))
}

/**
 * Every pause and self-exclusion the player asked for or an operator extended, newest first
 * (the operator's view; the player's own history shows the latest 50 changes of every kind).
 */
export async function exclusionHistory(db: Kysely<Database>, playerId: number, max = 500) {
  const rows = await db
    .selectFrom('limit_events')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('kind', '=', 'self_exclusion')
    .orderBy('id', 'desc')
    .limit(max)
    .execute()
  return rows.map((row) => {
    const detail = JSON.parse(row.detail) as {
      duration?: string
      reason?: string
      until: number | null
      previous?: SelfExclusion | null
      kept: boolean
    }
    return {
      at: Number(row.created_at),
      actor: row.actor,
      /** The player's choice (24h … permanent); null for an operator's extension, which has a reason. */
      duration: detail.duration ?? null,
      reason: detail.reason ?? null,
      /** In force after this request (null: permanent); `kept` when a shorter request left it as it was. */
      until: detail.until,
      /** The exclusion in force before this request (null: none). */
      previous: detail.previous ?? null,
      kept: detail.kept,
    }
  })
}

export async function readDepositLimits(db: Kysely<Database>, playerId: number, now: number) {
  const setting = await readSettings(db, playerId, now)
  return limitPeriods.map((period) => asAmount(period, setting(`deposit_${period}`)))
}

export function asAmount(period: LimitPeriod, setting: Setting): DepositLimitSetting {
  return {
    period,
    amount: setting.value,
    pending: setting.pending && { amount: setting.pending.value, from: setting.pending.from },
  }
}

export function asMinutes(setting: Setting): MinutesSetting {
  return {
    minutes: setting.value,
    pending: setting.pending && { minutes: setting.pending.value, from: setting.pending.from },
  }
}

export async function setDepositLimit(
  db: Kysely<Database>,
  playerId: number,
  period: LimitPeriod,
  amount: number | null,
  now: number,
): Promise<DepositLimitSetting> {
  const setting = await db.transaction().execute((trx) => setSetting(trx, playerId, `deposit_${period}`, amount, now))
  return asAmount(period, setting)
}

const DAY_MS = 24 * 3600_000
const durationMs: Record<SelfExclusionDuration, number | null> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '6m': 183 * DAY_MS,
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
  duration: SelfExclusionDuration,
  now: number,
): Promise<SelfExclusion> {
  const length = durationMs[duration]
  return excludeUntil(db, playerId, length === null ? null : now + length, now, 'player', { duration })
}

/**
 * Excludes the player until `until` (null: permanent), never shortening an exclusion in force;
 * the change (or the refusal to shorten) is recorded in the player's history.
 */
export function excludeUntil(
  db: Kysely<Database>,
  playerId: number,
  until: number | null,
  now: number,
  actor: Actor,
  detail: Record<string, unknown>,
): Promise<SelfExclusion> {
  return db.transaction().execute(async (trx) => {
    const current = await activeSelfExclusion(trx, playerId, now)
    const shorter = current !== null && (current.until === null || (until !== null && until <= current.until))
    const result = shorter ? current : { startedAt: current?.startedAt ?? now, until }
    if (!shorter) {
      const values = { started_at: result.startedAt, until: result.until }
      await trx
        .insertInto('self_exclusions')
        .values({ player_id: playerId, ...values })
        .onConflict((oc) => oc.column('player_id').doUpdateSet(values))
        .execute()
    }
    await recordLimitEvent(
      trx,
      playerId,
      'self_exclusion',
      { ...detail, until: result.until, previous: current, kept: shorter },
      actor,
      now,
    )
    return result
  })
}

/** The last answer to a reality check in a play session that started at `since`. */
export async function lastRealityCheck(db: Kysely<Database>, playerId: number, since: number) {
  const row = await db
    .selectFrom('reality_checks')
    .select(['answer', 'answered_at'])
    .where('player_id', '=', playerId)
    .where('answered_at', '>=', since)
    .orderBy('answered_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row ? { answer: row.answer, at: Number(row.answered_at) } : null
}

export async function recordRealityCheck(
  db: Kysely<Database>,
  answer: { playerId: number; sessionId: string; answer: RealityCheckChoice; playedMs: number; net: number },
  now: number,
) {
  await db
    .insertInto('reality_checks')
    .values({
      player_id: answer.playerId,
      session_id: answer.sessionId,
      answer: answer.answer,
      played_ms: answer.playedMs,
      net: answer.net,
      answered_at: now,
    })
    .execute()
}

/** The latest reality-check answers (the operator's view). */
export async function realityCheckAnswers(db: Kysely<Database>, playerId: number, max = 50) {
  const rows = await db
    .selectFrom('reality_checks')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(max)
    .execute()
  return rows.map((row) => ({
    sessionId: row.session_id,
    answer: row.answer,
    playedMs: Number(row.played_ms),
    net: Number(row.net),
    at: Number(row.answered_at),
  }))
}
