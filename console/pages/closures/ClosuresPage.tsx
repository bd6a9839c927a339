// The account closures' worklist (what an operator acts on first in the first columns, as a phone
// shows them): each closure under way with its due clock (IN SPA/MF 31/2025:
// the account closed within 3 days), why it began, its payout (on its way, paid, or why it waits
// for an operator) and the cash still in the account; an operator with `closures.act` tries a
// stuck payout again or closes the account as it stands (what could not be paid stays owed), and
// one with `players.close` reopens a closed account from the second tab — each with a reason, and
// audited by the server. For support, payments, risk and admin (`closures.view`).
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import type {
  ClosureCause,
  ClosureListStatus,
  ClosureStuckReasonCode,
  ClosureWorkItem,
} from '../../../contract/closure.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { DueClock } from '../../components/DueClock.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { dateTime, money } from '../../lib/format.ts'
import { can, useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { refreshPendingWork } from '../../lib/usePendingWork.ts'
import { useServerNow } from '../../lib/useServerNow.ts'
import { forceCloseClosure, listClosures, reopenAccount, retryClosure } from './api.ts'

const causeLabels = {
  barred: msg`Cadastro de impedidos`,
  self: msg`Pedido do jogador`,
  operator: msg`Operador`,
} as const

const stuckLabels = {
  not_verified: msg`Sem CPF verificado`,
  no_own_key: msg`Sem chave PIX no CPF do jogador`,
  payout_refused: msg`Pagamento recusado pelo banco`,
} as const

const causeText = (i18n: I18n, cause: ClosureCause) => i18n._(causeLabels[cause])
const stuckText = (i18n: I18n, reason: ClosureStuckReasonCode) => i18n._(stuckLabels[reason])

export default function ClosuresPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const [status, setStatus] = useState<ClosureListStatus>('open')
  const list = useCall(() => listClosures(status), [status])
  const now = useServerNow(list.data?.now, 30_000)
  const [chosen, setChosen] = useState<number | null>(null)
  const mayAct = can(me, 'closures.act')
  const mayReopen = can(me, 'players.close')
  const mayOpenPlayer = can(me, 'players.view')
  const items = list.data?.items ?? []
  const selected = items.find((item) => item.closureId === chosen) ?? null
  const actionable = status === 'open' ? mayAct : mayReopen

  const payoutCell = (item: ClosureWorkItem) => {
    if (item.state === 'closed') {
      // Closed from the worklist with money left: it stays owed, and the page says so.
      if (item.cash > 0)
        return (
          <strong className="form-error">
            {item.paidAmount > 0 ? (
              <Trans>
                Pago {money(item.paidAmount)}; {money(item.cash)} em aberto
              </Trans>
            ) : (
              <Trans>{money(item.cash)} em aberto</Trans>
            )}
          </strong>
        )
      return item.paidAmount > 0 ? <Trans>Pago {money(item.paidAmount)}</Trans> : <Trans>Nada a pagar</Trans>
    }
    if (item.stuckReason) return <strong className="form-error">{stuckText(i18n, item.stuckReason)}</strong>
    if (item.payout)
      return (
        <Trans>
          Enviando {money(item.payout.amount)} para {item.payout.keyMasked}
        </Trans>
      )
    return <Trans>Pagamento em preparo</Trans>
  }

  return (
    <section className="panel">
      <h1>
        <Trans>Encerramentos</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Cada conta em encerramento é fechada em até 3 dias: o saldo vai para uma chave PIX no CPF do jogador. Quando o
          pagamento não pode seguir, ele espera aqui.
        </Trans>
      </p>
      <Tabs
        tabs={[
          { id: 'open', label: t`Em andamento` },
          { id: 'closed', label: t`Encerradas` },
        ]}
        current={status}
        onChange={(next) => {
          setStatus(next)
          setChosen(null)
        }}
      />
      {list.error && (
        <p className="form-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.data && (
        <DataTable
          label={status === 'open' ? t`Encerramentos em andamento` : t`Contas encerradas`}
          testId="closures"
          rows={items}
          rowKey={(item) => item.closureId}
          rowProps={(item) => ({ 'data-testid': `closure-${item.closureId}` })}
          empty={<Trans>Nada nesta lista agora.</Trans>}
          columns={[
            {
              header: <Trans>Jogador</Trans>,
              rowHeader: true,
              cell: (item) =>
                mayOpenPlayer ? <Link href={`/players/${item.userId}`}>#{item.userId}</Link> : `#${item.userId}`,
            },
            {
              header: <Trans>Prazo (3 dias)</Trans>,
              hidden: status !== 'open',
              testId: (item) => `closure-clock-${item.closureId}`,
              cell: (item) => (
                <DueClock
                  dueAt={item.dueAt}
                  windowMs={item.dueAt - item.requestedAt}
                  now={now}
                  label={t`Prazo de encerramento`}
                />
              ),
            },
            {
              header: <Trans>Encerrada em</Trans>,
              hidden: status !== 'closed',
              cell: (item) => (item.closedAt === null ? '' : dateTime(item.closedAt)),
            },
            {
              header: <Trans>Pagamento</Trans>,
              testId: (item) => `closure-payout-${item.closureId}`,
              cell: payoutCell,
            },
            { header: <Trans>Saldo na conta</Trans>, numeric: true, cell: (item) => money(item.cash) },
            {
              header: <Trans>Ação</Trans>,
              hidden: !actionable,
              cell: (item) => (
                <button
                  type="button"
                  className="button small"
                  aria-pressed={chosen === item.closureId}
                  onClick={() => setChosen(item.closureId)}
                >
                  {status === 'open' ? <Trans>Agir #{item.userId}</Trans> : <Trans>Reabrir #{item.userId}</Trans>}
                </button>
              ),
            },
            { header: <Trans>Motivo</Trans>, cell: (item) => causeText(i18n, item.cause) },
            { header: <Trans>Pedido em</Trans>, cell: (item) => dateTime(item.requestedAt) },
          ]}
        />
      )}
      {selected && actionable && (
        <ClosureActions
          key={selected.closureId}
          item={selected}
          onDone={() => {
            setChosen(null)
            list.reload()
            refreshPendingWork()
          }}
        />
      )}
    </section>
  )
}

/** What an operator does with the chosen closure, with the reason the audit log keeps. */
function ClosureActions({ item, onDone }: { item: ClosureWorkItem; onDone: () => void }) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const act = (run: () => Promise<unknown>) => async () => {
    if (reason.trim().length === 0) {
      setError(t`Escreva o motivo.`)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await run()
      onDone()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  const open = item.state === 'paying' || item.state === 'stuck'
  return (
    <form
      className="card inline-form decision"
      data-testid="closure-actions"
      aria-labelledby="closure-actions-title"
      onSubmit={(event) => event.preventDefault()}
    >
      <h2 id="closure-actions-title">
        <Trans>Jogador #{item.userId}</Trans>
      </h2>
      {open && item.cash > 0 && (
        <p className="muted">
          <Trans>Encerrar assim deixa {money(item.cash)} em aberto no saldo do jogador, registrado na auditoria.</Trans>
        </p>
      )}
      <label className="field">
        <span>
          <Trans>Motivo (fica na auditoria)</Trans>
        </span>
        <input
          required
          maxLength={200}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value)
            setError(null)
          }}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        {open ? (
          <>
            {item.state === 'stuck' && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={act(() => retryClosure(item.closureId, reason))}
              >
                <Trans>Tentar o pagamento de novo</Trans>
              </button>
            )}
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={act(() => forceCloseClosure(item.closureId, reason))}
            >
              <Trans>Encerrar a conta agora</Trans>
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={act(() => reopenAccount(item.userId, reason))}
          >
            <Trans>Reabrir a conta</Trans>
          </button>
        )}
      </div>
    </form>
  )
}
