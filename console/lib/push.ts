// The console's push socket (/ws/ops, authenticated by the session cookie): `ops` messages say an
// order, deposit or refund changed; pages re-read what they show. Reconnects with backoff.
import { useEffect, useRef } from 'react'
import type { OperatorPush } from '../../contract/ops.ts'
import { sessionEnded } from './api.ts'

type Listener = (push: OperatorPush) => void
const listeners = new Set<Listener>()
let socket: WebSocket | undefined
let attempt = 0
let stopped = true

function connect(): void {
  if (stopped) return
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/ops`
  const ws = new WebSocket(url)
  socket = ws
  ws.onopen = () => {
    attempt = 0
  }
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { type: string; data: unknown }
    if (message.type === 'ops') for (const listener of listeners) listener(message.data as OperatorPush)
    // Reconnected: whatever changed meanwhile is re-read.
    if (message.type === 'ready')
      for (const listener of listeners) listener({ topic: 'order', playerId: null, id: null, status: null })
  }
  ws.onclose = (event) => {
    if (socket === ws) socket = undefined
    if (stopped) return
    // 4003: the server ended this session (logout elsewhere, the operator disabled or reset).
    if (event.code === 4003) {
      sessionEnded()
      return
    }
    const delay = Math.min(30_000, 500 * 2 ** attempt++)
    setTimeout(connect, delay)
  }
}

export function startPush(): void {
  if (!stopped) return
  stopped = false
  connect()
}

export function stopPush(): void {
  stopped = true
  socket?.close()
  socket = undefined
}

/** Calls `listener` on each operator push until the returned function is called. */
export function onOpsPush(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Calls `listener` on each operator push while the component is mounted. */
export function useOpsPush(listener: Listener): void {
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => onOpsPush((push) => latest.current(push)), [])
}
