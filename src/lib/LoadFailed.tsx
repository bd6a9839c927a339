// What a screen shows when its data did not load (offline, the server away): what failed, in
// words, and a retry button. The screen also reloads by itself when the connection returns
// (useApiData listens for `online`), so the button is for the player who does not want to wait.
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

export function LoadFailed({
  children,
  onRetry,
  testId,
}: {
  children: ReactNode
  onRetry: () => void
  testId?: string
}) {
  return (
    <div className="load-failed" role="alert" data-testid={testId ?? 'load-failed'}>
      <p>{children}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Tentar de novo</Trans>
      </button>
    </div>
  )
}
