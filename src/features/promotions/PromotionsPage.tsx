// The promotions tab: the active promotions with their terms. None is active yet.
import { Trans } from '@lingui/react/macro'

export default function PromotionsPage() {
  return (
    <section>
      <h1 className="page-title">
        <Trans>Promoções</Trans>
      </h1>
      <p className="empty-state">
        <Trans>Nenhuma promoção ativa no momento. Quando houver, os termos aparecem aqui antes de você aceitar.</Trans>
      </p>
    </section>
  )
}
