// `/404`: any unknown path lands here, with a way home.
import { Trans } from '@lingui/react/macro'
import { Link } from 'wouter'

export default function NotFoundPage() {
  return (
    <section className="centered" data-testid="not-found">
      <p>
        <Trans>Não encontramos esta página.</Trans>
      </p>
      <Link href="/" className="button">
        <Trans>Voltar ao início</Trans>
      </Link>
    </section>
  )
}
