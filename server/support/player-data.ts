// The support module's part of the player's data export (server/player-data): the player's chat
// conversations and every message in them (an operator's message with the first name the player
// saw in the chat), and the feedback they sent with its answer.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, keysetPages, PLAYER_DATA_PAGE, type PlayerDataPart, smallPart } from '../lib/player-data.ts'

export function supportPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  return [
    smallPart('supportConversations', async (playerId) =>
      (
        await db
          .selectFrom('support_conversations')
          .select(['id', 'status', 'language', 'created_at', 'last_message_at'])
          .where('player_id', '=', playerId)
          .orderBy('id')
          .execute()
      ).map((c) => ({
        id: c.id,
        status: c.status,
        language: c.language,
        createdAt: isoTime(c.created_at),
        lastMessageAt: isoTime(c.last_message_at),
      })),
    ),
    {
      name: 'supportMessages',
      async *rows(playerId) {
        const messages = keysetPages(
          (after: number | null) =>
            db
              .selectFrom('support_messages')
              .innerJoin('support_conversations', 'support_conversations.id', 'support_messages.conversation_id')
              .select([
                'support_messages.id',
                'support_messages.conversation_id',
                'support_messages.author',
                'support_messages.operator_name',
                'support_messages.text',
                'support_messages.created_at',
              ])
              .where('support_conversations.player_id', '=', playerId)
              .where('support_messages.id', '>', after ?? 0)
              .orderBy('support_messages.id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const m of messages) {
          yield {
            conversationId: m.conversation_id,
            author: m.author,
            operatorName: m.author === 'operator' ? m.operator_name : null,
            text: m.text,
            at: isoTime(m.created_at),
          }
        }
      },
    },
    {
      name: 'feedback',
      async *rows(playerId) {
        const feedback = keysetPages(
          (after: number | null) =>
            db
              .selectFrom('support_feedback')
              .select(['id', 'topic', 'text', 'contact_consent', 'status', 'answer', 'answered_at', 'created_at'])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? 0)
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const f of feedback) {
          yield {
            topic: f.topic,
            text: f.text,
            contactConsent: f.contact_consent === 1,
            status: f.status,
            answer: f.answer,
            answeredAt: isoTime(f.answered_at),
            createdAt: isoTime(f.created_at),
          }
        }
      },
    },
  ]
}
