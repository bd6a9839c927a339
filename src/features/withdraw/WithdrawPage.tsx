// The withdraw tab (`/withdrawTab`): two sub-tabs, withdraw and history (history reloads each
// time it is selected). `/withdrawMoney` and `/withdrawMoney2` show the withdraw screen alone.
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { tabReloadAtom } from '../../lib/reload.ts'
import { useAtomValue } from '../../lib/store.ts'
import { HistoryList } from './HistoryList.tsx'
import { WithdrawForm } from './WithdrawForm.tsx'
import './withdraw.css'

export default function WithdrawPage() {
  const [location] = useLocation()
  const reload = useAtomValue(tabReloadAtom)
  const [tab, setTab] = useState<'withdraw' | 'history'>('withdraw')
  const [historyKey, setHistoryKey] = useState(0)
  const withTabs = location === '/withdrawTab'
  return (
    <section>
      <h1 className="page-title">
        <Trans>Saque</Trans>
      </h1>
      {withTabs && (
        <div className="sub-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'withdraw'} onClick={() => setTab('withdraw')}>
            <Trans>Sacar</Trans>
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'history'}
            onClick={() => {
              setTab('history')
              setHistoryKey((n) => n + 1)
            }}
          >
            <Trans>Histórico</Trans>
          </button>
        </div>
      )}
      {tab === 'withdraw' || !withTabs ? (
        <WithdrawForm key={`form-${reload}`} />
      ) : (
        <HistoryList key={`history-${historyKey}-${reload}`} />
      )}
    </section>
  )
}
