// The console's layout: the side menu (pages the role may use), who is signed in with their
// role, the language, and leaving. Desktop first; on a tablet the menu folds above the page. A
// menu entry with work waiting for this operator shows how much in a badge.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { type ConsoleLanguage, setLanguage } from '../lib/i18n.ts'
import { roleName } from '../lib/roles.ts'
import { can, useSession } from '../lib/session.ts'
import { usePendingWork } from '../lib/usePendingWork.ts'
import { signOut } from '../pages/session/api.ts'
import { pages } from './routes.ts'

export function Layout({ children }: { children: ReactNode }) {
  const { me, refresh } = useSession()
  const { i18n, t } = useLingui()
  const [location] = useLocation()
  const pending = usePendingWork()
  const logout = async () => {
    await signOut().catch(() => undefined)
    refresh()
  }
  return (
    <div className="console">
      <header className="console-header">
        <span className="console-brand">
          Jogo Limpo · <Trans>Console</Trans>
        </span>
        <span className="console-who" data-testid="operator-name">
          {me.name} · {i18n._(roleName[me.role])}
        </span>
        <label className="console-language">
          <span className="visually-hidden">
            <Trans>Idioma</Trans>
          </span>
          <select
            value={i18n.locale}
            onChange={(event) => void setLanguage(event.target.value as ConsoleLanguage).then(refresh)}
          >
            <option value="pt-BR">Português</option>
            <option value="en">English</option>
            <option value="hi">हिन्दी</option>
          </select>
        </label>
        <button type="button" className="button secondary small" onClick={() => void logout()}>
          <Trans>Sair</Trans>
        </button>
      </header>
      <nav className="console-nav" aria-label={t`Menu`}>
        <ul>
          {pages
            .filter((page) => page.nav !== false && can(me, page.permission))
            .map((page) => {
              const current = page.path === '/' ? location === '/' : location.startsWith(page.path)
              const waiting = page.pending === undefined ? 0 : (pending?.[page.pending] ?? 0)
              return (
                <li key={page.path}>
                  <Link href={page.path} aria-current={current ? 'page' : undefined}>
                    {i18n._(page.label)}
                    {waiting > 0 && (
                      <span className="badge" data-testid={`badge-${page.pending}`}>
                        <span aria-hidden="true">{waiting}</span>
                        <span className="visually-hidden"> {t`${waiting} aguardando`}</span>
                      </span>
                    )}
                  </Link>
                </li>
              )
            })}
        </ul>
      </nav>
      <main className="console-main">{children}</main>
    </div>
  )
}
