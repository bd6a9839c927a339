// Finance and regulatory reports: a period picker (local dates of the market), the period's
// figures per day from the ledger (deposits, withdrawals paid, PIX set aside for return, bonuses
// granted, adjustments each way, stakes, wins, GGR) with their totals and GGR per game, and the
// files — the finance report, the ledger's transfers, the regulatory export of bets, payments and
// registrations — downloaded as CSV straight from the server (streamed, audited there).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { FinanceDay, RegulatoryDataset } from '../../../contract/ops.ts'
import { REPORT_MAX_DAYS } from '../../../contract/ops.ts'
import { type Column, DataTable } from '../../components/DataTable.tsx'
import { GameTakingsTable } from '../../components/GameTakingsTable.tsx'
import { marketTimeZone, money } from '../../lib/format.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { financeCsvUrl, financeReport, regulatoryCsvUrl, transfersCsvUrl } from './api.ts'

/** A local date of the market (YYYY-MM-DD), `daysBack` days before today. */
function marketDate(daysBack: number): string {
  const day = new Date(Date.now() - daysBack * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: marketTimeZone() }).format(day)
}

export default function ReportsPage() {
  const { t } = useLingui()
  const { me } = useSession()
  const [from, setFrom] = useState(() => marketDate(6))
  const [to, setTo] = useState(() => marketDate(0))
  const [whole, setWhole] = useState(false)
  const report = useCall(() => financeReport({ from, to }), [from, to])
  const mayWhole = me.permissions.includes('players.personalData')
  const period = { from, to }
  const datasets: { dataset: RegulatoryDataset; label: string }[] = [
    { dataset: 'bets', label: t`Apostas` },
    { dataset: 'payments', label: t`Pagamentos` },
    { dataset: 'registrations', label: t`Cadastros` },
  ]
  const columns: Column<FinanceDay>[] = [
    { header: t`Dia`, cell: (d) => d.date },
    { header: t`Depósitos`, numeric: true, cell: (d) => money(d.deposits.amount) },
    { header: t`Saques pagos`, numeric: true, cell: (d) => money(d.withdrawals.amount) },
    { header: t`Devoluções PIX`, numeric: true, cell: (d) => money(d.refunds.amount) },
    { header: t`Bônus concedidos`, numeric: true, cell: (d) => money(d.bonuses.amount) },
    { header: t`Ajustes a crédito`, numeric: true, cell: (d) => money(d.adjustmentsCredited.amount) },
    { header: t`Ajustes a débito`, numeric: true, cell: (d) => money(d.adjustmentsDebited.amount) },
    { header: t`Apostas`, numeric: true, cell: (d) => money(d.stakes) },
    { header: t`Prêmios`, numeric: true, cell: (d) => money(d.wins) },
    { header: 'GGR', numeric: true, cell: (d) => money(d.ggr) },
  ]
  const r = report.data
  return (
    <section className="panel reports">
      <h1>
        <Trans>Relatórios</Trans>
      </h1>
      <div className="filters">
        <label className="field">
          <span>
            <Trans>De</Trans>
          </span>
          <input
            type="date"
            value={from}
            max={to}
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
        </label>
        <label className="field">
          <span>
            <Trans>Até</Trans>
          </span>
          <input
            type="date"
            value={to}
            min={from}
            onChange={(event) => event.target.value && setTo(event.target.value)}
          />
        </label>
      </div>
      <p className="hint">
        <Trans>
          Dias locais do mercado ({r?.timeZone ?? marketTimeZone() ?? ''}). Na tela, até {REPORT_MAX_DAYS.view} dias;
          nos arquivos, até {REPORT_MAX_DAYS.csv}.
        </Trans>
      </p>
      {report.error && (
        <p className="form-error" role="alert">
          {report.error.message}
        </p>
      )}
      {r && (
        <>
          <ul className="tiles" data-testid="report-totals">
            <li>
              <span>
                <Trans>Depósitos</Trans>
              </span>
              <strong>{money(r.totals.deposits.amount)}</strong>
              <Trans>{r.totals.deposits.count} PIX</Trans>
            </li>
            <li>
              <span>
                <Trans>Saques pagos</Trans>
              </span>
              <strong>{money(r.totals.withdrawals.amount)}</strong>
              <Trans>{r.totals.withdrawals.count} PIX</Trans>
            </li>
            <li>
              <span>
                <Trans>GGR (apostas − prêmios)</Trans>
              </span>
              <strong>{money(r.totals.ggr)}</strong>
            </li>
          </ul>
          <h2>
            <Trans>Por dia</Trans>
          </h2>
          <DataTable
            label={t`Relatório financeiro por dia`}
            columns={columns}
            rows={r.days}
            rowKey={(d) => d.date}
            testId="finance-days"
            extraRows={
              <tr className="total">
                {columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed in order for a render
                  <td key={index} className={column.numeric ? 'num' : undefined}>
                    {index === 0 ? t`Total` : column.cell({ ...r.totals, date: '' })}
                  </td>
                ))}
              </tr>
            }
          />
          <h2>
            <Trans>GGR por jogo</Trans>
          </h2>
          <GameTakingsTable games={r.totals.games} label={t`GGR por jogo no período`} testId="finance-games" />
        </>
      )}
      <h2>
        <Trans>Arquivos CSV</Trans>
      </h2>
      <ul className="downloads">
        <li>
          <a className="button secondary" href={financeCsvUrl(period)} download>
            <Trans>Relatório financeiro</Trans>
          </a>
        </li>
        <li>
          <a className="button secondary" href={transfersCsvUrl(period)} download>
            <Trans>Transferências do razão</Trans>
          </a>
        </li>
      </ul>
      <h3>
        <Trans>Exportação regulatória</Trans>
      </h3>
      {mayWhole && (
        <label className="check">
          <input type="checkbox" checked={whole} onChange={(event) => setWhole(event.target.checked)} />
          <Trans>Com CPF, nomes e chaves PIX completos (fica registrado na auditoria)</Trans>
        </label>
      )}
      <ul className="downloads">
        {datasets.map(({ dataset, label }) => (
          <li key={dataset}>
            <a className="button secondary" href={regulatoryCsvUrl(dataset, period, whole && mayWhole)} download>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
