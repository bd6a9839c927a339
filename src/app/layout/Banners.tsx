// The strips above the page: sandbox marker, offline notice, new-version prompt; the install
// offer (over the page, above the bottom navigation: it comes late and must not move the page),
// and the toast.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { appConfigAtom } from '../../lib/appConfig.ts'
import {
  currentStep,
  installAllowed,
  installGateAtom,
  loadInstallGate,
  offerStepsAtom,
  snoozeInstall,
} from '../../lib/firstVisit.ts'
import { onlineAtom } from '../../lib/network.ts'
import { applyUpdate, installPromptAtom, isStandalone, promptInstall, updateWaitingAtom } from '../../lib/pwa.ts'
import { useAtomValue } from '../../lib/store.ts'
import { dismissToast, toastAtom } from '../../lib/toast.ts'

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

/**
 * The install offer: the last of the visit's offers (lib/firstVisit.ts), only once the player has
 * played, and not for a week after "Agora não" (kept in IndexedDB).
 */
export function InstallBanner() {
  const prompt = useAtomValue(installPromptAtom)
  const gate = useAtomValue(installGateAtom)
  const turn = currentStep(useAtomValue(offerStepsAtom)) === 'install'
  useEffect(() => {
    void loadInstallGate()
  }, [])
  if (!prompt || !turn || !installAllowed(gate) || isStandalone()) return null
  return (
    <section className="strip install" aria-label="install">
      <span>
        <Trans>Instale o Jogo Limpo na tela inicial.</Trans>
      </span>
      <button type="button" className="button small" onClick={() => void promptInstall()}>
        <Trans>Instalar</Trans>
      </button>
      <button type="button" className="link" onClick={() => snoozeInstall()}>
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

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

/**
 * The toast spans the app's width above the bottom navigation; when that would cover the control
 * that caused it (or the focused field), it moves under the header, and failing that to the
 * screen's top edge. Over an open sheet it takes the top edge and the sheet moves down by its
 * height (`--toast-reserve`), so it never covers a control of the sheet; placed again whenever a
 * sheet opens or closes while it shows.
 */
export function ToastHost() {
  const { t } = useLingui()
  const toast = useAtomValue(toastAtom)
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const box = ref.current
    const root = document.documentElement
    if (!toast || !box) return
    const place = () => {
      if (document.querySelector('[aria-modal="true"]')) {
        box.dataset.place = 'edge'
        root.style.setProperty('--toast-reserve', `${Math.ceil(box.getBoundingClientRect().bottom) + 8}px`)
        return
      }
      root.style.removeProperty('--toast-reserve')
      const avoid = toast.avoid
        .filter((element) => element.isConnected)
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0)
      for (const spot of ['bottom', 'top', 'edge']) {
        box.dataset.place = spot
        const rect = box.getBoundingClientRect()
        if (!avoid.some((control) => overlaps(rect, control))) return
      }
      box.dataset.place = 'bottom'
    }
    place()
    const sheets = new MutationObserver(place)
    sheets.observe(document.body, { childList: true, subtree: true })
    return () => {
      sheets.disconnect()
      root.style.removeProperty('--toast-reserve')
    }
  }, [toast])
  if (!toast) return null
  return (
    <div className="toast" ref={ref} data-place="bottom" data-testid="toast" key={toast.id}>
      <p role="status" aria-live="polite">
        {toast.text}
      </p>
      <button type="button" className="toast-close" aria-label={t`Fechar aviso`} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  )
}
