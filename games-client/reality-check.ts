// The responsible-gaming layer over the game: the reality-check dialog — time played
// in this play session and its net result, "continuar" or "parar", play paused until answered —
// and closing the frame when a time limit is reached. The server refuses spins meanwhile; this
// only shows it.
import { t } from '@lingui/core/macro'
import type { RealityCheckChoice } from '../contract/limit-values.ts'
import { formatMoney } from '../contract/money.ts'
import { answerRealityCheck, type RealityCheck } from './api.ts'

let open = false

export function showRealityCheck(
  root: HTMLElement,
  check: RealityCheck,
  tellParent: (message: { type: string; [key: string]: unknown }) => void,
) {
  if (open) return
  open = true
  const minutes = String(Math.max(1, Math.round(check.playedMs / 60_000)))
  const net = `${check.net >= 0 ? '+' : '−'}${formatMoney(Math.abs(check.net))}`
  const dialog = document.createElement('div')
  dialog.className = 'reality-check'
  dialog.setAttribute('role', 'alertdialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-labelledby', 'reality-check-title')
  dialog.dataset.testid = 'reality-check'
  const title = Object.assign(document.createElement('h2'), {
    id: 'reality-check-title',
    textContent: t`Pausa para conferir`,
  })
  const body = Object.assign(document.createElement('p'), {
    textContent: t`Você está jogando há ${minutes} min nesta sessão. Resultado: ${net}.`,
  })
  body.dataset.testid = 'reality-check-figures'
  const keepOn = Object.assign(document.createElement('button'), { type: 'button', textContent: t`Continuar` })
  const stop = Object.assign(document.createElement('button'), { type: 'button', textContent: t`Parar` })
  keepOn.className = 'reality-continue'
  stop.className = 'reality-stop'
  const actions = Object.assign(document.createElement('div'), { className: 'reality-actions' })
  actions.append(keepOn, stop)
  const answer = async (choice: RealityCheckChoice) => {
    keepOn.disabled = true
    stop.disabled = true
    await answerRealityCheck(choice).catch(() => undefined)
    dialog.remove()
    open = false
    if (choice === 'stop') tellParent({ type: 'jl:close' })
  }
  keepOn.onclick = () => void answer('continue')
  stop.onclick = () => void answer('stop')
  dialog.append(title, body, actions)
  root.append(dialog)
  keepOn.focus()
}
