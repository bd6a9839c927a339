// Support inbox: open conversations, longest waiting first, with the wait turning red
// past WAIT_ALERT_MINUTES; one opens with its messages, the order the player came from, and the
// player beside it. Take / release / transfer, reply (canned answers in the player's language),
// close / reopen; the operator's reading and typing reach the player. Every console re-reads on
// the `support` push, so a message or a reply elsewhere shows at once.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { InboxItem } from '../../../contract/support.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { PlayerSummary } from '../../components/PlayerSummary.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { CallError } from '../../lib/api.ts'
import { dateTime, minutesLeft } from '../../lib/format.ts'
import { viewPlayer } from '../../lib/players.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { useServerNow } from '../../lib/useServerNow.ts'
import {
  assign,
  closeConversation,
  listCannedAnswers,
  listInbox,
  markRead,
  openConversation,
  sendReply,
  signalTyping,
} from './api.ts'

/** A conversation waiting longer than this is highlighted. */
export const WAIT_ALERT_MINUTES = 5
const TYPING_EVERY_MS = 4000

export default function SupportPage() {
  const { t } = useLingui()
  const [status, setStatus] = useState<'open' | 'closed'>('open')
  const [mine, setMine] = useState(false)
  const inbox = useCall(() => listInbox({ status, mine }), [status, mine])
  const [selected, setSelected] = useState<number>()
  const now = useServerNow(inbox.data?.now, 15_000)
  useOpsPush((push) => {
    if (push.topic === 'support' || push.id === null) inbox.reload()
  })

  return (
    <div className={selected ? 'worklist-layout with-review' : 'worklist-layout'}>
      <section className="panel worklist">
        <h1>
          <Trans>Atendimento</Trans>
        </h1>
        <Tabs
          tabs={[
            { id: 'open', label: t`Abertas` },
            { id: 'closed', label: t`Encerradas` },
          ]}
          current={status}
          onChange={(id) => {
            setStatus(id)
            setSelected(undefined)
          }}
        />
        <label className="check">
          <input type="checkbox" checked={mine} onChange={(event) => setMine(event.target.checked)} />
          <Trans>Só as minhas</Trans>
        </label>
        {inbox.error && (
          <p className="form-error" role="alert">
            {inbox.error.message}
          </p>
        )}
        {inbox.data && (
          <DataTable
            label={t`Conversas`}
            testId="support-inbox"
            rows={inbox.data.conversations}
            rowKey={(item) => item.id}
            rowProps={(item) => ({
              className: item.id === selected ? 'selected' : undefined,
              'data-testid': 'support-row',
            })}
            empty={<Trans>Nenhuma conversa aqui.</Trans>}
            columns={[
              {
                header: <Trans>Jogador</Trans>,
                cell: (item) => <InboxPlayer item={item} onOpen={() => setSelected(item.id)} />,
              },
              {
                header: <Trans>Última mensagem</Trans>,
                cell: (item) => <span className="support-last">{item.lastText}</span>,
              },
              { header: <Trans>Esperando</Trans>, cell: (item) => <Waiting since={item.waitingSince} now={now} /> },
              { header: <Trans>Com</Trans>, cell: (item) => item.assignedName ?? <span className="muted">—</span> },
            ]}
          />
        )}
      </section>
      {selected !== undefined && (
        <Conversation key={selected} conversationId={selected} onChanged={inbox.reload} now={now} />
      )}
    </div>
  )
}

function InboxPlayer({ item, onOpen }: { item: InboxItem; onOpen: () => void }) {
  const { t } = useLingui()
  return (
    <>
      <button type="button" className="link" onClick={onOpen}>
        #{item.playerId} {item.playerName ?? ''}
      </button>{' '}
      <span className="muted">{item.language}</span>
      {item.unread > 0 && (
        <span className="badge" title={t`mensagens não lidas`}>
          {item.unread}
        </span>
      )}
      {item.context && (
        <div className="muted" data-testid="support-row-order">
          <Trans>Saque {item.context.orderId}</Trans>
        </div>
      )}
    </>
  )
}

function Waiting({ since, now }: { since: number | null; now: number }) {
  if (since === null) return '—'
  const waited = now - since
  const late = waited > WAIT_ALERT_MINUTES * 60_000
  return (
    <span className={late ? 'clock clock-red' : 'clock'} data-testid="support-wait">
      {late && (
        <span className="visually-hidden">
          <Trans>esperando há mais de {WAIT_ALERT_MINUTES} minutos:</Trans>{' '}
        </span>
      )}
      {minutesLeft(waited)}
    </span>
  )
}

function Conversation({
  conversationId,
  onChanged,
  now,
}: {
  conversationId: number
  onChanged: () => void
  now: number
}) {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const canChat = me.permissions.includes('support.chat')
  const view = useCall(() => openConversation(conversationId), [conversationId])
  const item = view.data?.conversation
  const playerId = item?.playerId
  const language = item?.language
  const player = useCall(() => (playerId ? viewPlayer(playerId) : Promise.resolve(undefined)), [playerId])
  const canned = useCall(() => (language ? listCannedAnswers(language) : Promise.resolve(undefined)), [language])
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [transferTo, setTransferTo] = useState('')
  const lastTyping = useRef(0)
  useOpsPush((push) => {
    if (push.topic === 'support' && push.id === String(conversationId)) view.reload()
  })

  // What the operator sees is read: the player's messages show "read".
  const lastPlayerMessage = view.data?.messages.filter((m) => m.author === 'player').at(-1)?.id ?? 0
  const operatorReadUpTo = view.data?.operatorReadUpTo ?? 0
  useEffect(() => {
    if (!canChat || lastPlayerMessage <= operatorReadUpTo) return
    markRead(conversationId, lastPlayerMessage).catch(() => undefined)
  }, [canChat, conversationId, lastPlayerMessage, operatorReadUpTo])

  async function act(action: () => Promise<unknown>) {
    setBusy(true)
    setError(undefined)
    try {
      await action()
      view.reload()
      onChanged()
      return true
    } catch (failure) {
      setError(failure instanceof CallError ? failure.message : String(failure))
      return false
    } finally {
      setBusy(false)
    }
  }

  async function reply(event: FormEvent) {
    event.preventDefault()
    const text = draft.trim()
    if (!text) return
    if (await act(() => sendReply(conversationId, text))) setDraft('')
  }

  function typed(value: string) {
    setDraft(value)
    if (Date.now() - lastTyping.current > TYPING_EVERY_MS && value.trim()) {
      lastTyping.current = Date.now()
      signalTyping(conversationId).catch(() => undefined)
    }
  }

  if (!view.data || !item)
    return (
      <section className="panel review" aria-busy="true">
        {view.error?.message}
      </section>
    )
  const mineNow = item.assignedTo === (me.id === null ? 'service' : String(me.id))
  return (
    <section className="panel review support-conversation" aria-label={t`Conversa`} data-testid="support-conversation">
      <h2>
        <Trans>
          Conversa com #{item.playerId} · idioma {item.language}
        </Trans>
      </h2>
      {item.context && (
        <p className="notice" data-testid="support-context">
          <Trans>Veio do saque</Trans> <strong>{item.context.orderId}</strong> (
          <Link href={`/players/${item.playerId}`}>
            <Trans>ver jogador</Trans>
          </Link>
          )
        </p>
      )}
      <p className="muted">
        {item.assignedName ? <Trans>Com {item.assignedName}</Trans> : <Trans>Ninguém pegou ainda.</Trans>}
        {item.waitingSince !== null && (
          <>
            {' · '}
            <Trans>esperando há {minutesLeft(now - item.waitingSince)}</Trans>
          </>
        )}
      </p>
      {canChat && (
        <div className="inline-form support-actions">
          {!mineNow && (
            <button
              type="button"
              className="button small"
              disabled={busy}
              onClick={() => void act(() => assign(conversationId, { action: 'take' }))}
            >
              <Trans>Pegar</Trans>
            </button>
          )}
          {item.assignedTo !== null && (
            <button
              type="button"
              className="button small secondary"
              disabled={busy}
              onClick={() => void act(() => assign(conversationId, { action: 'release' }))}
            >
              <Trans>Soltar</Trans>
            </button>
          )}
          <label className="field support-transfer">
            <span>
              <Trans>Transferir para (nº do operador)</Trans>
            </span>
            <input inputMode="numeric" value={transferTo} onChange={(event) => setTransferTo(event.target.value)} />
          </label>
          <button
            type="button"
            className="button small secondary"
            disabled={busy || !/^\d+$/.test(transferTo)}
            onClick={() => void act(() => assign(conversationId, { action: 'transfer', to: Number(transferTo) }))}
          >
            <Trans>Transferir</Trans>
          </button>
          <button
            type="button"
            className="button small secondary"
            disabled={busy}
            onClick={() => void act(() => closeConversation(conversationId, item.status !== 'open'))}
          >
            {item.status === 'open' ? <Trans>Encerrar</Trans> : <Trans>Reabrir</Trans>}
          </button>
        </div>
      )}
      <ol className="support-messages" data-testid="support-messages">
        {view.data.messages.map((message) => (
          <li key={message.id} className={`support-message ${message.author}`}>
            <span className="muted">
              {message.author === 'player' ? <Trans>Jogador</Trans> : (message.operatorName ?? '')} ·{' '}
              {dateTime(message.createdAt)}
              {message.author === 'operator' && message.id <= view.data!.playerReadUpTo && (
                <>
                  {' · '}
                  <Trans>lida pelo jogador</Trans>
                </>
              )}
            </span>
            <p>{message.text}</p>
          </li>
        ))}
      </ol>
      {view.data.playerTyping && (
        <p className="muted">
          <Trans>O jogador está digitando…</Trans>
        </p>
      )}
      {canChat && (
        <form className="support-reply" onSubmit={(event) => void reply(event)}>
          {canned.data && canned.data.canned.length > 0 && (
            <label className="field">
              <span>
                <Trans>Resposta pronta</Trans>
              </span>
              <select
                value=""
                onChange={(event) => {
                  const chosen = canned.data?.canned.find((c) => String(c.id) === event.target.value)
                  if (chosen) typed(draft ? `${draft}\n${chosen.text}` : chosen.text)
                }}
              >
                <option value="">{t`Escolher…`}</option>
                {canned.data.canned.map((answer) => (
                  <option key={answer.id} value={answer.id}>
                    {answer.title}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            <span>
              <Trans>Resposta</Trans>
            </span>
            <textarea value={draft} rows={3} maxLength={2000} onChange={(event) => typed(event.target.value)} />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy || draft.trim() === ''}>
            <Trans>Responder</Trans>
          </button>
        </form>
      )}
      {player.data && <PlayerSummary view={player.data} />}
      <p className="muted">
        {i18n.locale === item.language ? null : <Trans>O jogador usa o app em {item.language}.</Trans>}
      </p>
    </section>
  )
}
