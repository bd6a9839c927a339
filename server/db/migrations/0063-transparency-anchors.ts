// The transparency chain anchored outside: each frozen day's head timestamped by an RFC 3161
// time-stamping authority (the token, DER in base64, as the TSA answered it), append-only like
// the days themselves; and the breaks the server's own check of its chain found, each held until
// an admin acknowledges it (no new day is published meanwhile).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { dropAppendOnly, makeAppendOnly } from './0062-append-only.ts'
import { serialPrimaryKey } from './columns.ts'

export function transparencyAnchorsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('transparency_anchors')
        .addColumn('day', 'text', (c) => c.primaryKey())
        // The day's hash the token covers (its message imprint is SHA-256 of this hex text's bytes).
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('tsa_url', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        // The time the TSA put in the token (genTime), ms.
        .addColumn('stamped_at', 'bigint', (c) => c.notNull())
        .execute()
      await makeAppendOnly(db, engine, 'transparency_anchors')
      await db.schema
        .createTable('transparency_chain_breaks')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('detected_at', 'bigint', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('problem', 'text', (c) => c.notNull())
        .addColumn('acknowledged_at', 'bigint')
        .addColumn('acknowledged_by', 'text')
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('transparency_chain_breaks').execute()
      await dropAppendOnly(db, engine, 'transparency_anchors')
      await db.schema.dropTable('transparency_anchors').execute()
    },
  }
}
