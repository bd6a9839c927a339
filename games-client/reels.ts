// The reels: each column holds its real strip four times over; a spin scrolls every column
// forward to the stop the server drew (staggered, easing out), then snaps back to the first copy,
// which looks the same. With reduced motion the reels jump straight to the result.
import { type GameDef, windowAt } from '../contract/games/engine.ts'
import { symbolSvg } from '../contract/games/symbols.ts'

const COPIES = 4

export interface Reels {
  element: HTMLElement
  spinTo(stops: number[]): Promise<void>
  highlight(cells: [number, number][]): void
}

export function createReels(game: GameDef, initialStops: number[]): Reels {
  const urls = new Map(
    game.symbols.map((s) => [s.id, URL.createObjectURL(new Blob([symbolSvg(s)], { type: 'image/svg+xml' }))]),
  )
  const names = new Map(game.symbols.map((s) => [s.id, s.name]))
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)')
  const element = document.createElement('div')
  element.className = `reels reels-${game.reels.length}`
  element.style.setProperty('--rows', String(game.rows))
  const positions = [...initialStops]
  const columns = game.reels.map((strip, reel) => {
    const viewport = document.createElement('div')
    viewport.className = 'reel'
    const column = document.createElement('div')
    column.className = 'reel-strip'
    for (let i = 0; i < strip.length * COPIES; i++) {
      const symbol = strip[i % strip.length] as string
      const img = document.createElement('img')
      img.src = urls.get(symbol) as string
      img.alt = names.get(symbol) ?? symbol
      img.className = 'cell'
      img.draggable = false
      column.append(img)
    }
    viewport.append(column)
    element.append(viewport)
    place(column, positions[reel] ?? 0, 0)
    return column
  })

  function place(column: HTMLElement, index: number, ms: number) {
    column.style.transition = ms > 0 ? `transform ${ms}ms cubic-bezier(.15,.85,.25,1.02)` : 'none'
    column.style.transform = `translateY(calc(${-index} * var(--cell)))`
  }

  function visibleCells(reel: number): HTMLElement[] {
    const column = columns[reel] as HTMLElement
    const start = positions[reel] ?? 0
    return Array.from({ length: game.rows }, (_, row) => column.children[start + row] as HTMLElement)
  }

  return {
    element,
    highlight(cells) {
      for (const img of element.querySelectorAll('.cell.won')) img.classList.remove('won')
      for (const [reel, row] of cells) visibleCells(reel)[row]?.classList.add('won')
    },
    async spinTo(stops) {
      this.highlight([])
      const animate = !reduceMotion.matches
      await Promise.all(
        columns.map(async (column, reel) => {
          const length = (game.reels[reel] as string).length
          const target = stops[reel] ?? 0
          if (animate) {
            // At least one full turn, and a little longer for each reel to the right.
            const end = target + length + (target < (positions[reel] ?? 0) ? length : 0)
            const ms = 700 + reel * 220
            place(column, end, ms)
            await new Promise((resolve) => setTimeout(resolve, ms + 30))
          }
          place(column, target, 0)
          positions[reel] = target
        }),
      )
      element.dataset.window = windowAt(game, stops)
        .map((col) => col.join(''))
        .join('|')
    },
  }
}
