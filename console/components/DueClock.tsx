// A worklist's clock: the time left before something is due (the review SLA, the 120-minute payout
// limit, the verification review), amber in the last half of its window, red in the last quarter
// or once late; read aloud with its label.
import { Trans } from '@lingui/react/macro'
import { clockTone } from '../../contract/ops.ts'
import { minutesLeft } from '../lib/format.ts'

export function DueClock({
  dueAt,
  windowMs,
  now,
  label,
}: {
  dueAt: number
  windowMs: number
  now: number
  label: string
}) {
  const left = dueAt - now
  return (
    <span className={`clock clock-${clockTone(left, windowMs)}`} title={label}>
      <span className="visually-hidden">{label}: </span>
      {left < 0 ? <Trans>atrasado {minutesLeft(left)}</Trans> : minutesLeft(left)}
    </span>
  )
}
