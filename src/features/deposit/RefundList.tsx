// The PIX returned to the payer instead of credited (overpaid excess, second payments, payments
// from another CPF…), with the reason and where the return stands. Shown on the deposit screen
// once there is one; reloads when a refund is pushed.
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import type { DepositRefundsPage } from '../../../contract/deposits.ts'
import { formatMoney } from '../../../contract/money.ts'
import { call } from '../../lib/api.ts'
import { onPush } from '../../lib/push.ts'
import { formatTime } from '../../lib/time.ts'
import { refundReasonLabels, refundStatusLabels } from './refundReasons.ts'

export function RefundList() {
  const { i18n } = useLingui()
  const [page, setPage] = useState<DepositRefundsPage | null>(null)

  const load = useCallback(async () => {
    try {
      setPage(await call<DepositRefundsPage>('/charge/refund/list', { pageNum: 1, pageSize: 10 }))
    } catch {
      // The list is an extra: the deposit screen works without it.
    }
  }, [])

  useEffect(() => {
    void load()
    const offRefund = onPush('refund', () => void load())
    const offReconnect = onPush('reconnected', () => void load())
    return () => {
      offRefund()
      offReconnect()
    }
  }, [load])

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
