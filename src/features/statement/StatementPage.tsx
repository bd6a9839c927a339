// `/statement`: every ledger entry on the player's accounts, newest first, with the balance
// after it, a chart of the balance, and a CSV export. Reloads when the balance changes.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import type { StatementEntryView, StatementView } from '../../../contract/statement.ts'
import { accountAtom } from '../../lib/account.ts'
import { call, download } from '../../lib/api.ts'
import { ApiError } from '../../lib/http.ts'
import { onPush } from '../../lib/push.ts'
import { formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { BalanceChart } from './BalanceChart.tsx'
import { accountLabels, kindLabels } from './kinds.ts'

const PAGE_SIZE = 20

export default function StatementPage() {
  const { t, i18n } = useLingui()
  const account = useAtomValue(accountAtom)
  const [entries, setEntries] = useState<StatementEntryView[] | null>(null)
  const [total, setTotal] = useState(0)
  const [pages, setPages] = useState(1)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async (pageCount: number) => {
    try {
      const data = await call<StatementView>('/v1/bus/statement', { pageNum: 1, pageSize: PAGE_SIZE * pageCount })
      setEntries(data.entries)
      setTotal(data.total)
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  useEffect(() => {
    void load(pages)
    const reload = () => void load(pages)
    const offBalance = onPush('balance', reload)
    const offReconnect = onPush('reconnected', reload)
    return () => {
      offBalance()
      offReconnect()
    }
  }, [load, pages])

  async function exportCsv() {
    try {
      await download('/v1/bus/statementCsv', 'jogo-limpo-extrato.csv')
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
