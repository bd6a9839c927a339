// Every sound of the app and the game page, synthesised with Web Audio — no audio files to
// download. Created only from a tap (browsers allow audio after a gesture; we never try before),
// it plays the background music (0.5), taps (0.5), coins (0.8) as the product's sound levels say, and the game's
// reel spin, reel stop and wins scaled to the win. It has no dependencies, so the game page (its
// own entry) imports it too. On iOS the "ambient" audio session makes it follow the silent switch.

export type Effect = 'click' | 'coin' | 'reelStop' | 'freeSpins' | 'jackpot'
/** Win sounds grow with the win as a multiple of the bet (the game page decides the tier). */
export type WinTier = 'win' | 'big' | 'mega' | 'epic'

/** Gains of each sound (music 0.5, click 0.5, coin 0.8). */
export const volumes = { music: 0.5, click: 0.5, coin: 0.8, reel: 0.45, stop: 0.6, win: 0.8 } as const

export interface Synth {
  play(effect: Effect): void
  win(tier: WinTier): void
  /** The reels' running tick until the returned function is called. */
  spinning(): () => void
  startMusic(root?: number): void
  stopMusic(): void
  setMuted(muted: boolean): void
}

type Wave = OscillatorType

interface AudioSessionNavigator {
  audioSession?: { type: string }
}

/** Null where Web Audio is missing. Call only from a tap. */
export function createSynth(): Synth | null {
  const Context = globalThis.AudioContext
  if (!Context) return null
  const session = (navigator as AudioSessionNavigator).audioSession
  if (session) session.type = 'ambient'
  const ctx = new Context()
  const master = ctx.createGain()
  master.connect(ctx.destination)
  const musicBus = ctx.createGain()
  musicBus.gain.value = volumes.music
  musicBus.connect(master)
  let noiseBuffer: AudioBuffer | null = null

  /** One note with a quick attack and an exponential fade. */
  function tone(frequency: number, at: number, length: number, wave: Wave, gain: number, out: AudioNode = master) {
    const osc = ctx.createOscillator()
    const env = ctx.createGain()
    osc.type = wave
    osc.frequency.setValueAtTime(frequency, at)
    env.gain.setValueAtTime(0.0001, at)
    env.gain.exponentialRampToValueAtTime(gain, at + 0.01)
    env.gain.exponentialRampToValueAtTime(0.0001, at + length)
    osc.connect(env).connect(out)
    osc.start(at)
    osc.stop(at + length + 0.02)
    return osc
  }

  function noise(at: number, length: number, gain: number, lowpass: number) {
    if (!noiseBuffer) {
      noiseBuffer = ctx.createBuffer(1, ctx.sampleRate / 2, ctx.sampleRate)
      const data = noiseBuffer.getChannelData(0)
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1
    }
    const source = ctx.createBufferSource()
    const filter = ctx.createBiquadFilter()
    const env = ctx.createGain()
    source.buffer = noiseBuffer
    filter.type = 'lowpass'
    filter.frequency.value = lowpass
    env.gain.setValueAtTime(gain, at)
    env.gain.exponentialRampToValueAtTime(0.0001, at + length)
    source.connect(filter).connect(env).connect(master)
    source.start(at)
    source.stop(at + length + 0.02)
  }

  const semitone = (root: number, steps: number) => root * 2 ** (steps / 12)
  const now = () => ctx.currentTime + 0.005

  const effects: Record<Effect, () => void> = {
    click() {
      tone(1400, now(), 0.05, 'sine', volumes.click * 0.5)
    },
    coin() {
      const t = now()
      tone(988, t, 0.08, 'square', volumes.coin * 0.18)
      tone(1319, t + 0.07, 0.35, 'square', volumes.coin * 0.18)
    },
    reelStop() {
      const t = now()
      const thump = tone(150, t, 0.14, 'sine', volumes.stop * 0.7)
      thump.frequency.exponentialRampToValueAtTime(60, t + 0.12)
      noise(t, 0.06, volumes.stop * 0.25, 900)
    },
    freeSpins() {
      const t = now()
      for (let i = 0; i < 8; i++)
        tone(semitone(523, [0, 4, 7, 12, 16, 19, 24, 28][i] as number), t + i * 0.07, 0.3, 'triangle', 0.22)
    },
    jackpot() {
      const t = now()
      for (let i = 0; i < 16; i++) {
        tone(semitone(392, [0, 4, 7, 12][i % 4] as number) * (i >= 8 ? 2 : 1), t + i * 0.09, 0.4, 'square', 0.09)
      }
      tone(784, t + 1.5, 1.2, 'triangle', 0.3)
    },
  }

  let musicTimer: ReturnType<typeof setInterval> | null = null

  return {
    play(effect) {
      if (ctx.state === 'suspended') void ctx.resume()
      effects[effect]()
    },
    win(tier) {
      // More notes and a longer climb the bigger the win, always upward, never for a loss.
      const notes = { win: 3, big: 6, mega: 10, epic: 16 }[tier]
      const scale = [0, 4, 7, 12, 16, 19, 24, 28, 31, 36]
      const t = now()
      for (let i = 0; i < notes; i++) {
        const step = (scale[i % scale.length] as number) + 12 * Math.floor(i / scale.length)
        tone(semitone(523, step), t + i * 0.085, 0.32, 'triangle', volumes.win * 0.3)
      }
      if (tier !== 'win') noise(t + notes * 0.085, 0.6, volumes.win * 0.08, 6000)
    },
    spinning() {
      if (ctx.state === 'suspended') void ctx.resume()
      let next = ctx.currentTime + 0.02
      const tick = () => {
        while (next < ctx.currentTime + 0.15) {
          tone(620, next, 0.03, 'square', volumes.reel * 0.08)
          next += 0.075
        }
      }
      tick()
      const timer = setInterval(tick, 50)
      return () => clearInterval(timer)
    },
    startMusic(root = 220) {
      if (musicTimer) return
      // A soft four-chord loop (I–V–vi–IV), scheduled a little ahead so the main thread can be busy.
      const chords = [
        [0, 4, 7],
        [7, 11, 14],
        [9, 12, 16],
        [5, 9, 12],
      ]
      const beat = 0.42
      let next = ctx.currentTime + 0.1
      let step = 0
      const schedule = () => {
        while (next < ctx.currentTime + 0.6) {
          const chord = chords[Math.floor(step / 8) % chords.length] as number[]
          if (step % 8 === 0)
            for (const n of chord) tone(semitone(root / 2, n), next, beat * 7.5, 'sine', 0.05, musicBus)
          const note = chord[step % 3] as number
          tone(semitone(root, note + (step % 4 === 3 ? 12 : 0)), next, beat * 0.9, 'triangle', 0.06, musicBus)
          next += beat
          step++
        }
      }
      schedule()
      musicTimer = setInterval(schedule, 200)
    },
    stopMusic() {
      if (musicTimer) clearInterval(musicTimer)
      musicTimer = null
    },
    setMuted(muted) {
      master.gain.setTargetAtTime(muted ? 0 : 1, ctx.currentTime, 0.02)
      if (!muted && ctx.state === 'suspended') void ctx.resume()
    },
  }
}
