// The PIX returned to the payer instead of credited (overpaid excess, second payments, payments
// from another CPF…), with the reason and where the return stands. Shown on the deposit screen
// once there is one; reloads when a refund is pushed.
import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney } from '../../../contract/money.ts'
import { formatTime } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getRefunds } from './api.ts'
import { refundReasonLabels, refundStatusLabels } from './refundReasons.ts'

export function RefundList() {
  const { i18n } = useLingui()
  // The list is an extra: the deposit screen works without it, so a failed read says nothing.
  const { data: page } = useApiData(() => getRefunds({ pageNum: 1, pageSize: 10 }), [], { reloadOn: ['refund'] })

  if (!page || page.total === 0) return null
  return (
    <section className="card refunds" aria-labelledby="refunds-title">
      <h2 id="refunds-title">
        <Trans>Devoluções</Trans>
      </h2>
      <p className="hint">
        <Trans>
          Um PIX que não pode ser creditado volta para a conta de quem pagou, pelo próprio PIX. Nada a fazer da sua
          parte.
        </Trans>
      </p>
      <ul data-testid="refund-list">
        {page.refunds.map((refund) => (
          <li key={refund.refundId}>
            <strong>
              <Trans>
                {formatMoney(refund.amount)} devolvidos: {i18n._(refundReasonLabels[refund.reason])}
              </Trans>
            </strong>
            <small>
              {i18n._(refundStatusLabels[refund.status])} ·{' '}
              {formatTime(refund.returnedAt ?? refund.createdAt, i18n.locale)}
            </small>
          </li>
        ))}
      </ul>
    </section>
  )
}
