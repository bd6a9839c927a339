// Money that came in and did not simply credit a deposit: PIX returned to their payers (refunds
// — an overpayment's excess, a second payment, another CPF's, one during self-exclusion or past
// a deposit limit), with their status at the provider, and PIX received that matched no order
// or came after the order expired. Re-read on every push.
import { Trans, useLingui } from '@lingui/react/macro'
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
        <table className="table" data-testid="refunds">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Quando</Trans>
              </th>
              <th scope="col">
                <Trans>Jogador</Trans>
              </th>
              <th scope="col">
                <Trans>Pedido</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Valor</Trans>
              </th>
              <th scope="col">
                <Trans>Motivo</Trans>
              </th>
              <th scope="col">
                <Trans>Situação</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {refunds.data?.refunds.map((r) => (
              <tr key={r.refundId}>
                <td>{dateTime(r.createdAt)}</td>
                <td>{r.playerId === null ? '—' : `#${r.playerId}`}</td>
                <td>{r.orderId ?? '—'}</td>
                <td className="num">{money(r.amount)}</td>
                <td>
                  <code>{r.reason}</code>
                </td>
                <td>
                  {r.status}
                  {r.providerReason ? ` · ${r.providerReason}` : ''}
                  {r.attempts > 1 ? ` · ${t`tentativas: ${r.attempts}`}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {refunds.data?.refunds.length === 0 && (
          <p className="muted">
            <Trans>Nenhum PIX devolvido.</Trans>
          </p>
        )}
      </section>
      <section className="panel">
        <h2>
          <Trans>PIX recebidos sem pedido ou depois do prazo</Trans>
        </h2>
        {health.error && <p className="form-error">{health.error.message}</p>}
        <table className="table" data-testid="unmatched">
          <tbody>
            {health.data?.unmatched.map((u) => (
              <tr key={u.endToEndId}>
                <td>{dateTime(u.receivedAt)}</td>
                <td>
                  <code>{u.endToEndId}</code>
                </td>
                <td>{u.orderId ?? t`sem pedido`}</td>
                <td className="num">{money(u.amount)}</td>
                <td>{u.late ? t`depois do prazo` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {health.data?.unmatched.length === 0 && (
          <p className="muted">
            <Trans>Nenhum.</Trans>
          </p>
        )}
      </section>
    </>
  )
}
