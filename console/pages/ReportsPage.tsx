// Finance and regulatory reports: a period picker (local dates of the market), the period's
// figures per day from the ledger (deposits, withdrawals paid, PIX set aside for return, bonuses
// granted, adjustments each way, stakes, wins, GGR) with their totals and GGR per game, and the
// files — the finance report, the ledger's transfers, the regulatory export of bets, payments and
// registrations — downloaded as CSV straight from the server (streamed, audited there).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type FinanceReport, REPORT_MAX_DAYS, type RegulatoryDataset } from '../../contract/ops.ts'
import { useSession } from '../app/session.ts'
import { TableScroll } from '../components/TableScroll.tsx'
import { call } from '../lib/api.ts'
import { marketTimeZone, money } from '../lib/format.ts'
import { useCall } from '../lib/useCall.ts'

/** A local date of the market (YYYY-MM-DD), `daysBack` days before today. */
function marketDate(daysBack: number): string {
  const day = new Date(Date.now() - daysBack * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: marketTimeZone() }).format(day)
}

const fileUrl = (file: string, query: Record<string, string>) =>
  `/api/ops/reports/${file}?${new URLSearchParams(query).toString()}`

export default function ReportsPage() {
  const { t } = useLingui()
  const { me } = useSession()
  const [from, setFrom] = useState(() => marketDate(6))
  const [to, setTo] = useState(() => marketDate(0))
  const [whole, setWhole] = useState(false)
  const report = useCall(() => call<FinanceReport>('reports/finance', { from, to }), [from, to])
  const mayWhole = me.permissions.includes('players.personalData')
  const period = { from, to }
  const datasets: { dataset: RegulatoryDataset; label: string }[] = [
    { dataset: 'bets', label: t`Apostas` },
    { dataset: 'payments', label: t`Pagamentos` },
    { dataset: 'registrations', label: t`Cadastros` },
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
          <TableScroll label={t`Relatório financeiro por dia`}>
            <table className="table" data-testid="finance-days">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Dia</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Depósitos</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Saques pagos</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Devoluções PIX</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Bônus concedidos</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Ajustes a crédito</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Ajustes a débito</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Apostas</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Prêmios</Trans>
                  </th>
                  <th scope="col" className="num">
                    GGR
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...r.days, { ...r.totals, date: t`Total` }].map((d) => (
                  <tr key={d.date} className={d.date === t`Total` ? 'total' : undefined}>
                    <th scope="row">{d.date}</th>
                    <td className="num">{money(d.deposits.amount)}</td>
                    <td className="num">{money(d.withdrawals.amount)}</td>
                    <td className="num">{money(d.refunds.amount)}</td>
                    <td className="num">{money(d.bonuses.amount)}</td>
                    <td className="num">{money(d.adjustmentsCredited.amount)}</td>
                    <td className="num">{money(d.adjustmentsDebited.amount)}</td>
                    <td className="num">{money(d.stakes)}</td>
                    <td className="num">{money(d.wins)}</td>
                    <td className="num">{money(d.ggr)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <h2>
            <Trans>GGR por jogo</Trans>
          </h2>
          {r.totals.games.length === 0 ? (
            <p>
              <Trans>Nenhuma aposta no período.</Trans>
            </p>
          ) : (
            <TableScroll label={t`GGR por jogo no período`}>
              <table className="table" data-testid="finance-games">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Jogo</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Apostas</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Prêmios</Trans>
                    </th>
                    <th scope="col" className="num">
                      GGR
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.totals.games.map((g) => (
                    <tr key={g.gameId}>
                      <th scope="row">{g.gameId || t`(rodada sem jogo)`}</th>
                      <td className="num">{money(g.stakes)}</td>
                      <td className="num">{money(g.wins)}</td>
                      <td className="num">{money(g.ggr)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
      <h2>
        <Trans>Arquivos CSV</Trans>
      </h2>
      <ul className="downloads">
        <li>
          <a className="button secondary" href={fileUrl('finance.csv', period)} download>
            <Trans>Relatório financeiro</Trans>
          </a>
        </li>
        <li>
          <a className="button secondary" href={fileUrl('transfers.csv', period)} download>
            <Trans>Transferências do razão</Trans>
          </a>
        </li>
      </ul>
      <h3>
        <Trans>Exportação regulatória</Trans>
      </h3>
      {mayWhole && (
        <label className="check">
          <input type="checkbox" checked={whole} onChange={(event) => setWhole(event.target.checked)} />{' '}
          <Trans>Com CPF, nomes e chaves PIX completos (fica registrado na auditoria)</Trans>
        </label>
      )}
      <ul className="downloads">
        {datasets.map(({ dataset, label }) => (
          <li key={dataset}>
            <a
              className="button secondary"
              href={fileUrl('regulatory.csv', { dataset, ...period, personalData: String(whole && mayWhole) })}
              download
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
