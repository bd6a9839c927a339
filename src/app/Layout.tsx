// The app frame: header, banners, the routed page (with its back bar), bottom navigation; each
// page keeps its own scroll position (scrollMemory.ts).
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { openGameAtom } from '../lib/gameFrame.ts'
import { lazyPart } from '../lib/lazy.tsx'
import { pushStatusAtom } from '../lib/push.ts'
import { faceStepUpAtom, sessionIdleAtom } from '../lib/session.ts'
import { useAtomValue } from '../lib/store.ts'
import { BackBar } from './layout/BackBar.tsx'
import { InstallBanner, OfflineBanner, SandboxMarker, ToastHost, UpdatePrompt } from './layout/Banners.tsx'
import { BottomNav } from './layout/BottomNav.tsx'
import { Header } from './layout/Header.tsx'
import { RewardsHost } from './layout/RewardsHost.tsx'
import { RiskReminder } from './layout/RiskReminder.tsx'
import { routes } from './routes.ts'
import { useScrollMemory } from './scrollMemory.ts'

// The game frame's code loads when a game is first opened: it is not part of the first route.
const GameFrame = lazyPart(() => import('./layout/GameFrame.tsx'), null)
// Asked over the current screen when the session ended for want of activity.
const ReauthSheet = lazyPart(() => import('../lib/ReauthSheet.tsx'), null)
// Asked right after a login that left this device owing the face step-up.
const StepUpSheet = lazyPart(() => import('../lib/StepUpSheet.tsx'), null)
// The deposit listener has no screen of its own; it arrives just after the first paint (an open
// PIX sheet is restored from IndexedDB and re-checked with the server when it does).
const DepositWatcher = lazyPart(() => import('../features/deposit/DepositWatcher.tsx'), null, { firstRoute: true })
// The attribution question, asked once to a player who came from an ad (nothing for the others).
// Both load on every visit, so their messages come with the app (scripts/first-route.ts).
const ConsentPrompt = lazyPart(() => import('../features/account/ConsentPrompt.tsx'), null, { firstRoute: true })

export function Layout() {
  const { i18n } = useLingui()
  const pushStatus = useAtomValue(pushStatusAtom)
  const gameOpen = useAtomValue(openGameAtom) !== null
  const sessionIdle = useAtomValue(sessionIdleAtom)
  const faceStepUp = useAtomValue(faceStepUpAtom)
  useScrollMemory()
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
          {routes.map(({ path, title, name, back, component: Page }) => (
            <Route key={path} path={path}>
              <DocumentTitle page={(name ?? title) ? i18n._(name ?? (title as MessageDescriptor)) : null} />
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
      <ConsentPrompt />
      {gameOpen && <GameFrame />}
      {sessionIdle && <ReauthSheet />}
      {faceStepUp && !sessionIdle && <StepUpSheet />}
    </div>
  )
}

/** The tab's title names the page in the player's language ("Saque · Jogo Limpo"), for tabs, history and screen readers. */
function DocumentTitle({ page }: { page: string | null }) {
  useEffect(() => {
    document.title = page ? `${page} · Jogo Limpo` : 'Jogo Limpo'
  }, [page])
  return null
}
