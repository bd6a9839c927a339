// How a round's result is presented, from the win and the bet alone. Only a win above the bet is
// celebrated — with a sound, a count-up and, from 5× the bet, a big-win show that grows with the
// multiple. A "win" below the bet is a loss (a loss disguised as a win; UK RTS 14 forbids
// celebrating it): it is said plainly as "R$ 0,30 de R$ 0,50", with no sound. Getting the bet
// back is said plainly too, and nothing at all plays for a loss.
import type { WinTier } from '../src/lib/synth.ts'

export type Tier = 'loss' | 'partial' | 'returned' | WinTier

export interface Presentation {
  tier: Tier
  /** Sound, count-up, glow: only for more than the bet. */
  celebrate: boolean
  /** The full-screen show (big, mega, epic). */
  show: boolean
  /** The win sound, or null. */
  sound: WinTier | null
  /** How long the win counts up, 0 for none. */
  countUpMs: number
}

const plain = (tier: Tier): Presentation => ({ tier, celebrate: false, show: false, sound: null, countUpMs: 0 })

const celebrated: Record<WinTier, Presentation> = {
  win: { tier: 'win', celebrate: true, show: false, sound: 'win', countUpMs: 700 },
  big: { tier: 'big', celebrate: true, show: true, sound: 'big', countUpMs: 2000 },
  mega: { tier: 'mega', celebrate: true, show: true, sound: 'mega', countUpMs: 3000 },
  epic: { tier: 'epic', celebrate: true, show: true, sound: 'epic', countUpMs: 4500 },
}

/** Win and bet in centavos (the round's whole win: base spin, free spins and jackpot). */
export function presentation(win: number, bet: number): Presentation {
  if (win <= 0) return plain('loss')
  if (win < bet) return plain('partial')
  if (win === bet) return plain('returned')
  const multiple = win / bet
  if (multiple >= 100) return celebrated.epic
  if (multiple >= 20) return celebrated.mega
  if (multiple >= 5) return celebrated.big
  return celebrated.win
}
