// The rules sheet (rules before commitment): RTP with four decimals and as the exact
// fraction, its parts, hit frequency, volatility, maximum win, how often free spins come, the
// paytable with each illustrated symbol by its name, the game's own rules, the jackpot's chance
// at the current bet, and the provably fair seeds. A sheet over the whole game (above the reels
// and the controls), closed by its × button or Escape.
import { plural, t } from '@lingui/core/macro'
import type { SeedCommitment } from '../contract/games/api.ts'
import { symbolUrl } from '../contract/games/art.ts'
import type { GameDef } from '../contract/games/engine.ts'
import type { PublishedFigures } from '../contract/games/figures.ts'
import { type JackpotRule, jackpotChance } from '../contract/games/jackpot.ts'
import type { Language } from '../contract/languages.ts'
import { formatMoney, formatPercent } from '../contract/money.ts'
import { el } from './dom.ts'

export interface InfoPanel {
  element: HTMLElement
  update(bet: number, seed: SeedCommitment | null, nextServerSeedHash: string): void
  /** Opens the sheet over the game, its close button focused. */
  open(): void
  /** Closes it; focus returns to the button that opened it. */
  close(): void
  readonly isOpen: boolean
}

/** The published volatility in words. */
export function volatilityName(volatility: PublishedFigures['volatility']): string {
  return { low: t`baixa`, medium: t`média`, high: t`alta` }[volatility]
}

export function infoPanel(game: GameDef, figures: PublishedFigures, rule: JackpotRule, lang: Language): InfoPanel {
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

  const wild = nameOf(game.wild)
  const scatter = nameOf(game.scatter)
  const rules = [
    game.layout === 'video-ways'
      ? t`243 formas: símbolos iguais em rolos vizinhos a partir da esquerda, em qualquer linha; o curinga (${wild}) substitui; o scatter (${scatter}) paga em qualquer lugar.`
      : t`5 linhas, da esquerda para a direita; o curinga (${wild}) substitui os outros símbolos.`,
  ]
  if (game.fullWindowMultiplier)
    rules.push(
      t`Tela cheia: quando os 9 símbolos são iguais (curingas contam), o ganho das linhas vale ×${{ n: game.fullWindowMultiplier }}.`,
    )
  if (game.freeSpins) {
    const awards = game.freeSpins.awards.flatMap((spins, count) => (spins > 0 ? [[count, spins] as const] : []))
    const counts = awards.map(([count]) => count).join(' / ')
    const spins = awards.map(([, spins]) => spins).join(' / ')
    rules.push(
      t`${counts} scatters dão ${spins} rodadas grátis, jogadas na hora com a mesma aposta, em rolos próprios, com todo ganho ×${{ n: game.freeSpins.multiplier }}.`,
    )
  }

  const [numerator, denominator] = figures.rtpFraction.split('/')
  const jackpotLine = el('p', { className: 'jackpot-chance' })
  const activeHash = el('code', { className: 'fair-hash' })
  const clientSeed = el('code')
  const nonce = el('code', { className: 'fair-nonce' })
  const nextHash = el('code')
  const facts = [
    `${t`Rodadas com ganho`}: ${pct(figures.hitFrequency, 2)}`,
    `${t`Volatilidade`}: ${volatilityName(figures.volatility)} (${t`índice`} ${number(figures.volatilityIndex, 2)})`,
    `${t`Ganho máximo`}: ${figures.maxWin.toLocaleString(lang)}×`,
  ]
  if (figures.freeSpinsFrequency > 0) {
    const n = Math.round(100 / figures.freeSpinsFrequency)
    facts.push(t`Rodadas grátis: em média 1 a cada ${plural(n, { one: 'rodada', other: '# rodadas' })}`)
  }
  const closeButton = el('button', { type: 'button', className: 'info-close', textContent: '×', ariaLabel: t`Fechar` })
  closeButton.dataset.testid = 'game-info-close'
  const heading = el('h2', { id: 'game-info-title', textContent: t`Regras e RTP` })
  const element = el(
    'section',
    { className: 'info', hidden: true, role: 'dialog', ariaModal: 'true' },
    el('div', { className: 'info-head' }, heading, closeButton),
    el('p', {}, el('strong', { textContent: `${t`RTP (retorno ao jogador)`}: ${pct(figures.rtp, 4)}` })),
    el('p', {
      className: 'muted',
      textContent: t`jogo base ${{ base: pct(figures.baseRtp, 4) }} + rodadas grátis ${{ free: pct(figures.freeSpinsRtp, 4) }} + jackpot ${{ jackpot: pct(figures.jackpotRtp, 4) }}`,
    }),
    el(
      'p',
      { className: 'muted' },
      `${t`Valor exato (de cada real apostado):`} `,
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
    el('h3', {
      textContent:
        game.layout === 'video-ways'
          ? t`Tabela de pagamentos (× aposta total, por forma)`
          : t`Tabela de pagamentos (× aposta total, por linha)`,
    }),
    el('ul', { className: 'paytable' }, ...rows),
    el('h3', { textContent: t`Jackpot progressivo` }),
    jackpotLine,
    el('h3', { textContent: t`Jogo verificável` }),
    el('p', {}, `${t`Hash da semente do servidor`}: `, activeHash),
    el('p', {}, `${t`Sua semente`}: `, clientSeed, ` · ${t`Próximo nonce`}: `, nonce),
    el('p', {}, `${t`Hash da próxima semente (já fixada)`}: `, nextHash),
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
      const share = formatPercent(rule.shareBps / 100, 2, 0, lang)
      const odds = Math.round(1 / jackpotChance(rule, bet)).toLocaleString(lang)
      jackpotLine.textContent = t`${share} de cada aposta vai para o prêmio, que recomeça em ${{ seed: formatMoney(rule.seed) }}. Chance nesta aposta: 1 em ${odds} (cresce com a aposta).`
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
