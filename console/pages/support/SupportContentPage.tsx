// FAQ, notices and canned answers, for `support` and `admin`: the FAQ per language in
// its order, notices with their language (or all), link inside the app and time window, and the
// canned answers the inbox offers per language. Every save and delete is in the audit log.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { OperatorFaqItem } from '../../../contract/support.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { CallError } from '../../lib/api.ts'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import {
  deleteCannedAnswer,
  deleteFaqItem,
  deleteNotice,
  listCannedAnswers,
  listFaq,
  listNotices,
  saveCannedAnswer,
  saveFaqItem,
  saveNotice,
} from './api.ts'

const languages = ['pt-BR', 'en', 'hi'] as const
type Language = (typeof languages)[number]

/** A local date-time input's value as epoch ms (the browser's zone). */
const fromInput = (value: string) => (value ? new Date(value).getTime() : null)

function useAction(after: () => void) {
  const [error, setError] = useState<string>()
  const run = async (action: () => Promise<unknown>) => {
    setError(undefined)
    try {
      await action()
      after()
      return true
    } catch (failure) {
      setError(failure instanceof CallError ? failure.message : String(failure))
      return false
    }
  }
  return { error, run }
}

export default function SupportContentPage() {
  const [language, setLanguage] = useState<Language>('pt-BR')
  return (
    <div>
      <section className="panel">
        <h1>
          <Trans>FAQ e avisos</Trans>
        </h1>
        <label className="field">
          <span>
            <Trans>Idioma</Trans>
          </span>
          <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
            {languages.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
      </section>
      <FaqEditor language={language} />
      <NoticesEditor />
      <CannedEditor language={language} />
    </div>
  )
}

function FaqEditor({ language }: { language: Language }) {
  const faq = useCall(() => listFaq(language), [language])
  const { error, run } = useAction(faq.reload)
  const [question, setQuestion] = useState('')
  const [answer, setAnswer] = useState('')
  async function add(event: FormEvent) {
    event.preventDefault()
    const position = (faq.data?.faq.at(-1)?.position ?? -1) + 1
    if (await run(() => saveFaqItem({ language, position, question, answer }))) {
      setQuestion('')
      setAnswer('')
    }
  }
  return (
    <section className="panel" data-testid="faq-editor">
      <h2>
        <Trans>Perguntas frequentes ({language})</Trans>
      </h2>
      {faq.data?.faq.map((item) => (
        <FaqRow key={item.id} item={item} onSave={run} />
      ))}
      <form className="support-editor" onSubmit={(event) => void add(event)}>
        <label className="field">
          <span>
            <Trans>Nova pergunta</Trans>
          </span>
          <input value={question} maxLength={300} onChange={(event) => setQuestion(event.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Resposta</Trans>
          </span>
          <textarea value={answer} rows={3} maxLength={2000} onChange={(event) => setAnswer(event.target.value)} />
        </label>
        <button type="submit" className="button small" disabled={!question.trim() || !answer.trim()}>
          <Trans>Adicionar</Trans>
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

function FaqRow({
  item,
  onSave,
}: {
  item: OperatorFaqItem
  onSave: (action: () => Promise<unknown>) => Promise<boolean>
}) {
  const [question, setQuestion] = useState(item.question)
  const [answer, setAnswer] = useState(item.answer)
  return (
    <form
      className="support-editor"
      onSubmit={(event) => {
        event.preventDefault()
        void onSave(() => saveFaqItem({ ...item, question, answer }))
      }}
    >
      <label className="field">
        <span>
          <Trans>Pergunta {item.position + 1}</Trans>
        </span>
        <input value={question} maxLength={300} onChange={(event) => setQuestion(event.target.value)} />
      </label>
      <label className="field">
        <span>
          <Trans>Resposta</Trans>
        </span>
        <textarea value={answer} rows={3} maxLength={2000} onChange={(event) => setAnswer(event.target.value)} />
      </label>
      <div className="inline-form">
        <button type="submit" className="button small">
          <Trans>Salvar</Trans>
        </button>
        <button type="button" className="button small danger" onClick={() => void onSave(() => deleteFaqItem(item.id))}>
          <Trans>Apagar</Trans>
        </button>
      </div>
    </form>
  )
}

function NoticesEditor() {
  const { t } = useLingui()
  const notices = useCall(() => listNotices(), [])
  const { error, run } = useAction(notices.reload)
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [link, setLink] = useState('')
  const [language, setLanguage] = useState<Language | ''>('')
  const [startsAt, setStartsAt] = useState('')
  const [endsAt, setEndsAt] = useState('')
  async function publish(event: FormEvent) {
    event.preventDefault()
    const saved = await run(() =>
      saveNotice({
        title,
        body,
        language: language || null,
        link: link.trim() || null,
        startsAt: fromInput(startsAt) ?? Date.now(),
        endsAt: fromInput(endsAt),
      }),
    )
    if (saved) {
      setTitle('')
      setBody('')
      setLink('')
    }
  }
  return (
    <section className="panel" data-testid="notices-editor">
      <h2>
        <Trans>Avisos</Trans>
      </h2>
      {notices.data && (
        <DataTable
          label={t`Avisos`}
          rows={notices.data.notices}
          rowKey={(notice) => notice.id}
          empty={<Trans>Nenhum aviso.</Trans>}
          columns={[
            { header: <Trans>Título</Trans>, cell: (notice) => notice.title },
            { header: <Trans>Idioma</Trans>, cell: (notice) => notice.language ?? t`todos` },
            { header: <Trans>De</Trans>, cell: (notice) => dateTime(notice.startsAt) },
            { header: <Trans>Até</Trans>, cell: (notice) => (notice.endsAt === null ? '—' : dateTime(notice.endsAt)) },
            {
              header: (
                <span className="visually-hidden">
                  <Trans>Ações</Trans>
                </span>
              ),
              cell: (notice) => (
                <button
                  type="button"
                  className="button small danger"
                  onClick={() => void run(() => deleteNotice(notice.id))}
                >
                  <Trans>Apagar</Trans>
                </button>
              ),
            },
          ]}
        />
      )}
      <form className="support-editor" onSubmit={(event) => void publish(event)}>
        <label className="field">
          <span>
            <Trans>Título</Trans>
          </span>
          <input value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Texto</Trans>
          </span>
          <textarea value={body} rows={3} maxLength={2000} onChange={(event) => setBody(event.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Link no app (opcional, ex.: /rechargeMall)</Trans>
          </span>
          <input value={link} maxLength={500} onChange={(event) => setLink(event.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Idioma</Trans>
          </span>
          <select value={language} onChange={(event) => setLanguage(event.target.value as Language | '')}>
            <option value="">{t`todos`}</option>
            {languages.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>
            <Trans>Começa (vazio: agora)</Trans>
          </span>
          <input type="datetime-local" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Termina (vazio: sem fim)</Trans>
          </span>
          <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </label>
        <button type="submit" className="button small" disabled={!title.trim() || !body.trim()}>
          <Trans>Publicar</Trans>
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

function CannedEditor({ language }: { language: Language }) {
  const canned = useCall(() => listCannedAnswers(language), [language])
  const { error, run } = useAction(canned.reload)
  const [title, setTitle] = useState('')
  const [text, setText] = useState('')
  return (
    <section className="panel" data-testid="canned-editor">
      <h2>
        <Trans>Respostas prontas ({language})</Trans>
      </h2>
      <ul className="compact-list">
        {canned.data?.canned.map((answer) => (
          <li key={answer.id}>
            <strong>{answer.title}</strong>: {answer.text}{' '}
            <button
              type="button"
              className="button small danger"
              onClick={() => void run(() => deleteCannedAnswer(answer.id))}
            >
              <Trans>Apagar</Trans>
            </button>
          </li>
        ))}
      </ul>
      <form
        className="support-editor"
        onSubmit={(event) => {
          event.preventDefault()
          void run(() => saveCannedAnswer({ language, title, text })).then((saved) => {
            if (saved) {
              setTitle('')
              setText('')
            }
          })
        }}
      >
        <label className="field">
          <span>
            <Trans>Título da resposta</Trans>
          </span>
          <input value={title} maxLength={80} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Texto da resposta</Trans>
          </span>
          <textarea value={text} rows={3} maxLength={2000} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" className="button small" disabled={!title.trim() || !text.trim()}>
          <Trans>Adicionar</Trans>
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
