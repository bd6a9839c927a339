// Withdrawal history: amount, time, status icon (1 waiting, 2 success, 3 failed,
// 6 action needed) and a button to the tracker; 10 a page; reloads when shown.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { HistoryStatus } from '../../../contract/withdrawals.ts'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { formatTime } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getWithdrawals } from './api.ts'

const PAGE_SIZE = 10
const icons: Record<HistoryStatus, string> = { 1: '⏳', 2: '✅', 3: '❌', 6: '⚠️' }

export function HistoryList() {
  const { t, i18n } = useLingui()
  const [size, setSize] = useState(PAGE_SIZE)
  const {
    data: page,
    error,
    reload,
    keptAt,
  } = useApiData(() => getWithdrawals({ pageNum: 1, pageSize: Math.min(size, 50) }), [size], {
    reloadOn: ['order'],
    keep: 'withdrawals',
  })
  // A failed re-read keeps the list already shown.
  const failed = error !== null && !page

  const labels: Record<HistoryStatus, string> = {
    1: t`Em andamento`,
    2: t`Pago`,
    3: t`Não pago — valor devolvido`,
    6: t`Corrija a chave PIX`,
  }

  if (failed) {
    return (
      <LoadFailed onRetry={() => void reload()} testId="withdrawals-load-failed">
        <Trans>Não foi possível carregar o histórico.</Trans>
      </LoadFailed>
    )
  }
  if (!page) return <div className="page-loading" aria-busy="true" />
  if (page.orders.length === 0) {
    return (
      <>
        <KeptNote at={keptAt} />
        <p className="empty-state" data-testid="history-empty">
          <Trans>Você ainda não fez nenhum saque.</Trans>
        </p>
      </>
    )
  }
  return (
    <>
      <KeptNote at={keptAt} />
      <ul className="entries" data-testid="withdraw-history">
        {page.orders.map((order) => (
          <li key={order.orderId} className="entry">
            <span aria-hidden="true">{icons[order.historyStatus]}</span>
            <div>
              <strong>{formatMoney(order.amount)}</strong>
              <small>{formatTime(order.createdAt, i18n.locale)}</small>
              <small data-testid="history-status">{labels[order.historyStatus]}</small>
            </div>
            <Link className="button small" href={`/withdrawalTracker?orderId=${order.orderId}`}>
              <Trans>Acompanhar</Trans>
            </Link>
          </li>
        ))}
      </ul>
      {page.total > page.orders.length && (
        <button type="button" className="link" onClick={() => setSize((n) => n + PAGE_SIZE)}>
          <Trans>Ver mais</Trans>
        </button>
      )}
    </>
  )
}

export default HistoryList
