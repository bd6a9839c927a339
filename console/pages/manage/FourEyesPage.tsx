// The four-eyes queue: cash adjustments above the line that wait for a second person — the
// player, the amount, who asked, their reason and how long it has waited. Another operator
// approves (the money moves) or rejects, with a reason; one's own requests show as waiting for
// someone else (the server refuses the requester too). Every decision is audited.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import type { PendingAdjustment, ReviewDecision } from '../../../contract/ops.ts'
import { dateTime, duration, money } from '../../lib/format.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { decideAdjustment, pendingAdjustments } from './api.ts'

export default function FourEyesPage() {
  const list = useCall(() => pendingAdjustments(), [])
  useOpsPush((push) => {
    if (push.topic === 'adjustment') list.reload()
  })
  const requests = list.data?.requests
  return (
    <section className="panel">
      <h1>
        <Trans>Quatro olhos</Trans>
      </h1>
      <p className="muted">
        <Trans>Ajustes acima do limite esperam a decisão de um segundo operador, diferente de quem pediu.</Trans>
      </p>
      <button type="button" className="button small" onClick={list.reload}>
        <Trans>Atualizar</Trans>
      </button>
      {list.error && (
        <p className="form-error" role="alert">
          {list.error.message}
        </p>
      )}
      {requests && requests.length === 0 && (
        <p className="notice" role="status">
          <Trans>Nenhum ajuste esperando.</Trans>
        </p>
      )}
      <ul className="cards">
        {requests?.map((request) => (
          <Pending key={request.id} request={request} now={list.data?.now ?? Date.now()} onDone={list.reload} />
        ))}
      </ul>
    </section>
  )
}

function Pending({ request, now, onDone }: { request: PendingAdjustment; now: number; onDone: () => void }) {
  const { t } = useLingui()
  const { me } = useSession()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const own = request.requestedById === me.id
  const decide = async (decision: ReviewDecision) => {
    setError(undefined)
    try {
      await decideAdjustment({ id: request.id, decision, reason })
      onDone()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  const player = request.playerName ?? t`Jogador`
  return (
    <li className="card" data-testid={`adjustment-${request.id}`}>
      <h3 className={request.amount < 0 ? 'amount-out' : 'amount-in'}>
        {request.amount > 0 ? '+' : '−'}
        {money(Math.abs(request.amount))}
      </h3>
      <dl className="facts">
        <dt>
          <Trans>Jogador</Trans>
        </dt>
        <dd>
          <Link href={`/players/${request.playerId}`}>
            {player} (#{request.playerId})
          </Link>
        </dd>
        <dt>
          <Trans>Pedido por</Trans>
        </dt>
        <dd>{request.requestedBy}</dd>
        <dt>
          <Trans>Motivo do pedido</Trans>
        </dt>
        <dd>{request.reason}</dd>
        <dt>
          <Trans>Esperando há</Trans>
        </dt>
        <dd title={dateTime(request.requestedAt)}>{duration(Math.max(0, now - request.requestedAt))}</dd>
      </dl>
      {own ? (
        <p className="muted">
          <Trans>Você pediu este ajuste: outro operador precisa decidir.</Trans>
        </p>
      ) : (
        <form className="card-actions" onSubmit={(event) => event.preventDefault()}>
          <label className="field">
            <span>
              <Trans>Motivo da decisão</Trans>
            </span>
            <input required maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <button
            type="button"
            className="button small"
            disabled={!reason.trim()}
            onClick={() => void decide('approve')}
          >
            <Trans>Aprovar</Trans>
          </button>
          <button
            type="button"
            className="button small danger"
            disabled={!reason.trim()}
            onClick={() => void decide('reject')}
          >
            <Trans>Recusar</Trans>
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
