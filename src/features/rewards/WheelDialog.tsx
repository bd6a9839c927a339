// The free wheel. Each prize's slice is as wide as its published probability, so the
// wheel shows the real odds. The server draws the prize; the wheel then turns to it, the amount
// counts up, coins fly, and the dialog closes after 2 s. While waiting, a HH:MM:SS countdown
// runs from the server's next-spin time.
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { formatCountdown } from '../../../contract/countdown.ts'
import { formatMoney, formatPercent } from '../../../contract/money.ts'
import type { WheelInfo } from '../../../contract/rewards.ts'
import { celebrateCredit } from '../../lib/coins.ts'
import { messageOf } from '../../lib/http.ts'
import { PromotionGate } from '../../lib/PromotionGate.tsx'
import { Sheet } from '../../lib/Sheet.tsx'
import { storage } from '../../lib/storage.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getWheel, spinWheel } from './api.ts'

const TURN_MS = 3200
const COUNT_UP_MS = 800
const CLOSE_AFTER_MS = 2000
const COLORS = ['#1f7a57', '#e9a400', '#c0392b', '#3c6e91', '#7b2cbf']

function point(angle: number, radius: number) {
  const rad = (angle * Math.PI) / 180
  return `${100 + radius * Math.sin(rad)} ${100 - radius * Math.cos(rad)}`
}

function slices(prizes: WheelInfo['prizes']) {
  let start = 0
  return prizes.map((prize) => {
    const span = prize.probability * 360
    const slice = { start, span, center: start + span / 2, prize }
    start += span
    return slice
  })
}

/** A reward sheet: its title, the reward (or why it is off), and a close button. */
export function RewardSheet({
  title,
  part,
  onClose,
  children,
}: {
  title: string
  part: 'wheel' | 'signIn'
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Sheet title={title}>
      <PromotionGate part={part} dialog={part === 'wheel' ? 'wheel' : 'sign'} onGo={onClose}>
        {children}
      </PromotionGate>
      <button type="button" className="button secondary" onClick={onClose}>
        <Trans>Fechar</Trans>
      </button>
    </Sheet>
  )
}

/**
 * A prize's label along its slice's middle. A label that the disc's `rotation` (degrees, as the
 * disc is turned on screen) brings to the lower half is turned half a turn about its own centre,
 * so every label reads upright where the wheel comes to rest — before and after a spin.
 */
export function labelTransform(center: number, rotation: number): string {
  const along = `rotate(${center} 100 100)`
  const angle = (((center + rotation) % 360) + 360) % 360
  return angle > 90 && angle < 270 ? `${along} rotate(180 100 30)` : along
}

export function WheelDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  return (
    <RewardSheet title={t`Roleta grátis`} part="wheel" onClose={onClose}>
      <Wheel onClose={onClose} />
    </RewardSheet>
  )
}

function Wheel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui()
  const [offset, setOffset] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const [rotation, setRotation] = useState(0)
  const [shown, setShown] = useState<number | null>(null)
  const [spinning, setSpinning] = useState(false)
  const wheel = useRef<SVGSVGElement>(null)

  const {
    data: info,
    setData: setInfo,
    reload: load,
  } = useApiData(
    async () => {
      const next = await getWheel()
      const skew = next.serverTime - Date.now()
      setOffset(skew)
      keepNextSpin(next.nextSpinAt, skew)
      return next
    },
    [],
    { failure: t`Não foi possível carregar a roleta.` },
  )
  // The last known next-spin time, so the countdown shows before (or without) the server's answer.
  const [keptNext, setKeptNext] = useState<number | null>(null)
  useEffect(() => {
    void storage.get('wheelNextSpinAt').then((at) => setKeptNext(at ?? null))
  }, [])
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  const remaining = info?.nextSpinAt ? info.nextSpinAt - (now + offset) : 0
  useEffect(() => {
    if (info?.nextSpinAt && remaining <= 0) void load()
  }, [info, remaining, load])

  async function spin() {
    if (!info || spinning) return
    setSpinning(true)
    try {
      const result = await spinWheel({ requestId: crypto.randomUUID() })
      const target = slices(info.prizes)[result.prizeIndex]?.center ?? 0
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      setRotation((current) => current - (current % 360) + 5 * 360 + (360 - target))
      await new Promise((resolve) => setTimeout(resolve, reduced ? 0 : TURN_MS))
      await countUp(result.amount, setShown)
      await celebrateCredit(wheel.current)
      setInfo({ ...info, nextSpinAt: result.nextSpinAt, lastPrize: result.amount })
      keepNextSpin(result.nextSpinAt, offset)
      setTimeout(onClose, CLOSE_AFTER_MS)
    } catch (error) {
      showToast(messageOf(error, t`Não foi possível girar a roleta.`))
      setSpinning(false)
      void load()
    }
  }

  if (!info) {
    if (keptNext !== null && keptNext > now)
      return (
        <p className="wheel-countdown" data-testid="wheel-countdown">
          <Trans>Próxima rodada grátis em {formatCountdown(keptNext - now)}</Trans>
        </p>
      )
    return <div className="page-loading" aria-busy="true" />
  }
  const every =
    info.intervalSeconds % 3600 === 0
      ? `${info.intervalSeconds / 3600} h`
      : `${Math.ceil(info.intervalSeconds / 60)} min`
  return (
    <div className="wheel">
      <div className="wheel-stage">
        <span className="wheel-pointer" aria-hidden="true" />
        <svg
          ref={wheel}
          viewBox="0 0 200 200"
          className="wheel-disc"
          style={{ transform: `rotate(${rotation}deg)`, transitionDuration: `${TURN_MS}ms` }}
          role="img"
          aria-label={t`Roleta com fatias do tamanho da probabilidade de cada prêmio`}
        >
          {slices(info.prizes).map((slice, index) => (
            <g key={slice.prize.amount}>
              <path
                d={`M100 100 L${point(slice.start, 96)} A96 96 0 ${slice.span > 180 ? 1 : 0} 1 ${point(slice.start + slice.span, 96)} Z`}
                fill={COLORS[index % COLORS.length]}
                stroke="#fff"
                strokeWidth="1.5"
              />
              <text
                x="100"
                y="30"
                transform={labelTransform(slice.center, rotation)}
                textAnchor="middle"
                dominantBaseline="central"
                fill="#fff"
                fontSize={slice.span < 30 ? 8 : 12}
                fontWeight="700"
              >
                {formatMoney(slice.prize.amount)}
              </text>
            </g>
          ))}
        </svg>
      </div>
      {shown !== null && (
        <p className="wheel-prize" data-testid="wheel-prize" aria-live="polite">
          +{formatMoney(shown)}
        </p>
      )}
      {info.nextSpinAt && remaining > 0 && !spinning ? (
        <p className="wheel-countdown" data-testid="wheel-countdown">
          <Trans>Próxima rodada grátis em {formatCountdown(remaining)}</Trans>
        </p>
      ) : (
        <button type="button" className="button" onClick={() => void spin()} disabled={spinning}>
          <Trans>Girar</Trans>
        </button>
      )}
      <ul className="wheel-odds">
        {info.prizes.map((prize) => (
          <li key={prize.amount}>
            {formatMoney(prize.amount)} — {formatPercent(prize.probability * 100, 2, 0, i18n.locale)}
          </li>
        ))}
      </ul>
      <p className="hint">
        <Trans>
          Uma rodada grátis a cada {every}. O servidor sorteia o prêmio com um gerador criptográfico. O prêmio é bônus:
          aposte {info.wageringMultiplier}× para virar dinheiro sacável; sem prazo de validade.
        </Trans>
      </p>
    </div>
  )
}

/** Keeps the next spin on this device's clock (`skew` is server minus device). */
function keepNextSpin(nextSpinAt: number | null, skew: number) {
  void (nextSpinAt === null ? storage.remove('wheelNextSpinAt') : storage.set('wheelNextSpinAt', nextSpinAt - skew))
}

/** Counts the prize up from zero; with reduced motion it is shown whole at once (never an amount the wheel does not hold). */
function countUp(amount: number, set: (value: number) => void): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    set(amount)
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const started = performance.now()
    const step = (time: number) => {
      const progress = Math.min(1, (time - started) / COUNT_UP_MS)
      set(Math.round(amount * progress))
      if (progress < 1) requestAnimationFrame(step)
      else resolve()
    }
    requestAnimationFrame(step)
  })
}
