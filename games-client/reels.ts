// The reels. Each column holds its real strip (plus the rows that wrap around) as illustrated
// symbols from the game's sprite. A spin starts at the tap — the reels accelerate, and blur at
// full speed — and once the server's answer is in, the reels stop one by one, left to right at a
// steady pace, each decelerating evenly onto the exact stop the server drew, with a small
// settle. The pace never depends on the outcome: no slowing down for a "near miss", and no
// symbol shown that the strip does not have there. One requestAnimationFrame loop moves only
// transforms (60 fps on a mid-range phone). With reduced motion the reels jump to the result.
import { symbolUrl } from '../contract/games/art.ts'
import { type GameDef, windowAt } from '../contract/games/engine.ts'
import type { Language } from '../contract/languages.ts'

const TOP_SPEED = 0.028 // cells per ms
const ACCELERATE_MS = 320
const START_STAGGER_MS = 70
const MIN_SPIN_MS = 650
const STOP_STAGGER_MS = 260
const DECELERATE_MS = 420
const SETTLE_MS = 170
const SETTLE_CELLS = 0.1

type Phase = 'idle' | 'spinning' | 'stopping' | 'settling'

interface Reel {
  viewport: HTMLElement
  column: HTMLElement
  strip: string
  position: number
  speed: number
  phase: Phase
  startAt: number
  /** Deceleration onto `target` of `strip`: from `from` at `at`, over `ms`. */
  stop: { at: number; strip: string; from: number; target: number; ms: number; speed: number; done: () => void } | null
}

export interface Reels {
  element: HTMLElement
  /** Starts spinning at once, before the answer is known. */
  start(): void
  /** Stops the reels one by one on these stops of `strips`; `onStop` after each reel. */
  stopAt(stops: number[], strips: readonly string[], onStop: (reel: number) => void): Promise<void>
  /** Shows these strips at these stops, still (free spins swap the strips). */
  show(strips: readonly string[], stops: readonly number[]): void
  /** The visible cell of a reel and row (for marking wins). */
  cell(reel: number, row: number): HTMLElement | null
  /** Centre of a cell in the reels' own pixels (for drawing lines). */
  centre(reel: number, row: number): { x: number; y: number }
}

/** Pixels of a symbol's bitmap: a 5-reel cell is ~70 CSS px on a phone, ~120 with 3 reels, at 2× density. */
const RASTER_PX = 224

/**
 * Draws each symbol of the sprite once into a bitmap (a blob URL). A cell that shows the SVG
 * view paints the whole sprite document (every symbol and the scene) each time it paints: with
 * a hundred cells that was most of the game page's start-up. A symbol that cannot be drawn
 * keeps its SVG view.
 */
export async function rasterSymbols(game: GameDef): Promise<Map<string, string>> {
  const sources = new Map<string, string>()
  const canvas = document.createElement('canvas')
  canvas.width = RASTER_PX
  canvas.height = RASTER_PX
  const context = canvas.getContext('2d')
  if (!context) return sources
  const images = game.symbols.map((symbol) => {
    const image = new Image(RASTER_PX, RASTER_PX)
    image.src = symbolUrl(game.id, symbol.id)
    return {
      id: symbol.id,
      image,
      decoded: image.decode().then(
        () => true,
        () => false,
      ),
    }
  })
  for (const { id, image, decoded } of images) {
    if (!(await decoded)) continue
    context.clearRect(0, 0, RASTER_PX, RASTER_PX)
    context.drawImage(image, 0, 0, RASTER_PX, RASTER_PX)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    if (blob) sources.set(id, URL.createObjectURL(blob))
  }
  return sources
}

export function createReels(
  game: GameDef,
  lang: Language,
  initialStops: number[],
  sources: ReadonlyMap<string, string> = new Map(),
): Reels {
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)')
  const element = document.createElement('div')
  element.className = `reels reels-${game.reels.length}`
  element.style.setProperty('--rows', String(game.rows))
  const names = new Map(game.symbols.map((s) => [s.id, s.name[lang]]))
  let cellPx = 0

  function fill(reel: Reel, strip: string) {
    reel.strip = strip
    const cells = Array.from({ length: strip.length + game.rows }, (_, i) => {
      const symbol = strip[i % strip.length] as string
      const img = document.createElement('img')
      img.src = sources.get(symbol) ?? symbolUrl(game.id, symbol)
      img.alt = names.get(symbol) ?? symbol
      img.className = 'cell'
      img.draggable = false
      img.decoding = 'async'
      return img
    })
    reel.column.replaceChildren(...cells)
  }

  const reels: Reel[] = game.reels.map((strip, i) => {
    const viewport = document.createElement('div')
    viewport.className = 'reel'
    const column = document.createElement('div')
    column.className = 'reel-strip'
    viewport.append(column)
    element.append(viewport)
    const reel: Reel = {
      viewport,
      column,
      strip,
      position: initialStops[i] ?? 0,
      speed: 0,
      phase: 'idle',
      startAt: 0,
      stop: null,
    }
    fill(reel, strip)
    return reel
  })

  function measure() {
    cellPx = (reels[0]?.viewport.clientHeight ?? 0) / game.rows
  }

  function place(reel: Reel) {
    const length = reel.strip.length
    const shown = ((reel.position % length) + length) % length
    reel.column.style.transform = `translate3d(0, ${(-shown * cellPx).toFixed(2)}px, 0)`
  }

  let frame = 0
  let last = 0
  function tick(now: number) {
    const dt = last ? Math.min(now - last, 50) : 16
    last = now
    let moving = false
    for (const reel of reels) {
      if (reel.phase === 'idle') continue
      moving = true
      if (reel.phase === 'spinning') {
        const t = now - reel.startAt
        if (t < 0) continue
        // Speeds up with the square of time, then holds top speed.
        reel.speed = t < ACCELERATE_MS ? TOP_SPEED * (t / ACCELERATE_MS) ** 2 : TOP_SPEED
        reel.position += reel.speed * dt
        reel.viewport.classList.toggle('blur', reel.speed > TOP_SPEED * 0.6)
        const stop = reel.stop
        if (stop && now >= stop.at) {
          // Even deceleration over a fixed time covers speed × time / 2 cells. The reel skips ahead
          // less than one turn, at full speed under the blur, to where that distance ends on the
          // drawn stop: every cell seen while it slows down is the real strip's, in order. Free
          // spins change strips here too, unseen.
          if (reel.strip !== stop.strip) fill(reel, stop.strip)
          const length = reel.strip.length
          const reach = (reel.speed * DECELERATE_MS) / 2
          const target = stop.target + Math.ceil((reel.position + reach - stop.target) / length) * length
          reel.position = target - reach
          Object.assign(stop, { at: now, from: reel.position, target, ms: DECELERATE_MS, speed: reel.speed })
          reel.phase = 'stopping'
        }
      } else if (reel.phase === 'stopping' && reel.stop) {
        const { at, from, ms, speed } = reel.stop
        const t = Math.min(now - at, ms)
        reel.position = from + speed * t - ((speed / ms) * (t * t)) / 2
        if (t > ms * 0.4) reel.viewport.classList.remove('blur')
        if (t >= ms) {
          reel.position = reel.stop.target
          reel.phase = 'settling'
          reel.stop.at = now
        }
      } else if (reel.phase === 'settling' && reel.stop) {
        const u = Math.min((now - reel.stop.at) / SETTLE_MS, 1)
        reel.position = reel.stop.target + SETTLE_CELLS * Math.sin(Math.PI * u) * (1 - u)
        if (u >= 1) {
          reel.position = reel.stop.target % reel.strip.length
          reel.phase = 'idle'
          const { done } = reel.stop
          reel.stop = null
          done()
        }
      }
      place(reel)
    }
    frame = moving ? requestAnimationFrame(tick) : 0
    if (!moving) last = 0
  }

  function run() {
    if (!frame) frame = requestAnimationFrame(tick)
  }

  let startedAt = 0

  const api: Reels = {
    element,
    start() {
      for (const cell of element.querySelectorAll('.cell.won')) cell.classList.remove('won')
      if (reduceMotion.matches) return
      measure()
      startedAt = performance.now()
      reels.forEach((reel, i) => {
        reel.phase = 'spinning'
        reel.speed = 0
        reel.startAt = startedAt + i * START_STAGGER_MS
        reel.stop = null
      })
      run()
    },
    stopAt(stops, strips, onStop) {
      if (reduceMotion.matches || reels.every((reel) => reel.phase === 'idle')) {
        api.show(strips, stops)
        reels.forEach((_, i) => {
          onStop(i)
        })
        return Promise.resolve()
      }
      const first = Math.max(performance.now(), startedAt + MIN_SPIN_MS + (reels.length - 1) * START_STAGGER_MS)
      return Promise.all(
        reels.map(
          (reel, i) =>
            new Promise<void>((resolve) => {
              reel.stop = {
                at: first + i * STOP_STAGGER_MS,
                strip: strips[i] as string,
                from: 0,
                target: stops[i] ?? 0,
                ms: DECELERATE_MS,
                speed: 0,
                done: () => {
                  onStop(i)
                  resolve()
                },
              }
            }),
        ),
      ).then(() => {
        element.dataset.window = windowAt(game, stops, strips)
          .map((column) => column.join(''))
          .join('|')
      })
    },
    show(strips, stops) {
      measure()
      reels.forEach((reel, i) => {
        const strip = strips[i] as string
        if (reel.strip !== strip) fill(reel, strip)
        reel.phase = 'idle'
        reel.stop = null
        reel.position = stops[i] ?? 0
        reel.viewport.classList.remove('blur')
        place(reel)
      })
      element.dataset.window = windowAt(game, stops, strips)
        .map((column) => column.join(''))
        .join('|')
    },
    cell(reel, row) {
      const r = reels[reel]
      if (!r) return null
      const index = Math.round(((r.position % r.strip.length) + r.strip.length) % r.strip.length) + row
      return (r.column.children[index] as HTMLElement | undefined) ?? null
    },
    centre(reel, row) {
      const box = element.getBoundingClientRect()
      const viewport = (reels[reel] as Reel).viewport.getBoundingClientRect()
      return { x: viewport.left - box.left + viewport.width / 2, y: viewport.top - box.top + cellPx * (row + 0.5) }
    },
  }
  requestAnimationFrame(() => api.show(game.reels, initialStops))
  // A cell's size follows the room the page leaves the reels (the window, the win panel's text):
  // every strip is placed again on the new size.
  const firstReel = reels[0]?.viewport
  if (firstReel)
    new ResizeObserver(() => {
      measure()
      for (const reel of reels) place(reel)
    }).observe(firstReel)
  return api
}
