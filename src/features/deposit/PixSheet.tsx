// The PIX payment sheet: QR code, amount, the 600-second countdown, the copy button
// ("Copiado"), the pay link (same tab on iOS, a new window elsewhere), and a confirmation
// before closing. The `deposit` push closes it (see DepositWatcher).
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import { lazyPart } from '../../lib/lazy.tsx'
import { Sheet } from '../../lib/Sheet.tsx'
import type { OpenDepositRecord } from '../../lib/storage.ts'
import { showToast } from '../../lib/toast.ts'
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

export function PixSheet({ deposit }: { deposit: OpenDepositRecord }) {
  const { t } = useLingui()
  const secondsLeft = useSecondsLeft(deposit.deadline)
  const [confirming, setConfirming] = useState(false)
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
