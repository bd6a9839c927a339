// Proof of liabilities and the app's witnesses (server/transparency). Each frozen day's Merkle sum
// tree over the players' balances: its root, total and depth, and the nodes of one level (the
// chunks' roots) so a proof needs only its chunk's leaves; the leaves themselves, each with its
// player's secret salt, kept for the last days only. And the reports installed apps send when the
// chain they saw earlier is not the one published now: bounded evidence, for the console.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function liabilitiesAndWitnessesMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('liability_trees')
        .addColumn('day', 'text', (c) => c.primaryKey())
        // When the balances were read (just after the day froze).
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addColumn('player_count', 'integer', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('root', 'text', (c) => c.notNull())
        .addColumn('depth', 'integer', (c) => c.notNull())
        .addColumn('chunk_height', 'integer', (c) => c.notNull())
        // JSON [[hash, sum], …]: the nodes at chunk_height, in order (the slots after them are empty).
        .addColumn('chunk_nodes', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('liability_leaves')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('player_id', 'integer', (c) => c.notNull())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('liability_leaves_pk', ['day', 'position'])
        .execute()
      await db.schema
        .createIndex('liability_leaves_player')
        .on('liability_leaves')
        .columns(['player_id', 'day'])
        .execute()
      await db.schema
        .createTable('transparency_witness_reports')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        // The day and hash the app had seen, and the hash served for that day now (null: gone).
        .addColumn('seen_day', 'text', (c) => c.notNull())
        .addColumn('seen_hash', 'text', (c) => c.notNull())
        .addColumn('served_hash', 'text')
        .addColumn('head_day', 'text')
        .addColumn('head_hash', 'text')
        // When the app first saw it, by its own clock (evidence, not trusted).
        .addColumn('seen_at', 'bigint')
        // SHA-256 of the sender's address: reports counted per sender without keeping the address.
        .addColumn('sender', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('transparency_witness_reports_seen')
        .on('transparency_witness_reports')
        .columns(['seen_day', 'seen_hash'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('transparency_witness_reports').execute()
      await db.schema.dropTable('liability_leaves').execute()
      await db.schema.dropTable('liability_trees').execute()
    },
  }
}
