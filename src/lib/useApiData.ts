// One way for a screen to read server data. It loads on mount and when its inputs change, keeps
// loading and failure state, and reads again when the player asks (the active tab tapped again,
// a game closed), after the push socket reconnects (pushes may have been missed) and on the push
// topics that change what it shows, and when the browser comes back online after a read failed
// (a screen left on its retry recovers by itself). A read the screen started that fails toasts the server's
// words (or `failure`) when a `failure` text is given; a background re-read that fails keeps
// what is shown. Answers that arrive after a newer read started are dropped. A screen given a
// `keep` name keeps its last good answer on the device (IndexedDB): when a read fails with nothing
// shown (offline), it shows that copy with its time (`keptAt`) instead of only a retry.
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'
import type { PushTopic } from '../../contract/push.ts'
import { messageOf } from './http.ts'
import { onPush } from './push.ts'
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

/** The player whose data a kept answer may be shown to: the last account the server confirmed. */
async function currentUserId(): Promise<number | undefined> {
  return (await storage.get('user'))?.userId
}

export function useApiData<T>(load: () => Promise<T>, deps: DependencyList, options: ApiDataOptions = {}): ApiData<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [loading, setLoading] = useState(true)
  const [keptAt, setKeptAt] = useState<number | null>(null)
  const tabReload = useAtomValue(tabReloadAtom)
  const latest = useRef(0)
  // Pushes and retries always run the newest `load` and text, without re-subscribing.
  const current = useRef({ load, failure: options.failure, keep: options.keep })
  current.current = { load, failure: options.failure, keep: options.keep }
  // The `keep` name whose answer the screen shows: a kept copy only stands in for nothing (or for
  // another input's answer), never for a fresher answer.
  const shown = useRef<string | undefined>(undefined)

  const run = useCallback(async (background: boolean) => {
    const id = ++latest.current
    setLoading(true)
    try {
      const { keep } = current.current
      const next = await current.current.load()
      if (id !== latest.current) return
      setData(next)
      setError(null)
      setKeptAt(null)
      shown.current = keep
      if (keep) {
        const userId = await currentUserId()
        if (userId !== undefined) void storage.set(`kept:${keep}`, { userId, at: Date.now(), data: next })
      }
    } catch (failed) {
      if (id !== latest.current) return
      const { failure, keep } = current.current
      let fromCopy = false
      if (keep && shown.current !== keep) {
        const [kept, userId] = await Promise.all([storage.get(`kept:${keep}`), currentUserId()])
        if (id !== latest.current) return
        if (kept && kept.userId === userId) {
          setData(kept.data as T)
          setKeptAt(kept.at)
          shown.current = keep
          fromCopy = true
        } else if (shown.current !== undefined) {
          // What is shown answers another input (e.g. another period): not this one's, so none.
          setData(null)
          setKeptAt(null)
          shown.current = undefined
        }
      }
      setError(failed)
      // The kept copy and its offline note say enough; a toast would repeat it.
      if (!background && failure !== undefined && !fromCopy) showToast(messageOf(failed, failure))
    } finally {
      if (id === latest.current) setLoading(false)
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's inputs and the tab-reload counter trigger a load
  useEffect(() => {
    void run(false)
  }, [run, tabReload, ...deps])

  const topics = (options.reloadOn ?? []).join(',')
  useEffect(() => {
    const events = [...(topics ? (topics.split(',') as PushTopic[]) : []), 'reconnected' as const]
    const offs = events.map((event) => onPush(event, () => void run(true)))
    return () => {
      for (const off of offs) off()
    }
  }, [run, topics])

  // Back online after a failed read: read again without waiting for a tap or the push socket.
  const failedRef = useRef(false)
  failedRef.current = error !== null
  useEffect(() => {
    const retry = () => {
      if (failedRef.current) void run(true)
    }
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [run])

  // Answers that arrive after the screen is gone are dropped.
  useEffect(
    () => () => {
      latest.current++
    },
    [],
  )

  const reload = useCallback(() => run(false), [run])
  const setFresh = useCallback((next: T) => {
    setData(next)
    setKeptAt(null)
  }, [])
  return { data, error, loading, reload, setData: setFresh, keptAt }
}
