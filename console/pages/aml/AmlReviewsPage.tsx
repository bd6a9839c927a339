// The AML review worklist (Portaria SPA/MF 1.143/2024): bettors whose class asks for an operator's
// periodic review, the soonest due first, each with its clock (amber, then red, then late), its
// class and the reasons in words; the count per class above. A row opens the review: the reasons
// again, the player's summary, the outcome and a note, kept and audited; the next review is due
// a class period later. Below, the annual report of a year that is over, as CSV or JSON.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import {
  type AmlClass,
  type AmlClassItem,
  type AmlReviewOutcome,
  amlClasses,
  amlReviewOutcomes,
} from '../../../contract/aml.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { DueClock } from '../../components/DueClock.tsx'
import { PlayerSummary } from '../../components/PlayerSummary.tsx'
import { dateTime } from '../../lib/format.ts'
import { viewPlayer } from '../../lib/players.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { useServerNow } from '../../lib/useServerNow.ts'
import { classText, outcomeText, reasonText } from './amlLabels.ts'
import { amlWorklist, annualReport, reviewBettor } from './api.ts'

const DAY_MS = 24 * 3600_000

export default function AmlReviewsPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const [filter, setFilter] = useState<AmlClass | ''>('')
  const list = useCall(() => amlWorklist(filter || undefined), [filter])
  const [selected, setSelected] = useState<AmlClassItem>()
  const now = useServerNow(list.data?.now)

  return (
    <>
      <div className={selected ? 'worklist-layout with-review' : 'worklist-layout'}>
        <section className="panel worklist">
          <h1>
            <Trans>Risco PLD: revisões</Trans>
          </h1>
          {list.data && (
            <p className="muted" data-testid="aml-counts">
              <Trans>
                Apostadores por risco: baixo {list.data.counts.low} · médio {list.data.counts.medium} · alto{' '}
                {list.data.counts.high}
              </Trans>
            </p>
          )}
          <div className="filters">
            <label className="field">
              <span>
                <Trans>Risco</Trans>
              </span>
              <select value={filter} onChange={(event) => setFilter(event.target.value as AmlClass | '')}>
                <option value="">{t`Todos com revisão`}</option>
                {amlClasses.map((cls) => (
                  <option key={cls} value={cls}>
                    {classText(i18n, cls)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {list.error && (
            <p className="form-error" role="alert">
              {list.error.message}
            </p>
          )}
          {list.data && (
            <DataTable
              label={t`Revisões de risco PLD`}
              testId="aml-worklist"
              rows={list.data.items}
              rowKey={(item) => item.playerId}
              rowProps={(item) => ({
                'data-testid': `aml-${item.playerId}`,
                className: selected?.playerId === item.playerId ? 'selected' : undefined,
              })}
              empty={<Trans>Nenhuma revisão pendente.</Trans>}
              columns={[
                {
                  header: <Trans>Jogador</Trans>,
                  cell: (item) => (
                    <button type="button" className="link" onClick={() => setSelected(item)}>
                      {item.playerName ?? '—'} <span className="muted">#{item.playerId}</span>
                    </button>
                  ),
                },
                {
                  header: <Trans>Risco</Trans>,
                  cell: (item) => <span className={`risk risk-${item.class}`}>{classText(i18n, item.class)}</span>,
                },
                {
                  header: <Trans>Motivos</Trans>,
                  cell: (item) => item.reasons.map((r) => reasonText(i18n, r)).join(' · ') || '—',
                },
                {
                  header: <Trans>Prazo</Trans>,
                  cell: (item) =>
                    item.reviewDueAt === null ? (
                      '—'
                    ) : (
                      <DueClock dueAt={item.reviewDueAt} windowMs={30 * DAY_MS} now={now} label={t`Prazo da revisão`} />
                    ),
                },
              ]}
            />
          )}
        </section>
        {selected && (
          <Review
            key={selected.playerId}
            item={selected}
            canReview={me.permissions.includes('aml.cases')}
            onReviewed={() => list.reload()}
          />
        )}
      </div>
      {me.permissions.includes('aml.report') && <AnnualReport />}
    </>
  )
}

function Review({ item, canReview, onReviewed }: { item: AmlClassItem; canReview: boolean; onReviewed: () => void }) {
  const { t, i18n } = useLingui()
  const player = useCall(() => viewPlayer(item.playerId), [item.playerId])
  const [outcome, setOutcome] = useState<AmlReviewOutcome>('keep')
  const [note, setNote] = useState('')
  const [done, setDone] = useState<AmlClassItem>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    setBusy(true)
    setError(undefined)
    try {
      setDone(await reviewBettor({ playerId: item.playerId, outcome, note: note.trim() }))
      onReviewed()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <aside
      className="panel review"
      aria-label={t`Revisão de ${item.playerName ?? item.playerId}`}
      data-testid="aml-review"
    >
      <h2>
        {item.playerName ?? `#${item.playerId}`} · {classText(i18n, item.class)}
      </h2>
      <ul className="reasons">
        {item.reasons.map((reason) => (
          <li key={reason.code}>
            {reasonText(i18n, reason)} <span className="muted">({classText(i18n, reason.level)})</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        <Trans>Calculado em {dateTime(item.computedAt)}</Trans>
        {item.reviewedAt !== null && (
          <>
            {' · '}
            <Trans>
              última revisão {dateTime(item.reviewedAt)} por {item.reviewedBy}
            </Trans>
          </>
        )}
      </p>
      {player.data && <PlayerSummary view={player.data} />}
      {done ? (
        <p role="status" data-testid="aml-reviewed">
          {done.reviewDueAt === null ? (
            <Trans>Revisão registrada.</Trans>
          ) : (
            <Trans>Revisão registrada. Próxima até {dateTime(done.reviewDueAt)}.</Trans>
          )}
        </p>
      ) : (
        canReview && (
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void submit()
            }}
          >
            <fieldset className="decision-choices">
              <legend>
                <Trans>Resultado</Trans>
              </legend>
              {amlReviewOutcomes.map((value) => (
                <label key={value} className="check">
                  <input
                    type="radio"
                    name="outcome"
                    value={value}
                    checked={outcome === value}
                    onChange={() => setOutcome(value)}
                  />{' '}
                  {outcomeText(i18n, value)}
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span>
                <Trans>Anotação (o que foi verificado)</Trans>
              </span>
              <textarea value={note} maxLength={500} required onChange={(event) => setNote(event.target.value)} />
            </label>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="button" disabled={busy || note.trim() === ''}>
              <Trans>Registrar revisão</Trans>
            </button>
          </form>
        )
      )}
    </aside>
  )
}

function AnnualReport() {
  const lastYear = new Date().getFullYear() - 1
  const [year, setYear] = useState(lastYear)
  const [error, setError] = useState<string>()
  const download = async (format: 'csv' | 'json') => {
    setError(undefined)
    try {
      const { blob, filename } = await annualReport(year, format)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = filename
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 0)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  return (
    <section className="panel">
      <h2>
        <Trans>Relatório anual de PLD</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Feito a partir dos registros (razão, classes, revisões, triagem, alertas); enviado até 1º de fevereiro.
        </Trans>
      </p>
      <label className="field">
        <span>
          <Trans>Ano</Trans>
        </span>
        <input
          type="number"
          min={2024}
          max={lastYear}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
        />
      </label>
      <div className="downloads">
        <button type="button" className="button secondary" onClick={() => void download('csv')}>
          <Trans>Baixar CSV</Trans>
        </button>
        <button type="button" className="button secondary" onClick={() => void download('json')}>
          <Trans>Baixar JSON</Trans>
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
