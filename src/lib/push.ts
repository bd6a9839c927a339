// The push client: one WebSocket to `/ws`, authenticated with the session token, reconnecting
// with exponential backoff. Balance pushes update the header at once; after a reconnect the
// app refetches what it shows, since pushes may have been missed while the socket was down.
import { atom } from 'jotai'
import { applyBalance, type PushedBalance, refreshAccount } from './account.ts'
import { currentToken, reloginSilently } from './session.ts'
import { appStore } from './store.ts'

export type PushStatus = 'connecting' | 'open' | 'closed'
export const pushStatusAtom = atom<PushStatus>('closed')

type Handler = (data: unknown) => void
const handlers = new Map<string, Set<Handler>>()

/** Subscribes to a push message type; `reconnected` fires after the socket comes back. */
export function onPush(type: string, handler: Handler): () => void {
  const set = handlers.get(type) ?? new Set<Handler>()
  handlers.set(type, set)
  set.add(handler)
  return () => set.delete(handler)
}

function emit(type: string, data: unknown) {
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
        emit('reconnected', null)
      }
      return
    }
    if (message.type === 'error') {
      // The token was refused: log in again silently (unless that already happened); the close
      // handler then reconnects with the new token.
      reloginSilently(token).catch(() => {})
      return
    }
    if (message.type === 'balance') applyBalance(message.data as PushedBalance)
    emit(message.type, message.data)
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
