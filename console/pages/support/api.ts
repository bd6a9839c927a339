// Support's calls: the inbox and a conversation (reply, assign, close, typing, read), the FAQ,
// notices and canned answers, and the players' suggestions.
import type {
  CannedAnswer,
  InboxView,
  OperatorConversationView,
  OperatorFaqItem,
  OperatorFeedback,
  OperatorNotice,
} from '../../../contract/support.ts'
import { call } from '../../lib/api.ts'

/** A content language as the server names it (pt-BR, en, hi). */
export type ContentLanguage = string

export const listInbox = (body: { status: 'open' | 'closed'; mine: boolean }) => call<InboxView>('support/inbox', body)

export const openConversation = (conversationId: number) =>
  call<OperatorConversationView>('support/conversation', { conversationId })

export const markRead = (conversationId: number, upTo: number) =>
  call<unknown>('support/read', { conversationId, upTo })

export const signalTyping = (conversationId: number) =>
  call<unknown>('support/typing', { conversationId, typing: true })

export const sendReply = (conversationId: number, text: string) =>
  call<unknown>('support/reply', { conversationId, text, requestId: crypto.randomUUID() })

export const assign = (
  conversationId: number,
  change: { action: 'take' } | { action: 'release' } | { action: 'transfer'; to: number },
) => call<unknown>('support/assign', { conversationId, ...change })

export const closeConversation = (conversationId: number, reopen: boolean) =>
  call<unknown>('support/close', { conversationId, ...(reopen ? { reopen: true } : {}) })

export const listCannedAnswers = (language: ContentLanguage) =>
  call<{ canned: CannedAnswer[] }>('support/canned', { language })

export const saveCannedAnswer = (body: { language: ContentLanguage; title: string; text: string }) =>
  call<unknown>('support/canned/save', body)

export const deleteCannedAnswer = (id: number) => call<unknown>('support/canned/delete', { id })

export const listFaq = (language: ContentLanguage) => call<{ faq: OperatorFaqItem[] }>('support/faq', { language })

export const saveFaqItem = (body: {
  id?: number
  language: ContentLanguage
  position: number
  question: string
  answer: string
}) => call<unknown>('support/faq/save', body)

export const deleteFaqItem = (id: number) => call<unknown>('support/faq/delete', { id })

export const listNotices = () => call<{ notices: OperatorNotice[] }>('support/notices')

export const saveNotice = (body: {
  title: string
  body: string
  language: ContentLanguage | null
  link: string | null
  startsAt: number
  endsAt: number | null
}) => call<unknown>('support/notices/save', body)

export const deleteNotice = (id: number) => call<unknown>('support/notices/delete', { id })

export const listFeedback = (status: 'open' | 'answered' | 'closed') =>
  call<{ feedback: OperatorFeedback[] }>('support/feedback', { status })

export const answerFeedback = (id: number, body: object) => call<unknown>('support/feedback/answer', { id, ...body })
