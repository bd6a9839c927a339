// The harm watch as a service: recomputes a player's markers and harm score from their records
// (never on the spin's path: the worker finds players whose records changed since its last run),
// opens the graded interventions the score's level calls for — 1 an in-app message with their own
// figures, 2 an offered cool-off, 3 an operator's contact task with a due time, 4 a mandatory
// pause (through accounts' pause, with the reason kept) — each audited in its own transaction;
// answers the player's side (their notices and history, accepting or declining) and the
// operators' (the worklist, a player's markers, lowering a score with a reason and a second
// person, the measured effect of each kind of intervention without personal data).
import type { Kysely, Selectable } from 'kysely'
import {
  type HarmEffect,
  type HarmEffectRow,
  type HarmIntervention,
  type HarmInterventionKind,
  type HarmInterventionStatus,
  type HarmMarker,
  type HarmNotices,
  type HarmPlayerView,
  type HarmRuleName,
  type HarmScoreReview,
  type HarmTaskList,
  type HarmTaskOutcome,
  harmInterventionKinds,
  harmRuleNames,
} from '../../contract/harm.ts'
import type { ReviewDecision } from '../../contract/ops.ts'
import { playersWithLimitEventsBetween } from '../accounts/harm-queries.ts'
import { excludeUntil } from '../accounts/limits.ts'
import { playerIdentities } from '../accounts/operator-queries.ts'
import { maskName } from '../accounts/verification.ts'
import { type Actor, writeAudit, writeAudits } from '../audit/audit.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { playersSeenBetween } from '../games/harm-queries.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { refuseUnlessIndependent } from '../ops/operator-grants.ts'
import { playersWithPaymentsBetween } from '../payments/harm-queries.ts'
import { Refusal } from '../refusal.ts'
import { playersWritingBetween } from '../support/harm-queries.ts'
import { behaviourBetween, DAY_MS, figuresOf, readHarmInputs } from './input.ts'
import { evaluateMarkers, type HarmInput, harmLevel, harmRules, harmScore } from './rules.ts'

const HOUR_MS = 3600_000
/** What the worker writes in the audit log as who acted. */
export const HARM_WATCH_ACTOR: Actor = { id: null, name: 'harm watch', ip: '' }
/** The intervention each level opens. */
export const levelKinds: Record<number, HarmInterventionKind> = {
  1: 'message',
  2: 'cool_off_offer',
  3: 'contact_task',
  4: 'mandatory_pause',
}
/** The cool-off a level-2 message offers with one tap (accounts' pause of this length). */
export const OFFERED_COOL_OFF = '24h' as const
/** The week compared before and after an intervention. */
export const EFFECT_DAYS = 7
/** A worker run holds its lease this long at most (another instance may take over after). */
const LEASE_MS = 10 * 60_000
/** Players with a score are recomputed at least this often, so a marker that stops firing lets it fall. */
const REFRESH_MS = HOUR_MS
/** Records written just before a run's end can commit after it: the next run looks back this far. */
const OVERLAP_MS = 60_000
/** Players recomputed together (read in one query per kind of record, written in one transaction). */
const BATCH = 500

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size))
  return parts
}

type InterventionRow = Database['harm_interventions']

export interface Recomputed {
  rawScore: number
  score: number
  level: number
  markers: HarmMarker[]
  opened: { id: number; kind: HarmInterventionKind; level: number }[]
}

const parseFired = (text: string) => (JSON.parse(text) as string[]).filter((r): r is HarmRuleName => r in harmRules)

function interventionOf(row: {
  id: number
  level: number
  kind: HarmInterventionKind
  status: string
  fired: string
  figures: string
  created_at: number
  resolved_at: number | null
}): HarmIntervention {
  return {
    id: Number(row.id),
    level: Number(row.level),
    kind: row.kind,
    status: row.status as HarmInterventionStatus,
    fired: parseFired(row.fired),
    figures: JSON.parse(row.figures),
    createdAt: Number(row.created_at),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
  }
}

export class HarmWatch {
  readonly #db: Kysely<Database>
  readonly #config: Config
  readonly #now: () => number

  constructor(db: Kysely<Database>, config: Config, now: () => number) {
    this.#db = db
    this.#config = config
    this.#now = now
  }

  /** Recomputes one player's markers and score, and opens the interventions their level calls for. */
  async recompute(playerId: number, now = this.#now()): Promise<Recomputed> {
    return (await this.recomputeMany([playerId], now)).get(playerId) as Recomputed
  }

  /**
   * Recomputes a batch of players: their records read with one query per kind for the whole batch,
   * every score and marker written in one transaction (a few statements), then the interventions
   * their levels call for — so a run over many players costs statements per batch, not per player.
   */
  async recomputeMany(playerIds: readonly number[], now = this.#now()): Promise<Map<number, Recomputed>> {
    const t = this.#config.harm
    const results = new Map<number, Recomputed>()
    if (playerIds.length === 0) return results
    const inputs = await readHarmInputs(this.#db, playerIds, now, this.#config.market.timeZone, t)
    const computed = playerIds.map((id) => {
      const input = inputs.get(id) as HarmInput
      const markers = evaluateMarkers(input, t)
      const fired = markers.filter((m) => m.fired).map((m) => m.rule)
      return { id, input, markers, fired, rawScore: harmScore(markers) }
    })
    const scores = await this.#db.transaction().execute(async (trx) => {
      const previous = new Map(
        (await trx.selectFrom('harm_scores').selectAll().where('player_id', 'in', playerIds).execute()).map((row) => [
          Number(row.player_id),
          row,
        ]),
      )
      const rows = computed.map((c) => {
        const before = previous.get(c.id)
        // A lowering two operators agreed holds until it expires or new evidence raises the raw score.
        const lowered =
          before !== undefined &&
          before.lowered_to !== null &&
          Number(before.lowered_until) > now &&
          c.rawScore <= Number(before.lowered_at_raw)
        const score = lowered ? Math.min(c.rawScore, Number(before.lowered_to)) : c.rawScore
        return {
          player_id: c.id,
          raw_score: c.rawScore,
          score,
          level: harmLevel(score, t.levels),
          fired: JSON.stringify(c.fired),
          computed_at: now,
          lowered_to: lowered ? before.lowered_to : null,
          lowered_at_raw: lowered ? before.lowered_at_raw : null,
          lowered_until: lowered ? before.lowered_until : null,
          lowered_reason: lowered ? before.lowered_reason : null,
        }
      })
      for (const part of chunks(rows, 2000))
        await trx
          .insertInto('harm_scores')
          .values(part)
          .onConflict((oc) =>
            oc.column('player_id').doUpdateSet((eb) => ({
              raw_score: eb.ref('excluded.raw_score'),
              score: eb.ref('excluded.score'),
              level: eb.ref('excluded.level'),
              fired: eb.ref('excluded.fired'),
              computed_at: eb.ref('excluded.computed_at'),
              lowered_to: eb.ref('excluded.lowered_to'),
              lowered_at_raw: eb.ref('excluded.lowered_at_raw'),
              lowered_until: eb.ref('excluded.lowered_until'),
              lowered_reason: eb.ref('excluded.lowered_reason'),
            })),
          )
          .execute()
      const markerRows = computed.flatMap((c) =>
        c.markers.map((m) => ({
          player_id: c.id,
          rule: m.rule,
          version: m.version,
          value: m.value,
          threshold: m.threshold,
          fired: m.fired ? 1 : 0,
          computed_at: now,
        })),
      )
      for (const part of chunks(markerRows, 4000))
        await trx
          .insertInto('harm_markers')
          .values(part)
          .onConflict((oc) =>
            oc.columns(['player_id', 'rule']).doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              value: eb.ref('excluded.value'),
              threshold: eb.ref('excluded.threshold'),
              fired: eb.ref('excluded.fired'),
              computed_at: eb.ref('excluded.computed_at'),
            })),
          )
          .execute()
      return new Map(rows.map((row) => [row.player_id, { score: row.score, level: row.level }]))
    })
    // The interventions: only players at a level, and only levels not opened within HARM_REPEAT_DAYS.
    const atLevel = computed.filter((c) => (scores.get(c.id)?.level ?? 0) > 0)
    const recent = new Set<string>()
    for (const part of chunks(atLevel, 2000)) {
      const rows = await this.#db
        .selectFrom('harm_interventions')
        .select(['player_id', 'level'])
        .where(
          'player_id',
          'in',
          part.map((c) => c.id),
        )
        .where('created_at', '>', now - t.repeatDays * DAY_MS)
        .execute()
      for (const row of rows) recent.add(`${Number(row.player_id)}:${Number(row.level)}`)
    }
    const opened = new Map<number, Recomputed['opened']>()
    const open = (playerId: number, id: number, level: number) => {
      const list = opened.get(playerId) ?? []
      list.push({ id, kind: levelKinds[level] as HarmInterventionKind, level })
      opened.set(playerId, list)
    }
    // Messages, offers and tasks of the whole batch in one transaction, each with its audit row; a
    // mandatory pause on its own (it goes through accounts' pause first).
    const due = atLevel.flatMap((c) => {
      const { score, level } = scores.get(c.id) as { score: number; level: number }
      return Array.from({ length: level }, (_, i) => i + 1)
        .filter((k) => !recent.has(`${c.id}:${k}`))
        .map((k) => ({ c, k, score }))
    })
    const plain = due.filter((d) => levelKinds[d.k] !== 'mandatory_pause')
    if (plain.length > 0)
      await this.#db.transaction().execute(async (trx) => {
        const items = plain.map(({ c, k, score }) => {
          const kind = levelKinds[k] as HarmInterventionKind
          const figures = figuresOf(c.input)
          return {
            row: {
              player_id: c.id,
              level: k,
              kind,
              status: 'open' as const,
              score,
              fired: JSON.stringify(c.fired),
              figures: JSON.stringify(figures),
              due_at: kind === 'contact_task' ? now + t.taskDueHours * HOUR_MS : null,
              created_at: now,
              resolved_at: null,
              resolved_by: null,
              outcome: null,
              effect: null,
              effect_at: null,
            },
            fired: c.fired,
            figures,
          }
        })
        // One statement per 1 000 interventions; a player has at most one of each level in a batch,
        // so the ids returned are matched by player and level.
        const ids = new Map<string, number>()
        for (const part of chunks(items, 1000)) {
          const returned = await trx
            .insertInto('harm_interventions')
            .values(part.map((item) => item.row))
            .returning(['id', 'player_id', 'level'])
            .execute()
          for (const r of returned) ids.set(`${Number(r.player_id)}:${Number(r.level)}`, Number(r.id))
        }
        const records = items.map(({ row, fired, figures }) => {
          const id = ids.get(`${row.player_id}:${row.level}`) as number
          open(row.player_id, id, row.level)
          return {
            action: `harm.${row.kind}`,
            objectType: 'player',
            objectId: row.player_id,
            after: { interventionId: id, level: row.level, score: row.score, fired, figures },
            reason: `harm score ${row.score} reached level ${row.level}`,
          }
        })
        await writeAudits(trx, HARM_WATCH_ACTOR, records, now)
      })
    for (const { c, k, score } of due.filter((d) => levelKinds[d.k] === 'mandatory_pause')) {
      const id = await this.#open(c.id, k, score, c.fired, c.input, now)
      if (id !== null) open(c.id, id, k)
    }
    for (const c of computed) {
      const { score, level } = scores.get(c.id) as { score: number; level: number }
      results.set(c.id, { rawScore: c.rawScore, score, level, markers: c.markers, opened: opened.get(c.id) ?? [] })
    }
    return results
  }

  /** Opens the level's intervention unless one was opened within HARM_REPEAT_DAYS; its id, or null. */
  async #open(
    playerId: number,
    level: number,
    score: number,
    fired: HarmRuleName[],
    input: HarmInput,
    now: number,
  ): Promise<number | null> {
    const t = this.#config.harm
    const kind = levelKinds[level] as HarmInterventionKind
    const recent = await this.#db
      .selectFrom('harm_interventions')
      .select('id')
      .where('player_id', '=', playerId)
      .where('level', '=', level)
      .where('created_at', '>', now - t.repeatDays * DAY_MS)
      .executeTakeFirst()
    if (recent) return null
    let pauseUntil: number | null = null
    if (kind === 'mandatory_pause') {
      // Accounts' pause: it never shortens one in force, and the player's history records why.
      const pause = await excludeUntil(this.#db, playerId, now + t.pauseHours * HOUR_MS, now, 'operator', {
        reason: 'harm_watch',
        score,
        fired,
      })
      pauseUntil = pause.until
    }
    const figures = figuresOf(input, pauseUntil)
    return this.#db
      .transaction()
      .execute((trx) => this.#insertIntervention(trx, playerId, level, score, fired, figures, now))
  }

  /** Writes one intervention and its audit row (in the caller's transaction); its id. */
  async #insertIntervention(
    trx: Kysely<Database>,
    playerId: number,
    level: number,
    score: number,
    fired: HarmRuleName[],
    figures: ReturnType<typeof figuresOf>,
    now: number,
  ): Promise<number> {
    const t = this.#config.harm
    const kind = levelKinds[level] as HarmInterventionKind
    const row = await trx
      .insertInto('harm_interventions')
      .values({
        player_id: playerId,
        level,
        kind,
        status: kind === 'mandatory_pause' ? 'applied' : 'open',
        score,
        fired: JSON.stringify(fired),
        figures: JSON.stringify(figures),
        due_at: kind === 'contact_task' ? now + t.taskDueHours * HOUR_MS : null,
        created_at: now,
        resolved_at: null,
        resolved_by: null,
        outcome: null,
        effect: null,
        effect_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    await writeAudit(
      trx,
      HARM_WATCH_ACTOR,
      {
        action: `harm.${kind}`,
        objectType: 'player',
        objectId: playerId,
        after: { interventionId: id, level, score, fired, figures },
        reason: `harm score ${score} reached level ${level}`,
      },
      now,
    )
    return id
  }

  /**
   * One run of the worker, under a lease so two instances do not both run: recomputes every player
   * whose deposits, withdrawals, play, limits, reality checks or support messages changed since the
   * last run, and every player with a score not recomputed within the hour; then measures the
   * interventions whose week after has passed. Returns how many players it recomputed. Stopped
   * (`stop` aborted, the server shutting down), it gives its lease back between batches without
   * moving the watermark, so the next instance's first run takes the work over at once instead of
   * waiting out the lease.
   */
  async runOnce(now = this.#now(), stop?: AbortSignal): Promise<{ players: number; measured: number } | null> {
    await this.#db
      .insertInto('harm_worker')
      .values({ id: 1, watermark: now - DAY_MS, lease_until: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    const taken = await this.#db
      .updateTable('harm_worker')
      .set({ lease_until: now + LEASE_MS })
      .where('id', '=', 1)
      .where('lease_until', '<', now)
      .executeTakeFirst()
    if (taken.numUpdatedRows === 0n) return null
    try {
      const worker = await this.#db
        .selectFrom('harm_worker')
        .select('watermark')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
      const from = Number(worker.watermark) - OVERLAP_MS
      const to = now + 1
      const players = await this.changedPlayers(from, to, now)
      for (const batch of chunks(players, BATCH)) {
        stop?.throwIfAborted()
        await this.recomputeMany(batch, now)
        // A long run keeps its lease: another instance takes over only from one that stopped.
        await this.#db
          .updateTable('harm_worker')
          .set({ lease_until: Math.max(now, this.#now()) + LEASE_MS })
          .where('id', '=', 1)
          .execute()
      }
      stop?.throwIfAborted()
      const measured = await this.measureEffects(now)
      await this.#db.updateTable('harm_worker').set({ watermark: now, lease_until: 0 }).where('id', '=', 1).execute()
      return { players: players.length, measured }
    } catch (error) {
      await this.#db.updateTable('harm_worker').set({ lease_until: 0 }).where('id', '=', 1).execute()
      throw error
    }
  }

  /**
   * Every player whose records changed in [from, to), and every player with a score not recomputed
   * within the hour, each once. The window is read a day at a time: a run after a long pause (a new
   * deployment, a watermark set back over a year) then holds a day's rows and the set of ids, never
   * every changed row of the window at once.
   */
  async changedPlayers(from: number, to: number, now: number): Promise<number[]> {
    const players = new Set<number>()
    for (let start = from; start < to; start += DAY_MS) {
      const end = Math.min(to, start + DAY_MS)
      for (const ids of await Promise.all([
        playersWithPaymentsBetween(this.#db, start, end),
        playersSeenBetween(this.#db, start, end),
        playersWithLimitEventsBetween(this.#db, start, end),
        playersWritingBetween(this.#db, start, end),
      ]))
        for (const id of ids) players.add(id)
    }
    const stale = await this.#db
      .selectFrom('harm_scores')
      .select('player_id')
      .where('score', '>', 0)
      .where('computed_at', '<', now - REFRESH_MS)
      .execute()
    for (const row of stale) players.add(Number(row.player_id))
    return [...players]
  }

  /** Measures each intervention whose week after has passed: the week before and after, kept on its row. */
  async measureEffects(now = this.#now(), batch = 500): Promise<number> {
    const due = await this.#db
      .selectFrom('harm_interventions')
      .select(['id', 'player_id', 'created_at'])
      .where('effect_at', 'is', null)
      .where('created_at', '<=', now - EFFECT_DAYS * DAY_MS)
      .orderBy('created_at')
      .limit(batch)
      .execute()
    for (const row of due) {
      const at = Number(row.created_at)
      const playerId = Number(row.player_id)
      // What happened at the intervention's own instant (the deposit that set it off) is before it.
      const [before, after] = await Promise.all([
        behaviourBetween(this.#db, playerId, at + 1 - EFFECT_DAYS * DAY_MS, at + 1),
        behaviourBetween(this.#db, playerId, at + 1, at + 1 + EFFECT_DAYS * DAY_MS),
      ])
      await this.#db
        .updateTable('harm_interventions')
        .set({ effect: JSON.stringify({ before, after }), effect_at: now })
        .where('id', '=', row.id)
        .execute()
    }
    return due.length
  }

  // The player's side.

  /** The player's interventions: those waiting for an answer (or a pause in force), and every one. */
  async notices(playerId: number, now = this.#now()): Promise<HarmNotices> {
    const rows = await this.#db
      .selectFrom('harm_interventions')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute()
    const history = rows.map(interventionOf)
    const open = history.filter(
      (i) =>
        ((i.kind === 'message' || i.kind === 'cool_off_offer') && i.status === 'open') ||
        (i.kind === 'mandatory_pause' && (i.figures.pauseUntil ?? 0) > now),
    )
    return { open, history }
  }

  /**
   * The player answers a message (seen) or an offered cool-off (accepted or declined); the caller
   * starts the accepted pause first (accounts' public pause). Only the player's own open ones.
   */
  async answer(
    playerId: number,
    interventionId: number,
    answer: 'seen' | 'accepted' | 'declined',
    ip: string,
    now = this.#now(),
  ): Promise<InterventionRow['kind']> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('harm_interventions')
        .select(['kind', 'status'])
        .where('id', '=', interventionId)
        .where('player_id', '=', playerId)
        .executeTakeFirst()
      if (!row) throw new Refusal('not_found')
      const fits = row.kind === 'message' ? answer === 'seen' : row.kind === 'cool_off_offer' && answer !== 'seen'
      if (!fits || row.status !== 'open') throw new Refusal('harm_intervention_answered')
      await trx
        .updateTable('harm_interventions')
        .set({ status: answer, resolved_at: now, resolved_by: 'player' })
        .where('id', '=', interventionId)
        .execute()
      await writeAudit(
        trx,
        { id: null, name: `player ${playerId}`, ip },
        {
          action: `harm.${row.kind}_${answer}`,
          objectType: 'player',
          objectId: playerId,
          before: { interventionId, status: row.status },
          after: { interventionId, status: answer },
        },
        now,
      )
      return row.kind
    })
  }

  /**
   * Refuses unless the intervention is the player's own open offered cool-off (checked before the
   * pause starts): not_found for another's, answered for one already answered or not an offer.
   */
  async refuseUnlessOpenOffer(playerId: number, interventionId: number): Promise<void> {
    const row = await this.#db
      .selectFrom('harm_interventions')
      .select(['kind', 'status'])
      .where('id', '=', interventionId)
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    if (!row) throw new Refusal('not_found')
    if (row.kind !== 'cool_off_offer' || row.status !== 'open') throw new Refusal('harm_intervention_answered')
  }

  // The operators' side.

  /** The contact tasks: open ones by due time (overdue first), or those done, newest first. */
  async tasks(status: 'open' | 'done', personal: boolean, now = this.#now()): Promise<HarmTaskList> {
    const rows = await this.#db
      .selectFrom('harm_interventions')
      .selectAll()
      .where('kind', '=', 'contact_task')
      .where('status', '=', status)
      .$call((q) => (status === 'open' ? q.orderBy('due_at').orderBy('id') : q.orderBy('resolved_at', 'desc')))
      .limit(200)
      .execute()
    const people = await playerIdentities(this.#db, [...new Set(rows.map((r) => Number(r.player_id)))])
    const names = new Map(
      people.map((p) => [p.userId, p.fullName !== null ? (personal ? p.fullName : maskName(p.fullName)) : p.userName]),
    )
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        playerId: Number(row.player_id),
        playerName: names.get(Number(row.player_id)) ?? null,
        level: Number(row.level),
        score: Number(row.score),
        fired: parseFired(row.fired),
        figures: JSON.parse(row.figures),
        status: row.status as HarmInterventionStatus,
        createdAt: Number(row.created_at),
        dueAt: Number(row.due_at),
        overdue: row.status === 'open' && Number(row.due_at) < now,
        resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
        resolvedBy: row.resolved_by,
        outcome: row.outcome,
      })),
    }
  }

  /** An operator records the contact: its outcome and a note, audited. The first to record it wins. */
  async resolveTask(actor: Actor, taskId: number, outcome: HarmTaskOutcome, note: string, now = this.#now()) {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('harm_interventions')
        .select(['player_id', 'status', 'due_at'])
        .where('id', '=', taskId)
        .where('kind', '=', 'contact_task')
        .executeTakeFirst()
      if (!row) throw new Refusal('not_found')
      const done = await trx
        .updateTable('harm_interventions')
        .set({ status: 'done', resolved_at: now, resolved_by: actor.name, outcome })
        .where('id', '=', taskId)
        .where('status', '=', 'open')
        .executeTakeFirst()
      if (done.numUpdatedRows === 0n) throw new Refusal('harm_intervention_answered')
      await writeAudit(
        trx,
        actor,
        {
          action: 'harm.contact_task_done',
          objectType: 'player',
          objectId: Number(row.player_id),
          before: { taskId, status: row.status, dueAt: Number(row.due_at) },
          after: { taskId, status: 'done', outcome, late: Number(row.due_at) < now },
          reason: note,
        },
        now,
      )
      return Number(row.player_id)
    })
  }

  /** A player's score, every marker with its value and threshold, interventions and score reviews. */
  async playerView(playerId: number): Promise<HarmPlayerView> {
    const [score, markers, notices, reviews] = await Promise.all([
      this.#db.selectFrom('harm_scores').selectAll().where('player_id', '=', playerId).executeTakeFirst(),
      this.#db.selectFrom('harm_markers').selectAll().where('player_id', '=', playerId).execute(),
      this.notices(playerId),
      this.#db
        .selectFrom('harm_score_reviews')
        .selectAll()
        .where('player_id', '=', playerId)
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
    ])
    const byRule = new Map(markers.map((m) => [m.rule, m]))
    return {
      playerId,
      score: score ? Number(score.score) : 0,
      rawScore: score ? Number(score.raw_score) : 0,
      level: score ? Number(score.level) : 0,
      computedAt: score ? Number(score.computed_at) : null,
      markers: harmRuleNames.map((rule) => {
        const row = byRule.get(rule)
        const def = harmRules[rule]
        return {
          rule,
          version: row ? Number(row.version) : def.version,
          weight: def.weight,
          value: row ? Number(row.value) : 0,
          threshold: row ? Number(row.threshold) : def.threshold(this.#config.harm),
          fired: row ? Number(row.fired) === 1 : false,
        }
      }),
      lowered:
        score?.lowered_to !== null && score?.lowered_to !== undefined
          ? { to: Number(score.lowered_to), until: Number(score.lowered_until), reason: score.lowered_reason ?? '' }
          : null,
      interventions: notices.history,
      reviews: reviews.map(reviewOf),
    }
  }

  /** Asks to lower a player's score: with a reason, waiting for a second operator (audited). */
  async requestLower(actor: Actor, playerId: number, toScore: number, reason: string, now = this.#now()) {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('harm_scores')
        .select('score')
        .where('player_id', '=', playerId)
        .executeTakeFirst()
      const current = row ? Number(row.score) : 0
      if (toScore >= current) throw new Refusal('harm_score_not_lower', { score: current })
      const inserted = await trx
        .insertInto('harm_score_reviews')
        .values({
          player_id: playerId,
          from_score: current,
          to_score: toScore,
          reason,
          status: 'pending',
          requested_by: actor.id,
          requested_by_name: actor.name,
          decided_by: null,
          decided_by_name: null,
          decided_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeAudit(
        trx,
        actor,
        {
          action: 'harm.lower_requested',
          objectType: 'player',
          objectId: playerId,
          before: { score: current },
          after: { reviewId: Number(inserted.id), toScore },
          reason,
        },
        now,
      )
      return Number(inserted.id)
    })
  }

  /** The requests waiting for a second operator. */
  async pendingReviews(): Promise<HarmScoreReview[]> {
    const rows = await this.#db
      .selectFrom('harm_score_reviews')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(200)
      .execute()
    return rows.map(reviewOf)
  }

  /** How many requests wait for a second operator (the console's pending work). */
  async pendingReviewCount(): Promise<number> {
    const row = await this.#db
      .selectFrom('harm_score_reviews')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** How many contact tasks are open (the console's pending work). */
  async openTaskCount(): Promise<number> {
    const row = await this.#db
      .selectFrom('harm_interventions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('kind', '=', 'contact_task')
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * A second operator decides a request to lower a score: not the requester, nor someone tied to
   * them by a recent grant (four eyes, as cash adjustments). An approval holds the lowered score
   * for HARM_LOWERED_DAYS unless new markers raise the raw score.
   */
  async decideLower(
    actor: Actor,
    reviewId: number,
    decision: ReviewDecision,
    reason: string,
    grantWindowMs: number,
    now = this.#now(),
  ) {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('harm_score_reviews').selectAll().where('id', '=', reviewId).executeTakeFirst()
      if (!row) throw new Refusal('not_found')
      if (row.status !== 'pending') throw new Refusal('harm_review_taken')
      const requester = row.requested_by === null ? null : Number(row.requested_by)
      if (requester !== null && requester === actor.id) throw new HttpRefusal(403, 'four_eyes_same_operator')
      if (decision === 'approve') await refuseUnlessIndependent(trx, actor, requester, now, grantWindowMs)
      const status = decision === 'approve' ? 'approved' : 'rejected'
      const claimed = await trx
        .updateTable('harm_score_reviews')
        .set({ status, decided_by: actor.id, decided_by_name: actor.name, decided_at: now })
        .where('id', '=', reviewId)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (claimed.numUpdatedRows === 0n) throw new Refusal('harm_review_taken')
      const playerId = Number(row.player_id)
      const toScore = Number(row.to_score)
      if (decision === 'approve') {
        const current = await trx
          .selectFrom('harm_scores')
          .select('raw_score')
          .where('player_id', '=', playerId)
          .executeTakeFirst()
        await trx
          .updateTable('harm_scores')
          .set({
            score: toScore,
            level: harmLevel(toScore, this.#config.harm.levels),
            lowered_to: toScore,
            lowered_at_raw: current ? Number(current.raw_score) : 0,
            lowered_until: now + this.#config.harm.loweredDays * DAY_MS,
            lowered_reason: row.reason,
          })
          .where('player_id', '=', playerId)
          .execute()
      }
      await writeAudit(
        trx,
        actor,
        {
          action: decision === 'approve' ? 'harm.lower_approved' : 'harm.lower_rejected',
          objectType: 'player',
          objectId: playerId,
          before: {
            reviewId,
            score: Number(row.from_score),
            requestedBy: row.requested_by_name,
            requestReason: row.reason,
          },
          after: { reviewId, status, score: decision === 'approve' ? toScore : Number(row.from_score) },
          reason,
        },
        now,
      )
      return { playerId, status }
    })
  }

  /**
   * Per kind of intervention: how many were opened, how many have been measured, and the mean
   * deposits, loss and minutes played in the week before and the week after — no player in it.
   */
  async effect(): Promise<HarmEffect> {
    const rows = await this.#db.selectFrom('harm_interventions').select(['kind', 'level', 'effect']).execute()
    const byKind = new Map<HarmInterventionKind, { n: number; measured: number; before: number[]; after: number[] }>()
    for (const kind of harmInterventionKinds)
      byKind.set(kind, { n: 0, measured: 0, before: [0, 0, 0], after: [0, 0, 0] })
    for (const row of rows) {
      const entry = byKind.get(row.kind)
      if (!entry) continue
      entry.n++
      if (row.effect === null) continue
      const { before, after } = JSON.parse(row.effect) as Record<'before' | 'after', Record<string, number>>
      entry.measured++
      ;(['deposited', 'loss', 'minutes'] as const).forEach((key, i) => {
        entry.before[i] = (entry.before[i] ?? 0) + (before?.[key] ?? 0)
        entry.after[i] = (entry.after[i] ?? 0) + (after?.[key] ?? 0)
      })
    }
    const mean = (sums: number[], n: number) => {
      const [deposited = 0, loss = 0, minutes = 0] = sums.map((s) => (n === 0 ? 0 : Math.round(s / n)))
      return { deposited, loss, minutes }
    }
    const result: HarmEffectRow[] = harmInterventionKinds.map((kind, i) => {
      const entry = byKind.get(kind) as { n: number; measured: number; before: number[]; after: number[] }
      return {
        kind,
        level: i + 1,
        interventions: entry.n,
        measured: entry.measured,
        before: mean(entry.before, entry.measured),
        after: mean(entry.after, entry.measured),
      }
    })
    return { rows: result }
  }
}

function reviewOf(row: Selectable<Database['harm_score_reviews']>): HarmScoreReview {
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    fromScore: Number(row.from_score),
    toScore: Number(row.to_score),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by_name,
    decidedBy: row.decided_by_name,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  }
}
