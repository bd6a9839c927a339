// The app's one sound switch, remembered in IndexedDB, and its sounds: background
// music at 0.5 from the first tap, a click at 0.5 on buttons, coins at 0.8. Nothing plays and no
// audio context exists before the player's first tap; the synthesiser (synth.ts) is loaded then.
// Music waits while a game is open (the game page plays its own, under the same switch) or the
// app is hidden, and never plays for players who ask the system for reduced motion.
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'
import type { Effect, Synth } from './synth.ts'

export const soundOnAtom = atom(true)

let synth: Synth | null = null
let musicPaused = false

const calm = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

function applyMusic() {
  if (!synth) return
  const play = appStore.get(soundOnAtom) && !musicPaused && !document.hidden && !calm()
  if (play) synth.startMusic()
  else synth.stopMusic()
}

function apply() {
  synth?.setMuted(!appStore.get(soundOnAtom))
  applyMusic()
}

/** The first tap anywhere creates the audio; every later tap on a button clicks. */
function listenForTaps() {
  document.addEventListener(
    'pointerdown',
    () => {
      void import('./synth.ts').then(({ createSynth }) => {
        synth = createSynth()
        apply()
      })
    },
    { once: true, capture: true },
  )
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('button, a')) playSound('click')
  })
  document.addEventListener('visibilitychange', applyMusic)
}

export async function restoreSound(): Promise<void> {
  const saved = await storage.get('sound')
  if (saved !== undefined) appStore.set(soundOnAtom, saved)
  listenForTaps()
}

export async function setSound(on: boolean): Promise<void> {
  appStore.set(soundOnAtom, on)
  apply()
  await storage.set('sound', on)
}

/** Plays an effect if the switch is on (and the player has tapped once). */
export function playSound(effect: Effect): void {
  if (synth && appStore.get(soundOnAtom)) synth.play(effect)
}

/** While a game is open its page has the music. */
export function pauseMusic(paused: boolean): void {
  musicPaused = paused
  applyMusic()
}
