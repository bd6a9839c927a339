// A small line chart of the total balance (cash + bonus) after each statement line, from the
// server's running balance (the newest point is the header's balance).
import { useLingui } from '@lingui/react/macro'
import { formatMoney } from '../../../contract/money.ts'
import type { StatementEntryView } from '../../../contract/statement.ts'

export function balancePoints(entries: StatementEntryView[]): { time: number; total: number }[] {
  return entries.map((e) => ({ time: e.time, total: e.balanceAfter })).reverse()
}

export function BalanceChart({ entries }: { entries: StatementEntryView[] }) {
  const { t } = useLingui()
  const points = balancePoints(entries)
  if (points.length < 2) return null
  const width = 320
  const height = 96
  const max = Math.max(...points.map((p) => p.total), 1)
  const min = Math.min(...points.map((p) => p.total), 0)
  const x = (i: number) => (i / (points.length - 1)) * (width - 8) + 4
  const y = (v: number) => height - 4 - ((v - min) / (max - min || 1)) * (height - 8)
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.total).toFixed(1)}`).join(' ')
  const last = points.at(-1)?.total ?? 0
  return (
    <figure className="balance-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t`Saldo ao longo do tempo, agora ${formatMoney(last)}`}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <figcaption>
        {formatMoney(min)} – {formatMoney(max)}
      </figcaption>
    </figure>
  )
}
