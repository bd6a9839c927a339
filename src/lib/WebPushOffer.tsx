// The one-time offer of notifications with the app closed (deposit credited, withdrawal paid,
// support replies). "Agora não" is as easy as "Ativar"; the browser's own prompt comes only after
// "Ativar". Not modal: a card at the end of the page, so it never stands between the player and
// what they were doing.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { createPortal } from 'react-dom'
import { appStore, useAtomValue } from './store.ts'
import { showToast } from './toast.ts'
import { enableWebPush, webPushOfferAtom } from './webPush.ts'

export function WebPushOffer() {
  const { t } = useLingui()
  const open = useAtomValue(webPushOfferAtom)
  const titleId = useId()
  const page = document.querySelector('main.page')
  if (!open || !page) return null
  async function enable() {
    const enabled = await enableWebPush().catch(() => false)
    showToast(enabled ? t`Avisos ativados.` : t`Avisos não ativados.`)
  }
  return createPortal(
    <section className="card" aria-labelledby={titleId} data-testid="web-push-offer">
      <h2 id={titleId}>
        <Trans>Quer receber avisos?</Trans>
      </h2>
      <p>
        <Trans>
          Avisamos quando um depósito cair, um saque for pago ou o atendimento responder, com o app fechado.
        </Trans>
      </p>
      <div className="row">
        <button type="button" className="button" onClick={() => void enable()}>
          <Trans>Ativar avisos</Trans>
        </button>
        <button type="button" className="button secondary" onClick={() => appStore.set(webPushOfferAtom, false)}>
          <Trans>Agora não</Trans>
        </button>
      </div>
    </section>,
    page,
  )
}
