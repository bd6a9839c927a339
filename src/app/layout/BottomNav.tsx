// The bottom navigation. The chosen tab holds for the visit (the route is the memory); a new
// visit opens on Início. Tapping the active tab reloads its data.
import { useLingui } from '@lingui/react/macro'
import { useLocation } from 'wouter'
import { tabReloadAtom } from '../../lib/reload.ts'
import { useAtomValue, useSetAtom } from '../../lib/store.ts'
import { supportUnreadAtom } from '../../lib/support.ts'
import { tabs } from '../tabs.ts'
import { Icon } from './Icon.tsx'

export function BottomNav() {
  const { t, i18n } = useLingui()
  const [location, navigate] = useLocation()
  const reload = useSetAtom(tabReloadAtom)
  const supportUnread = useAtomValue(supportUnreadAtom)?.chat ?? 0

  return (
    <nav className="bottom-nav" aria-label={t`Navegação principal`}>
      {tabs.map((tab) => {
        const active = tab.path === location
        return (
          <button
            key={tab.path}
            type="button"
            className={active ? 'active' : ''}
            aria-current={active ? 'page' : undefined}
            onClick={() => {
              if (active) reload((n) => n + 1)
              else navigate(tab.path)
            }}
          >
            <Icon name={tab.icon} />
            <span>{i18n._(tab.label)}</span>
            {tab.path === '/service' && supportUnread > 0 && (
              <span className="nav-dot" role="img" aria-label={t`novos`} />
            )}
          </button>
        )
      })}
    </nav>
  )
}
