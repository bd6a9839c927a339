// The money watch's flags: open ones first by default, or decided ones, filtered by rule; each
// opens its case file. For risk and admin (`moneyWatch.cases`).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { type FlagStatus, type WatchRule, watchRules } from '../../../contract/money-watch.ts'
import { TableScroll } from '../../components/TableScroll.tsx'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { decisionText, ruleText } from '../../lib/watch-labels.ts'
import { listFlags } from './api.ts'

export default function FlagsPage() {
  const { t, i18n } = useLingui()
  const [status, setStatus] = useState<FlagStatus>('open')
  const [rule, setRule] = useState<WatchRule | ''>('')
  const flags = useCall(
    () => listFlags({ status, ...(rule ? { rule } : {}), pageNum: 1, pageSize: 200 }),
    [status, rule],
  )
  return (
    <section className="panel">
      <h1>
        <Trans>Vigilância de dinheiro</Trans>
      </h1>
      <div className="tabs" role="tablist">
        {(['open', 'closed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={status === s ? 'tab active' : 'tab'}
            onClick={() => setStatus(s)}
          >
            {s === 'open' ? t`Abertos` : t`Decididos`}
          </button>
        ))}
      </div>
      <div className="filters watch-filters">
        <label className="field">
          <span>
            <Trans>Regra</Trans>
          </span>
          <select value={rule} onChange={(event) => setRule(event.target.value as WatchRule | '')}>
            <option value="">{t`Todas`}</option>
            {watchRules.map((r) => (
              <option key={r} value={r}>
                {ruleText(i18n, r)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {flags.error && (
        <p className="form-error" role="alert">
          {flags.error.message}
        </p>
      )}
      {flags.data && (
        <>
          <p className="muted">
            <Trans>{flags.data.total} na lista</Trans>
          </p>
          <TableScroll label={t`Alertas`}>
            <table className="table" data-testid="flags">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Caso</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Regra</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Jogador</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Último alerta</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Vezes</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Decisão</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {flags.data.items.map((flag) => (
                  <tr key={flag.id} data-testid={`flag-row-${flag.id}`}>
                    <td>
                      <Link href={`/watch/cases/${flag.id}`}>#{flag.id}</Link>
                    </td>
                    <td>{ruleText(i18n, flag.rule)}</td>
                    <td>
                      {flag.playerName ?? <Trans>sem nome</Trans>} <span className="muted">#{flag.playerId}</span>
                    </td>
                    <td>{dateTime(flag.lastAt)}</td>
                    <td className="num">{flag.hits}</td>
                    <td>{flag.decision ? decisionText(i18n, flag.decision) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {flags.data.items.length === 0 && (
            <p className="muted">
              <Trans>Nada nesta lista agora.</Trans>
            </p>
          )}
        </>
      )}
    </section>
  )
}
