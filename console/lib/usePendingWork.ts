// The work waiting for this operator — withdrawals to review, verifications, four-eyes requests,
// open money-watch flags, conversations waiting — as the server counts it from the rows, for the
// kinds the role may do. One copy for the menu's badges and the dashboard, read again after each
// push of the console socket (a burst read once) and every 30 seconds (a flag raised after a
// withdrawal request is not pushed), or when a page says its own action changed them, while
// anything shows it.
import { useSyncExternalStore } from 'react'
import type { PendingWork } from '../../contract/ops.ts'
import { call } from './api.ts'
import { onOpsPush } from './push.ts'

const POLL_MS = 30_000
const PUSH_SETTLE_MS = 300

let counts: PendingWork | undefined
const subscribers = new Set<() => void>()
let stop: (() => void) | undefined
let latest = 0

function load(): void {
  const mine = ++latest
  call<PendingWork>('pending').then(
    (value) => {
      if (mine !== latest || stop === undefined) return
      counts = value
      for (const notify of subscribers) notify()
    },
    // Kept as last read; the next push or poll tries again.
    () => undefined,
  )
}

function start(): () => void {
  load()
  let settle: ReturnType<typeof setTimeout> | undefined
  const offPush = onOpsPush(() => {
    clearTimeout(settle)
    settle = setTimeout(load, PUSH_SETTLE_MS)
  })
  const poll = setInterval(load, POLL_MS)
  return () => {
    offPush()
    clearTimeout(settle)
    clearInterval(poll)
  }
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify)
  stop ??= start()
  return () => {
    subscribers.delete(notify)
    if (subscribers.size === 0) {
      stop?.()
      stop = undefined
      // Signed out (or another operator next): nothing of these counts is shown again.
      counts = undefined
    }
  }
}

/** Reads the counts again now (after this operator's own action, which no push reports). */
export function refreshPendingWork(): void {
  if (stop !== undefined) load()
}

/** The counts waiting for this operator; undefined until the first answer. */
export function usePendingWork(): PendingWork | undefined {
  return useSyncExternalStore(subscribe, () => counts)
}
