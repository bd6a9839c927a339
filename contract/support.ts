// Support calls: the player's one conversation with a person, the FAQ, notices and
// feedback; and the operator side of the same (inbox, reply, assignment, editors). Request and
// reply schemas are zod: the server validates requests with them, the OpenAPI document describes
// the replies with them, and both sides read the views' types inferred from them.
import { z } from 'zod'
import { requestId } from './deposits.ts'
import { languages } from './languages.ts'
import { limitsView } from './limits.ts'

import { FEEDBACK_TOPICS, type FeedbackTopic, SUPPORT_TEXT_MAX } from './support-values.ts'
import { withdrawOrderView, withdrawStep } from './withdrawals.ts'

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

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })
const conversationStatus = z.enum(['open', 'closed'])

export const chatMessage = z.object({
  id: int,
  author: z.enum(['player', 'operator']),
  text: z.string(),
  /** The operator's first name on operator messages; null on the player's. */
  operatorName: z.string().nullable(),
  /** The player's requestId (lets the app match its queued copy); null on operator messages. */
  requestId: z.string().nullable(),
  createdAt: instant,
})
export type ChatMessage = z.infer<typeof chatMessage>

export const conversationView = z.object({
  id: int,
  status: conversationStatus,
  context: z.object({ orderId: z.string() }).nullable(),
  /** The operator who has the conversation (first name), null while nobody took it. */
  operatorName: z.string().nullable(),
  /** The newest messages, oldest first. */
  messages: z.array(chatMessage),
  /** Messages of the operator the player has not read yet. */
  unread: int,
  /** The last message id the operator has read (the player's messages up to it show "read"). */
  operatorReadUpTo: int,
  /** The last message id the player has read. */
  playerReadUpTo: int,
})
export type ConversationView = z.infer<typeof conversationView>

export const sendResult = z.object({ message: chatMessage, replayed: z.boolean() })
export type SendResult = z.infer<typeof sendResult>

/** The `chat` push: a new message, the other side read up to a message, or is typing. */
export type ChatPush =
  | { kind: 'message'; conversationId: number; message: ChatMessage }
  | { kind: 'read'; conversationId: number; upTo: number }
  | { kind: 'typing'; conversationId: number; typing: boolean; operatorName: string | null }
  | { kind: 'status'; conversationId: number; status: 'open' | 'closed' }

export const faqItem = z.object({ id: int, question: z.string(), answer: z.string() })

export const faqView = z.object({ language: z.string(), items: z.array(faqItem) })
export type FaqView = z.infer<typeof faqView>

export const noticeItem = z.object({
  id: int,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  startsAt: instant,
  endsAt: instant.nullable(),
  read: z.boolean(),
})
export type NoticeItem = z.infer<typeof noticeItem>

export const noticesView = z.object({ notices: z.array(noticeItem), unread: int })
export type NoticesView = z.infer<typeof noticesView>

/** The `notice` push (broadcast): a notice was published or changed; lists read again. */
export interface NoticePush {
  id: number
}

export const feedbackItem = z.object({
  id: int,
  topic: z.enum(FEEDBACK_TOPICS),
  text: z.string(),
  contactConsent: z.boolean(),
  status: z.enum(['open', 'answered', 'closed']),
  answer: z.string().nullable(),
  answeredAt: instant.nullable(),
  createdAt: instant,
})
export type FeedbackItem = z.infer<typeof feedbackItem>

export const feedbackView = z.object({ feedback: z.array(feedbackItem) })
export type FeedbackView = z.infer<typeof feedbackView>

/** What the entry points' badges show. */
export const supportUnread = z.object({ chat: int, notices: int, feedback: int })
export type SupportUnread = z.infer<typeof supportUnread>

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

export const inboxItem = z.object({
  id: int,
  playerId: int,
  playerName: z.string().nullable(),
  language: z.string(),
  status: conversationStatus,
  assignedTo: z.string().nullable(),
  assignedName: z.string().nullable(),
  context: z.object({ orderId: z.string() }).nullable(),
  /** When the oldest message nobody answered yet arrived; null when nothing waits. */
  waitingSince: instant.nullable(),
  lastMessageAt: instant,
  lastText: z.string(),
  /** Player messages the operators have not read. */
  unread: int,
})
export type InboxItem = z.infer<typeof inboxItem>

export const inboxView = z.object({ conversations: z.array(inboxItem), now: instant })
export type InboxView = z.infer<typeof inboxView>

export const operatorConversationView = z.object({
  conversation: inboxItem,
  messages: z.array(chatMessage),
  playerReadUpTo: int,
  operatorReadUpTo: int,
  /** The player typed in the last few seconds. */
  playerTyping: z.boolean(),
})
export type OperatorConversationView = z.infer<typeof operatorConversationView>

export const cannedAnswer = z.object({ id: int, language: z.string(), title: z.string(), text: z.string() })
export type CannedAnswer = z.infer<typeof cannedAnswer>

export const operatorFaqItem = faqItem.extend({ language: z.string(), position: int })
export type OperatorFaqItem = z.infer<typeof operatorFaqItem>

export const operatorNotice = z.object({
  id: int,
  language: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  startsAt: instant,
  endsAt: instant.nullable(),
  createdBy: z.string(),
  createdAt: instant,
})
export type OperatorNotice = z.infer<typeof operatorNotice>

export const operatorFeedback = feedbackItem.extend({ playerId: int, answeredBy: z.string().nullable() })
export type OperatorFeedback = z.infer<typeof operatorFeedback>

export const readResult = z.object({ playerReadUpTo: int, unread: int })
export const cannedList = z.object({ canned: z.array(cannedAnswer) })
export const operatorFaqList = z.object({ faq: z.array(operatorFaqItem) })
export const operatorNoticeList = z.object({ notices: z.array(operatorNotice) })
export const operatorFeedbackList = z.object({ feedback: z.array(operatorFeedback) })

/** The player beside a conversation: balances, recent deposits, withdrawals with steps, limits. */
export const supportPlayerView = z.object({
  playerId: int,
  balances: z.object({ cash: int, bonus: int, withdrawalHold: int, total: int }),
  deposits: z.array(
    z.object({
      transferId: z.string(),
      time: instant,
      kind: z.string().meta({ description: '`deposit` or `pix_refund`.' }),
      amount: int.meta({ description: 'Signed change of cash + bonus, in centavos.' }),
    }),
  ),
  withdrawals: z.array(
    withdrawOrderView.extend({
      holderName: z.string().nullable().meta({ description: 'Masked for a role without personal data.' }),
      steps: z.array(withdrawStep),
    }),
  ),
  limits: limitsView,
})
