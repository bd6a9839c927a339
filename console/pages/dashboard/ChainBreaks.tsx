// The transparency chain's alarm on the dashboard: shown only while its self-check has breaks no
// admin has acknowledged (a published day's hash, link or time-stamp token no longer holds) —
// meanwhile no new day is published. Lists them; an admin acknowledges them with a reason, which
// the server audits, and publishing goes on.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { dateTime } from '../../lib/format.ts'
import { can, useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { acknowledgeChainBreaks, chainBreaks } from './api.ts'

export function ChainBreaks() {
  const { t } = useLingui()
  const { me } = useSession()
  const mayView = can(me, 'health.view')
  const mayAcknowledge = can(me, 'transparency.acknowledge')
  const breaks = useCall(() => (mayView ? chainBreaks() : Promise.resolve(null)), [mayView])
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const open = breaks.data?.breaks.filter((b) => b.acknowledgedAt === null) ?? []
  if (!breaks.data || breaks.data.open === 0) return null

  const acknowledge = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await acknowledgeChainBreaks(reason)
      setReason('')
      breaks.reload()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="alert-panel" role="alert" data-testid="chain-breaks">
      <h2>
        <Trans>Cadeia de transparência quebrada</Trans>
      </h2>
      <p>
        <Trans>
          Um dia já publicado não confere mais (hash, elo ou carimbo de tempo). Nenhum dia novo é publicado até que um
          administrador registre ciência. Verifique antes quem teve acesso ao banco de dados.
        </Trans>
      </p>
      <ul>
        {open.map((b) => (
          <li key={b.id}>
            <strong>{b.day}</strong> — {b.problem} ({dateTime(b.detectedAt)})
          </li>
        ))}
      </ul>
      {mayAcknowledge && (
        <form onSubmit={acknowledge}>
          <label className="field">
            <span>
              <Trans>Motivo (fica no registro de auditoria)</Trans>
            </span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
          </label>
          {error && <p className="form-error">{error}</p>}
          <button type="submit" disabled={busy || reason.trim() === ''}>
            {t`Registrar ciência e voltar a publicar`}
          </button>
        </form>
      )}
    </div>
  )
}
