// The in-house game page (SPEC 6.2), loaded in the app's full-screen game frame: it opens its
// session with the launch token, draws the game from the catalog data, and asks the server for
// every spin. It tells the parent app about balance changes by postMessage — only to its own
// origin (the app serves both) — and listens only to its parent on that origin.
import type { SessionView } from '../contract/games/api.ts'
import { evaluate, type GameDef } from '../contract/games/engine.ts'
import { type JackpotRule, jackpotChance } from '../contract/games/jackpot.ts'
import type { PublishedFigures } from '../contract/games/published.ts'
import { symbolSvg } from '../contract/games/symbols.ts'
import { formatMoney } from '../contract/money.ts'
import { GameApiError, loadGame, openSession, ping, type RealityCheck, setLanguage, spin } from './api.ts'
import { showRealityCheck } from './reality-check.ts'
import { createReels, type Reels } from './reels.ts'
import { type Lang, text, type Word } from './text.ts'
import './game.css'

const params = new URLSearchParams(location.search)
const lang = (['pt-BR', 'en', 'hi'].includes(params.get('lang') ?? '') ? params.get('lang') : 'pt-BR') as Lang
const t = (word: Word, values?: Record<string, string>) => text(lang, word, values)
const root = document.getElementById('game') as HTMLElement
const money = (minor: number) => formatMoney(minor)

function tellParent(message: { type: string; [key: string]: unknown }) {
  if (window.parent !== window) window.parent.postMessage(message, location.origin)
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props)
  node.append(...children)
  return node
}

interface State {
  game: GameDef
  figures: PublishedFigures
  rule: JackpotRule
  session: SessionView
  betIndex: number
  busy: boolean
}

function render(state: State) {
  const { game, figures } = state
  root.style.setProperty('--bg', game.theme.background)
  root.style.setProperty('--accent', game.theme.accent)
  root.style.setProperty('--reel-bg', game.theme.reelBackground)
  root.setAttribute('aria-busy', 'false')

  const balance = el('strong', { className: 'balance', textContent: money(state.session.balance.total) })
  balance.dataset.testid = 'game-balance'
  const lastWin = el('strong', { className: 'last-win', textContent: money(0) })
  lastWin.dataset.testid = 'game-last-win'
  const jackpot = el('strong', { className: 'jackpot-pool' })
  const message = el('p', { className: 'message', role: 'status' })
  message.dataset.testid = 'game-message'
  const betValue = el('output', { className: 'bet-value' })
  betValue.dataset.testid = 'game-bet'
  const minus = el('button', { type: 'button', className: 'bet-step', textContent: '−', ariaLabel: `${t('bet')} −` })
  const plus = el('button', { type: 'button', className: 'bet-step', textContent: '+', ariaLabel: `${t('bet')} +` })
  const spinButton = el('button', { type: 'button', className: 'spin', textContent: t('spin') })
  spinButton.dataset.testid = 'game-spin'
  const infoButton = el('button', { type: 'button', className: 'info-button', textContent: t('info') })
  const reels: Reels = createReels(
    game,
    game.reels.map(() => 0),
  )
  reels.element.dataset.testid = 'game-reels'
  const info = infoPanel(state)

  const showJackpot = (pool: number | undefined) => {
    jackpot.textContent = pool ? `${t('jackpot')}: ${money(pool)}` : ''
  }
  const showBet = () => {
    const bet = game.betLevels[state.betIndex] as number
    betValue.textContent = money(bet)
    minus.disabled = state.busy || state.betIndex === 0
    plus.disabled = state.busy || state.betIndex === game.betLevels.length - 1
    spinButton.disabled = state.busy
    info.querySelector('.jackpot-chance')?.replaceChildren(jackpotLine(state))
  }
  minus.onclick = () => {
    state.betIndex = Math.max(0, state.betIndex - 1)
    showBet()
  }
  plus.onclick = () => {
    state.betIndex = Math.min(game.betLevels.length - 1, state.betIndex + 1)
    showBet()
  }
  infoButton.onclick = () => {
    info.hidden = !info.hidden
  }

  spinButton.onclick = async () => {
    if (state.busy) return
    state.busy = true
    showBet()
    message.textContent = ''
    const bet = game.betLevels[state.betIndex] as number
    const requestId = crypto.randomUUID()
    try {
      // A lost answer is asked again with the same requestId: the server answers the same round.
      const result = await spin(bet, requestId).catch((error: unknown) => {
        if (error instanceof GameApiError) throw error
        return spin(bet, requestId)
      })
      // The bet leaves the balance at once; the win lands when the reels stop.
      balance.textContent = money(result.round.balanceBefore - bet)
      await reels.spinTo(result.round.stops)
      const paid = result.round.win + result.round.jackpotWin
      const evaluation = evaluate(game, result.round.stops)
      reels.highlight([
        ...evaluation.lineWins.flatMap((w) => w.cells),
        ...evaluation.waysWins.flatMap((w) => w.cells),
        ...(evaluation.scatter?.cells ?? []),
      ])
      state.session.balance = result.balance
      balance.textContent = money(result.balance.total)
      lastWin.textContent = money(paid)
      message.textContent =
        result.round.jackpotWin > 0
          ? t('jackpotWon', { amount: money(paid) })
          : paid > 0
            ? t('win', { amount: money(paid) })
            : t('noWin')
      state.session.seed = result.seed
      info.querySelector('.fair-nonce')?.replaceChildren(String(state.session.seed.nextNonce))
      root.dataset.rounds = String(Number(root.dataset.rounds ?? 0) + 1)
      root.dataset.lastRound = result.round.roundId
      tellParent({ type: 'jl:balance', balance: result.balance, roundId: result.round.roundId })
      if (result.jackpotPool !== null) showJackpot(result.jackpotPool)
    } catch (error) {
      message.textContent = error instanceof GameApiError ? error.message : t('offline')
      if (error instanceof GameApiError && error.msgCode === 'reality_check_due')
        showRealityCheck(root, error.data as RealityCheck, t, tellParent)
      if (error instanceof GameApiError && error.msgCode === 'session_limit_reached')
        tellParent({ type: 'jl:close', message: error.message })
      if (error instanceof GameApiError && error.msgCode === 'insufficient_balance') {
        const deposit = el('button', { type: 'button', className: 'deposit', textContent: t('deposit') })
        deposit.onclick = () => tellParent({ type: 'jl:deposit' })
        message.append(' ', deposit)
      }
    } finally {
      state.busy = false
      showBet()
    }
  }

  const header = el(
    'header',
    { className: 'top' },
    el('h1', { textContent: game.name }),
    el('span', {
      className: 'rtp',
      textContent: `RTP ${figures.rtp.toFixed(2).replace('.', lang === 'pt-BR' ? ',' : '.')} %`,
    }),
  )
  const stats = el(
    'div',
    { className: 'stats' },
    el('span', {}, `${t('balance')} `, balance),
    el('span', {}, `${t('lastWin')} `, lastWin),
  )
  const controls = el(
    'div',
    { className: 'controls' },
    el('span', { className: 'bet' }, el('span', { textContent: t('bet') }), minus, betValue, plus),
    spinButton,
    infoButton,
  )
  root.replaceChildren(header, jackpot, stats, reels.element, message, controls, info)
  showJackpot(state.session.jackpot?.pool)
  showBet()
  const refresh = () =>
    ping()
      .then((live) => {
        showJackpot(live.jackpot?.pool)
        if (!state.busy) balance.textContent = money(live.balance.total)
        if (live.realityCheck) showRealityCheck(root, live.realityCheck, t, tellParent)
      })
      .catch((error: unknown) => {
        if (error instanceof GameApiError && error.msgCode === 'session_limit_reached')
          tellParent({ type: 'jl:close', message: error.message })
      })
  // The ping also keeps this session counted among the players now.
  setInterval(refresh, 30_000)
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return
    if ((event.data as { type?: unknown })?.type === 'jl:refresh') void refresh()
  })
}

function jackpotLine(state: State): string {
  const bet = state.game.betLevels[state.betIndex] as number
  return t('jackpotRule', {
    share: `${state.rule.shareBps / 100} %`,
    seed: money(state.rule.seed),
    odds: Math.round(1 / jackpotChance(state.rule, bet)).toLocaleString(lang),
  })
}

function infoPanel(state: State): HTMLElement {
  const { game, figures } = state
  const pct = (value: number, digits = 2) =>
    `${value.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`
  const rows = game.symbols
    .filter((s) => game.pays[s.id]?.some((p) => p > 0))
    .map((s) => {
      const pays = (game.pays[s.id] ?? [])
        .map((units, i) => (units > 0 ? `${i + 1}× → ${(units / game.divisor).toLocaleString(lang)}` : ''))
        .filter(Boolean)
        .join(' · ')
      const icon = el('span', { className: 'pay-icon', innerHTML: symbolSvg(s) })
      return el('li', {}, icon, el('span', { textContent: `${s.name}: ${pays}` }))
    })
  if (game.scatter) {
    const scatter = game.symbols.find((s) => s.id === game.scatter)
    if (scatter) {
      const pays = game.scatterPays
        .map((units, n) => (units > 0 ? `${n}× → ${(units / game.divisor).toLocaleString(lang)}` : ''))
        .filter(Boolean)
        .join(' · ')
      rows.push(
        el(
          'li',
          {},
          el('span', { className: 'pay-icon', innerHTML: symbolSvg(scatter) }),
          el('span', { textContent: `${scatter.name} (scatter): ${pays}` }),
        ),
      )
    }
  }
  const nonce = el('code', { className: 'fair-nonce', textContent: String(state.session.seed.nextNonce) })
  const panel = el(
    'section',
    { className: 'info', hidden: true },
    el('h2', { textContent: t('info') }),
    el(
      'p',
      {},
      el('strong', { textContent: `${t('rtp')}: ${pct(figures.rtp)}` }),
      ` (${t('baseRtp')} ${pct(figures.baseRtp)} + ${t('jackpotRtp')} ${pct(figures.jackpotRtp)})`,
    ),
    el('p', {
      textContent: `${t('volatility')}: ${t(figures.volatility)} · ${t('hitFrequency')}: ${pct(figures.hitFrequency, 1)} · ${t('maxWin')}: ${figures.maxWin.toLocaleString(lang)}×`,
    }),
    el('p', { textContent: game.layout === 'video-ways' ? t('ways') : t('lines') }),
    el('h3', { textContent: t(game.layout === 'video-ways' ? 'paytableWays' : 'paytableLines') }),
    el('ul', { className: 'paytable' }, ...rows),
    el('h3', { textContent: t('jackpot') }),
    el('p', { className: 'jackpot-chance', textContent: jackpotLine(state) }),
    el('h3', { textContent: t('fairness') }),
    el(
      'p',
      {},
      `${t('seedHash')}: `,
      el('code', { className: 'fair-hash', textContent: state.session.seed.serverSeedHash }),
    ),
    el(
      'p',
      {},
      `${t('clientSeed')}: `,
      el('code', { textContent: state.session.seed.clientSeed }),
      ` · ${t('nonce')}: `,
      nonce,
    ),
  )
  panel.dataset.testid = 'game-info'
  return panel
}

async function boot() {
  setLanguage(lang)
  document.documentElement.lang = lang
  const gameId = params.get('game') ?? ''
  const launch = params.get('launch') ?? ''
  // The launch token works once; a reload of this page cannot reuse it.
  history.replaceState(null, '', `${location.pathname}?game=${encodeURIComponent(gameId)}&lang=${lang}`)
  try {
    const [session, def] = await Promise.all([openSession(launch), loadGame(gameId)])
    tellParent({ type: 'jl:ready', gameId, balance: session.balance })
    render({ game: def.game, figures: def.figures, rule: def.jackpotRule, session, betIndex: 0, busy: false })
  } catch (error) {
    root.setAttribute('aria-busy', 'false')
    root.replaceChildren(
      el('p', { className: 'message fatal', textContent: error instanceof Error ? error.message : String(error) }),
    )
  }
}

void boot()
