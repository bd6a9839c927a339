// `/service` (and the 4-tab build's fourth tab): the FAQ first — collapsible answers managed by
// operators, in the player's language, read from the device's copy when offline — then the way
// to a person (the chat, with its unread badge), notices and feedback.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { Link } from 'wouter'
import { onlineAtom } from '../../lib/network.ts'
import { useAtomValue } from '../../lib/store.ts'
import { supportUnreadAtom, watchSupportUnread } from '../../lib/support.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getFaq } from './api.ts'
import './support.css'

export default function SupportPage() {
  const { t, i18n } = useLingui()
  const online = useAtomValue(onlineAtom)
  const unread = useAtomValue(supportUnreadAtom)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is in the player's language
  const { data, error } = useApiData(getFaq, [i18n.locale])
  useEffect(() => watchSupportUnread(), [])

  return (
    <section className="support">
      <Link href="/servicePage" className="card support-chat-banner" data-testid="open-chat">
        <span>
          <strong>
            <Trans>Fale com uma pessoa</Trans>
          </strong>
        </span>
        {(unread?.chat ?? 0) > 0 && (
          <span className="count-badge" data-testid="chat-badge">
            {unread?.chat}
            <span className="visually-hidden"> {t`novos`}</span>
          </span>
        )}
      </Link>

      <h2>
        <Trans>Perguntas frequentes</Trans>
      </h2>
      {!online && data && (
        <p className="hint">
          <Trans>Sem conexão: respostas guardadas neste aparelho.</Trans>
        </p>
      )}
      {!data && error === null && <div className="page-loading" aria-busy="true" />}
      {!data && error !== null && (
        <p className="empty-state">
          <Trans>Não foi possível carregar. Verifique a conexão.</Trans>
        </p>
      )}
      <div className="faq" data-testid="faq">
        {data?.items.map((item) => (
          <details key={item.id} className="faq-item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>

      <ul className="link-list support-links">
        <li>
          <Link href="/notice">
            <Trans>Avisos</Trans>
            {(unread?.notices ?? 0) > 0 && (
              <span className="count-badge">
                {unread?.notices}
                <span className="visually-hidden"> {t`novos`}</span>
              </span>
            )}
          </Link>
        </li>
        <li>
          <Link href="/transparencia" data-testid="transparency-link">
            <Trans>Transparência: como pagamos</Trans>
          </Link>
        </li>
        <li>
          <Link href="/feedback">
            <Trans>Sugestões</Trans>
            {(unread?.feedback ?? 0) > 0 && (
              <span className="count-badge">
                {unread?.feedback}
                <span className="visually-hidden"> {t`novos`}</span>
              </span>
            )}
          </Link>
        </li>
      </ul>
    </section>
  )
}
