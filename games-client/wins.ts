// Marks a window's wins: the winning cells light up, every paying line is drawn across the reels
// in its own colour, and each win is listed — line or ways, count, symbol, amount.
import { plural, t } from '@lingui/core/macro'
import { symbolUrl } from '../contract/games/art.ts'
import { type Evaluation, type GameDef, winAmount } from '../contract/games/engine.ts'
import type { Language } from '../contract/languages.ts'
import { formatMoney } from '../contract/money.ts'
import { el } from './dom.ts'
import type { Reels } from './reels.ts'

const LINE_COLOURS = ['#ffd60a', '#ff4d6d', '#4cc9f0', '#80ed99', '#c77dff']
const SVG = 'http://www.w3.org/2000/svg'

export interface WinMarks {
  overlay: SVGSVGElement
  list: HTMLElement
  /** `freeSpin`: the evaluation is a free spin's (its multiplier covers the scatter too). */
  show(evaluation: Evaluation, bet: number, freeSpin: boolean): void
  clear(): void
}

export function winMarks(game: GameDef, reels: Reels, lang: Language): WinMarks {
  const overlay = document.createElementNS(SVG, 'svg')
  overlay.classList.add('win-lines')
  overlay.setAttribute('aria-hidden', 'true')
  const list = el('ul', { className: 'win-list' })
  list.dataset.testid = 'game-wins'
  // Two rows of chips, then the list scrolls in place: a keyboard must reach it to scroll it.
  list.tabIndex = 0
  list.setAttribute('aria-label', t`Prêmios desta jogada`)
  const clear = () => {
    overlay.replaceChildren()
    list.replaceChildren()
    for (const cell of reels.element.querySelectorAll('.cell.won')) cell.classList.remove('won')
  }
  const item = (symbol: string, label: string, units: number, multiplier: number, bet: number) =>
    el(
      'li',
      {},
      el('img', { src: symbolUrl(game.id, symbol), alt: '', width: 22, height: 22 }),
      `${label} · ${formatMoney(winAmount(game, bet, units * multiplier))}`,
    )
  const nameOf = (id: string) => game.symbols.find((s) => s.id === id)?.name[lang] ?? id

  return {
    overlay,
    list,
    clear,
    show(evaluation, bet, freeSpin) {
      clear()
      const { width, height } = reels.element.getBoundingClientRect()
      overlay.setAttribute('viewBox', `0 0 ${width} ${height}`)
      const cells = [
        ...evaluation.lineWins.flatMap((w) => w.cells),
        ...evaluation.waysWins.flatMap((w) => w.cells),
        ...(evaluation.scatter?.cells ?? []),
      ]
      for (const [reel, row] of cells) reels.cell(reel, row)?.classList.add('won')
      for (const win of evaluation.lineWins) {
        const rows = game.lines[win.line] as number[]
        const line = document.createElementNS(SVG, 'polyline')
        line.setAttribute('points', rows.map((row, reel) => Object.values(reels.centre(reel, row)).join(',')).join(' '))
        line.setAttribute('stroke', LINE_COLOURS[win.line % LINE_COLOURS.length] as string)
        line.setAttribute('pathLength', '1')
        overlay.append(line)
      }
      const { multiplier } = evaluation
      const items = [
        ...evaluation.lineWins.map((w) =>
          item(
            w.symbol,
            `${t`Linha ${{ line: w.line + 1 }}`}: ${w.count}× ${nameOf(w.symbol)}`,
            w.units,
            multiplier,
            bet,
          ),
        ),
        ...evaluation.waysWins.map((w) =>
          item(
            w.symbol,
            `${w.count}× ${nameOf(w.symbol)}, ${plural({ ways: w.ways }, { one: '# forma', other: '# formas' })}`,
            w.units,
            multiplier,
            bet,
          ),
        ),
      ]
      if (evaluation.scatter) {
        const { count, units } = evaluation.scatter
        const scatterMultiplier = freeSpin ? (game.freeSpins?.multiplier ?? 1) : 1
        items.push(
          item(game.scatter as string, `${count}× ${nameOf(game.scatter as string)}`, units, scatterMultiplier, bet),
        )
      }
      if (game.fullWindowMultiplier && multiplier >= game.fullWindowMultiplier) {
        items.unshift(
          el('li', {
            className: 'full-window',
            textContent: t`Tela cheia ×${{ n: game.fullWindowMultiplier }}!`,
          }),
        )
      }
      list.replaceChildren(...items)
    },
  }
}
