// The game page's sounds under the app's one switch: it starts as the launch URL says
// (`sound=on|off`), follows the app's messages, and tells the app when the player flips it here
// (the app remembers it). No audio exists before the player's first tap on this page; music
// plays from then on unless the player prefers reduced motion. Nothing plays for a loss.
import { createSynth, type Effect, type Synth, type WinTier } from '../src/lib/synth.ts'

export interface GameSound {
  readonly on: boolean
  /** Flips the switch; `fromApp` when the app said so (then it is not told back). */
  set(on: boolean, fromApp?: boolean): void
  play(effect: Effect): void
  win(tier: WinTier): void
  spinning(): () => void
}

export function gameSound(initiallyOn: boolean, tellApp: (on: boolean) => void, musicRoot: number): GameSound {
  let on = initiallyOn
  let synth: Synth | null = null
  const calm = matchMedia('(prefers-reduced-motion: reduce)')
  const music = () => {
    if (!synth) return
    if (on && !calm.matches && !document.hidden) synth.startMusic(musicRoot)
    else synth.stopMusic()
  }
  document.addEventListener(
    'pointerdown',
    () => {
      synth = createSynth()
      synth?.setMuted(!on)
      music()
    },
    { once: true, capture: true },
  )
  document.addEventListener('visibilitychange', music)
  return {
    get on() {
      return on
    },
    set(value, fromApp = false) {
      if (value === on) return
      on = value
      synth?.setMuted(!on)
      music()
      if (!fromApp) tellApp(on)
    },
    play(effect) {
      if (on) synth?.play(effect)
    },
    win(tier) {
      if (on) synth?.win(tier)
    },
    spinning() {
      return on && synth ? synth.spinning() : () => {}
    },
  }
}
