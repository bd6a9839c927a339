// The support screens' calls: the conversation, sending and read receipts, typing, the FAQ and
// notices (kept in IndexedDB so they read offline), and feedback.
import type { RequestBody } from '../../../contract/request.ts'
import type {
  ConversationView,
  FaqView,
  FeedbackItem,
  FeedbackView,
  feedbackRequest,
  NoticesView,
  readRequest,
  SendResult,
  sendRequest,
} from '../../../contract/support.ts'
import { call } from '../../lib/api.ts'
import { ApiError } from '../../lib/http.ts'
import { type StoredValues, storage } from '../../lib/storage.ts'

/** The server's answer, kept for offline reading; the kept copy when the network is down. */
async function cached<K extends 'supportConversation' | 'supportFaq' | 'supportNotices'>(
  key: K,
  load: () => Promise<StoredValues[K]>,
): Promise<StoredValues[K]> {
  try {
    const fresh = await load()
    void storage.set(key, fresh)
    return fresh
  } catch (error) {
    const offline = error instanceof ApiError && (error.msgCode === 'network' || error.msgCode === 'timeout')
    const kept = offline ? await storage.get(key) : undefined
    if (kept) return kept
    throw error
  }
}

export const getConversation = () =>
  cached('supportConversation', () => call<ConversationView>('/v1/support/conversation'))

export const sendMessage = (input: RequestBody<typeof sendRequest>) => call<SendResult>('/v1/support/send', input)

export const markRead = (input: RequestBody<typeof readRequest>) =>
  call<{ playerReadUpTo: number; unread: number }>('/v1/support/read', input)

export const sendTyping = (typing: boolean) => call<null>('/v1/support/typing', { typing })

export const getFaq = () => cached('supportFaq', () => call<FaqView>('/v1/support/faq', undefined, 'GET'))

export const getNotices = () => cached('supportNotices', () => call<NoticesView>('/v1/support/notices'))

export const markNoticesRead = (ids: number[]) => call<NoticesView>('/v1/support/notices/read', { ids })

export const giveFeedback = (input: RequestBody<typeof feedbackRequest>) =>
  call<FeedbackItem>('/v1/support/feedback', input)

export const getFeedback = () => call<FeedbackView>('/v1/support/feedback/list')
