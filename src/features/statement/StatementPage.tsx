// `/statement`: every ledger entry on the player's accounts, newest first, with the balance
// after it, a chart of the balance, and a CSV export. Reloads when the balance changes.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import { accountAtom } from '../../lib/account.ts'
import { ApiError } from '../../lib/http.ts'
import { useAtomValue } from '../../lib/store.ts'
import { formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { downloadStatementCsv, getStatement } from './api.ts'
import { BalanceChart } from './BalanceChart.tsx'
import { accountLabels, kindLabels } from './kinds.ts'
import './statement.css'

const PAGE_SIZE = 20

export default function StatementPage() {
  const { t, i18n } = useLingui()
  const account = useAtomValue(accountAtom)
  const [pages, setPages] = useState(1)
  const { data, error } = useApiData(() => getStatement({ pageNum: 1, pageSize: PAGE_SIZE * pages }), [pages], {
    reloadOn: ['balance'],
  })
  const entries = data?.entries ?? null
  const total = data?.total ?? 0
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
      <p className="empty-state">
        <Trans>Não foi possível carregar o extrato. Verifique a conexão.</Trans>
      </p>
    )
  }
  if (!entries) return <div className="page-loading" aria-busy="true" />
  if (entries.length === 0) {
    return (
      <p className="empty-state">
        <Trans>Nenhum lançamento ainda. Depósitos, apostas, prêmios e saques aparecem aqui.</Trans>
      </p>
    )
  }
  return (
    <section className="statement">
      {account && <BalanceChart entries={entries} currentTotal={account.total} />}
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
          <li key={`${e.transferId}:${e.account}`} className="entry">
            <div>
              <strong>{i18n._(kindLabels[e.kind])}</strong>
              <small>
                {formatTime(e.time, i18n.locale)} ·{' '}
                {accountLabels[e.account] ? i18n._(accountLabels[e.account] as never) : e.account}
              </small>
            </div>
            <div className="amounts">
              <span className={e.amount < 0 ? 'out' : 'in'}>
                {e.amount > 0 ? '+' : ''}
                {formatMoney(e.amount)}
              </span>
              <small>
                <Trans>saldo {formatMoney(e.balanceAfter)}</Trans>
              </small>
            </div>
          </li>
        ))}
      </ol>
      {entries.length < total && (
        <button type="button" className="link" onClick={() => setPages((p) => p + 1)}>
          <Trans>Ver mais</Trans>
        </button>
      )}
    </section>
  )
}
