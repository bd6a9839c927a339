// The chat's outbox on this device: a message is first written to IndexedDB, then sent; it leaves
// the queue only when the server has it. Sending again uses the same requestId, so a message
// sent twice (a lost answer, a reload mid-send, two tabs) is stored once. Refusals other than
// "too many" drop the message and say why; network failures keep it for when the connection
// returns.
import type { ChatContext, ChatMessage } from '../../../contract/support.ts'
import { ApiError } from '../../lib/http.ts'
import { type QueuedChatMessage, storage } from '../../lib/storage.ts'
import { sendMessage } from './api.ts'

type Listener = (queue: QueuedChatMessage[]) => void
const listeners = new Set<Listener>()
let flushing: Promise<void> | null = null

export async function queued(): Promise<QueuedChatMessage[]> {
  return (await storage.get('supportOutbox')) ?? []
}

async function save(queue: QueuedChatMessage[]): Promise<void> {
  await storage.set('supportOutbox', queue)
  for (const listener of listeners) listener(queue)
}

export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export async function enqueue(text: string, context: ChatContext | undefined): Promise<QueuedChatMessage> {
  const item: QueuedChatMessage = {
    requestId: crypto.randomUUID(),
    text,
    ...(context ? { context } : {}),
    createdAt: Date.now(),
  }
  await save([...(await queued()), item])
  return item
}

const retryLater = (error: unknown) =>
  error instanceof ApiError &&
  (error.msgCode === 'network' ||
    error.msgCode === 'timeout' ||
    error.msgCode === 'rate_limited' ||
    error.msgCode === 'server_error' ||
    error.status >= 500)

/**
 * Sends what waits, oldest first. `onSent` gets each stored message; `onRefused` each message the
 * server refused for good (dropped from the queue). Concurrent calls share one pass.
 */
export function flush(onSent: (message: ChatMessage) => void, onRefused: (error: unknown) => void): Promise<void> {
  flushing ??= (async () => {
    try {
      for (;;) {
        const [next] = await queued()
        if (!next) return
        try {
          const { message } = await sendMessage({
            text: next.text,
            requestId: next.requestId,
            ...(next.context ? { context: next.context } : {}),
          })
          onSent(message)
        } catch (error) {
          if (retryLater(error)) return
          onRefused(error)
        }
        await save((await queued()).filter((item) => item.requestId !== next.requestId))
      }
    } finally {
      flushing = null
    }
  })()
  return flushing
}
