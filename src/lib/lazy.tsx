// Lazily loaded parts of the app: a chunk that fails to load, or takes more than 120 s, shows
// a retry button instead of a blank screen (SPEC 10).
import { Trans } from '@lingui/react/macro'
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react'

export const CHUNK_TIMEOUT_MS = 120_000

// biome-ignore lint/suspicious/noExplicitAny: any component props
type Loader<P = any> = () => Promise<{ default: ComponentType<P> }>

function withTimeout<P>(loader: Loader<P>): Loader<P> {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('chunk load timed out')), CHUNK_TIMEOUT_MS)
      loader().then(
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

class LoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className="load-failed" role="alert">
        <p>
          <Trans>Não foi possível carregar esta parte do app.</Trans>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.setState({ failed: false })
            this.props.onRetry()
          }}
        >
          <Trans>Tentar de novo</Trans>
        </button>
      </div>
    )
  }
}

/** A component that loads its code on first render, with retry on failure. */
export function lazyPart<P extends object = Record<string, never>>(
  loader: Loader<P>,
  fallback: ReactNode = <div className="page-loading" aria-busy="true" />,
) {
  // Called once per part at module level, so each returned component is stable.
  return function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0)
    // A failed React.lazy keeps its rejected promise, so each retry needs a new one.
    // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry key
    const Part = useMemo(() => lazy(withTimeout(loader)), [attempt])
    return (
      <LoadBoundary onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={fallback}>
          <Part {...props} />
        </Suspense>
      </LoadBoundary>
    )
  }
}
