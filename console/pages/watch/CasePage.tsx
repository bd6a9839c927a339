// A flag's case file: why the rule fired, the person, their money and play in the window, their
// other flags, the notes, and the decision (cleared, reported to COAF, account held) — taken
// once, with a reason, audited — and the export for the COAF report (CSV or JSON; the whole CPF
// only when asked by a role that may see it).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'wouter'
import { formatCpf } from '../../../contract/cpf.ts'
import { type CaseDecision, type CaseFile, caseDecisions } from '../../../contract/money-watch.ts'
import { FlagList, WatchedMoney } from '../../components/MoneyWatch.tsx'
import { dateTime } from '../../lib/format.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { decisionText, reasonsText, ruleText } from '../../lib/watchLabels.ts'
import { addCaseNote, decideCase, exportCase, openCase } from './api.ts'

export default function CasePage() {
  const { t, i18n } = useLingui()
  const flagId = Number(useParams<{ flagId: string }>().flagId)
  const loaded = useCall(() => openCase(flagId), [flagId])
  const [file, setFile] = useState<CaseFile>()
  const shown = file?.flag.id === flagId ? file : loaded.data
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const { me } = useSession()
  const personal = me.permissions.includes('players.personalData')

  const act = async (work: () => Promise<CaseFile | undefined>) => {
    setBusy(true)
    setError(undefined)
    try {
      const next = await work()
      if (next) setFile(next)
      return true
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
      return false
    } finally {
      setBusy(false)
    }
  }

  const submitNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = String(new FormData(form).get('note') ?? '').trim()
    if (body && (await act(() => addCaseNote(flagId, body)))) form.reset()
  }
  const submitDecision = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const decision = String(data.get('decision') ?? '') as CaseDecision
    const reason = String(data.get('reason') ?? '').trim()
    if (decision && reason) await act(() => decideCase(flagId, decision, reason))
  }
  const download = (format: 'csv' | 'json', fullCpf: boolean) =>
    act(async () => {
      const { blob, filename } = await exportCase(flagId, format, fullCpf)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = filename
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 0)
      return undefined
    })

  if (loaded.error && !shown)
    return (
      <section className="panel">
        <p className="form-error" role="alert">
          {loaded.error.message}
        </p>
      </section>
    )
  if (!shown) return <section className="panel" aria-busy="true" />
  const { flag, player } = shown
  return (
    <div className="case-page">
      <section className="panel" aria-labelledby="case-title">
        <p>
          <Link href="/watch">
            <Trans>← Vigilância</Trans>
          </Link>
        </p>
        <h1 id="case-title">
          <Trans>
            Caso #{flag.id}: {ruleText(i18n, flag.rule)}
          </Trans>
        </h1>
        <p data-testid="case-status">
          {flag.decision ? (
            <Trans>
              {decisionText(i18n, flag.decision)} por {flag.decidedBy} em {dateTime(flag.decidedAt ?? 0)}
            </Trans>
          ) : (
            <>
              <Trans>
                Aberto desde {dateTime(flag.firstAt)} · último alerta {dateTime(flag.lastAt)}
              </Trans>{' '}
              · <Plural value={flag.hits} one="# alerta" other="# alertas" />
            </>
          )}
        </p>
        {shown.decisionReason && (
          <p className="muted" data-testid="case-decision-reason">
            <Trans>Motivo: {shown.decisionReason}</Trans>
          </p>
        )}
        <h2>
          <Trans>Por que alertou</Trans>
        </h2>
        <dl className="facts" data-testid="case-reasons">
          {reasonsText(i18n, flag.reasons).map((r) => (
            <div key={r.key} className="fact">
              <dt>{r.label}</dt>
              <dd data-testid={`reason-${r.key}`}>{r.value}</dd>
            </div>
          ))}
        </dl>
        {flag.triggerRef && (
          <p className="muted">
            <Trans>Pedido que disparou: {flag.triggerRef}</Trans>
          </p>
        )}
        <h2>
          <Trans>Pessoa</Trans>
        </h2>
        <dl className="facts" data-testid="case-person">
          <div className="fact">
            <dt>
              <Trans>Jogador</Trans>
            </dt>
            <dd>
              <Link href={`/players/${player.userId}`}>
                #{player.userId} {player.userName ?? ''}
              </Link>
            </dd>
          </div>
          <div className="fact">
            <dt>
              <Trans>Nome verificado</Trans>
            </dt>
            <dd>{player.fullName ?? '—'}</dd>
          </div>
          <div className="fact">
            <dt>CPF</dt>
            <dd>{player.cpf === null ? '—' : formatCpf(player.cpf)}</dd>
          </div>
          <div className="fact">
            <dt>
              <Trans>Conta</Trans>
            </dt>
            <dd>
              <span className={`state-badge ${player.frozen ? 'frozen' : 'active'}`}>
                {player.frozen ? t`congelada` : t`ativa`}
              </span>
            </dd>
          </div>
        </dl>
        <h2>
          <Trans>Outros alertas do jogador</Trans>
        </h2>
        <FlagList flags={shown.otherFlags} linkCases empty={t`Nenhum outro alerta.`} />
      </section>
      <section className="panel" aria-labelledby="case-money">
        <h2 id="case-money">
          <Trans>Dinheiro e jogo</Trans>
        </h2>
        <WatchedMoney activity={shown.activity} />
      </section>
      <section className="panel" aria-labelledby="case-work">
        <h2 id="case-work">
          <Trans>Anotações</Trans>
        </h2>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {shown.notes.length === 0 ? (
          <p className="muted">
            <Trans>Nenhuma anotação.</Trans>
          </p>
        ) : (
          <ul className="compact-list" data-testid="case-notes">
            {shown.notes.map((note) => (
              <li key={note.id}>
                <strong>{note.author}</strong> · {dateTime(note.createdAt)}: {note.body}
              </li>
            ))}
          </ul>
        )}
        <form className="inline-form" onSubmit={(event) => void submitNote(event)}>
          <label className="field">
            <span>
              <Trans>Nova anotação</Trans>
            </span>
            <textarea name="note" rows={3} maxLength={2000} required />
          </label>
          <button type="submit" className="button" disabled={busy}>
            <Trans>Anotar</Trans>
          </button>
        </form>
        {flag.status === 'open' && (
          <form className="inline-form" onSubmit={(event) => void submitDecision(event)} data-testid="case-decide">
            <h2>
              <Trans>Decisão</Trans>
            </h2>
            <fieldset className="decision-choices">
              <legend>
                <Trans>O que fazer com o caso</Trans>
              </legend>
              {caseDecisions.map((decision) => (
                <label key={decision} className="check">
                  <input type="radio" name="decision" value={decision} required />
                  {decisionText(i18n, decision)}
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span>
                <Trans>Motivo (fica na auditoria; para COAF, o número do protocolo)</Trans>
              </span>
              <input name="reason" maxLength={500} required />
            </label>
            <button type="submit" className="button" disabled={busy}>
              <Trans>Decidir</Trans>
            </button>
          </form>
        )}
        <h2 className="export-title">
          <Trans>Exportar para o COAF</Trans>
        </h2>
        <p className="muted">
          <Trans>Formato descrito em docs/money-watch.md. Cada exportação fica na auditoria.</Trans>
        </p>
        <div className="actions export-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void download('csv', false)}>
            <Trans>CSV (CPF mascarado)</Trans>
          </button>
          {personal && (
            <>
              <button type="button" className="button" disabled={busy} onClick={() => void download('csv', true)}>
                <Trans>CSV com CPF completo</Trans>
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => void download('json', true)}>
                <Trans>JSON com CPF completo</Trans>
              </button>
            </>
          )}
        </div>
      </section>
    </div>
  )
}
