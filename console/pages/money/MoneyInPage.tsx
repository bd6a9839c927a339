// Money that came in and did not simply credit a deposit: PIX returned to their payers (refunds
// — an overpayment's excess, a second payment, another CPF's, one during self-exclusion or past
// a deposit limit), with their status at the provider, and PIX received that matched no order
// or came after the order expired. Re-read on every push.
import { Trans, useLingui } from '@lingui/react/macro'
import { DataTable } from '../../components/DataTable.tsx'
import { dateTime, money } from '../../lib/format.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useCall } from '../../lib/useCall.ts'
import { recentRefunds, unmatchedDeposits } from './api.ts'

export default function MoneyInPage() {
  const { t } = useLingui()
  const refunds = useCall(() => recentRefunds(), [])
  const health = useCall(() => unmatchedDeposits(), [])
  useOpsPush((push) => {
    if (push.topic !== 'order') {
      refunds.reload()
      health.reload()
    }
  })
  return (
    <>
      <section className="panel">
        <h1>
          <Trans>PIX devolvidos</Trans>
        </h1>
        {refunds.error && <p className="form-error">{refunds.error.message}</p>}
        {refunds.data && (
          <DataTable
            label={t`PIX devolvidos`}
            testId="refunds"
            rows={refunds.data.refunds}
            rowKey={(r) => r.refundId}
            empty={<Trans>Nenhum PIX devolvido.</Trans>}
            columns={[
              { header: <Trans>Quando</Trans>, cell: (r) => dateTime(r.createdAt) },
              { header: <Trans>Jogador</Trans>, cell: (r) => (r.playerId === null ? '—' : `#${r.playerId}`) },
              { header: <Trans>Pedido</Trans>, cell: (r) => r.orderId ?? '—' },
              { header: <Trans>Valor</Trans>, numeric: true, cell: (r) => money(r.amount) },
              { header: <Trans>Motivo</Trans>, cell: (r) => <code>{r.reason}</code> },
              {
                header: <Trans>Situação</Trans>,
                cell: (r) =>
                  `${r.status}${r.providerReason ? ` · ${r.providerReason}` : ''}${r.attempts > 1 ? ` · ${t`tentativas: ${r.attempts}`}` : ''}`,
              },
            ]}
          />
        )}
      </section>
      <section className="panel">
        <h2>
          <Trans>PIX recebidos sem pedido ou depois do prazo</Trans>
        </h2>
        {health.error && <p className="form-error">{health.error.message}</p>}
        {health.data && (
          <DataTable
            label={t`PIX recebidos sem pedido ou depois do prazo`}
            testId="unmatched"
            rows={health.data.unmatched}
            rowKey={(u) => u.endToEndId}
            empty={<Trans>Nenhum.</Trans>}
            columns={[
              { header: <Trans>Recebido em</Trans>, cell: (u) => dateTime(u.receivedAt) },
              { header: <Trans>Identificador (E2E)</Trans>, cell: (u) => <code>{u.endToEndId}</code> },
              { header: <Trans>Pedido</Trans>, cell: (u) => u.orderId ?? t`sem pedido` },
              { header: <Trans>Valor</Trans>, numeric: true, cell: (u) => money(u.amount) },
              { header: <Trans>Prazo</Trans>, cell: (u) => (u.late ? t`depois do prazo` : t`no prazo`) },
            ]}
          />
        )}
      </section>
    </>
  )
}
