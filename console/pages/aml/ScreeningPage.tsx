// Sanctions screening (UN Security Council consolidated list): the list in force (its date, size
// and hash, when it was loaded) and how many verified players still wait to be screened against
// it; the matches waiting for an operator — weak ones: a common name whose listed birth differs, a
// low-quality alias, part of a name — with the name as listed, the name or alias matched and both
// births; clearing one (another person) or confirming it (the account is frozen and queued for
// verification, as a strong match already is) needs a reason and is audited. The decided tab
// lists strong matches (frozen at once) and the decisions taken.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ScreeningItem } from '../../../contract/aml.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { dateTime } from '../../lib/format.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { screeningStatusText, strengthText } from './amlLabels.ts'
import { decideMatch, screening } from './api.ts'

type Tab = 'open' | 'decided'

export default function ScreeningPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const [tab, setTab] = useState<Tab>('open')
  const page = useCall(() => screening(tab), [tab])
  const [selected, setSelected] = useState<ScreeningItem>()
  const list = page.data?.list
  const tabs: { id: Tab; label: string }[] = [
    { id: 'open', label: t`Aguardando análise` },
    { id: 'decided', label: t`Congeladas e decididas` },
  ]

  return (
    <div className={selected ? 'worklist-layout with-review' : 'worklist-layout'}>
      <section className="panel worklist">
        <h1>
          <Trans>Triagem de sanções</Trans>
        </h1>
        {page.data && (
          <p className="muted" data-testid="sanctions-list">
            {list ? (
              <Trans>
                Lista consolidada do Conselho de Segurança da ONU de {list.generatedAt?.slice(0, 10) ?? '—'} ·{' '}
                {list.individuals} pessoas · carregada em {dateTime(list.loadedAt)} · {page.data.pending} jogadores
                verificados ainda a triar
              </Trans>
            ) : (
              <Trans>Nenhuma lista carregada ainda.</Trans>
            )}
          </p>
        )}
        <Tabs
          tabs={tabs}
          current={tab}
          onChange={(id) => {
            setTab(id)
            setSelected(undefined)
          }}
        />
        {page.error && (
          <p className="form-error" role="alert">
            {page.error.message}
          </p>
        )}
        {page.data && (
          <DataTable
            label={t`Coincidências com a lista de sanções`}
            testId="sanctions-matches"
            rows={page.data.items}
            rowKey={(item) => item.id}
            rowProps={(item) => ({
              'data-testid': `match-${item.playerId}`,
              className: selected?.id === item.id ? 'selected' : undefined,
            })}
            empty={<Trans>Nenhuma coincidência nesta lista.</Trans>}
            columns={[
              {
                header: <Trans>Jogador</Trans>,
                cell: (item) => (
                  <button type="button" className="link" onClick={() => setSelected(item)}>
                    {item.playerName} <span className="muted">#{item.playerId}</span>
                  </button>
                ),
              },
              {
                header: <Trans>Na lista</Trans>,
                cell: (item) => (
                  <>
                    {item.listedName} <span className="muted">{item.reference}</span>
                  </>
                ),
              },
              { header: <Trans>Força</Trans>, cell: (item) => strengthText(i18n, item.strength) },
              { header: <Trans>Situação</Trans>, cell: (item) => screeningStatusText(i18n, item.status) },
            ]}
          />
        )}
      </section>
      {selected && (
        <MatchReview
          key={selected.id}
          item={selected}
          canDecide={me.permissions.includes('aml.cases') && selected.status === 'open'}
          onDecided={() => page.reload()}
        />
      )}
    </div>
  )
}

function MatchReview({
  item,
  canDecide,
  onDecided,
}: {
  item: ScreeningItem
  canDecide: boolean
  onDecided: () => void
}) {
  const { t, i18n } = useLingui()
  const [reason, setReason] = useState('')
  const [outcome, setOutcome] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const decide = async (decision: 'clear' | 'confirm') => {
    setBusy(true)
    setError(undefined)
    try {
      const result = await decideMatch({ id: item.id, decision, reason: reason.trim() })
      setOutcome(screeningStatusText(i18n, result.status))
      onDecided()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <aside className="panel review" aria-label={t`Coincidência de ${item.playerName}`} data-testid="match-review">
      <h2>
        {item.playerName} · {strengthText(i18n, item.strength)}
      </h2>
      <dl className="facts">
        <div className="fact">
          <dt>
            <Trans>Jogador</Trans>
          </dt>
          <dd>
            {item.playerName} · {item.birth || '—'}
          </dd>
        </div>
        <div className="fact">
          <dt>
            <Trans>Pessoa listada</Trans>
          </dt>
          <dd>
            {item.listedName} ({item.reference}) · {item.listedBirth || '—'}
          </dd>
        </div>
        <div className="fact">
          <dt>
            <Trans>Nome que coincidiu</Trans>
          </dt>
          <dd>{item.matchedAs}</dd>
        </div>
        <div className="fact">
          <dt>
            <Trans>Encontrada em</Trans>
          </dt>
          <dd>{dateTime(item.createdAt)}</dd>
        </div>
        {item.decidedAt !== null && (
          <div className="fact">
            <dt>
              <Trans>Decisão</Trans>
            </dt>
            <dd>
              {screeningStatusText(i18n, item.status)} · {item.decidedBy} · {item.decisionReason}
            </dd>
          </div>
        )}
      </dl>
      {outcome ? (
        <p role="status" data-testid="match-decided">
          {outcome}
        </p>
      ) : (
        canDecide && (
          <form onSubmit={(event) => event.preventDefault()}>
            <label className="field">
              <span>
                <Trans>Motivo (o que distingue ou confirma a pessoa)</Trans>
              </span>
              <textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
            </label>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="downloads">
              <button
                type="button"
                className="button secondary"
                disabled={busy || reason.trim() === ''}
                onClick={() => void decide('clear')}
              >
                <Trans>Outra pessoa: descartar</Trans>
              </button>
              <button
                type="button"
                className="button danger"
                disabled={busy || reason.trim() === ''}
                onClick={() => void decide('confirm')}
              >
                <Trans>Confirmar e congelar</Trans>
              </button>
            </div>
          </form>
        )
      )}
    </aside>
  )
}
