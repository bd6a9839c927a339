// Lazily loaded parts of the app: a chunk that fails to load shows a retry button instead of a
// blank screen. A page whose chunk takes more than 120 s lands on `/404`, which then
// offers to try that page again.
import { Trans } from '@lingui/react/macro'
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { loadRestOfCatalog } from './catalog.ts'
import { CHUNK_TIMEOUT_MS } from './chunkTimeout.ts'

export { CHUNK_TIMEOUT_MS }

/** What `/404` is told in `history.state` when a page did not load in time. */
export interface TimedOutState {
  timedOutFrom: string
}

class ChunkTimeout extends Error {}

// biome-ignore lint/suspicious/noExplicitAny: any component props
type Loader<P = any> = () => Promise<{ default: ComponentType<P> }>

/**
 * The part's chunk, within the time-out, and — unless the part belongs to the first route, whose
 * messages come with the app — the rest of the Portuguese catalog, so it renders no message id.
 */
function withTimeout<P>(loader: Loader<P>, firstRoute: boolean): Loader<P> {
  const load = firstRoute ? loader : () => Promise.all([loader(), loadRestOfCatalog()]).then(([module]) => module)
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeout('chunk load timed out')), CHUNK_TIMEOUT_MS)
      load().then(
        (module) => {
          clearTimeout(timer)
          resolve(module)
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error)
        },
      )
    })
}

interface BoundaryProps {
  onRetry: () => void
  /** A page: a time-out lands on `/404` (which offers the retry) rather than an inline retry. */
  page: boolean
  children: ReactNode
}

class LoadBoundary extends Component<BoundaryProps, { failed: boolean; timedOut: boolean }> {
  override state = { failed: false, timedOut: false }
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, timedOut: error instanceof ChunkTimeout }
  }
  #retry = () => {
    this.setState({ failed: false })
    this.props.onRetry()
  }
  override componentDidUpdate(_props: BoundaryProps, before: { failed: boolean }) {
    // A chunk that failed offline loads by itself once the connection returns.
    if (this.state.failed && !before.failed) window.addEventListener('online', this.#retry, { once: true })
    if (!this.state.failed && before.failed) window.removeEventListener('online', this.#retry)
  }
  override componentWillUnmount() {
    window.removeEventListener('online', this.#retry)
  }
  override componentDidCatch(error: unknown) {
    const from = window.location.pathname + window.location.search
    // `/404` itself falls back to the inline retry, so a slow 404 page cannot loop.
    if (this.props.page && error instanceof ChunkTimeout && window.location.pathname !== '/404') {
      const state: TimedOutState = { timedOutFrom: from }
      navigate('/404', { state })
    }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    if (this.props.page && this.state.timedOut && window.location.pathname !== '/404') return null
    return (
      <div className="load-failed" role="alert">
        <p>
          <Trans>Não foi possível carregar esta parte do app.</Trans>
        </p>
        <button type="button" className="button" onClick={this.#retry}>
          <Trans>Tentar de novo</Trans>
        </button>
      </div>
    )
  }
}

interface PartOptions {
  /** A page: a time-out lands on `/404` (which offers the retry) rather than an inline retry. */
  page?: boolean
  /** Loaded by the first route (the lobby): its messages are bundled with the app (scripts/split-catalog.ts). */
  firstRoute?: boolean
}

/** A component that loads its code on first render, with retry on failure. */
export function lazyPart<P extends object = Record<string, never>>(
  loader: Loader<P>,
  fallback: ReactNode = <div className="page-loading" aria-busy="true" />,
  { page = false, firstRoute = false }: PartOptions = {},
) {
  // Called once per part at module level, so each returned component is stable.
  return function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0)
    // A failed React.lazy keeps its rejected promise, so each retry needs a new one.
    // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry key
    const Part = useMemo(() => lazy(withTimeout(loader, firstRoute)), [attempt])
    return (
      <LoadBoundary page={page} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={fallback}>
          <Part {...props} />
        </Suspense>
      </LoadBoundary>
    )
  }
}

/** A routed page: like `lazyPart`, but a page that does not load in time lands on `/404`. */
export function lazyPage(loader: Loader<Record<string, never>>, options: { firstRoute?: boolean } = {}) {
  return lazyPart(loader, undefined, { ...options, page: true })
}
