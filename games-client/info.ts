// The rules sheet (rules before commitment): RTP with four decimals and as the exact
// fraction, its parts, hit frequency, volatility, maximum win, how often free spins come, the
// paytable with each illustrated symbol by its name, the game's own rules, the jackpot's chance
// at the current bet, and the provably fair seeds. A sheet over the whole game (above the reels
// and the controls), closed by its × button or Escape.
import type { SeedCommitment } from '../contract/games/api.ts'
import { symbolUrl } from '../contract/games/art.ts'
import type { GameDef } from '../contract/games/engine.ts'
import type { PublishedFigures } from '../contract/games/figures.ts'
import { type JackpotRule, jackpotChance } from '../contract/games/jackpot.ts'
import { formatMoney, formatPercent } from '../contract/money.ts'
import { el } from './dom.ts'
import { type Lang, text, type Word } from './text.ts'

export interface InfoPanel {
  element: HTMLElement
  update(bet: number, seed: SeedCommitment | null, nextServerSeedHash: string): void
  /** Opens the sheet over the game, its close button focused. */
  open(): void
  /** Closes it; focus returns to the button that opened it. */
  close(): void
  readonly isOpen: boolean
}

export function infoPanel(game: GameDef, figures: PublishedFigures, rule: JackpotRule, lang: Lang): InfoPanel {
  const t = (word: Word, values?: Record<string, string>) => text(lang, word, values)
  const number = (value: number, digits: number) =>
    value.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits })
  const pct = (value: number, digits: number) => formatPercent(value, digits, digits, lang)
  const nameOf = (id: string | null) => game.symbols.find((s) => s.id === id)?.name[lang] ?? ''
  const icon = (id: string) =>
    el('img', { className: 'pay-icon', src: symbolUrl(game.id, id), alt: '', width: 32, height: 32 })
  const times = (units: number) => `${number(units / game.divisor, 2)}×`

  const rows = game.symbols
    .filter((s) => game.pays[s.id]?.some((p) => p > 0))
    .map((s) => {
      const pays = (game.pays[s.id] ?? [])
        .map((units, i) => (units > 0 ? `${i + 1}: ${times(units)}` : ''))
        .filter(Boolean)
        .join(' · ')
      return el('li', {}, icon(s.id), el('span', {}, el('strong', { textContent: s.name[lang] }), ` ${pays}`))
    })
  if (game.scatter && game.scatterPays.some((p) => p > 0)) {
    const pays = game.scatterPays
      .map((units, n) => (units > 0 ? `${n}: ${times(units)}` : ''))
      .filter(Boolean)
      .join(' · ')
    rows.push(
      el(
        'li',
        {},
        icon(game.scatter),
        el('span', {}, el('strong', { textContent: nameOf(game.scatter) }), ` (scatter) ${pays}`),
      ),
    )
  }

  const rules = [
    t(game.layout === 'video-ways' ? 'ways' : 'lines', { wild: nameOf(game.wild), scatter: nameOf(game.scatter) }),
  ]
  if (game.fullWindowMultiplier) rules.push(t('fullWindowRule', { n: String(game.fullWindowMultiplier) }))
  if (game.freeSpins) {
    const awards = game.freeSpins.awards.flatMap((spins, count) => (spins > 0 ? [[count, spins] as const] : []))
    rules.push(
      t('freeSpinsRule', {
        counts: awards.map(([count]) => count).join(' / '),
        spins: awards.map(([, spins]) => spins).join(' / '),
        n: String(game.freeSpins.multiplier),
      }),
    )
  }

  const [numerator, denominator] = figures.rtpFraction.split('/')
  const jackpotLine = el('p', { className: 'jackpot-chance' })
  const activeHash = el('code', { className: 'fair-hash' })
  const clientSeed = el('code')
  const nonce = el('code', { className: 'fair-nonce' })
  const nextHash = el('code')
  const facts = [
    `${t('hitFrequency')}: ${pct(figures.hitFrequency, 2)}`,
    `${t('volatility')}: ${t(figures.volatility)} (${t('volatilityIndex')} ${number(figures.volatilityIndex, 2)})`,
    `${t('maxWin')}: ${figures.maxWin.toLocaleString(lang)}×`,
  ]
  if (figures.freeSpinsFrequency > 0) {
    facts.push(t('freeSpinsEvery', { n: Math.round(100 / figures.freeSpinsFrequency).toLocaleString(lang) }))
  }
  const closeButton = el('button', { type: 'button', className: 'info-close', textContent: '×', ariaLabel: t('close') })
  closeButton.dataset.testid = 'game-info-close'
  const heading = el('h2', { id: 'game-info-title', textContent: t('info') })
  const element = el(
    'section',
    { className: 'info', hidden: true, role: 'dialog', ariaModal: 'true' },
    el('div', { className: 'info-head' }, heading, closeButton),
    el('p', {}, el('strong', { textContent: `${t('rtp')}: ${pct(figures.rtp, 4)}` })),
    el('p', {
      className: 'muted',
      textContent: t('rtpParts', {
        base: pct(figures.baseRtp, 4),
        free: pct(figures.freeSpinsRtp, 4),
        jackpot: pct(figures.jackpotRtp, 4),
      }),
    }),
    el(
      'p',
      { className: 'muted' },
      `${t('exact')} `,
      el(
        'span',
        { className: 'fraction' },
        el('sup', { textContent: numerator ?? '' }),
        '⁄',
        el('sub', { textContent: denominator ?? '' }),
      ),
    ),
    el('ul', { className: 'facts' }, ...facts.map((fact) => el('li', { textContent: fact }))),
    ...rules.map((rule) => el('p', { textContent: rule })),
    el('h3', { textContent: t(game.layout === 'video-ways' ? 'paytableWays' : 'paytableLines') }),
    el('ul', { className: 'paytable' }, ...rows),
    el('h3', { textContent: t('jackpot') }),
    jackpotLine,
    el('h3', { textContent: t('fairness') }),
    el('p', {}, `${t('seedHash')}: `, activeHash),
    el('p', {}, `${t('clientSeed')}: `, clientSeed, ` · ${t('nonce')}: `, nonce),
    el('p', {}, `${t('nextSeedHash')}: `, nextHash),
  )
  element.dataset.testid = 'game-info'
  element.setAttribute('aria-labelledby', heading.id)
  let opener: HTMLElement | null = null
  const panel: InfoPanel = {
    element,
    get isOpen() {
      return !element.hidden
    },
    open() {
      opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
      element.hidden = false
      element.scrollTop = 0
      closeButton.focus()
    },
    close() {
      element.hidden = true
      opener?.focus()
    },
    update(bet, seed, next) {
      jackpotLine.textContent = t('jackpotRule', {
        share: formatPercent(rule.shareBps / 100, 2, 0, lang),
        seed: formatMoney(rule.seed),
        odds: Math.round(1 / jackpotChance(rule, bet)).toLocaleString(lang),
      })
      activeHash.textContent = seed?.serverSeedHash ?? '—'
      clientSeed.textContent = seed?.clientSeed ?? '—'
      nonce.textContent = String(seed?.nextNonce ?? 0)
      nextHash.textContent = next
    },
  }
  closeButton.onclick = () => panel.close()
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') panel.close()
  })
  return panel
}
