// The strips above the page: sandbox marker, offline notice, new-version prompt; the install
// offer (over the page, above the bottom navigation: it comes late and must not move the page),
// and the toast.
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { appConfigAtom } from '../../lib/appConfig.ts'
import { onlineAtom } from '../../lib/network.ts'
import { applyUpdate, installPromptAtom, isStandalone, promptInstall, updateWaitingAtom } from '../../lib/pwa.ts'
import { useAtomValue } from '../../lib/store.ts'
import { toastAtom } from '../../lib/toast.ts'

/** Always visible while the sandbox payment provider is active: no real money moves. */
export function SandboxMarker() {
  const config = useAtomValue(appConfigAtom)
  if (!config?.sandbox) return null
  return (
    <aside className="sandbox-marker" data-testid="sandbox-marker">
      <Trans>SANDBOX — nenhum dinheiro real</Trans>
    </aside>
  )
}

export function OfflineBanner() {
  const online = useAtomValue(onlineAtom)
  if (online) return null
  return (
    <div className="strip offline" role="status">
      <Trans>Você está sem conexão. Depósitos, saques e jogos precisam de internet.</Trans>
    </div>
  )
}

export function InstallBanner() {
  const prompt = useAtomValue(installPromptAtom)
  const [dismissed, setDismissed] = useState(false)
  if (!prompt || dismissed || isStandalone()) return null
  return (
    <section className="strip install" aria-label="install">
      <span>
        <Trans>Instale o Jogo Limpo na tela inicial.</Trans>
      </span>
      <button type="button" className="button small" onClick={() => void promptInstall()}>
        <Trans>Instalar</Trans>
      </button>
      <button type="button" className="link" onClick={() => setDismissed(true)}>
        <Trans>Agora não</Trans>
      </button>
    </section>
  )
}

export function UpdatePrompt() {
  const waiting = useAtomValue(updateWaitingAtom)
  if (!waiting) return null
  return (
    <div className="strip update" role="alert">
      <span>
        <Trans>Uma nova versão do app está pronta.</Trans>
      </span>
      <button type="button" className="button small" onClick={applyUpdate}>
        <Trans>Atualizar</Trans>
      </button>
    </div>
  )
}

export function ToastHost() {
  const toast = useAtomValue(toastAtom)
  if (!toast) return null
  return (
    <div className="toast" role="status" aria-live="polite" key={toast.id}>
      {toast.text}
    </div>
  )
}
