// The app root: restores what IndexedDB kept (language, sound, last account), asks for the
// 18+ confirmation once, then logs in by device id and shows the frame.

import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { startTransition, useEffect, useState } from 'react'
import { AgeGate } from '../features/account/AgeGate.tsx'
import { loadCachedAccount, refreshAccount } from '../lib/account.ts'
import { captureAdClick } from '../lib/adClick.ts'
import { loadAppConfig, restoreAppConfig } from '../lib/appConfig.ts'
import { rememberEntryParams } from '../lib/entry.ts'
import { restoreLanguage } from '../lib/i18n.ts'
import { lazyPart } from '../lib/lazy.tsx'
import { startPush } from '../lib/push.ts'
import { ageGateAtom, confirmAdult } from '../lib/session.ts'
import { restoreSound } from '../lib/sound.ts'
import { storage } from '../lib/storage.ts'
import { appStore, Provider, useAtomValue } from '../lib/store.ts'
import { Layout } from './Layout.tsx'

// The public transparency page needs no account and no 18+ confirmation: a visitor sees it alone.
const PublicTransparency = lazyPart(() => import('./pages/PublicTransparency.tsx'), <BootShell />)
const isPublicPage = () => window.location.pathname === '/transparencia'

type Phase = 'starting' | 'age-check' | 'ready'

export async function startSession(): Promise<void> {
  try {
    await refreshAccount()
  } catch {
    // Offline or server down: the header keeps the last known balance, marked as not fresh.
  }
  startPush()
}

/**
 * index.html's boot shell, the same markup, kept on screen while the device's language, account
 * and age confirmation are read (tens of milliseconds), so the first screen does not blink blank.
 */
function BootShell() {
  return (
    <div className="app age-gate boot-shell" aria-busy="true">
      <main className="page centered">
        <h1>Jogo Limpo</h1>
        <p>Jogos com cada número verdadeiro: o retorno publicado, cada rodada verificável e PIX sem taxas.</p>
      </main>
    </div>
  )
}

function Boot() {
  const [phase, setPhase] = useState<Phase>('starting')

  useEffect(() => {
    // The kept copy first, then the server's (a late kept copy must not overwrite a fresh one);
    // with no kept copy (a first start) the app waits for the server's, so no time is shown in
    // another zone than the market's.
    const configRestored = restoreAppConfig().then((kept) => {
      const loaded = loadAppConfig()
      return kept ? undefined : loaded
    })
    captureAdClick(window.location.href, document.cookie, navigator.userAgent)
    void (async () => {
      await Promise.all([
        configRestored,
        restoreLanguage(),
        restoreSound(),
        loadCachedAccount(),
        rememberEntryParams(window.location.search),
      ])
      if ((await storage.get('adultConfirmed')) !== true) return setPhase('age-check')
      // The whole frame at once is the largest render of a start-up: as a transition React renders
      // it in slices of a few milliseconds, so a tap on the boot screen is never kept waiting.
      startTransition(() => setPhase('ready'))
      void startSession()
    })()
  }, [])

  const askedAgain = useAtomValue(ageGateAtom)
  if (phase === 'starting') return <BootShell />
  if (phase === 'age-check' && isPublicPage()) return <PublicTransparency />
  if (phase === 'age-check' || askedAgain) {
    return (
      <AgeGate
        onConfirmed={async () => {
          await confirmAdult().catch(() => {
            // Offline: the next login sends the confirmation kept on the device.
          })
          setPhase('ready')
          void startSession()
        }}
      />
    )
  }
  return <Layout />
}

export function App() {
  return (
    <Provider store={appStore}>
      <I18nProvider i18n={i18n}>
        <Boot />
      </I18nProvider>
    </Provider>
  )
}
