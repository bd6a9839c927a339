// Support calls: the player's one conversation with a person, the FAQ, notices and
// feedback; and the operator side of the same (inbox, reply, assignment, editors). Request
// schemas are zod (the server validates with them; the browser types its calls from them
// through contract/request.ts); the views are plain types both sides read.
import { z } from 'zod'
import { requestId } from './deposits.ts'
import { languages } from './languages.ts'

import { FEEDBACK_TOPICS, type FeedbackTopic, SUPPORT_TEXT_MAX } from './support-values.ts'

export { FEEDBACK_TOPICS, type FeedbackTopic, SUPPORT_TEXT_MAX }

const text = z.string().trim().min(1).max(SUPPORT_TEXT_MAX)
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const language = z.enum(languages)

/** Where the player came from: a withdrawal's tracker passes its order id. */
export const chatContext = z.strictObject({ orderId: z.string().min(1).max(40) })
export type ChatContext = z.infer<typeof chatContext>

export const emptySupportRequest = z.strictObject({})
export const sendRequest = z.strictObject({ text, requestId, context: chatContext.optional() })
export const readRequest = z.strictObject({ upTo: id })
export const typingRequest = z.strictObject({ typing: z.boolean() })
export const feedbackRequest = z.strictObject({
  topic: z.enum(FEEDBACK_TOPICS),
  text: z.string().trim().min(3).max(SUPPORT_TEXT_MAX),
  contactConsent: z.boolean().optional(),
})
export const noticeReadRequest = z.strictObject({ ids: z.array(id).min(1).max(100) })

export type MessageAuthor = 'player' | 'operator'

export interface ChatMessage {
  id: number
  author: MessageAuthor
  text: string
  /** The operator's first name on operator messages; null on the player's. */
  operatorName: string | null
  /** The player's requestId (lets the app match its queued copy); null on operator messages. */
  requestId: string | null
  createdAt: number
}

export interface ConversationView {
  id: number
  status: 'open' | 'closed'
  context: ChatContext | null
  /** The operator who has the conversation (first name), null while nobody took it. */
  operatorName: string | null
  /** The newest messages, oldest first. */
  messages: ChatMessage[]
  /** Messages of the operator the player has not read yet. */
  unread: number
  /** The last message id the operator has read (the player's messages up to it show "read"). */
  operatorReadUpTo: number
  /** The last message id the player has read. */
  playerReadUpTo: number
}

export interface SendResult {
  message: ChatMessage
  replayed: boolean
}

/** The `chat` push: a new message, the other side read up to a message, or is typing. */
export type ChatPush =
  | { kind: 'message'; conversationId: number; message: ChatMessage }
  | { kind: 'read'; conversationId: number; upTo: number }
  | { kind: 'typing'; conversationId: number; typing: boolean; operatorName: string | null }
  | { kind: 'status'; conversationId: number; status: 'open' | 'closed' }

export interface FaqItem {
  id: number
  question: string
  answer: string
}

export interface FaqView {
  language: string
  items: FaqItem[]
}

export interface NoticeItem {
  id: number
  title: string
  body: string
  link: string | null
  startsAt: number
  endsAt: number | null
  read: boolean
}

export interface NoticesView {
  notices: NoticeItem[]
  unread: number
}

/** The `notice` push (broadcast): a notice was published or changed; lists read again. */
export interface NoticePush {
  id: number
}

export interface FeedbackItem {
  id: number
  topic: FeedbackTopic
  text: string
  contactConsent: boolean
  status: 'open' | 'answered' | 'closed'
  answer: string | null
  answeredAt: number | null
  createdAt: number
}

export interface FeedbackView {
  feedback: FeedbackItem[]
}

/** What the entry points' badges show. */
export interface SupportUnread {
  chat: number
  notices: number
  feedback: number
}

// ---- Operator side ----

export const inboxRequest = z.strictObject({
  status: z.enum(['open', 'closed']).optional(),
  mine: z.boolean().optional(),
  limit: z.number().int().min(1).max(200).optional(),
})
export const conversationRequest = z.strictObject({ conversationId: id })
export const replyRequest = z.strictObject({ conversationId: id, text, requestId })
export const assignRequest = z.strictObject({
  conversationId: id,
  action: z.enum(['take', 'release', 'transfer']),
  /** With `transfer`: the id of the operator who gets it. */
  to: id.optional(),
})
export const closeRequest = z.strictObject({ conversationId: id, reopen: z.boolean().optional() })
export const operatorTypingRequest = z.strictObject({ conversationId: id, typing: z.boolean() })
export const operatorReadRequest = z.strictObject({ conversationId: id, upTo: id })

export const faqListRequest = z.strictObject({ language: language.optional() })
export const faqSaveRequest = z.strictObject({
  id: id.optional(),
  language,
  position: z.number().int().min(0).max(1000),
  question: z.string().trim().min(1).max(300),
  answer: text,
})
export const deleteRequest = z.strictObject({ id })

const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/[A-Za-z0-9/_?=&.-]*$/, 'a path inside the app')
export const noticeSaveRequest = z.strictObject({
  id: id.optional(),
  language: language.nullable(),
  title: z.string().trim().min(1).max(120),
  body: text,
  link: link.nullable().optional(),
  startsAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  endsAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
})
export const cannedSaveRequest = z.strictObject({
  id: id.optional(),
  language,
  title: z.string().trim().min(1).max(80),
  text,
})
export const feedbackListRequest = z.strictObject({ status: z.enum(['open', 'answered', 'closed']).optional() })
export const feedbackAnswerRequest = z.strictObject({
  id,
  answer: text.optional(),
  close: z.boolean().optional(),
})

export interface InboxItem {
  id: number
  playerId: number
  playerName: string | null
  language: string
  status: 'open' | 'closed'
  assignedTo: string | null
  assignedName: string | null
  context: ChatContext | null
  /** When the oldest message nobody answered yet arrived; null when nothing waits. */
  waitingSince: number | null
  lastMessageAt: number
  lastText: string
  /** Player messages the operators have not read. */
  unread: number
}

export interface InboxView {
  conversations: InboxItem[]
  now: number
}

export interface OperatorConversationView {
  conversation: InboxItem
  messages: ChatMessage[]
  playerReadUpTo: number
  operatorReadUpTo: number
  /** The player typed in the last few seconds. */
  playerTyping: boolean
}

export interface CannedAnswer {
  id: number
  language: string
  title: string
  text: string
}

export interface OperatorFaqItem extends FaqItem {
  language: string
  position: number
}

export interface OperatorNotice {
  id: number
  language: string | null
  title: string
  body: string
  link: string | null
  startsAt: number
  endsAt: number | null
  createdBy: string
  createdAt: number
}

export interface OperatorFeedback extends FeedbackItem {
  playerId: number
  answeredBy: string | null
}
