// `/servicePage`: the player's conversation with a person. Messages arrive on the `chat` push (the
// HTTP read covers a reconnect); what the player writes goes to the device's outbox first and
// is sent with its requestId — shown as "sending…" until the server has it, and sent when the
// connection returns. Shows delivered / read, the operator's first name and typing, and marks
// the operator's messages read while the screen is open. A withdrawal's tracker opens it with
// `?orderId=`, which goes with the first message. Closing goes back.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, Fragment, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { ChatMessage, ConversationView } from '../../../contract/support.ts'
import { messageOf } from '../../lib/http.ts'
import { onlineAtom } from '../../lib/network.ts'
import { onPush } from '../../lib/push.ts'
import type { QueuedChatMessage } from '../../lib/storage.ts'
import { appStore, useAtomValue } from '../../lib/store.ts'
import { supportUnreadAtom } from '../../lib/support.ts'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getConversation, markRead, sendTyping } from './api.ts'
import { enqueue, flush, onQueueChange, queued } from './chatQueue.ts'
import './support.css'

const TYPING_SHOWN_MS = 6000

/** Everything on screen is read: the badge clears at once (the server agrees on its next read). */
function setChatUnread(chat: number): void {
  const current = appStore.get(supportUnreadAtom)
  appStore.set(supportUnreadAtom, { notices: 0, feedback: 0, ...current, chat })
}
const TYPING_SENT_EVERY_MS = 4000

/** Links are plain text unless they point into this app. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g)
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}:${part}`
        if (/^https?:\/\//.test(part)) {
          try {
            const url = new URL(part)
            if (url.origin === window.location.origin)
              return (
                <Link key={key} href={`${url.pathname}${url.search}`}>
                  {part}
                </Link>
              )
          } catch {
            // Not a URL after all: shown as text.
          }
        }
        return <Fragment key={key}>{part}</Fragment>
      })}
    </>
  )
}

function withMessage(view: ConversationView, message: ChatMessage): ConversationView {
  if (view.messages.some((m) => m.id === message.id)) return view
  const messages = [...view.messages, message].sort((a, b) => a.id - b.id)
  return {
    ...view,
    messages,
    status: 'open',
    operatorName: message.author === 'operator' && message.operatorName ? message.operatorName : view.operatorName,
  }
}

export default function ChatPage() {
  const { t, i18n } = useLingui()
  const [, navigate] = useLocation()
  const orderId = new URLSearchParams(useSearch()).get('orderId')
  const online = useAtomValue(onlineAtom)
  const { data, error, setData } = useApiData(getConversation, [])
  const [queue, setQueue] = useState<QueuedChatMessage[]>([])
  const [draft, setDraft] = useState('')
  const [typingName, setTypingName] = useState<string | null>(null)
  const current = useRef<ConversationView | null>(data)
  current.current = data
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastTypingSent = useRef(0)
  const end = useRef<HTMLLIElement>(null)

  const update = useCallback(
    (change: (view: ConversationView) => ConversationView) => {
      const view = current.current
      if (!view) return
      const next = change(view)
      current.current = next
      setData(next)
    },
    [setData],
  )

  const sendQueued = useCallback(
    () =>
      void flush(
        (message) => update((view) => withMessage(view, message)),
        (refused) => showToast(messageOf(refused, t`Não foi possível enviar agora.`)),
      ),
    [update, t],
  )

  // The outbox: shown as "sending…", sent now, again when the connection or the socket returns.
  useEffect(() => {
    void queued().then(setQueue)
    const offQueue = onQueueChange(setQueue)
    const offReconnect = onPush('reconnected', sendQueued)
    window.addEventListener('online', sendQueued)
    sendQueued()
    return () => {
      offQueue()
      offReconnect()
      window.removeEventListener('online', sendQueued)
    }
  }, [sendQueued])

  useEffect(
    () =>
      onPush('chat', (push) => {
        if (push.kind === 'message') {
          update((view) => withMessage(view, push.message))
          if (push.message.author === 'operator') setTypingName(null)
        } else if (push.kind === 'read') {
          update((view) => ({ ...view, operatorReadUpTo: Math.max(view.operatorReadUpTo, push.upTo) }))
        } else if (push.kind === 'status') {
          update((view) => ({ ...view, status: push.status }))
        } else {
          clearTimeout(typingTimer.current)
          setTypingName(push.typing ? (push.operatorName ?? '') : null)
          if (push.typing) typingTimer.current = setTimeout(() => setTypingName(null), TYPING_SHOWN_MS)
        }
      }),
    [update],
  )
  useEffect(() => () => clearTimeout(typingTimer.current), [])

  // The operator's messages on screen are read: tell the server, clear the badge.
  const lastOperatorId = data?.messages.filter((m) => m.author === 'operator').at(-1)?.id ?? 0
  const readUpTo = data?.playerReadUpTo ?? 0
  useEffect(() => {
    if (lastOperatorId <= readUpTo || document.visibilityState !== 'visible') return
    markRead({ upTo: lastOperatorId })
      .then((read) => {
        update((view) => ({ ...view, playerReadUpTo: read.playerReadUpTo, unread: read.unread }))
        setChatUnread(read.unread)
      })
      .catch(() => undefined)
  }, [lastOperatorId, readUpTo, update])

  const messageCount = (data?.messages.length ?? 0) + queue.length
  useEffect(() => {
    if (messageCount > 0) end.current?.scrollIntoView?.({ block: 'end' })
  }, [messageCount])

  const context = orderId && data?.context?.orderId !== orderId ? { orderId } : undefined
  async function submit(event: FormEvent) {
    event.preventDefault()
    const text = draft.trim()
    if (!text) return
    setDraft('')
    await enqueue(text, context)
    sendQueued()
  }

  function typed(value: string) {
    setDraft(value)
    const now = Date.now()
    if (online && value.trim() && now - lastTypingSent.current > TYPING_SENT_EVERY_MS) {
      lastTypingSent.current = now
      void sendTyping(true).catch(() => undefined)
    }
  }

  function close() {
    if (window.history.length > 1) window.history.back()
    else navigate('/service')
  }

  const stored = new Set(data?.messages.map((m) => m.requestId).filter(Boolean))
  const pending = queue.filter((item) => !stored.has(item.requestId))

  return (
    <section className="chat">
      <header className="chat-head">
        <p data-testid="chat-operator">
          {data?.operatorName ? (
            <Trans>Você está falando com {data.operatorName}, do atendimento.</Trans>
          ) : (
            <Trans>Uma pessoa responde aqui, em português.</Trans>
          )}
        </p>
        <button type="button" className="button secondary small" onClick={close}>
          <Trans>Fechar</Trans>
        </button>
      </header>
      {orderId && (
        <p className="chat-context" data-testid="chat-context">
          {t`Saque`} {orderId}
        </p>
      )}
      {!online && (
        <p className="chat-offline" role="status" data-testid="chat-offline">
          <Trans>Sem conexão: suas mensagens serão enviadas quando a conexão voltar.</Trans>
        </p>
      )}
      {!data && !error && <div className="page-loading" aria-busy="true" />}
      {!data && error !== null && (
        <p className="empty-state">
          <Trans>Não foi possível carregar. Verifique a conexão.</Trans>
        </p>
      )}
      <div className="chat-log" role="log" aria-live="polite" data-testid="chat-log">
        <ol>
          {data?.messages.length === 0 && pending.length === 0 && (
            <li className="hint chat-empty">
              <Trans>Nunca envie sua senha: o atendimento não pede.</Trans>
            </li>
          )}
          {data?.messages.map((message) => {
            const mine = message.author === 'player'
            const read = mine && message.id <= data.operatorReadUpTo
            return (
              <li key={message.id} className={`bubble ${mine ? 'mine' : 'theirs'}`} data-testid="chat-message">
                {!mine && message.operatorName && <strong className="bubble-name">{message.operatorName}</strong>}
                <span className="bubble-text">
                  <MessageText text={message.text} />
                </span>
                <small className="bubble-meta">
                  {formatMinute(message.createdAt, i18n.locale)}
                  {mine && (
                    <span data-testid="message-status">
                      {' · '}
                      {read ? <Trans>lida</Trans> : <Trans>entregue</Trans>}
                    </span>
                  )}
                </small>
              </li>
            )
          })}
          {pending.map((item) => (
            <li key={item.requestId} className="bubble mine pending" data-testid="chat-message">
              <span className="bubble-text">{item.text}</span>
              <small className="bubble-meta" data-testid="message-status">
                <Trans>enviando…</Trans>
              </small>
            </li>
          ))}
          <li ref={end} className="chat-end" aria-hidden="true" />
        </ol>
      </div>
      {typingName && (
        <p className="hint chat-typing" data-testid="chat-typing">
          <Trans>{typingName} está digitando…</Trans>
        </p>
      )}
      <form className="chat-compose" onSubmit={(event) => void submit(event)}>
        <label className="visually-hidden" htmlFor="chat-input">
          <Trans>Sua mensagem</Trans>
        </label>
        <textarea
          id="chat-input"
          value={draft}
          maxLength={2000}
          rows={2}
          placeholder={t`Sua mensagem`}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault()
              event.currentTarget.form?.requestSubmit()
            }
          }}
        />
        <button type="submit" className="button" disabled={draft.trim() === ''}>
          <Trans>Enviar</Trans>
        </button>
      </form>
    </section>
  )
}
