// "Minha atividade" (issue 17): deposits, withdrawals, bets, wins and the net result for today,
// 7 days, 30 days or all time, time played, and bets against wins per day — every figure from
// the ledger and the rounds on the server.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { type ActivityView, activityPeriods } from '../../../contract/limit-values.ts'
import { formatMoney } from '../../../contract/money.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getActivity } from './api.ts'
import './limits.css'

type Period = (typeof activityPeriods)[number]

export default function ActivityPage() {
  const { t } = useLingui()
  const [period, setPeriod] = useState<Period>('7d')
  const { data } = useApiData(() => getActivity({ period }), [period], {
    failure: t`Não foi possível carregar sua atividade.`,
    reloadOn: ['balance'],
  })
  const names: Record<Period, string> = { today: t`Hoje`, '7d': t`7 dias`, '30d': t`30 dias`, all: t`Tudo` }
  return (
    <section className="limits activity">
      <fieldset className="activity-periods">
        <legend className="visually-hidden">{t`Período`}</legend>
        {activityPeriods.map((p) => (
          <button
            key={p}
            type="button"
            className={p === period ? 'chip active' : 'chip'}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            {names[p]}
          </button>
        ))}
      </fieldset>
      {data && (
        <>
          <dl className="card activity-figures" data-testid="activity-figures">
            <dt>
              <Trans>Depósitos</Trans>
            </dt>
            <dd data-testid="activity-deposits">{formatMoney(data.deposits)}</dd>
            <dt>
              <Trans>Saques pagos</Trans>
            </dt>
            <dd data-testid="activity-withdrawals">{formatMoney(data.withdrawals)}</dd>
            <dt>
              <Trans>Apostas ({data.rounds} rodadas)</Trans>
            </dt>
            <dd data-testid="activity-bets">{formatMoney(data.bets)}</dd>
            <dt>
              <Trans>Prêmios</Trans>
            </dt>
            <dd data-testid="activity-wins">{formatMoney(data.wins)}</dd>
            <dt>
              <strong>
                <Trans>Resultado líquido</Trans>
              </strong>
            </dt>
            <dd data-testid="activity-net">
              <strong>{formatMoney(data.net)}</strong>
            </dd>
            <dt>
              <Trans>Tempo de jogo</Trans>
            </dt>
            <dd data-testid="activity-time">{t`${Math.round(data.playedMs / 60_000)} min`}</dd>
          </dl>
          <DayChart days={data.days} />
        </>
      )}
      <p>
        <Link href="/limits">{t`Limites e controle`}</Link> · <Link href="/statement">{t`Extrato`}</Link>
      </p>
    </section>
  )
}

/** Bets (dark) and wins (light) per day, as bars; the table beside it is the same data in words. */
function DayChart({ days }: { days: ActivityView['days'] }) {
  const { t } = useLingui()
  if (days.length === 0)
    return (
      <p className="hint">
        <Trans>Nenhuma rodada neste período.</Trans>
      </p>
    )
  const max = Math.max(...days.flatMap((d) => [d.bets, d.wins]), 1)
  const width = 100 / days.length
  return (
    <figure>
      <svg
        className="activity-chart"
        viewBox="0 0 100 50"
        preserveAspectRatio="none"
        role="img"
        aria-label={t`Apostas e prêmios por dia`}
      >
        {days.map((day, i) => (
          <g key={day.date}>
            <rect
              x={i * width + width * 0.1}
              y={50 - (day.bets / max) * 48}
              width={width * 0.4}
              height={(day.bets / max) * 48}
              fill="#6b3fa0"
            />
            <rect
              x={i * width + width * 0.5}
              y={50 - (day.wins / max) * 48}
              width={width * 0.4}
              height={(day.wins / max) * 48}
              fill="#e0b400"
            />
          </g>
        ))}
      </svg>
      <figcaption className="hint">
        <Trans>Roxo: apostas. Amarelo: prêmios.</Trans>
      </figcaption>
    </figure>
  )
}
