// The deposit tab. PIX deposits are not open yet, and the screen says so plainly.
import { Trans } from '@lingui/react/macro'

export default function DepositPage() {
  return (
    <section>
      <h1 className="page-title">
        <Trans>Depósito</Trans>
      </h1>
      <p className="empty-state">
        <Trans>Depósitos por PIX ainda não estão abertos.</Trans>
      </p>
    </section>
  )
}
