// Loads what a page shows and loads it again on demand (a push, a decision), over TanStack Query
// (console/lib/query.ts): the page sees the data, the error, and whether a load is running. Each
// input is its own query and a reload supersedes the read in flight, so an older answer never
// overwrites a newer one; the last answer stays shown while new inputs load.
import { useQuery } from '@tanstack/react-query'
import { type DependencyList, useCallback, useId, useMemo, useRef } from 'react'
import { CallError } from './api.ts'
import { queryClient } from './query.ts'

export interface Loaded<T> {
  data: T | undefined
  error: CallError | undefined
  loading: boolean
  reload: () => void
}

export function useCall<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  // Reloads always run the newest `load` without re-subscribing.
  const current = useRef(load)
  current.current = load
  // Held in a box: an answer may be `undefined`, which the library does not take as data.
  const query = useQuery<{ value: T }, unknown>(
    {
      queryKey: ['page', useId(), ...deps],
      queryFn: async ({ signal }) => {
        // Read so that a query left behind (new inputs, the page gone) is cancelled, its answer dropped.
        void signal
        return { value: await current.current() }
      },
      placeholderData: (previous) => previous,
    },
    queryClient,
  )
  const { refetch } = query
  const reload = useCallback(() => void refetch(), [refetch])
  const failure = query.error
  const error = useMemo(
    () =>
      failure === null
        ? undefined
        : failure instanceof CallError
          ? failure
          : new CallError('server_error', String(failure), 0, null),
    [failure],
  )
  return {
    data: query.data?.value,
    error,
    loading: query.isFetching,
    reload,
  }
}
