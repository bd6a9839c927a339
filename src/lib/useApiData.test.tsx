// The data hook over TanStack Query: loads on mount and on new inputs, drops answers overtaken by
// a newer read, reads again on its push topics, on reconnect and on the tab-reload counter, toasts
// a failure only for a read the screen started, and shows the copy kept on the device when a read
// fails, only to the same player, until the browser is back online.
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './http.ts'
import { emitPush } from './push.ts'
import { tabReloadAtom } from './reload.ts'
import { storage } from './storage.ts'
import { appStore, Provider } from './store.ts'
import { toastAtom } from './toast.ts'
import { useApiData } from './useApiData.ts'

/** A load whose answers the test releases one by one. */
function controlledLoad<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const load = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }))
  return { load, pending }
}

/** The app's store, as App.tsx provides it. */
const wrapper = ({ children }: { children: ReactNode }) => <Provider store={appStore}>{children}</Provider>

afterEach(() => {
  appStore.set(toastAtom, null)
})

describe('useApiData', () => {
  it('loads on mount: loading first, then the data', async () => {
    const { load, pending } = controlledLoad<string>()
    const { result } = renderHook(() => useApiData(load, []))
    expect(result.current.loading).toBe(true)
    expect(result.current.data).toBeNull()
    await act(async () => pending[0]?.resolve('first'))
    await waitFor(() => expect(result.current).toMatchObject({ data: 'first', loading: false, error: null }))
  })

  it('reads again when an input changes and drops the answer a newer read overtook', async () => {
    const answers: Record<number, ReturnType<typeof controlledLoad<string>>> = {}
    const { result, rerender } = renderHook(
      ({ page }) => {
        answers[page] ??= controlledLoad<string>()
        return useApiData(() => answers[page]!.load(), [page])
      },
      { initialProps: { page: 1 } },
    )
    rerender({ page: 2 })
    await act(async () => answers[2]?.pending[0]?.resolve('page 2'))
    await waitFor(() => expect(result.current.data).toBe('page 2'))
    await act(async () => answers[1]?.pending[0]?.resolve('page 1, late'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current.data).toBe('page 2')
  })

  it('reads again on its push topics, on reconnect and on the tab-reload counter, not on other topics', async () => {
    let reads = 0
    renderHook(() => useApiData(async () => ++reads, [], { reloadOn: ['order'] }), { wrapper })
    await waitFor(() => expect(reads).toBe(1))
    act(() => emitPush('order', { orderId: 'W1', status: 'paid' }))
    await waitFor(() => expect(reads).toBe(2))
    act(() => emitPush('reconnected', null))
    await waitFor(() => expect(reads).toBe(3))
    act(() => appStore.set(tabReloadAtom, (n) => n + 1))
    await waitFor(() => expect(reads).toBe(4))
    act(() => emitPush('deposit', { orderId: 'D1', amount: 100, bonusAmount: 0 }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads).toBe(4)
  })

  it('toasts the server’s words when its own read fails, and keeps the data when a background read fails', async () => {
    let fail: unknown = new ApiError('promotions_off', 'As promoções estão desligadas.')
    const { result } = renderHook(() =>
      useApiData(
        async () => {
          if (fail) throw fail
          return 'data'
        },
        [],
        { reloadOn: ['balance'], failure: 'Não foi possível carregar.' },
      ),
    )
    await waitFor(() => expect(appStore.get(toastAtom)?.text).toBe('As promoções estão desligadas.'))
    expect(result.current.data).toBeNull()

    fail = null
    await act(() => result.current.reload())
    await waitFor(() => expect(result.current).toMatchObject({ data: 'data', error: null }))

    appStore.set(toastAtom, null)
    fail = new Error('offline')
    act(() => emitPush('balance', { total: 0, cash: 0, bonus: 0, wageringRemaining: 0 }))
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error))
    expect(result.current.data).toBe('data')
    expect(appStore.get(toastAtom)).toBeNull()

    await act(() => result.current.reload())
    await waitFor(() => expect(appStore.get(toastAtom)?.text).toBe('Não foi possível carregar.'))
  })

  it('back online, reads again what failed and leaves what is fresh', async () => {
    let fails = true
    let failedReads = 0
    let freshReads = 0
    const failing = renderHook(() =>
      useApiData(async () => {
        failedReads++
        if (fails) throw new Error('offline')
        return 'now'
      }, []),
    )
    const fresh = renderHook(() => useApiData(async () => ++freshReads, []))
    await waitFor(() => expect(failing.result.current.error).toBeInstanceOf(Error))
    await waitFor(() => expect(fresh.result.current.data).toBe(1))
    fails = false
    await act(async () => {
      window.dispatchEvent(new Event('offline'))
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(failing.result.current).toMatchObject({ data: 'now', error: null }))
    expect(failedReads).toBe(2)
    expect(freshReads).toBe(1)
    failing.unmount()
    fresh.unmount()
  })

  it('keeps its last good answer on the device: a failed first read shows it with its time, only to the same player', async () => {
    await storage.set('user', { userId: 7, userName: null, gold: 0, cash: 0, bonus: 0 })
    let fail: unknown = null
    const load = async () => {
      if (fail) throw fail
      return { limit: 500 }
    }
    const online = renderHook(() => useApiData(load, [], { keep: 'test-screen' }))
    await waitFor(() => expect(online.result.current.data).toEqual({ limit: 500 }))
    expect(online.result.current.keptAt).toBeNull()
    await waitFor(async () => expect((await storage.get('kept:test-screen'))?.data).toEqual({ limit: 500 }))
    const kept = await storage.get('kept:test-screen')
    expect(kept?.userId).toBe(7)
    online.unmount()

    // Reopened offline: the copy, marked with the time it was answered, and the failure kept for the retry.
    fail = new Error('offline')
    const offline = renderHook(() => useApiData(load, [], { keep: 'test-screen', failure: 'Sem conexão.' }))
    await waitFor(() => expect(offline.result.current.data).toEqual({ limit: 500 }))
    expect(offline.result.current.keptAt).toBe(kept?.at)
    expect(offline.result.current.error).toBeInstanceOf(Error)
    expect(appStore.get(toastAtom)).toBeNull()
    // Back online (the browser went offline, then online): the fresh answer replaces the copy by itself.
    fail = null
    await act(async () => {
      window.dispatchEvent(new Event('offline'))
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(offline.result.current.keptAt).toBeNull())
    expect(offline.result.current.error).toBeNull()
    offline.unmount()

    // Another player on this device never sees it.
    await storage.set('user', { userId: 8, userName: null, gold: 0, cash: 0, bonus: 0 })
    fail = new Error('offline')
    const other = renderHook(() => useApiData(load, [], { keep: 'test-screen' }))
    await waitFor(() => expect(other.result.current.error).toBeInstanceOf(Error))
    expect(other.result.current).toMatchObject({ data: null, keptAt: null })
  })
})
