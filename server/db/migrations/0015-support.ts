// Support (issue 16): one conversation per player with its messages, the FAQ (per language,
// seeded with the questions players really ask), notices with their time windows and who read
// them, feedback with the operators' answers and canned answers. Operator actions go to the
// console's audit_log (0014).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { seedFaq } from './0015-support-faq.ts'
import { serialPrimaryKey } from './columns.ts'

export function supportMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('support_conversations')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().unique().references('players.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        // JSON `{ orderId }`: where the player came from (a withdrawal's tracker).
        .addColumn('context', 'text')
        .addColumn('assigned_to', 'text')
        .addColumn('assigned_name', 'text')
        // The oldest player message nobody answered yet (null: nothing waits).
        .addColumn('waiting_since', 'bigint')
        .addColumn('last_message_at', 'bigint', (c) => c.notNull())
        .addColumn('player_read_upto', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('operator_read_upto', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('player_typing_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('support_conversations_waiting')
        .on('support_conversations')
        .columns(['status', 'waiting_since'])
        .execute()

      await db.schema
        .createTable('support_messages')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'text')
        .addColumn('operator_name', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('support_messages_request', ['conversation_id', 'request_id'])
        .execute()
      await db.schema
        .createIndex('support_messages_conversation')
        .on('support_messages')
        .columns(['conversation_id', 'id'])
        .execute()

      await db.schema
        .createTable('support_faq')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('support_notices')
        .$call(serialPrimaryKey(engine, 'id'))
        // null: every language.
        .addColumn('language', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute()

      await db.schema
        .createTable('support_notice_reads')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('notice_id', 'bigint', (c) => c.notNull().references('support_notices.id'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('support_notice_reads_pk', ['player_id', 'notice_id'])
        .execute()

      await db.schema
        .createTable('support_feedback')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('contact_consent', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_by', 'text')
        .addColumn('answered_at', 'bigint')
        // When the player last saw the answer (null: an answer is waiting for them).
        .addColumn('answer_seen_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('support_feedback_player')
        .on('support_feedback')
        .columns(['player_id', 'id'])
        .execute()

      await db.schema
        .createTable('support_canned')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await seedFaq(db, Date.now())
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'support_canned',
        'support_feedback',
        'support_notice_reads',
        'support_notices',
        'support_faq',
        'support_messages',
        'support_conversations',
      ])
        await db.schema.dropTable(table).execute()
    },
  }
}
