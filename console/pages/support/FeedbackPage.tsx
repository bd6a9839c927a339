// Players' feedback: newest first, filtered by state; an answer goes back to the
// player's /feedback screen (with a badge until they see it), or the item is closed. Both are
// in the audit log.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import type { OperatorFeedback } from '../../../contract/support.ts'
import { Tabs } from '../../components/Tabs.tsx'
import { CallError } from '../../lib/api.ts'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { answerFeedback, listFeedback } from './api.ts'

type Status = 'open' | 'answered' | 'closed'

export default function FeedbackPage() {
  const { t } = useLingui()
  const [status, setStatus] = useState<Status>('open')
  const list = useCall(() => listFeedback(status), [status])
  const labels: Record<Status, string> = { open: t`Novas`, answered: t`Respondidas`, closed: t`Encerradas` }
  return (
    <section className="panel">
      <h1>
        <Trans>Sugestões dos jogadores</Trans>
      </h1>
      <Tabs
        tabs={(['open', 'answered', 'closed'] as const).map((id) => ({ id, label: labels[id] }))}
        current={status}
        onChange={setStatus}
      />
      {list.data?.feedback.length === 0 && (
        <p className="muted">
          <Trans>Nada aqui.</Trans>
        </p>
      )}
      <ul className="compact-list" data-testid="feedback-list">
        {list.data?.feedback.map((item) => (
          <FeedbackRow key={item.id} item={item} onChanged={list.reload} />
        ))}
      </ul>
    </section>
  )
}

function FeedbackRow({ item, onChanged }: { item: OperatorFeedback; onChanged: () => void }) {
  const [answer, setAnswer] = useState(item.answer ?? '')
  const [error, setError] = useState<string>()
  async function send(body: object) {
    setError(undefined)
    try {
      await answerFeedback(item.id, body)
      onChanged()
    } catch (failure) {
      setError(failure instanceof CallError ? failure.message : String(failure))
    }
  }
  return (
    <li className="panel">
      <p className="muted">
        <Link href={`/players/${item.playerId}`}>#{item.playerId}</Link> · {item.topic} · {dateTime(item.createdAt)}
        {item.contactConsent && (
          <>
            {' · '}
            <Trans>aceita ser contatado</Trans>
          </>
        )}
      </p>
      <p>{item.text}</p>
      {item.status !== 'closed' && (
        <form
          className="support-editor"
          onSubmit={(event) => {
            event.preventDefault()
            void send({ answer: answer.trim() })
          }}
        >
          <label className="field">
            <span>
              <Trans>Resposta ao jogador</Trans>
            </span>
            <textarea value={answer} rows={2} maxLength={2000} onChange={(event) => setAnswer(event.target.value)} />
          </label>
          <div className="inline-form">
            <button type="submit" className="button small" disabled={!answer.trim()}>
              <Trans>Responder</Trans>
            </button>
            <button type="button" className="button small secondary" onClick={() => void send({ close: true })}>
              <Trans>Encerrar</Trans>
            </button>
          </div>
        </form>
      )}
      {item.status === 'closed' && item.answer && (
        <p>
          <Trans>Resposta:</Trans> {item.answer}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
