// Support state the whole app shares: the entry points' badges (unread operator messages,
// unread notices, answered feedback), read from the server and again on every `chat` and
// `notice` push and after the socket reconnects. The support screens live in features/support.
import type { SupportUnread } from '../../contract/support.ts'
import { call } from './api.ts'
import { onPush } from './push.ts'
import { appStore, atom } from './store.ts'

export const supportUnreadAtom = atom<SupportUnread | null>(null)

let loading: Promise<SupportUnread> | null = null
let watching = false

/** Reads the badges; callers that ask while a read is under way share it. */
export function loadSupportUnread(): Promise<SupportUnread> {
  loading ??= call<SupportUnread>('/v1/support/unread')
    .then((unread) => {
      appStore.set(supportUnreadAtom, unread)
      return unread
    })
    .finally(() => {
      loading = null
    })
  return loading
}

/** Keeps the badges current from now on (the first entry point shown starts it). */
export function watchSupportUnread(): void {
  if (watching) return
  watching = true
  const refresh = () => void loadSupportUnread().catch(() => undefined)
  onPush('chat', (push) => {
    if (push.kind === 'message' || push.kind === 'status') refresh()
  })
  onPush('notice', refresh)
  onPush('reconnected', refresh)
  refresh()
}
