// The coin animation: 5 coins fly from a point to the header balance, 100 ms apart,
// 500 ms each, arcing 160 px up, with the coin sound. The flight is skipped when the player
// prefers reduced motion. A credited reward flies coins from where the player tapped while the
// balance is re-read.
import { refreshAccount } from './account.ts'
import './coins.css'
import { playSound } from './sound.ts'

const COINS = 5
const FLIGHT_MS = 500
const BURST_INTERVAL_MS = 100
const PEAK_PX = 160

export function flyCoins(from: { x: number; y: number }): Promise<void> {
  playSound('coin')
  const target = document.querySelector('[data-testid="balance"]')
  if (!target || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return Promise.resolve()
  const box = target.getBoundingClientRect()
  const to = { x: box.left + box.width / 2, y: box.top + box.height / 2 }
  const dx = to.x - from.x
  const dy = to.y - from.y
  const flights: Promise<unknown>[] = []
  for (let i = 0; i < COINS; i++) {
    const coin = document.createElement('span')
    coin.className = 'flying-coin'
    coin.setAttribute('aria-hidden', 'true')
    coin.style.left = `${from.x}px`
    coin.style.top = `${from.y}px`
    document.body.append(coin)
    const animation = coin.animate(
      [
        { transform: 'translate(-50%, -50%)' },
        {
          transform: `translate(calc(${dx / 2}px - 50%), calc(${Math.min(dy / 2, 0) - PEAK_PX}px - 50%))`,
          offset: 0.5,
        },
        { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.6)` },
      ],
      { duration: FLIGHT_MS, delay: i * BURST_INTERVAL_MS, easing: 'ease-in-out', fill: 'backwards' },
    )
    flights.push(animation.finished.catch(() => {}).finally(() => coin.remove()))
  }
  return Promise.all(flights).then(() => {})
}

/** After the server credited a reward: coins fly from the tapped element; the balance is re-read. */
export async function celebrateCredit(from: Element | null): Promise<void> {
  const box = from?.getBoundingClientRect()
  const refreshed = refreshAccount().catch(() => undefined)
  if (box) await flyCoins({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
  await refreshed
}
