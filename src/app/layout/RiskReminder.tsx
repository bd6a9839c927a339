// The one-line reminder of the risks at each access (Portaria SPA/MF 1.231/2024 asks for risk
// information at each login), with a link to limits and help; the player can dismiss it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'

export function RiskReminder() {
  const { t } = useLingui()
  const [shown, setShown] = useState(true)
  if (!shown) return null
  return (
    <p className="risk-reminder" data-testid="risk-reminder">
      <Trans>Apostar envolve risco de perda e pode viciar.</Trans> <Link href="/limits">{t`Limites e ajuda`}</Link>{' '}
      <button type="button" className="link" aria-label={t`Fechar aviso`} onClick={() => setShown(false)}>
        ×
      </button>
    </p>
  )
}
