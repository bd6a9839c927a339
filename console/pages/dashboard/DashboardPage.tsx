// The console's first page: today's figures, each read from the ledger and the tables by the
// server (deposits credited, withdrawals paid, PIX set aside for return, bonuses granted,
// adjustments each way, GGR in all and per game, players playing now, payout times against the
// 120-minute rule, open worklists) and deposits vs withdrawals per hour as a small chart.
// Re-read on every push. Above them, the work waiting for this operator (verifications, four-eyes
// requests, open flags, conversations, stuck closures: what the role may do), each linking to its page.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { PAYOUT_LIMIT_MINUTES, type PendingWorkKind } from '../../../contract/ops.ts'
import { GameTakingsTable } from '../../components/GameTakingsTable.tsx'
import { duration, money } from '../../lib/format.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useCall } from '../../lib/useCall.ts'
import { usePendingWork } from '../../lib/usePendingWork.ts'
import { todaysFigures } from './api.ts'
import { ChainBreaks } from './ChainBreaks.tsx'
import { WitnessReports } from './WitnessReports.tsx'

/** The waiting work the dashboard lists (withdrawals in review are in the open worklists below). */
const waitingWork: { kind: PendingWorkKind; href: string; label: MessageDescriptor }[] = [
  { kind: 'verifications', href: '/verifications', label: msg`verificações aguardando decisão` },
  { kind: 'fourEyes', href: '/four-eyes', label: msg`ajustes aguardando a segunda pessoa` },
  { kind: 'flags', href: '/watch', label: msg`alertas de vigilância abertos` },
  { kind: 'chats', href: '/support', label: msg`conversas aguardando resposta` },
  { kind: 'closures', href: '/closures', label: msg`encerramentos de conta parados` },
]

function WaitingWork() {
  const { i18n } = useLingui()
  const pending = usePendingWork()
  const shown = waitingWork.filter((work) => pending?.[work.kind] !== undefined)
  if (shown.length === 0) return null
  return (
    <>
      <h2>
        <Trans>Aguardando você</Trans>
      </h2>
      <ul className="tiles" data-testid="pending-work">
        {shown.map((work) => (
          <li key={work.kind} data-testid={`pending-${work.kind}`}>
            <Link href={work.href}>
              <strong>{pending?.[work.kind]}</strong> {i18n._(work.label)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

function HourlyChart({ deposits, withdrawals, label }: { deposits: number[]; withdrawals: number[]; label: string }) {
  const max = Math.max(1, ...deposits, ...withdrawals)
  const width = 24 * 20
  const height = 120
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-label={label}>
      {Array.from(deposits.keys(), (hour) => ({ hour, value: deposits[hour] ?? 0 })).map(({ hour, value }) => (
        <g key={hour}>
          <rect
            className="bar-in"
            x={hour * 20 + 2}
            y={height - (value / max) * height}
            width={8}
            height={(value / max) * height}
          />
          <rect
            className="bar-out"
            x={hour * 20 + 10}
            y={height - ((withdrawals[hour] ?? 0) / max) * height}
            width={8}
            height={((withdrawals[hour] ?? 0) / max) * height}
          />
          {hour % 3 === 0 && (
            <text x={hour * 20 + 2} y={height + 13} className="axis">
              {hour}h
            </text>
          )}
        </g>
      ))}
    </svg>
  )
}

export default function DashboardPage() {
  const { t } = useLingui()
  const board = useCall(() => todaysFigures(), [])
  useOpsPush(() => board.reload())
  const d = board.data
  return (
    <section className="panel">
      <h1>
        <Trans>Painel de hoje</Trans>
      </h1>
      <ChainBreaks />
      <WitnessReports />
      <WaitingWork />
      {board.error && (
        <p className="form-error" role="alert">
          {board.error.message}
        </p>
      )}
      {d && (
        <>
          <ul className="tiles" data-testid="today">
            <li>
              <span>
                <Trans>Depósitos</Trans>
              </span>
              <strong>{money(d.deposits.amount)}</strong>
              <Trans>{d.deposits.count} PIX</Trans>
            </li>
            <li>
              <span>
                <Trans>Saques pagos</Trans>
              </span>
              <strong>{money(d.withdrawals.amount)}</strong>
              <Trans>{d.withdrawals.count} PIX</Trans>
            </li>
            <li>
              <span>
                <Trans>Devoluções PIX</Trans>
              </span>
              <strong>{money(d.refunds.amount)}</strong>
              <Trans>{d.refunds.count} PIX</Trans>
            </li>
            <li>
              <span>
                <Trans>Bônus concedidos</Trans>
              </span>
              <strong>{money(d.bonuses.amount)}</strong>
              <Trans>{d.bonuses.count} créditos</Trans>
            </li>
            <li>
              <span>
                <Trans>Ajustes (crédito − débito)</Trans>
              </span>
              <strong>{money(d.adjustmentsCredited.amount - d.adjustmentsDebited.amount)}</strong>
              <Trans>
                +{money(d.adjustmentsCredited.amount)} − {money(d.adjustmentsDebited.amount)}
              </Trans>
            </li>
            <li>
              <span>
                <Trans>GGR (apostas − prêmios)</Trans>
              </span>
              <strong>{money(d.ggr)}</strong>
              <Trans>
                {money(d.bets)} − {money(d.wins)}
              </Trans>
            </li>
            <li>
              <span>
                <Trans>Jogando agora (15 min)</Trans>
              </span>
              <strong>{d.playersActive}</strong>
            </li>
            <li>
              <span>
                <Trans>Tempo de pagamento</Trans>
              </span>
              <strong>{d.payouts.medianMs === null ? '—' : duration(d.payouts.medianMs)}</strong>
              {d.payouts.worstMs !== null && (
                <Trans>
                  pior {duration(d.payouts.worstMs)} · {d.payouts.overLimit} acima de {PAYOUT_LIMIT_MINUTES} min
                </Trans>
              )}
            </li>
          </ul>
          {d.games.length > 0 && (
            <>
              <h2>
                <Trans>GGR por jogo, hoje</Trans>
              </h2>
              <GameTakingsTable games={d.games} label={t`GGR por jogo, hoje`} testId="today-games" />
            </>
          )}
          <h2>
            <Trans>Listas abertas</Trans>
          </h2>
          <ul className="tiles" data-testid="open-worklists">
            <li>
              <Link href="/withdrawals">
                <strong>{d.open.review}</strong> <Trans>saques aguardando revisão</Trans>
              </Link>
            </li>
            <li>
              <strong>{d.open.held}</strong> <Trans>saques retidos antes do banco</Trans>
            </li>
            <li>
              <strong>{d.open.failed}</strong> <Trans>saques que falharam no banco</Trans>
            </li>
            <li>
              <strong>{d.open.stuck}</strong> <Trans>saques parados no banco</Trans>
            </li>
            <li>
              <strong>{d.open.unmatchedDeposits}</strong> <Trans>PIX recebidos sem pedido</Trans>
            </li>
          </ul>
          <h2>
            <Trans>Depósitos e saques por hora</Trans>
          </h2>
          <p className="legend">
            <span className="key-in" aria-hidden="true" /> <Trans>depósitos</Trans>{' '}
            <span className="key-out" aria-hidden="true" /> <Trans>saques pagos</Trans>
          </p>
          <HourlyChart
            deposits={d.hourly.deposits}
            withdrawals={d.hourly.withdrawals}
            label={t`Depósitos e saques por hora, hoje`}
          />
        </>
      )}
    </section>
  )
}
