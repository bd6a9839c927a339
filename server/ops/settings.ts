// Settings an admin changes in the console without a restart: the promotions master switch,
// per-reward switches and each reward's amount, the review threshold and SLA, deposit and
// withdrawal bounds, the money watch's thresholds, and the games switched off (with their reason;
// set through the games route). A reward the market's rules forbid (contract/market-rules.ts)
// reads as switched off and cannot be switched on: the refusal names the rule. The env
// values are the defaults; a change is a row in `runtime_settings` (audited in the same
// transaction), applied to the running config at once and by every other instance within
// SETTINGS_POLL_MS. Modules read these values from `app.config` at each request, so nothing else
// changes.
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { findGame } from '../../contract/games/catalog.ts'
import { marketPromotionBans } from '../../contract/market-rules.ts'
import { gameOffReasons } from '../../contract/ops.ts'
import { type PromotionKey, promotionKeys } from '../../contract/promotion-keys.ts'
import { type Actor, type AuditRecord, writeAudit } from '../audit/audit.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'

export const SETTINGS_POLL_MS = 5000

const amount = z.number().int().min(0).max(100_000_000)
/** A reward's amount: at most R$ 10.000, a bound no promotion here comes near. */
const rewardAmount = z.number().int().min(1).max(1_000_000)

/** A switched-off game: why (players read it in their language), since when, by whom. */
const gameOff = z.strictObject({
  reason: z.enum(gameOffReasons),
  at: z.number().int().nonnegative(),
  by: z.string().max(200),
})
const gamesOff = z
  .record(z.string().max(40), gameOff)
  .refine((map) => Object.keys(map).every((id) => findGame(id) !== undefined), 'unknown game')

/** A reward amount kept at `config.promotions[field]`. */
function rewardAt(field: 'giftAmount' | 'taskReward' | 'inviteReward' | 'downloadReward') {
  return {
    schema: rewardAmount,
    read: (c: Config) => c.promotions[field],
    write: (c: Config, v: number) => {
      c.promotions[field] = v
    },
  }
}

/** The config's numeric fields a setting may change, by section. */
interface NumberFields {
  withdrawals: 'reviewAbove' | 'reviewMinutes' | 'min' | 'dailyMax'
  deposits: 'min' | 'max'
  risk:
    | 'lookbackDays'
    | 'minPlayPercent'
    | 'maxPayers'
    | 'maxPayoutKeys'
    | 'linkedAccounts'
    | 'cyclesPerDay'
    | 'structuringPercent'
    | 'structuringCount'
    | 'stakeJumpFactor'
}

/** A number setting kept at `config[section][field]`. */
function numberAt<S extends keyof NumberFields>(section: S, field: NumberFields[S], schema: z.ZodNumber) {
  const fields = (c: Config) => c[section] as Record<NumberFields[S], number>
  return {
    schema,
    read: (c: Config) => fields(c)[field],
    write: (c: Config, v: number) => {
      fields(c)[field] = v
    },
  }
}

/** Each setting: its schema and where it lives in the config. */
export const settingDefinitions = {
  'promotions.enabled': {
    schema: z.boolean(),
    read: (c: Config) => c.promotions.enabled,
    write: (c: Config, v: boolean) => {
      c.promotions.enabled = v
    },
  },
  'promotions.disabled': {
    schema: z.array(z.enum(promotionKeys)).max(promotionKeys.length),
    // What is off in this market: the switched-off rewards and those its rules forbid.
    read: (c: Config) => [
      ...new Set([...c.promotions.disabled, ...marketPromotionBans[c.market.country].map((ban) => ban.key)]),
    ],
    write: (c: Config, v: PromotionKey[]) => {
      c.promotions.disabled = [...new Set(v)]
    },
  },
  'promotions.giftAmount': rewardAt('giftAmount'),
  'promotions.taskReward': rewardAt('taskReward'),
  'promotions.inviteReward': rewardAt('inviteReward'),
  'promotions.downloadReward': rewardAt('downloadReward'),
  /** Days 1–7 of the sign-in calendar. */
  'promotions.signInDaily': {
    schema: z.array(rewardAmount).length(7),
    read: (c: Config) => [...c.promotions.signIn.daily],
    write: (c: Config, v: number[]) => {
      c.promotions.signIn.daily = [...v]
    },
  },
  'promotions.signInStreakBonus': {
    schema: z.number().int().min(0).max(1_000_000),
    read: (c: Config) => c.promotions.signIn.streakBonus,
    write: (c: Config, v: number) => {
      c.promotions.signIn.streakBonus = v
    },
  },
  'games.off': {
    schema: gamesOff,
    read: (c: Config) => structuredClone(c.gamesOff),
    write: (c: Config, v: z.output<typeof gamesOff>) => {
      c.gamesOff = structuredClone(v)
    },
  },
  'withdrawals.reviewAbove': numberAt('withdrawals', 'reviewAbove', amount),
  // Inside the 120-minute payout rule, with time left to pay.
  'withdrawals.reviewMinutes': numberAt('withdrawals', 'reviewMinutes', z.number().int().min(1).max(110)),
  'withdrawals.min': numberAt('withdrawals', 'min', amount.min(1)),
  'withdrawals.dailyMax': numberAt('withdrawals', 'dailyMax', amount.min(1)),
  'deposits.min': numberAt('deposits', 'min', amount.min(1)),
  'deposits.max': numberAt('deposits', 'max', amount.min(1)),
  // The money watch's thresholds (server/risk/rules.ts), with the bounds of their env variables.
  'risk.lookbackDays': numberAt('risk', 'lookbackDays', z.number().int().min(1).max(90)),
  'risk.minPlayPercent': numberAt('risk', 'minPlayPercent', z.number().int().min(0).max(1000)),
  'risk.maxPayers': numberAt('risk', 'maxPayers', z.number().int().min(2).max(50)),
  'risk.maxPayoutKeys': numberAt('risk', 'maxPayoutKeys', z.number().int().min(2).max(50)),
  'risk.linkedAccounts': numberAt('risk', 'linkedAccounts', z.number().int().min(2).max(50)),
  'risk.cyclesPerDay': numberAt('risk', 'cyclesPerDay', z.number().int().min(2).max(50)),
  'risk.structuringPercent': numberAt('risk', 'structuringPercent', z.number().int().min(1).max(50)),
  'risk.structuringCount': numberAt('risk', 'structuringCount', z.number().int().min(2).max(50)),
  'risk.stakeJumpFactor': numberAt('risk', 'stakeJumpFactor', z.number().int().min(2).max(100)),
} as const

export type SettingKey = keyof typeof settingDefinitions
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[]
/** What `/settings/set` changes; a game is switched off or on through the games route, with its reason. */
export const settableKeys = settingKeys.filter((key) => key !== 'games.off')

type Values = Record<SettingKey, unknown>

function readAll(config: Config): Values {
  return Object.fromEntries(settingKeys.map((k) => [k, settingDefinitions[k].read(config)])) as Values
}

function applyValue(config: Config, key: SettingKey, value: unknown): void {
  const definition = settingDefinitions[key]
  const parsed = definition.schema.safeParse(value)
  // A row another version wrote that this one cannot read keeps the current value.
  if (parsed.success) (definition.write as (c: Config, v: unknown) => void)(config, parsed.data)
}

/** Min/max pairs must stay in order. */
function consistent(values: Values): boolean {
  return (
    (values['withdrawals.min'] as number) <= (values['withdrawals.dailyMax'] as number) &&
    (values['deposits.min'] as number) <= (values['deposits.max'] as number)
  )
}

/**
 * Switching on a reward the market's rules forbid (leaving it out of the switched-off list) is
 * refused with the rule's name: the law decides, not a setting (Portaria SPA/MF 1.231/2024 art. 42
 * § 1º in Brazil). A 403, so the operator scope audits the attempt.
 */
function refuseForbiddenRewards(config: Config, disabled: readonly PromotionKey[]): void {
  const ban = marketPromotionBans[config.market.country].find((b) => !disabled.includes(b.key))
  if (ban) throw new HttpRefusal(403, 'market_rule_forbids', { promotion: ban.key, rule: ban.rule })
}

export class RuntimeSettings {
  readonly #db: Kysely<Database>
  readonly #config: Config
  readonly #defaults: Values
  #timer: NodeJS.Timeout | undefined

  constructor(db: Kysely<Database>, config: Config) {
    this.#db = db
    this.#config = config
    this.#defaults = structuredClone(readAll(config))
  }

  /** Applies the stored values over the env defaults (a removed row returns to the default). */
  async load(): Promise<void> {
    const rows = await this.#db.selectFrom('runtime_settings').selectAll().execute()
    const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]))
    for (const key of settingKeys)
      applyValue(this.#config, key, stored.has(key) ? stored.get(key) : this.#defaults[key])
  }

  async view() {
    const rows = await this.#db.selectFrom('runtime_settings').selectAll().execute()
    return {
      values: readAll(this.#config),
      defaults: this.#defaults,
      changed: rows.map((r) => ({ key: r.key, updatedAt: Number(r.updated_at), updatedBy: r.updated_by })),
      unavailable: marketPromotionBans[this.#config.market.country].map((ban) => ({ ...ban })),
    }
  }

  async set(key: SettingKey, value: unknown, actor: Actor, reason: string, now: number) {
    return this.update(key, value, actor, now, (before, after) => ({
      action: 'settings.set',
      objectType: 'setting',
      objectId: key,
      before,
      after,
      reason,
    }))
  }

  /**
   * Stores a setting with the audit row `record` makes of its value before and after, in one
   * transaction, and applies it here at once.
   */
  async update(
    key: SettingKey,
    value: unknown,
    actor: Actor,
    now: number,
    record: (before: unknown, after: unknown) => AuditRecord,
  ) {
    const parsed = settingDefinitions[key].schema.safeParse(value)
    if (!parsed.success) throw new Refusal('invalid_request', { key })
    if (key === 'promotions.disabled') refuseForbiddenRewards(this.#config, parsed.data as PromotionKey[])
    const before = readAll(this.#config)
    if (!consistent({ ...before, [key]: parsed.data })) throw new Refusal('invalid_request', { key, order: 'min_max' })
    await this.#db.transaction().execute(async (trx) => {
      const row = { key, value: JSON.stringify(parsed.data), updated_at: now, updated_by: actor.name }
      await trx
        .insertInto('runtime_settings')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute()
      await writeAudit(trx, actor, record(before[key], parsed.data), now)
    })
    applyValue(this.#config, key, parsed.data)
    return this.view()
  }

  start(onError: (error: unknown) => void): void {
    this.#timer = setInterval(() => void this.load().catch(onError), SETTINGS_POLL_MS)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
  }
}
