// The withdrawal tracker (`/withdrawalTracker?orderId=`): holder, amount, and the
// steps with the times they really happened. It reloads on the `order` push. At 2000 the player
// corrects the PIX key (free) or gives up (money back at once); at 2200 the receipt shows.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link, useSearch } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import { StepState, type StepStateCode } from '../../../contract/withdrawal-values.ts'
import type { PayoutClockView, WithdrawProcess } from '../../../contract/withdrawals.ts'
import { refreshAccount } from '../../lib/account.ts'
import { messageOf } from '../../lib/http.ts'
import { formatClock, formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { cancelWithdrawal, correctWithdrawalKey, getWithdrawal } from './api.ts'
import { type KeyChoice, KeySheet } from './KeySheet.tsx'
import './withdraw.css'
import { LoadFailed } from '../../lib/LoadFailed.tsx'

const stateIcons: Record<StepStateCode, string> = {
  [StepState.success]: '✓',
  [StepState.failed]: '✕',
  [StepState.exception]: '!',
  [StepState.waiting]: '…',
}

export default function TrackerPage() {
  const orderId = new URLSearchParams(useSearch()).get('orderId') ?? ''
  // Opened without an order (a bookmark, the legacy client's menu): nothing to ask the server.
  if (!orderId)
    return (
      <section className="tracker">
        <p className="empty-state" data-testid="tracker-no-order">
          <Trans>Escolha um saque para acompanhar.</Trans>
        </p>
        <Link href="/withdrawalTrackerAll" className="button">
          <Trans>Ver todos os saques</Trans>
        </Link>
      </section>
    )
  return <OrderTracker orderId={orderId} />
}

function OrderTracker({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui()
  const [correcting, setCorrecting] = useState(false)
  const [busy, setBusy] = useState(false)

  const {
    data: order,
    error,
    reload,
    setData: setOrder,
  } = useApiData(() => getWithdrawal({ orderId }), [orderId], { reloadOn: ['order'] })
  // A failed re-read keeps the steps already shown.
  const problem = error && !order ? messageOf(error, t`Não foi possível carregar o saque.`) : null

  async function act(action: () => Promise<WithdrawProcess>, done: string) {
    setBusy(true)
    try {
      setOrder(await action())
      setCorrecting(false)
      showToast(done)
      void refreshAccount()
    } catch (error) {
      showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
    } finally {
      setBusy(false)
    }
  }

  if (problem)
    return (
      <LoadFailed onRetry={() => void reload()} testId="tracker-load-failed">
        {problem}
      </LoadFailed>
    )
  if (!order) return <div className="page-loading" aria-busy="true" />

  return (
    <section className="tracker">
      <dl className="card">
        <dt>
          <Trans>Titular</Trans>
        </dt>
        <dd>{order.holderName}</dd>
        <dt>
          <Trans>Valor</Trans>
        </dt>
        <dd data-testid="tracker-amount">{formatMoney(order.amount)}</dd>
        <dt>
          <Trans>Chave PIX</Trans>
        </dt>
        <dd>{order.keyMasked}</dd>
      </dl>
      {order.payoutClock && <PayoutClockNote clock={order.payoutClock} />}
      <ol className="steps" data-testid="tracker-steps">
        {order.steps.map((step) => (
          <li
            key={`${step.processCode}-${step.createTime}`}
            className={`step state-${step.state}`}
            data-code={step.processCode}
          >
            <span className="step-icon" aria-hidden="true">
              {stateIcons[step.state]}
            </span>
            <div>
              <p>{step.msg}</p>
              <time dateTime={new Date(step.createTime).toISOString()}>{formatTime(step.createTime, i18n.locale)}</time>
            </div>
          </li>
        ))}
      </ol>
      {order.status === 'paid' && order.endToEndId && (
        <div className="card receipt" data-testid="receipt">
          <h2>
            <Trans>Comprovante</Trans>
          </h2>
          <p>
            <Trans>ID fim a fim do PIX:</Trans> <code>{order.endToEndId}</code>
          </p>
        </div>
      )}
      {order.status === 'key_rejected' && (
        <div className="card" role="status">
          <button type="button" className="button" onClick={() => setCorrecting(true)}>
            <Trans>Corrigir chave PIX (grátis)</Trans>
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() =>
              void act(() => cancelWithdrawal({ orderId }), t`Saque cancelado. O valor voltou ao seu saldo.`)
            }
          >
            <Trans>Cancelar saque e devolver o valor</Trans>
          </button>
        </div>
      )}
      {order.status === 'processing' && (
        <p className="hint">
          <Trans>Esta tela se atualiza sozinha a cada passo.</Trans>
        </p>
      )}
      <nav className="link-column" aria-label={t`Mais sobre este saque`}>
        <Link href="/withdrawalTrackerAll">
          <Trans>Ver todos os saques</Trans>
        </Link>
        <Link href={`/servicePage?orderId=${encodeURIComponent(orderId)}`} data-testid="tracker-support">
          <Trans>Dúvidas? Fale com o atendimento</Trans>
        </Link>
      </nav>
      {correcting && (
        <KeySheet
          title={t`Corrigir a chave PIX`}
          holderName={order.holderName}
          submitLabel={t`Reenviar ${formatMoney(order.amount)}`}
          busy={busy}
          onSubmit={(choice: KeyChoice) =>
            void act(() => correctWithdrawalKey({ orderId, ...choice }), t`Reenviado com a chave corrigida.`)
          }
          onClose={() => setCorrecting(false)}
        />
      )}
    </section>
  )
}

/**
 * By when the money arrives, honestly: 120 minutes from the request (Portaria SPA/MF 615/2024,
 * review time included), the review's own deadline while an operator decides, and plainly when
 * the limit has passed.
 */
function PayoutClockNote({ clock }: { clock: PayoutClockView }) {
  const { i18n } = useLingui()
  const at = (epochMs: number) => formatClock(epochMs, i18n.locale)
  const requested = at(clock.requestedAt)
  const due = at(clock.dueBy)
  const decision = clock.reviewBy === null ? '' : at(clock.reviewBy)
  return (
    <p className={`card payout-clock${clock.overdue ? ' overdue' : ''}`} role="status" data-testid="payout-clock">
      {clock.overdue ? (
        <Trans>
          O prazo de 120 minutos terminou às {due}. A operadora foi alertada e o seu saque continua em andamento.
        </Trans>
      ) : clock.reviewBy !== null ? (
        <Trans>
          Em análise: decisão até {decision}. Você recebe até {due} (no máximo 120 minutos após o pedido, feito às{' '}
          {requested}).
        </Trans>
      ) : (
        <Trans>
          Você recebe até {due} (no máximo 120 minutos após o pedido, feito às {requested}).
        </Trans>
      )}
    </p>
  )
}
