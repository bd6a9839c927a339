// Withdrawals worklists: waiting for review (oldest first, with the time left before the review
// SLA and before the 120-minute payout limit, turning amber and red), held before the bank
// (cool-off, frozen account, next in line: never sent), failed at the provider, stuck there
// (the bank has had it over 15 minutes). An item opens with the player beside it; approve, or reject with a reason. Every
// console re-reads on each push, so an order another operator decided shows as taken here, and
// one this console decided shows what it decided; the player beside it is read again.
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import {
  PAYOUT_LIMIT_MINUTES,
  type QueueStatus,
  type ReviewDecision,
  type ReviewResult,
  type WorklistItem,
  type WorklistPage as WorklistView,
} from '../../../contract/ops.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { DueClock } from '../../components/DueClock.tsx'
import { FlagList, WatchedMoney } from '../../components/MoneyWatch.tsx'
import { PlayerSummary } from '../../components/PlayerSummary.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { dateTime, money } from '../../lib/format.ts'
import { failReasonText, phaseText } from '../../lib/labels.ts'
import { viewPlayer } from '../../lib/players.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { useServerNow } from '../../lib/useServerNow.ts'
import { useWorklist } from '../../lib/useWorklist.ts'
import { reviewWithdrawal, withdrawalQueue, withdrawalWatch } from './api.ts'

/** A player as the worklist names them: the (masked) verified name, with the id to search by. */
function PlayerName({ item }: { item: WorklistItem }) {
  return (
    <>
      {item.playerName ?? <Trans>sem nome</Trans>} <span className="muted">#{item.playerId}</span>
    </>
  )
}

/**
 * A row under the review list for an order no longer waiting: decided in this console (`mine`) or
 * by another operator (`taken`), with what became of it across the last columns.
 */
function DecidedRow({ item, by, children }: { item: WorklistItem; by: 'mine' | 'taken'; children: ReactNode }) {
  return (
    <tr className={by === 'mine' ? 'decided-here' : 'taken'} data-testid={`${by}-${item.orderId}`}>
      <td>{item.orderId}</td>
      <td>
        <PlayerName item={item} />
      </td>
      <td className="num">{money(item.amount)}</td>
      <td colSpan={3}>{children}</td>
    </tr>
  )
}

export default function WorklistPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const {
    tab: status,
    changeTab,
    list,
    selected,
    setSelected,
    taken,
    mine,
    deciding,
    decided,
    failed,
  } = useWorklist<QueueStatus, WorklistView, WorklistItem, string, OwnDecision>({
    decidingTab: 'review',
    load: withdrawalQueue,
    keyOf: (item) => item.orderId,
    topic: 'order',
  })
  const now = useServerNow(list.data?.now)

  const canReview = me.permissions.includes('withdrawals.review')
  const reviewWindow = (list.data?.reviewMinutes ?? 30) * 60_000
  const payoutWindow = PAYOUT_LIMIT_MINUTES * 60_000
  const tabs: { id: QueueStatus; label: string }[] = [
    { id: 'review', label: t`Aguardando revisão` },
    { id: 'held', label: t`Retidos antes do banco` },
    { id: 'failed', label: t`Falharam no banco` },
    { id: 'stuck', label: t`Parados no banco` },
  ]

  return (
    <div className={selected ? 'worklist-layout with-review' : 'worklist-layout'}>
      <section className="panel worklist">
        <h1>
          <Trans>Saques</Trans>
        </h1>
        <Tabs tabs={tabs} current={status} onChange={changeTab} />
        {list.error && (
          <p className="form-error" role="alert">
            {list.error.message}
          </p>
        )}
        {list.data && (
          <>
            <p className="muted">
              <Trans>
                {list.data.total} na lista · revisão em até {list.data.reviewMinutes} min · pagamento em até{' '}
                {PAYOUT_LIMIT_MINUTES} min do pedido
              </Trans>
            </p>
            <DataTable
              label={t`Lista de saques`}
              testId="worklist"
              rows={list.data.items}
              rowKey={(item) => item.orderId}
              rowProps={(item) => ({
                'data-testid': `order-${item.orderId}`,
                className: selected?.orderId === item.orderId ? 'selected' : undefined,
              })}
              empty={<Trans>Nada nesta lista agora.</Trans>}
              extraRows={
                status === 'review' && (taken.size > 0 || mine.length > 0)
                  ? [
                      ...mine.map(({ item, decision }) => (
                        <DecidedRow key={`mine-${item.orderId}`} item={item} by="mine">
                          {decision.decision === 'approve'
                            ? t`Aprovado por você: ${phaseText(i18n, decision.result.phase, decision.result.sendAfter)}`
                            : t`Recusado por você`}
                        </DecidedRow>
                      )),
                      ...[...taken.values()].map((item) => (
                        <DecidedRow key={`taken-${item.orderId}`} item={item} by="taken">
                          <Trans>Decidido por outro operador</Trans>
                        </DecidedRow>
                      )),
                    ]
                  : undefined
              }
              columns={[
                {
                  header: <Trans>Pedido</Trans>,
                  cell: (item) => (
                    <button type="button" className="link" onClick={() => setSelected(item)}>
                      {item.orderId}
                    </button>
                  ),
                },
                { header: <Trans>Jogador</Trans>, cell: (item) => <PlayerName item={item} /> },
                { header: <Trans>Valor</Trans>, numeric: true, cell: (item) => money(item.amount) },
                { header: <Trans>Pedido em</Trans>, cell: (item) => dateTime(item.createdAt) },
                {
                  header: <Trans>Prazo de revisão</Trans>,
                  hidden: status !== 'review',
                  cell: (item) => (
                    <DueClock dueAt={item.reviewDueAt} windowMs={reviewWindow} now={now} label={t`Prazo de revisão`} />
                  ),
                },
                {
                  header: <Trans>Limite de 120 min</Trans>,
                  testId: 'payout-clock',
                  cell: (item) =>
                    item.status === 'paid' ? (
                      '—'
                    ) : (
                      <DueClock
                        dueAt={item.payoutDueAt}
                        windowMs={payoutWindow}
                        now={now}
                        label={t`Limite de 120 min`}
                      />
                    ),
                },
                {
                  header: <Trans>Situação</Trans>,
                  hidden: status === 'review',
                  testId: 'worklist-phase',
                  cell: (item) => (
                    <>
                      {phaseText(i18n, item.phase, item.sendAfter)}
                      {item.sentAt !== null ? ` · ${t`no banco desde ${dateTime(item.sentAt)}`}` : ''}
                      {item.failReason ? ` · ${failReasonText(i18n, item.failReason)}` : ''}
                    </>
                  ),
                },
              ]}
            />
          </>
        )}
      </section>
      {selected && (
        <Review
          key={selected.orderId}
          item={selected}
          canReview={canReview && status === 'review'}
          taken={taken.has(selected.orderId)}
          onDeciding={deciding}
          onDecided={(orderId, decision) => {
            decided(orderId, decision)
            list.reload()
          }}
          onFailed={(orderId) => {
            failed(orderId)
            list.reload()
          }}
        />
      )}
    </div>
  )
}

/** A decision this console made, as its row in the review list says it. */
interface OwnDecision {
  decision: ReviewDecision
  result: ReviewResult
}

function Review({
  item,
  canReview,
  taken,
  onDeciding,
  onDecided,
  onFailed,
}: {
  item: WorklistItem
  canReview: boolean
  taken: boolean
  onDeciding: (orderId: string) => void
  onDecided: (orderId: string, decision: OwnDecision) => void
  onFailed: (orderId: string) => void
}) {
  const { t, i18n } = useLingui()
  const player = useCall(() => viewPlayer(item.playerId), [item.playerId])
  const watch = useCall(() => withdrawalWatch(item.orderId), [item.orderId])
  // The player beside the order follows their orders: a decision here or elsewhere, a payment.
  useOpsPush((push) => {
    if (push.topic === 'order' && (push.playerId === null || push.playerId === item.playerId)) {
      player.reload()
      watch.reload()
    }
  })
  const { me } = useSession()
  const [reason, setReason] = useState('')
  const [outcome, setOutcome] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const decide = async (decision: ReviewDecision) => {
    setBusy(true)
    setError(undefined)
    onDeciding(item.orderId)
    try {
      const result = await reviewWithdrawal({
        orderId: item.orderId,
        decision,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      })
      onDecided(item.orderId, { decision, result })
      player.reload()
      watch.reload()
      // Says what the approval led to: at the bank, or held (cool-off, frozen account) and until when.
      setOutcome(
        decision === 'approve'
          ? t`Aprovado: ${phaseText(i18n, result.phase, result.sendAfter)}.`
          : t`Recusado: o valor voltou ao saldo do jogador.`,
      )
    } catch (failure) {
      onFailed(item.orderId)
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <aside className="panel review" aria-label={t`Revisão do pedido ${item.orderId}`} data-testid="review-panel">
      <h2>
        {item.orderId} · {money(item.amount)}
      </h2>
      {item.frozen && (
        <p className="notice" data-testid="review-frozen">
          <Trans>A conta do jogador está congelada: mesmo aprovado, o saque não vai ao banco até descongelar.</Trans>
        </p>
      )}
      <p className="muted">
        <Trans>
          Chave {item.keyType}: {item.keyMasked}
        </Trans>
      </p>
      {player.data && <PlayerSummary view={player.data} />}
      <section className="money-watch" aria-labelledby={`watch-${item.orderId}`} data-testid="money-watch">
        <h3 id={`watch-${item.orderId}`}>
          <Trans>Vigilância de dinheiro</Trans>
        </h3>
        {watch.data && (
          <>
            <h4>
              <Trans>Alertas abertos</Trans>
            </h4>
            <FlagList flags={watch.data.openFlags} linkCases={me.permissions.includes('moneyWatch.cases')} />
            <WatchedMoney activity={watch.data.activity} />
          </>
        )}
        {watch.error && <p className="form-error">{watch.error.message}</p>}
      </section>
      {player.error && <p className="form-error">{player.error.message}</p>}
      {taken && !outcome && (
        <p className="notice" role="status" data-testid="taken-notice">
          <Trans>Outro operador já decidiu este saque.</Trans>
        </p>
      )}
      {outcome && (
        <p className="notice" role="status" data-testid="review-outcome">
          {outcome}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {canReview && !taken && !outcome && (
        <div className="decision">
          <label className="field">
            <span>
              <Trans>Motivo (obrigatório para recusar)</Trans>
            </span>
            <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => void decide('approve')}>
              <Trans>Aprovar</Trans>
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy || !reason.trim()}
              onClick={() => void decide('reject')}
            >
              <Trans>Recusar</Trans>
            </button>
          </div>
        </div>
      )}
    </aside>
  )
}
