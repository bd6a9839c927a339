// The append-only audit log: every operator action and every service-account (OPS_TOKEN) call,
// with who, what, when, the object, before/after, reason and address. Written in the same
// transaction as the action wherever the action has one, so an action without its record (or
// a record without its action) cannot exist. Never updated or deleted. Its own module, below
// every module that acts, so payments and support record their actions without reaching into ops.
import type { Kysely, Selectable } from 'kysely'
import type { AuditEntry, AuditPage } from '../../contract/ops.ts'
import type { Database } from '../db/schema.ts'
import { csvRows } from '../lib/csv.ts'

/** Who acted: an operator, or the scripts' service account (id null). */
export interface Actor {
  id: number | null
  name: string
  ip: string
}

export interface AuditRecord {
  action: string
  objectType: string
  objectId: string | number
  before?: unknown
  after?: unknown
  reason?: string | null
}

/**
 * True once an entry of this action names this object (an alert recorded once, not at every check).
 * Looked up by the object (its type and id, indexed), not by the action, whose entries grow.
 */
export async function auditEntryExists(
  db: Kysely<Database>,
  action: string,
  object: { type: string; id: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('object_type', '=', object.type)
    .where('object_id', '=', object.id)
    .where('action', '=', action)
    .executeTakeFirst()
  return row !== undefined
}

export async function writeAudit(db: Kysely<Database>, actor: Actor, record: AuditRecord, at: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      actor_id: actor.id,
      actor_name: actor.name,
      action: record.action,
      object_type: record.objectType,
      object_id: String(record.objectId),
      before: record.before === undefined ? null : JSON.stringify(record.before),
      after: record.after === undefined ? null : JSON.stringify(record.after),
      reason: record.reason ?? null,
      ip: actor.ip,
    })
    .execute()
}

/** Writes many audit rows by one actor at one instant in few statements (a worker's batch). */
export async function writeAudits(
  db: Kysely<Database>,
  actor: Actor,
  records: readonly AuditRecord[],
  at: number,
): Promise<void> {
  const rows = records.map((record) => ({
    at,
    actor_id: actor.id,
    actor_name: actor.name,
    action: record.action,
    object_type: record.objectType,
    object_id: String(record.objectId),
    before: record.before === undefined ? null : JSON.stringify(record.before),
    after: record.after === undefined ? null : JSON.stringify(record.after),
    reason: record.reason ?? null,
    ip: actor.ip,
  }))
  // Under SQLite's limit of bound values per statement (10 columns a row).
  for (let i = 0; i < rows.length; i += 2000)
    await db
      .insertInto('audit_log')
      .values(rows.slice(i, i + 2000))
      .execute()
}

function entry(row: Selectable<Database['audit_log']>): AuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorName: row.actor_name,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: row.ip,
  }
}

export interface AuditFilter {
  actor?: string | undefined
  action?: string | undefined
  objectType?: string | undefined
  objectId?: string | undefined
}

function filtered(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom('audit_log')
  if (filter.actor) {
    const like = `%${filter.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where((eb) => eb(eb.fn('lower', ['actor_name']), 'like', like))
  }
  if (filter.action) query = query.where('action', '=', filter.action)
  if (filter.objectType) query = query.where('object_type', '=', filter.objectType)
  if (filter.objectId) query = query.where('object_id', '=', filter.objectId)
  return query
}

export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  pageNum: number,
  pageSize: number,
): Promise<AuditPage> {
  const total = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute()
  return { total: Number(total.n), pageNum, pageSize, entries: rows.map(entry) }
}

/** Every matching record, newest first, streamed in pages so an export never holds the whole log. */
export async function* auditRows(db: Kysely<Database>, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let before = Number.MAX_SAFE_INTEGER
  for (;;) {
    const rows = await filtered(db, filter)
      .selectAll()
      .where('id', '<', before)
      .orderBy('id', 'desc')
      .limit(500)
      .execute()
    for (const row of rows) yield entry(row)
    if (rows.length < 500) return
    before = Number(rows.at(-1)?.id)
  }
}

export const auditCsvHeader = 'id,at,actor_id,actor,action,object_type,object_id,before,after,reason,ip\n'

export function auditCsvLine(e: AuditEntry): string {
  return csvRows(
    [
      [
        e.id,
        new Date(e.at).toISOString(),
        e.actorId,
        e.actorName,
        e.action,
        e.objectType,
        e.objectId,
        e.before,
        e.after,
        e.reason,
        e.ip,
      ],
    ],
    { recordDelimiter: '\n' },
  )
}
