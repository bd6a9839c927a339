// `/404`: any unknown path lands here, with a way home. A page that did not load in time lands
// here too (src/lib/lazy.tsx), and then it also offers to try that page again.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from 'wouter'
import { useHistoryState } from 'wouter/use-browser-location'
import type { TimedOutState } from '../../lib/lazy.tsx'
import { Typewriter } from '../../lib/Typewriter.tsx'

export default function NotFoundPage() {
  const { t } = useLingui()
  const [, navigate] = useLocation()
  const timedOutFrom = useHistoryState<Partial<TimedOutState> | null>()?.timedOutFrom
  if (timedOutFrom) {
    return (
      <section className="centered" data-testid="not-found" data-timed-out="">
        <p data-testid="not-found-text">
          <Trans>Esta página demorou demais para carregar. Verifique sua conexão.</Trans>
        </p>
        <button type="button" className="button" onClick={() => navigate(timedOutFrom, { replace: true })}>
          <Trans>Tentar de novo</Trans>
        </button>
        <Link href="/" className="button secondary">
          <Trans>Início</Trans>
        </Link>
      </section>
    )
  }
  return (
    <section className="centered" data-testid="not-found">
      <p data-testid="not-found-text">
        <Typewriter text={t`Não encontramos esta página.`} />
      </p>
      <Link href="/" className="button">
        <Trans>Voltar ao início</Trans>
      </Link>
    </section>
  )
}
