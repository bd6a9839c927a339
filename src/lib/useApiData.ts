// One way for a screen to read server data. It loads on mount and when its inputs change, keeps
// loading and failure state, and reads again when the player asks (the active tab tapped again,
// a game closed), after the push socket reconnects (pushes may have been missed) and on the push
// topics that change what it shows, and when the browser comes back online after a read failed
// (a screen left on its retry recovers by itself). A read the screen started that fails toasts the server's
// words (or `failure`) when a `failure` text is given; a background re-read that fails keeps
// what is shown. Answers that arrive after a newer read started are dropped.
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'
import type { PushTopic } from '../../contract/push.ts'
import { messageOf } from './http.ts'
import { onPush } from './push.ts'
import { tabReloadAtom } from './reload.ts'
import { useAtomValue } from './store.ts'
import { showToast } from './toast.ts'

export interface ApiDataOptions {
  /** Push topics after which the data is read again. */
  reloadOn?: readonly PushTopic[]
  /** Toasted when a load fails (the server's message for a refusal takes its place). */
  failure?: string
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
}

export function useApiData<T>(load: () => Promise<T>, deps: DependencyList, options: ApiDataOptions = {}): ApiData<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [loading, setLoading] = useState(true)
  const tabReload = useAtomValue(tabReloadAtom)
  const latest = useRef(0)
  // Pushes and retries always run the newest `load` and text, without re-subscribing.
  const current = useRef({ load, failure: options.failure })
  current.current = { load, failure: options.failure }

  const run = useCallback(async (background: boolean) => {
    const id = ++latest.current
    setLoading(true)
    try {
      const next = await current.current.load()
      if (id !== latest.current) return
      setData(next)
      setError(null)
    } catch (failed) {
      if (id !== latest.current) return
      setError(failed)
      const { failure } = current.current
      if (!background && failure !== undefined) showToast(messageOf(failed, failure))
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
  return { data, error, loading, reload, setData }
}
