// The win show, only ever for wins above the bet (celebration.ts decides): the win counting up,
// and from 5× the bet a full-screen title with falling coins, bigger and longer the bigger the
// multiple. A tap ends it at once; with reduced motion the amount is simply shown.
import { el } from './dom.ts'

const COINS = { big: 18, mega: 30, epic: 44 } as const

/** Counts `node` up to `to` over `ms`; resolves when done or skipped. */
export function countUp(
  node: HTMLElement,
  to: number,
  ms: number,
  format: (n: number) => string,
  skipped: () => boolean,
) {
  if (ms <= 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) {
    node.textContent = format(to)
    return Promise.resolve()
  }
  return new Promise<void>((resolve) => {
    const started = performance.now()
    const step = (now: number) => {
      const u = skipped() ? 1 : Math.min((now - started) / ms, 1)
      // Eases out: fast at first, settling on the exact amount.
      node.textContent = format(Math.round(to * (1 - (1 - u) ** 3)))
      if (u < 1) requestAnimationFrame(step)
      else resolve()
    }
    requestAnimationFrame(step)
  })
}

/** The full-screen show over the stage; returns the amount node to count up and a remover. */
export function bigWinShow(stage: HTMLElement, tier: keyof typeof COINS, title: string, subtitle: string) {
  const amount = el('strong', { className: 'show-amount' })
  const coins = matchMedia('(prefers-reduced-motion: reduce)').matches
    ? []
    : Array.from({ length: COINS[tier] }, (_, i) => {
        const coin = el('span', { className: 'show-coin' })
        coin.style.left = `${(i * 37) % 100}%`
        coin.style.animationDelay = `${((i * 173) % 1200) / 1000}s`
        coin.style.animationDuration = `${1.4 + ((i * 7) % 10) / 10}s`
        return coin
      })
  const show = el(
    'div',
    { className: `win-show win-show-${tier}`, role: 'status' },
    ...coins,
    el('span', { className: 'show-title', textContent: title }),
    amount,
    el('span', { className: 'show-subtitle', textContent: subtitle }),
  )
  show.dataset.testid = 'game-win-show'
  stage.append(show)
  return { amount, remove: () => show.remove() }
}
