// Perfil's switch for marketing attribution (LGPD): the player's answer to the consent
// question, changeable at any time. Turning it off deletes the kept ad click and every
// conversion not yet reported.
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { AttributionConsentView } from '../../../contract/attribution.ts'
import { visitAdClick } from '../../lib/adClick.ts'
import { showToast } from '../../lib/toast.ts'
import { getAttributionConsent, saveAttributionConsent } from './api.ts'

export function ConsentSwitch() {
  const [consent, setConsent] = useState<AttributionConsentView | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    getAttributionConsent()
      .then(setConsent)
      .catch(() => {})
  }, [])

  const change = async (granted: boolean) => {
    const before = consent
    setBusy(true)
    // The switch moves at once; the server's answer confirms it, or it moves back with the reason.
    if (before) setConsent({ ...before, granted })
    try {
      setConsent(await saveAttributionConsent(granted ? { granted, ...visitAdClick() } : { granted }))
    } catch (error) {
      setConsent(before)
      showToast(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="consent-switch">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={consent?.granted ?? false}
          data-testid="consent-switch"
          checked={consent?.granted ?? false}
          disabled={consent === null || busy}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>
          <Trans>Contar ao anúncio que me trouxe (cadastro e depósitos)</Trans>
        </span>
      </label>
      <p className="hint">
        <Trans>Sem isso, nada é guardado nem enviado. Nunca enviamos nome, CPF ou chave PIX.</Trans>
      </p>
    </div>
  )
}
