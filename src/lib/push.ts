// The push client: one WebSocket to `/ws`, authenticated with the session token, reconnecting
// with exponential backoff. Balance pushes update the header at once; after a reconnect the
// app refetches what it shows, since pushes may have been missed while the socket was down.
import type { BalancePush, PushTopics } from '../../contract/push.ts'
import { applyBalance, refreshAccount } from './account.ts'
import { currentToken, reloginSilently } from './session.ts'
import { appStore, atom } from './store.ts'

export type PushStatus = 'connecting' | 'open' | 'closed'
export const pushStatusAtom = atom<PushStatus>('closed')

/** The server's topics, plus the client's own `reconnected` (the socket came back). */
export type PushEvents = PushTopics & { reconnected: null }
export type PushEvent = keyof PushEvents

type Handler = (data: unknown) => void
const handlers = new Map<string, Set<Handler>>()

/** Subscribes to a push topic, or to `reconnected`, which fires after the socket comes back. */
export function onPush<Event extends PushEvent>(type: Event, handler: (data: PushEvents[Event]) => void): () => void {
  const set = handlers.get(type) ?? new Set<Handler>()
  handlers.set(type, set)
  // The socket's JSON is trusted to match contract/push.ts: the server writes it from there.
  const untyped = handler as Handler
  set.add(untyped)
  return () => set.delete(untyped)
}

/** Hands a message to its subscribers, as the socket does (tests use it directly). */
export function emitPush(type: string, data: unknown): void {
  for (const handler of handlers.get(type) ?? []) handler(data)
}

const MIN_DELAY_MS = 500
const MAX_DELAY_MS = 30_000
let socket: WebSocket | null = null
let attempt = 0
let everOpened = false
let retryTimer: ReturnType<typeof setTimeout> | undefined
let started = false

function socketUrl(): string {
  const url = new URL('/ws', window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

function scheduleReconnect() {
  clearTimeout(retryTimer)
  const delay = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt) * (0.75 + Math.random() * 0.5)
  attempt++
  retryTimer = setTimeout(connect, delay)
}

async function connect() {
  if (socket && socket.readyState <= WebSocket.OPEN) return
  appStore.set(pushStatusAtom, 'connecting')
  let token: string
  try {
    token = await currentToken()
  } catch {
    appStore.set(pushStatusAtom, 'closed')
    scheduleReconnect()
    return
  }
  const ws = new WebSocket(socketUrl())
  socket = ws
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
  ws.onmessage = (event) => {
    let message: { type: string; data: unknown }
    try {
      message = JSON.parse(String(event.data))
    } catch {
      return
    }
    if (message.type === 'ready') {
      const reconnected = everOpened
      everOpened = true
      attempt = 0
      appStore.set(pushStatusAtom, 'open')
      if (reconnected) {
        refreshAccount().catch(() => {})
        emitPush('reconnected', null)
      }
      return
    }
    if (message.type === 'error') {
      // The token was refused: log in again silently (unless that already happened); the close
      // handler then reconnects with the new token.
      reloginSilently(token).catch(() => {})
      return
    }
    if (message.type === 'balance') applyBalance(message.data as BalancePush)
    emitPush(message.type, message.data)
  }
  ws.onclose = () => {
    if (socket === ws) socket = null
    appStore.set(pushStatusAtom, 'closed')
    scheduleReconnect()
  }
}

/** Opens the push socket once for the app's lifetime. */
export function startPush(): void {
  if (started) return
  started = true
  window.addEventListener('online', () => {
    attempt = 0
    clearTimeout(retryTimer)
    void connect()
  })
  void connect()
}
