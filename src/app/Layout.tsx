// The app frame: header, banners, the routed page (with its back bar), bottom navigation.
import { useLingui } from '@lingui/react/macro'
import { Redirect, Route, Switch } from 'wouter'
import { DepositWatcher } from '../features/deposit/DepositWatcher.tsx'
import { pushStatusAtom } from '../lib/push.ts'
import { useAtomValue } from '../lib/store.ts'
import { BackBar } from './layout/BackBar.tsx'
import { InstallBanner, OfflineBanner, SandboxMarker, ToastHost, UpdatePrompt } from './layout/Banners.tsx'
import { BottomNav } from './layout/BottomNav.tsx'
import { GameFrame } from './layout/GameFrame.tsx'
import { Header } from './layout/Header.tsx'
import { RewardsHost } from './layout/RewardsHost.tsx'
import { RiskReminder } from './layout/RiskReminder.tsx'
import { routes } from './routes.ts'

export function Layout() {
  const { i18n } = useLingui()
  const pushStatus = useAtomValue(pushStatusAtom)
  return (
    <div className="app" data-push-status={pushStatus}>
      <SandboxMarker />
      <Header />
      <OfflineBanner />
      <UpdatePrompt />
      <InstallBanner />
      <RiskReminder />
      <main className="page">
        <Switch>
          {routes.map(({ path, title, back, component: Page }) => (
            <Route key={path} path={path}>
              {title && <BackBar title={i18n._(title)} back={back} />}
              <Page />
            </Route>
          ))}
          <Route>
            <Redirect to="/404" replace />
          </Route>
        </Switch>
      </main>
      <BottomNav />
      <ToastHost />
      <DepositWatcher />
      <RewardsHost />
      <GameFrame />
    </div>
  )
}
