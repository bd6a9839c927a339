// "Minha atividade": deposits, withdrawals, bets, wins and the net result for today,
// 7 days, 30 days or all time, time played, and bets against wins per day — every figure from
// the ledger and the rounds on the server.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { type ActivityView, activityPeriods } from '../../../contract/limit-values.ts'
import { formatMoney } from '../../../contract/money.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getActivity } from './api.ts'
import './limits.css'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { usePlayedText } from './usePlayedText.ts'

type Period = (typeof activityPeriods)[number]

export default function ActivityPage() {
  const { t } = useLingui()
  const [period, setPeriod] = useState<Period>('7d')
  const { data, error, reload, keptAt } = useApiData(() => getActivity({ period }), [period], {
    failure: t`Não foi possível carregar sua atividade.`,
    reloadOn: ['balance'],
    keep: `activity:${period}`,
  })
  const playedText = usePlayedText()
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
      {!data && error === null && <div className="page-loading" aria-busy="true" />}
      {!data && error !== null && (
        <LoadFailed onRetry={() => void reload()} testId="activity-load-failed">
          <Trans>Não foi possível carregar sua atividade. Verifique a conexão.</Trans>
        </LoadFailed>
      )}
      {data && (
        <>
          <KeptNote at={keptAt} />
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
              <Trans>
                Apostas (<Plural value={data.rounds} one="# rodada" other="# rodadas" />)
              </Trans>
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
            <dd data-testid="activity-time">{playedText(data.playedMs)}</dd>
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

/** Bets (dark) and wins (light) per day, as bars; the table under it is the same data in words. */
function DayChart({ days }: { days: ActivityView['days'] }) {
  const { t } = useLingui()
  // "2026-11-22" → "22/11": the days are the market's local dates, already grouped by the server.
  const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`
  if (days.length === 0)
    return (
      <p className="hint">
        <Trans>Nenhuma rodada neste período.</Trans>
      </p>
    )
  const max = Math.max(...days.flatMap((d) => [d.bets, d.wins]), 1)
  // A day's pair of bars is at most a seventh of the width, so one day is not one big block.
  const width = Math.min(100 / days.length, 100 / 7)
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
      <table className="activity-days" data-testid="activity-days">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Dia</Trans>
            </th>
            <th scope="col">
              <Trans>Apostas</Trans>
            </th>
            <th scope="col">
              <Trans>Prêmios</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDate(day.date)}</th>
              <td>{formatMoney(day.bets)}</td>
              <td>{formatMoney(day.wins)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
