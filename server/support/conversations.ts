// A player's support conversation as rows: the conversation (one per player, created on first
// use), its messages and their views, a message found again by its requestId (a repeated send
// answers the first), read marks and the inbox's line for a conversation. Shared by the player's
// chat (chat.ts) and the operators' inbox (inbox.ts).
import type { Generated } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import type { ChatContext, ChatMessage, InboxItem, MessageAuthor, SendResult } from '../../contract/support.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { firstName } from './operators.ts'
import type { Db, Trx } from './transactions.ts'

/** A typing signal counts this long. */
export const TYPING_MS = 6000

export type ConversationRow = Database['support_conversations'] extends infer T
  ? { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] }
  : never
export type MessageRow = {
  id: number
  author: MessageAuthor
  operator_name: string | null
  text: string
  request_id: string
  created_at: number
}

export const messageColumns = ['id', 'author', 'operator_name', 'text', 'request_id', 'created_at'] as const

export function messageView(row: MessageRow): ChatMessage {
  const operator = row.author === 'operator'
  return {
    id: Number(row.id),
    author: row.author,
    text: row.text,
    operatorName: operator && row.operator_name ? firstName(row.operator_name) : null,
    requestId: operator ? null : row.request_id,
    createdAt: Number(row.created_at),
  }
}

export function parseContext(text: string | null): ChatContext | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as { orderId?: unknown }
    return typeof value.orderId === 'string' ? { orderId: value.orderId } : null
  } catch {
    return null
  }
}

export async function conversationRow(db: Db | Trx, playerId: number): Promise<ConversationRow | undefined> {
  return (await db
    .selectFrom('support_conversations')
    .selectAll()
    .where('player_id', '=', playerId)
    .executeTakeFirst()) as ConversationRow | undefined
}

/** The player's conversation, created on first use (one per player: a unique player_id). */
export async function ensureConversation(
  db: Db | Trx,
  playerId: number,
  language: Language,
  now: number,
): Promise<ConversationRow> {
  const existing = await conversationRow(db, playerId)
  if (existing) return existing
  await db
    .insertInto('support_conversations')
    .values({
      player_id: playerId,
      status: 'open',
      language,
      context: null,
      assigned_to: null,
      assigned_name: null,
      waiting_since: null,
      last_message_at: now,
      player_typing_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('player_id').doNothing())
    .execute()
  const row = await conversationRow(db, playerId)
  if (!row) throw new Error('support conversation vanished')
  return row
}

export async function recentMessages(db: Db | Trx, conversationId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('support_messages')
    .select(messageColumns)
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.reverse().map(messageView)
}

export async function unreadForPlayer(db: Db | Trx, row: ConversationRow): Promise<number> {
  const count = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('conversation_id', '=', row.id)
    .where('author', '=', 'operator')
    .where('id', '>', row.player_read_upto)
    .executeTakeFirstOrThrow()
  return Number(count.n)
}

export async function messageByRequestId(db: Db | Trx, conversationId: number, requestId: string) {
  return (await db
    .selectFrom('support_messages')
    .select(messageColumns)
    .where('conversation_id', '=', conversationId)
    .where('request_id', '=', requestId)
    .executeTakeFirst()) as MessageRow | undefined
}

export function replayMessage(earlier: MessageRow, author: MessageAuthor, text: string): SendResult {
  if (earlier.author !== author || earlier.text !== text) throw new Refusal('request_id_reused')
  return { message: messageView(earlier), replayed: true }
}

export async function lastMessageId(db: Db | Trx, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

export async function requireConversation(db: Db | Trx, conversationId: number): Promise<ConversationRow> {
  const row = (await db
    .selectFrom('support_conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .executeTakeFirst()) as ConversationRow | undefined
  if (!row) throw new Refusal('not_found', { conversationId })
  return row
}

/** How many open conversations wait for an operator's answer (the console's pending work). */
export async function waitingConversationCount(db: Db | Trx): Promise<number> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .where('waiting_since', 'is not', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function inboxItem(
  row: ConversationRow,
  playerName: string | null,
  unread: number,
  lastText: string | null,
): InboxItem {
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    playerName,
    language: row.language,
    status: row.status,
    assignedTo: row.assigned_to,
    assignedName: row.assigned_name,
    context: parseContext(row.context),
    waitingSince: row.waiting_since === null ? null : Number(row.waiting_since),
    lastMessageAt: Number(row.last_message_at),
    lastText: lastText ?? '',
    unread,
  }
}
