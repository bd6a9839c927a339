// `/notice`: the operators' announcements in their time window and the player's language, newest
// first; new ones are marked and count as read once shown. Reads again on the `notice` push and
// reads the device's copy when offline.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { Link } from 'wouter'
import { loadSupportUnread } from '../../lib/support.ts'
import { formatMinute } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getNotices, markNoticesRead } from './api.ts'
import './support.css'

export default function NoticesPage() {
  const { i18n } = useLingui()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is in the player's language
  const { data, error } = useApiData(getNotices, [i18n.locale], { reloadOn: ['notice'] })
  const unreadIds = data?.notices.filter((n) => !n.read).map((n) => n.id) ?? []
  const unreadKey = unreadIds.join(',')

  useEffect(() => {
    if (!unreadKey) return
    markNoticesRead(unreadKey.split(',').map(Number))
      .then(() => loadSupportUnread())
      .catch(() => undefined)
  }, [unreadKey])

  if (!data && error !== null)
    return (
      <p className="empty-state">
        <Trans>Não foi possível carregar. Verifique a conexão.</Trans>
      </p>
    )
  if (!data) return <div className="page-loading" aria-busy="true" />
  if (data.notices.length === 0)
    return (
      <p className="empty-state">
        <Trans>Nenhum aviso no momento.</Trans>
      </p>
    )
  return (
    <section className="notices">
      <ol className="notice-list">
        {data.notices.map((notice) => (
          <li key={notice.id} className="card notice" data-testid="notice">
            <h2>
              {notice.title}
              {!notice.read && (
                <span className="new-tag">
                  <Trans>Novo</Trans>
                </span>
              )}
            </h2>
            <p>{notice.body}</p>
            <small className="hint">{formatMinute(notice.startsAt, i18n.locale)}</small>
            {notice.link && (
              <p>
                <Link href={notice.link}>
                  <Trans>Abrir</Trans>
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
