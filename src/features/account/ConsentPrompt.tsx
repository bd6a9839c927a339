// The marketing-attribution question (LGPD): asked once, in plain words, to a player who
// arrived from an ad or a marketing link; "no" is the same kind of button as "yes", and the
// answer can be changed in Perfil. Only a "yes" sends this visit's ad click to the server.
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { forgetAdClick, visitAdClick } from '../../lib/adClick.ts'
import { settle, useOfferTurn, willAsk } from '../../lib/firstVisit.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { tokenAtom } from '../../lib/session.ts'
import { useAtomValue } from '../../lib/store.ts'
import { getAttributionConsent, saveAttributionConsent } from './api.ts'
import './account.css'

let checked = false

export default function ConsentPrompt() {
  const token = useAtomValue(tokenAtom)
  // One question at a time: after the welcome, before the other offers (lib/firstVisit.ts).
  const open = useOfferTurn('consent')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const click = visitAdClick()
    if (!click) {
      settle('consent')
      return
    }
    if (!token || checked) return
    checked = true
    getAttributionConsent()
      .then(async (consent) => {
        if (!consent.asked) {
          willAsk('consent')
          return
        }
        settle('consent')
        // Already agreed: this visit's newer click replaces the kept one.
        if (consent.granted) await saveAttributionConsent({ granted: true, ...click })
      })
      .catch(() => {
        // Asked on a later visit: the other offers are not held back meanwhile.
        checked = false
        settle('consent')
      })
  }, [token])

  if (!open) return null
  const answer = async (granted: boolean) => {
    setBusy(true)
    try {
      await saveAttributionConsent(granted ? { granted, ...visitAdClick() } : { granted })
      if (!granted) forgetAdClick()
      settle('consent')
    } catch {
      // Offline: the question stays until it can be answered.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Sheet title={<Trans>Você veio de um anúncio</Trans>} className="consent-sheet" testId="consent-prompt">
      <p>
        <Trans>
          Podemos contar à empresa do anúncio (como o Facebook) quando você cria a conta e quando deposita, com o valor?
          Isso só serve para medir o anúncio. Não enviamos seu nome, CPF nem chave PIX.
        </Trans>
      </p>
      <p className="hint">
        <Trans>Se disser não, nada disso é guardado nem enviado. Você pode mudar de ideia em Perfil.</Trans>
      </p>
      <div className="consent-choices">
        <button type="button" className="button" disabled={busy} onClick={() => void answer(true)}>
          <Trans>Sim, pode contar</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void answer(false)}>
          <Trans>Não, obrigado</Trans>
        </button>
      </div>
    </Sheet>
  )
}
