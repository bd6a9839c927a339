// The bottom navigation. The chosen tab is remembered; tapping the active tab reloads its data.
import { useLingui } from '@lingui/react/macro'
import { useLocation } from 'wouter'
import { tabReloadAtom } from '../../lib/reload.ts'
import { storage } from '../../lib/storage.ts'
import { useSetAtom } from '../../lib/store.ts'
import { tabs } from '../tabs.ts'
import { Icon } from './Icon.tsx'

export function BottomNav() {
  const { t, i18n } = useLingui()
  const [location, navigate] = useLocation()
  const reload = useSetAtom(tabReloadAtom)

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
              void storage.set('tab', tab.path)
            }}
          >
            <Icon name={tab.icon} />
            <span>{i18n._(tab.label)}</span>
          </button>
        )
      })}
    </nav>
  )
}
