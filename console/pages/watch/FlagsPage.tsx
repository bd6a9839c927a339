// The money watch's flags: open ones first by default, or decided ones, filtered by rule; each
// opens its case file. For risk and admin (`moneyWatch.cases`).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { type FlagStatus, type WatchRule, watchRules } from '../../../contract/money-watch.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { decisionText, ruleText } from '../../lib/watchLabels.ts'
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
      <Tabs
        tabs={[
          { id: 'open', label: t`Abertos` },
          { id: 'closed', label: t`Decididos` },
        ]}
        current={status}
        onChange={setStatus}
      />
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
          <DataTable
            label={t`Alertas`}
            testId="flags"
            rows={flags.data.items}
            rowKey={(flag) => flag.id}
            rowProps={(flag) => ({ 'data-testid': `flag-row-${flag.id}` })}
            empty={<Trans>Nada nesta lista agora.</Trans>}
            columns={[
              { header: <Trans>Caso</Trans>, cell: (flag) => <Link href={`/watch/cases/${flag.id}`}>#{flag.id}</Link> },
              { header: <Trans>Regra</Trans>, cell: (flag) => ruleText(i18n, flag.rule) },
              {
                header: <Trans>Jogador</Trans>,
                cell: (flag) => (
                  <>
                    {flag.playerName ?? <Trans>sem nome</Trans>} <span className="muted">#{flag.playerId}</span>
                  </>
                ),
              },
              { header: <Trans>Último alerta</Trans>, cell: (flag) => dateTime(flag.lastAt) },
              { header: <Trans>Vezes</Trans>, numeric: true, cell: (flag) => flag.hits },
              {
                header: <Trans>Decisão</Trans>,
                cell: (flag) => (flag.decision ? decisionText(i18n, flag.decision) : '—'),
              },
            ]}
          />
        </>
      )}
    </section>
  )
}
