// One way for a screen to read server data, over TanStack Query (src/lib/query.ts): it loads on
// mount and when its inputs change (each input its own query, so an answer for an older input
// never shows for a newer one, and one overtaken by a newer read of the same input is dropped),
// keeps loading and failure state, and reads again when the player asks (the active tab tapped
// again, a game closed: `tabReloadAtom`), after the push socket reconnects (pushes may have been
// missed) and on the push topics that change what it shows, and when the browser comes back
// online after a read failed (the library's refetch on reconnect: a screen left on its retry
// recovers by itself). A read the screen started that fails toasts the server's words (or
// `failure`) when a `failure` text is given; a background re-read that fails keeps what is shown.
// A screen given a `keep` name keeps its last good answer on the device (IndexedDB, `kept:<name>`,
// with whose and when): when a read fails with nothing fresh shown (offline), it shows that copy
// with its time (`keptAt`) instead of only a retry — never another player's.
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query'
import { type DependencyList, useCallback, useEffect, useId, useRef } from 'react'
import type { PushTopic } from '../../contract/push.ts'
import { messageOf } from './http.ts'
import { onPush } from './push.ts'
import { queryClient } from './query.ts'
import { tabReloadAtom } from './reload.ts'
import { storage } from './storage.ts'
import { useAtomValue } from './store.ts'
import { showToast } from './toast.ts'

export interface ApiDataOptions {
  /** Push topics after which the data is read again. */
  reloadOn?: readonly PushTopic[]
  /** Toasted when a load fails (the server's message for a refusal takes its place). */
  failure?: string
  /**
   * Keeps the last good answer under this name (one per screen and input, e.g. `activity:7d`), so
   * the screen shows it when a read fails offline. Only for data of the signed-in player.
   */
  keep?: string
}

export interface ApiData<T> {
  data: T | null
  /** The last load's failure, cleared by the next success. */
  error: unknown
  loading: boolean
  /** Reads again now (e.g. a retry button, or after a refused action changed the state). */
  reload: () => Promise<void>
  /** Shows a fresher copy the screen got from an action's answer. */
  setData: (next: T) => void
  /** When `data` is the copy kept on the device (the read failed): the time it was answered; else null. */
  keptAt: number | null
}

/** What a screen's query holds: the answer, or the kept copy with its time and the read's failure. */
interface Shown<T> {
  value: T
  keptAt: number | null
  failure: unknown
}

/** The player whose data a kept answer may be shown to: the last account the server confirmed. */
async function currentUserId(): Promise<number | undefined> {
  return (await storage.get('user'))?.userId
}

export function useApiData<T>(load: () => Promise<T>, deps: DependencyList, options: ApiDataOptions = {}): ApiData<T> {
  const queryKey = ['screen', useId(), ...deps]
  const tabReload = useAtomValue(tabReloadAtom)
  // Triggers always run the newest `load` and text, without re-subscribing.
  const current = useRef({ load, failure: options.failure, keep: options.keep })
  current.current = { load, failure: options.failure, keep: options.keep }
  // Whether the next read is one the screen started (mount, new inputs, a tap, a retry): only its failure toasts.
  const started = useRef(true)
  const inputs = JSON.stringify(queryKey)
  const lastInputs = useRef(inputs)
  if (lastInputs.current !== inputs) {
    lastInputs.current = inputs
    started.current = true
  }

  const query = useQuery<Shown<T>>(
    {
      queryKey,
      queryFn: async ({ signal, queryKey: key }: QueryFunctionContext) => {
        const foreground = started.current
        started.current = false
        const { failure, keep } = current.current
        try {
          const value = await current.current.load()
          if (keep && !signal.aborted) {
            const userId = await currentUserId()
            if (userId !== undefined) void storage.set(`kept:${keep}`, { userId, at: Date.now(), data: value })
          }
          return { value, keptAt: null, failure: null }
        } catch (failed) {
          const shown = queryClient.getQueryData<Shown<T>>(key)
          // A kept copy stands in for nothing (or for itself), never for a fresher answer.
          if (keep && (shown === undefined || shown.keptAt !== null)) {
            const [kept, userId] = await Promise.all([storage.get(`kept:${keep}`), currentUserId()])
            if (kept && kept.userId === userId) return { value: kept.data as T, keptAt: kept.at, failure: failed }
          }
          if (foreground && failure !== undefined && !signal.aborted) showToast(messageOf(failed, failure))
          throw failed
        }
      },
      // The answer for the last inputs stays shown while the new ones load.
      placeholderData: (previous) => previous,
      // Back online: read again what failed (or shows a kept copy), not what is fresh.
      refetchOnReconnect: (q) => q.state.status === 'error' || (q.state.data?.keptAt ?? null) !== null,
    },
    queryClient,
  )
  const { refetch } = query

  const reread = useCallback(
    async (foreground: boolean) => {
      started.current = foreground
      await refetch()
    },
    [refetch],
  )

  const firstTabReload = useRef(tabReload)
  useEffect(() => {
    if (tabReload !== firstTabReload.current) void reread(true)
  }, [reread, tabReload])

  const topics = (options.reloadOn ?? []).join(',')
  useEffect(() => {
    const events = [...(topics ? (topics.split(',') as PushTopic[]) : []), 'reconnected' as const]
    const offs = events.map((event) => onPush(event, () => void reread(false)))
    return () => {
      for (const off of offs) off()
    }
  }, [reread, topics])

  const key = useRef(queryKey)
  key.current = queryKey
  const setData = useCallback((next: T) => {
    queryClient.setQueryData<Shown<T>>(key.current, { value: next, keptAt: null, failure: null })
  }, [])
  const reload = useCallback(() => reread(true), [reread])

  const shown = query.isPlaceholderData ? undefined : query.data
  const placeholder = query.isPlaceholderData ? query.data : undefined
  return {
    data: (shown ?? placeholder)?.value ?? null,
    error: query.error ?? shown?.failure ?? null,
    loading: query.isFetching,
    reload,
    setData,
    keptAt: shown?.keptAt ?? null,
  }
}
