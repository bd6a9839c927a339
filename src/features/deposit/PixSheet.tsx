// The PIX payment sheet: QR code, amount, the 600-second countdown, the copy button
// ("Copiado"), the pay link (same tab on iOS, a new window elsewhere), and a confirmation
// before closing. The `deposit` push closes it (see DepositWatcher). A code withdrawn because the
// player began a pause is never shown again (the sheet is kept on the device): it asks the
// server about its order when it opens and when a pause begins, and then says why instead.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { DepositOrder } from '../../../contract/deposits.ts'
import { formatMoney } from '../../../contract/money.ts'
import { accountAtom } from '../../lib/account.ts'
import { lazyPart } from '../../lib/lazy.tsx'
import { Sheet } from '../../lib/Sheet.tsx'
import type { OpenDepositRecord } from '../../lib/storage.ts'
import { useAtomValue } from '../../lib/store.ts'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { getDeposit } from './api.ts'
import { closeDeposit } from './state.ts'

const QrCode = lazyPart(() => import('./QrCode.tsx'), <div className="qr qr-loading" aria-busy="true" />)

function isIos(): boolean {
  return (
    /iP(hone|ad|od)/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  )
}

function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** The order's withdrawal (a pause began), asked of the server when the sheet opens and at a pause. */
function useCancelled(orderId: string): DepositOrder['cancelled'] {
  const pausedUntil = useAtomValue(accountAtom)?.selfExclusion?.until
  const [cancelled, setCancelled] = useState<DepositOrder['cancelled']>(null)
  useEffect(() => {
    // Asked again when a pause begins or changes (the account tells it).
    void pausedUntil
    let live = true
    getDeposit({ orderId })
      .then((order) => {
        if (live && order.status === 'cancelled') setCancelled(order.cancelled)
      })
      // Offline the sheet stays as kept; the server refuses a withdrawn code anyway.
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [orderId, pausedUntil])
  return cancelled
}

export function PixSheet({ deposit }: { deposit: OpenDepositRecord }) {
  const { t, i18n } = useLingui()
  const secondsLeft = useSecondsLeft(deposit.deadline)
  const [confirming, setConfirming] = useState(false)
  const cancelled = useCancelled(deposit.orderId)
  const pause = useAtomValue(accountAtom)?.selfExclusion ?? null
  const expired = secondsLeft === 0
  const clock = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`

  async function copy() {
    try {
      await navigator.clipboard.writeText(deposit.payCode)
      showToast(t`Copiado`)
    } catch {
      showToast(t`Não foi possível copiar. Selecione o código e copie à mão.`)
    }
  }

  if (cancelled) {
    return (
      <Sheet className="pix-sheet" testId="pix-sheet" title={<Trans>Código PIX cancelado</Trans>}>
        <p className="expired" role="status" data-testid="pix-cancelled">
          {pause?.until == null ? (
            <Trans>
              Este código de {formatMoney(deposit.amount)} foi cancelado no banco porque você pediu uma pausa. Ele não
              pode mais ser pago, e nenhum dinheiro saiu da sua conta.
            </Trans>
          ) : (
            <Trans>
              Este código de {formatMoney(deposit.amount)} foi cancelado no banco porque você está em pausa até{' '}
              {formatMinute(pause.until, i18n.locale)}. Ele não pode mais ser pago, e nenhum dinheiro saiu da sua conta.
            </Trans>
          )}
        </p>
        <button type="button" className="button" onClick={() => closeDeposit()}>
          <Trans>Entendi</Trans>
        </button>
      </Sheet>
    )
  }

  return (
    <Sheet className="pix-sheet" testId="pix-sheet" title={<Trans>Pague {formatMoney(deposit.amount)} com PIX</Trans>}>
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-labelledby="pix-close-title">
          <p id="pix-close-title">
            <Trans>
              Fechar o pagamento? Se você já pagou, o valor entra no seu saldo assim que o PIX chegar, mesmo com a
              janela fechada.
            </Trans>
          </p>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            <Trans>Continuar pagando</Trans>
          </button>
          <button type="button" className="button secondary" onClick={() => closeDeposit()}>
            <Trans>Fechar</Trans>
          </button>
        </div>
      ) : (
        <>
          {expired ? (
            <p className="expired" role="status">
              <Trans>
                Este código expirou. Gere um novo para depositar. Um PIX já pago com ele ainda será creditado.
              </Trans>
            </p>
          ) : (
            <>
              <QrCode value={deposit.payCode} label={t`QR code do PIX`} />
              <p className="countdown" aria-live="off" data-testid="pix-countdown">
                <Trans>Expira em {clock}</Trans>
              </p>
            </>
          )}
          <label className="field">
            <span>
              <Trans>PIX copia e cola</Trans>
            </span>
            <textarea className="pay-code" readOnly value={deposit.payCode} rows={3} data-testid="pix-code" />
          </label>
          {!expired && (
            <>
              <button type="button" className="button" onClick={() => void copy()}>
                <Trans>Copiar código</Trans>
              </button>
              {deposit.payUrl && (
                <a
                  className="button secondary"
                  href={deposit.payUrl}
                  data-testid="pix-pay-link"
                  {...(isIos() ? {} : { target: '_blank', rel: 'noopener' })}
                >
                  <Trans>Abrir no banco</Trans>
                </a>
              )}
            </>
          )}
          <p className="hint">
            <Trans>PIX não tem taxa. O saldo atualiza sozinho quando o pagamento chega.</Trans>
          </p>
          <button type="button" className="link" onClick={() => (expired ? closeDeposit() : setConfirming(true))}>
            <Trans>Fechar</Trans>
          </button>
        </>
      )}
    </Sheet>
  )
}
