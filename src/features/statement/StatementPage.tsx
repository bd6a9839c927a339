// `/statement`: one line per operation (a spin, a withdrawal, a deposit), newest first, with the
// balance after it (the newest equals the header), the ledger legs one tap away, a chart of the
// balance, and a CSV export. Pages by cursor; reloads when the balance changes.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { StatementEntryView } from '../../../contract/statement.ts'
import { statementAccountLabels } from '../../../contract/transfers.ts'
import { ApiError } from '../../lib/http.ts'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { downloadStatementCsv, getStatementPages } from './api.ts'
import { BalanceChart } from './BalanceChart.tsx'
import { legLabel, lineLabel } from './kinds.ts'
import './statement.css'

const PAGE_SIZE = 20

export default function StatementPage() {
  const { t } = useLingui()
  const [pages, setPages] = useState(1)
  const { data, error, reload, keptAt } = useApiData(() => getStatementPages(pages, PAGE_SIZE), [pages], {
    reloadOn: ['balance'],
    keep: 'statement',
  })
  const entries = data?.entries ?? null
  const failed = error !== null

  async function exportCsv() {
    try {
      await downloadStatementCsv()
    } catch (error) {
      showToast(error instanceof ApiError && error.message ? error.message : t`Não foi possível exportar agora.`)
    }
  }

  if (failed && !entries) {
    return (
      <LoadFailed onRetry={() => void reload()} testId="statement-load-failed">
        <Trans>Não foi possível carregar o extrato. Verifique a conexão.</Trans>
      </LoadFailed>
    )
  }
  if (!entries) return <div className="page-loading" aria-busy="true" />
  if (entries.length === 0) {
    return (
      <>
        <KeptNote at={keptAt} />
        <p className="empty-state">
          <Trans>Nenhum lançamento ainda. Depósitos, apostas, prêmios e saques aparecem aqui.</Trans>
        </p>
      </>
    )
  }
  return (
    <section className="statement">
      <KeptNote at={keptAt} />
      <BalanceChart entries={entries} />
      <p>
        <Link href="/myActivity">
          <Trans>Minha atividade: apostas, prêmios, resultado e tempo de jogo</Trans>
        </Link>
      </p>
      <button type="button" className="button secondary small" onClick={() => void exportCsv()}>
        <Trans>Exportar CSV</Trans>
      </button>
      <ol className="entries" data-testid="statement-entries">
        {entries.map((e) => (
          <StatementLine key={e.transferId} entry={e} />
        ))}
      </ol>
      {data?.more && (
        <button type="button" className="link" onClick={() => setPages((p) => p + 1)}>
          <Trans>Ver mais</Trans>
        </button>
      )}
    </section>
  )
}

function StatementLine({ entry: e }: { entry: StatementEntryView }) {
  const { i18n } = useLingui()
  return (
    <li className="entry">
      <details>
        <summary>
          <div>
            <strong>{i18n._(lineLabel(e))}</strong>
            <small>{formatTime(e.time, i18n.locale)}</small>
          </div>
          <div className="amounts">
            <span className={e.amount < 0 ? 'out' : e.amount > 0 ? 'in' : ''}>
              {e.amount > 0 ? '+' : ''}
              {formatMoney(e.amount)}
            </span>
            <small>
              <Trans>saldo {formatMoney(e.balanceAfter)}</Trans>
            </small>
          </div>
        </summary>
        <ul className="legs">
          {e.legs.map((leg) => {
            const accountName = i18n._(statementAccountLabels[leg.account])
            const after = formatMoney(leg.balanceAfter)
            return (
              <li key={`${leg.transferId}:${leg.account}`}>
                <span>
                  {i18n._(legLabel(e, leg.kind))} · {accountName}
                </span>
                <span className="amounts">
                  {leg.amount > 0 ? '+' : ''}
                  {formatMoney(leg.amount)}
                  <small>
                    <Trans>
                      {accountName} depois: {after}
                    </Trans>
                  </small>
                </span>
              </li>
            )
          })}
        </ul>
      </details>
    </li>
  )
}
