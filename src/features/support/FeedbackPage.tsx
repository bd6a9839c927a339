// `/feedback`: a short form (topic, text, optional consent to be contacted) kept for the
// operators, and the player's past feedback with any answer.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { FEEDBACK_TOPICS, type FeedbackTopic } from '../../../contract/support-values.ts'
import { messageOf } from '../../lib/http.ts'
import { loadSupportUnread } from '../../lib/support.ts'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getFeedback, giveFeedback } from './api.ts'
import './support.css'

const topicLabels: Record<FeedbackTopic, MessageDescriptor> = {
  app: msg`O app`,
  payments: msg`Depósitos e saques`,
  games: msg`Jogos`,
  promotions: msg`Promoções`,
  other: msg`Outro assunto`,
}

export default function FeedbackPage() {
  const { t, i18n } = useLingui()
  const [topic, setTopic] = useState<FeedbackTopic>('app')
  const [text, setText] = useState('')
  const [consent, setConsent] = useState(false)
  const [busy, setBusy] = useState(false)
  const { data, reload } = useApiData(async () => {
    const view = await getFeedback()
    void loadSupportUnread().catch(() => undefined)
    return view
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await giveFeedback({ topic, text: text.trim(), contactConsent: consent })
      setText('')
      setConsent(false)
      showToast(t`Obrigado! Enviado à equipe.`)
      await reload()
    } catch (error) {
      showToast(messageOf(error, t`Não foi possível enviar agora.`))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="feedback">
      <form className="card feedback-form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>
            <Trans>Assunto</Trans>
          </span>
          <select value={topic} onChange={(event) => setTopic(event.target.value as FeedbackTopic)}>
            {FEEDBACK_TOPICS.map((value) => (
              <option key={value} value={value}>
                {i18n._(topicLabels[value])}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>
            <Trans>Sua sugestão</Trans>
          </span>
          <textarea
            value={text}
            rows={4}
            minLength={3}
            maxLength={2000}
            required
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={consent}
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <span>
            <Trans>A equipe pode me responder sobre isto</Trans>
          </span>
        </label>
        <button type="submit" className="button" disabled={busy || text.trim().length < 3}>
          <Trans>Enviar</Trans>
        </button>
      </form>

      <ol className="feedback-list">
        {data?.feedback.map((item) => (
          <li key={item.id} className="card" data-testid="feedback-item">
            <p>
              <strong>{i18n._(topicLabels[item.topic])}</strong> ·{' '}
              <small>{formatMinute(item.createdAt, i18n.locale)}</small>
            </p>
            <p>{item.text}</p>
            {item.answer && (
              <p className="feedback-answer">
                <strong>
                  <Trans>Resposta da equipe:</Trans>
                </strong>{' '}
                {item.answer}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
