// The withdraw tab. PIX withdrawals are not open yet, and the screen says so plainly.
import { Trans } from '@lingui/react/macro'

export default function WithdrawPage() {
  return (
    <section>
      <h1 className="page-title">
        <Trans>Saque</Trans>
      </h1>
      <p className="empty-state">
        <Trans>Saques por PIX ainda não estão abertos. Quando abrirem, não haverá taxa nenhuma.</Trans>
      </p>
    </section>
  )
}
