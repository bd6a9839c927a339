// Loads what a page shows and loads it again on demand (a push, a decision): the page sees the
// data, the error, and whether a load is running; an older answer never overwrites a newer one.
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'
import { CallError } from './api.ts'

export interface Loaded<T> {
  data: T | undefined
  error: CallError | undefined
  loading: boolean
  reload: () => void
}

export function useCall<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<CallError>()
  const [loading, setLoading] = useState(true)
  const latest = useRef(0)
  // Reloads always run the newest `load` without re-subscribing.
  const current = useRef(load)
  current.current = load
  const reload = useCallback(() => {
    const mine = ++latest.current
    setLoading(true)
    current.current().then(
      (value) => {
        if (mine !== latest.current) return
        setData(value)
        setError(undefined)
        setLoading(false)
      },
      (failure: unknown) => {
        if (mine !== latest.current) return
        setError(failure instanceof CallError ? failure : new CallError('server_error', String(failure), null))
        setLoading(false)
      },
    )
  }, [])
  // The caller's inputs trigger a load.
  useEffect(reload, [reload, ...deps])
  return { data, error, loading, reload }
}
