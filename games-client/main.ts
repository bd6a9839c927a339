// The in-house game page, loaded in the app's full-screen game frame: it opens its
// session with the launch token, sets the player's first client seed in the browser if they
// have none (for the server seed committed before), draws the game from the catalog data and its
// sprite, and asks the server for every spin — one tap, one paid spin, never autoplay. A round's
// free spins are shown one after another on their own reels. Wins are marked and, only when
// more than the bet, celebrated (celebration.ts). It tells the parent app about balance and sound
// changes by postMessage — only to its own origin — and listens only to its parent on it.
import { plural, t } from '@lingui/core/macro'
import type { SessionView, SpinResult } from '../contract/games/api.ts'
import { backgroundUrl } from '../contract/games/art.ts'
import { evaluate, evaluateFreeSpin, type GameDef, winAmount } from '../contract/games/engine.ts'
import type { PublishedFigures } from '../contract/games/figures.ts'
import type { JackpotRule } from '../contract/games/jackpot.ts'
import { isLanguage } from '../contract/languages.ts'
import { formatMoney, formatPercent } from '../contract/money.ts'
import { chooseSeed, isRefusal, loadGame, openSession, ping, type RealityCheck, setLanguage, spin } from './api.ts'
import { presentation } from './celebration.ts'
import { el } from './dom.ts'
import { activateLanguage } from './i18n.ts'
import { infoPanel, volatilityName } from './info.ts'
import { showRealityCheck } from './reality-check.ts'
import { createReels, rasterSymbols } from './reels.ts'
import { bigWinShow, countUp } from './show.ts'
import { gameSound } from './sound.ts'
import { winMarks } from './wins.ts'
import './game.css'

const params = new URLSearchParams(location.search)
const requested = params.get('lang')
const lang = isLanguage(requested) ? requested : 'pt-BR'
const root = document.getElementById('game') as HTMLElement
const money = (minor: number) => formatMoney(minor)
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const calm = () => matchMedia('(prefers-reduced-motion: reduce)').matches

function tellParent(message: { type: string; [key: string]: unknown }) {
  if (window.parent !== window) window.parent.postMessage(message, location.origin)
}

interface State {
  game: GameDef
  figures: PublishedFigures
  rule: JackpotRule
  session: SessionView
  betIndex: number
  busy: boolean
}

const SPEAKER =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="M3 9v6h4l5 4V5L7 9H3z"/>' +
  '<path class="waves" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"/>' +
  '<path class="cross" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M16 9l6 6M22 9l-6 6"/></svg>'

/** The game definition a round was played on (a round can come from a version newer than the page). */
async function definitionOf(state: State, version: number): Promise<GameDef> {
  return version === state.game.version ? state.game : (await loadGame(state.game.id, version)).game
}

function render(state: State, symbolSources: ReadonlyMap<string, string>) {
  const { game, figures } = state
  root.style.setProperty('--bg', game.theme.background)
  root.style.setProperty('--accent', game.theme.accent)
  root.style.setProperty('--reel-bg', game.theme.reelBackground)
  root.style.setProperty('--scene', `url("${backgroundUrl(game.id)}")`)
  root.setAttribute('aria-busy', 'false')

  const sound = gameSound(
    params.get('sound') !== 'off',
    (on) => tellParent({ type: 'jl:sound', on }),
    [196, 220, 247, 262][game.id.length % 4] as number,
  )
  const balance = el('strong', { className: 'balance', textContent: money(state.session.balance.total) })
  balance.dataset.testid = 'game-balance'
  const lastWin = el('strong', { className: 'last-win', textContent: money(0) })
  lastWin.dataset.testid = 'game-last-win'
  const jackpot = el('strong', { className: 'jackpot-pool' })
  const message = el('p', { className: 'message', role: 'status' })
  message.dataset.testid = 'game-message'
  const betValue = el('output', { className: 'bet-value' })
  betValue.dataset.testid = 'game-bet'
  const minus = el('button', { type: 'button', className: 'bet-step', textContent: '−', ariaLabel: `${t`Aposta`} −` })
  const plus = el('button', { type: 'button', className: 'bet-step', textContent: '+', ariaLabel: `${t`Aposta`} +` })
  const spinButton = el('button', { type: 'button', className: 'spin' }, el('span', { textContent: t`Girar` }))
  spinButton.dataset.testid = 'game-spin'
  const infoButton = el('button', {
    type: 'button',
    className: 'info-button',
    textContent: 'i',
    ariaLabel: t`Regras e RTP`,
  })
  const soundButton = el('button', { type: 'button', className: 'sound-button', innerHTML: SPEAKER })
  soundButton.dataset.testid = 'game-sound'
  const banner = el('p', { className: 'feature-banner', hidden: true, role: 'status' })
  banner.dataset.testid = 'game-feature'
  const reels = createReels(
    game,
    lang,
    game.reels.map(() => 0),
    symbolSources,
  )
  reels.element.dataset.testid = 'game-reels'
  const marks = winMarks(game, reels, lang)
  const stage = el('div', { className: 'stage' }, reels.element, marks.overlay)
  const winLabel = el('span', { className: 'label', textContent: t`Ganho` })
  const info = infoPanel(game, figures, state.rule, lang)
  let lastStops = game.reels.map(() => 0)
  let skipping = false

  const showSound = () => {
    soundButton.setAttribute('aria-pressed', String(sound.on))
    soundButton.ariaLabel = sound.on ? t`Desligar som` : t`Ligar som`
    soundButton.classList.toggle('off', !sound.on)
  }
  const showJackpot = (pool: number | undefined) => {
    jackpot.textContent = pool ? `${t`Jackpot progressivo`}: ${money(pool)}` : ''
  }
  const showBet = () => {
    const bet = game.betLevels[state.betIndex] as number
    betValue.textContent = money(bet)
    minus.disabled = state.busy || state.betIndex === 0
    plus.disabled = state.busy || state.betIndex === game.betLevels.length - 1
    spinButton.disabled = state.busy
    info.update(bet, state.session.seed, state.session.nextServerSeedHash)
  }
  minus.onclick = () => {
    state.betIndex = Math.max(0, state.betIndex - 1)
    showBet()
  }
  plus.onclick = () => {
    state.betIndex = Math.min(game.betLevels.length - 1, state.betIndex + 1)
    showBet()
  }
  infoButton.setAttribute('aria-haspopup', 'dialog')
  infoButton.onclick = () => (info.isOpen ? info.close() : info.open())
  soundButton.onclick = () => {
    sound.set(!sound.on)
    showSound()
  }
  // A tap on the stage during a win's show ends it (the money is already counted).
  stage.onclick = () => {
    if (state.busy) skipping = true
  }

  /** Plays the round's free spins on their reels, one after another; resolves with their total. */
  async function playFreeSpins(def: GameDef, result: SpinResult, bet: number, baseWin: number): Promise<number> {
    const free = def.freeSpins
    if (!free || result.round.freeSpins.length === 0) return 0
    sound.play('freeSpins')
    banner.hidden = false
    banner.textContent = t`${plural({ n: result.round.freeSpins.length }, { one: '# rodada grátis!', other: '# rodadas grátis!' })} Ganhos ×${{ m: free.multiplier }}`
    await wait(skipping || calm() ? 150 : 1400)
    let total = 0
    for (const [i, stops] of result.round.freeSpins.entries()) {
      marks.clear()
      reels.start()
      const ticking = sound.spinning()
      await reels.stopAt(stops, free.reels, () => sound.play('reelStop'))
      ticking()
      const evaluation = evaluateFreeSpin(def, stops)
      const won = winAmount(def, bet, evaluation.units)
      total += won
      marks.show(evaluation, bet, true)
      banner.textContent = t`Rodada grátis ${{ i: i + 1 }} de ${{ n: result.round.freeSpins.length }}: ${{ amount: money(total) }}`
      lastWin.textContent = money(baseWin + total)
      await wait(skipping || calm() ? 120 : won > 0 ? 900 : 450)
    }
    banner.textContent = t`Rodadas grátis: ${{ amount: money(total) }}`
    reels.show(def.reels, result.round.stops)
    marks.show(evaluate(def, result.round.stops), bet, false)
    return total
  }

  /** Says and shows what the round won, celebrating only more than the bet. */
  async function present(result: SpinResult, bet: number) {
    const paid = result.round.win + result.round.jackpotWin
    const shown = presentation(paid, bet)
    const win = money(paid)
    const stake = money(bet)
    const won = t`Ganhou ${{ amount: win }}!`
    const words: Record<typeof shown.tier, string> = {
      loss: t`Sem ganho nesta rodada.`,
      partial: t`${win} de ${{ bet: stake }}`,
      returned: t`${win} de ${{ bet: stake }}: a aposta de volta`,
      win: won,
      big: won,
      mega: won,
      epic: won,
    }
    const said = result.round.jackpotWin > 0 ? t`JACKPOT! ${{ amount: win }}` : words[shown.tier]
    banner.hidden = true
    if (!shown.celebrate) {
      lastWin.textContent = money(paid)
      message.textContent = said
      return
    }
    if (result.round.jackpotWin > 0) sound.play('jackpot')
    else if (shown.sound) sound.win(shown.sound)
    lastWin.classList.add('glow')
    if (shown.show && (shown.tier === 'big' || shown.tier === 'mega' || shown.tier === 'epic')) {
      const title = { big: t`Grande ganho`, mega: t`Mega ganho`, epic: t`Ganho épico` }[shown.tier]
      const multiple = (paid / bet).toLocaleString(lang, { maximumFractionDigits: 1 })
      const overlay = bigWinShow(stage, shown.tier, title, t`${{ n: multiple }}× a aposta`)
      await Promise.all([
        countUp(overlay.amount, paid, shown.countUpMs, money, () => skipping),
        countUp(lastWin, paid, shown.countUpMs, money, () => skipping),
      ])
      await wait(skipping || calm() ? 0 : 1200)
      overlay.remove()
    } else {
      await countUp(lastWin, paid, shown.countUpMs, money, () => skipping)
    }
    lastWin.classList.remove('glow')
    message.textContent = said
  }

  // A spin sent whose answer never came (the connection dropped): the same requestId is asked
  // again when the connection returns or at the next tap, and the server answers the round it
  // made (or makes it, if the request never arrived) — never a second round.
  let pending: { bet: number; requestId: string } | null = null
  window.addEventListener('online', () => {
    if (pending && !state.busy) void runSpin()
  })

  spinButton.onclick = () => void runSpin()

  async function runSpin() {
    if (state.busy) return
    state.busy = true
    skipping = false
    showBet()
    message.textContent = ''
    banner.hidden = true
    marks.clear()
    delete root.dataset.tier
    winLabel.textContent = t`Ganho`
    const { bet, requestId } = pending ?? {
      bet: game.betLevels[state.betIndex] as number,
      requestId: crypto.randomUUID(),
    }
    pending = { bet, requestId }
    reels.start()
    const ticking = sound.spinning()
    try {
      // A lost answer is asked again with the same requestId: the server answers the same round.
      const result = await spin(bet, requestId)
        .catch((error: unknown) => {
          if (isRefusal(error)) throw error
          return spin(bet, requestId)
        })
        .catch((error: unknown) => {
          // The server answered (a refusal): nothing is left to resolve.
          if (isRefusal(error)) pending = null
          throw error
        })
      pending = null
      // The bet leaves the balance at once; the win lands when the round has been shown.
      balance.textContent = money(result.round.balanceBefore - bet)
      lastWin.textContent = money(0)
      const def = await definitionOf(state, result.round.gameVersion)
      // Set before the reels stop: a win below the bet is marked without any pulse or glow.
      const tier = presentation(result.round.win + result.round.jackpotWin, bet).tier
      root.dataset.tier = tier
      winLabel.textContent = tier === 'partial' || tier === 'returned' ? t`Retorno` : t`Ganho`
      await reels.stopAt(result.round.stops, def.reels, () => sound.play('reelStop'))
      ticking()
      lastStops = result.round.stops
      const evaluation = evaluate(def, result.round.stops)
      marks.show(evaluation, bet, false)
      if (result.round.freeSpins.length > 0) {
        const baseWin = winAmount(def, bet, evaluation.units)
        lastWin.textContent = money(baseWin)
        await playFreeSpins(def, result, bet, baseWin)
      }
      await present(result, bet)
      state.session.balance = result.balance
      balance.textContent = money(result.balance.total)
      state.session.seed = result.seed
      root.dataset.rounds = String(Number(root.dataset.rounds ?? 0) + 1)
      root.dataset.lastRound = result.round.roundId
      tellParent({ type: 'jl:balance', balance: result.balance, roundId: result.round.roundId })
      if (result.jackpotPool !== null) showJackpot(result.jackpotPool)
    } catch (error) {
      ticking()
      reels.show(game.reels, lastStops)
      message.textContent = isRefusal(error)
        ? error.message
        : t`Sem conexão. Esta rodada é conferida assim que a conexão voltar; nada é apostado duas vezes.`
      if (isRefusal(error) && error.msgCode === 'reality_check_due')
        showRealityCheck(root, error.data as RealityCheck, tellParent)
      if (isRefusal(error) && error.msgCode === 'session_limit_reached')
        tellParent({ type: 'jl:close', message: error.message })
      if (isRefusal(error) && error.msgCode === 'insufficient_balance') {
        const deposit = el('button', { type: 'button', className: 'deposit', textContent: t`Depositar` })
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
    el(
      'div',
      { className: 'title' },
      el('h1', { textContent: game.name }),
      el('span', {
        className: 'rtp',
        textContent: `RTP ${formatPercent(figures.rtp, 2, 2, lang)} · ${t`Volatilidade`} ${volatilityName(figures.volatility)}`,
      }),
    ),
    soundButton,
    infoButton,
  )
  const winPanel = el('div', { className: 'win-panel' }, winLabel, lastWin, message, banner)
  const controls = el(
    'div',
    { className: 'controls' },
    el(
      'div',
      { className: 'bet' },
      el('span', { className: 'label', textContent: t`Aposta` }),
      el('div', {}, minus, betValue, plus),
    ),
    spinButton,
    el('div', { className: 'wallet' }, el('span', { className: 'label', textContent: t`Saldo` }), balance),
  )
  // The reels take the height the other parts leave (game.css): the spin button is always in view.
  const stageArea = el('div', { className: 'stage-area' }, stage)
  root.replaceChildren(header, jackpot, stageArea, winPanel, marks.list, controls, info.element)
  showJackpot(state.session.jackpot?.pool)
  showBet()
  showSound()
  const refresh = () =>
    ping()
      .then((live) => {
        showJackpot(live.jackpot?.pool)
        if (!state.busy) balance.textContent = money(live.balance.total)
        if (live.realityCheck) showRealityCheck(root, live.realityCheck, tellParent)
      })
      .catch((error: unknown) => {
        if (isRefusal(error) && error.msgCode === 'session_limit_reached')
          tellParent({ type: 'jl:close', message: error.message })
      })
  // The ping also keeps this session counted among the players now.
  setInterval(refresh, 30_000)
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return
    const data = event.data as { type?: unknown; on?: unknown }
    if (data?.type === 'jl:refresh') void refresh()
    if (data?.type === 'jl:sound' && typeof data.on === 'boolean') {
      sound.set(data.on, true)
      showSound()
    }
  })
}

/** A client seed made here, in the browser: 128 random bits as hex. */
function browserClientSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function boot() {
  setLanguage(lang)
  document.documentElement.lang = lang
  const gameId = params.get('game') ?? ''
  const launch = params.get('launch') ?? ''
  // The launch token works once; a reload of this page cannot reuse it.
  history.replaceState(
    null,
    '',
    `${location.pathname}?game=${encodeURIComponent(gameId)}&lang=${lang}&sound=${params.get('sound') ?? 'on'}`,
  )
  try {
    // The symbols are drawn and the page's catalog loaded while the session opens.
    const [session, [def, symbolSources]] = await Promise.all([
      openSession(launch),
      loadGame(gameId).then(async (def) => [def, await rasterSymbols(def.game)] as const),
      activateLanguage(lang),
    ])
    if (!session.seed) {
      // First play: the server seed was committed (its hash is in the session) before this seed exists.
      const choice = await chooseSeed(browserClientSeed(), session.nextServerSeedHash)
      session.seed = choice.seed
      session.nextServerSeedHash = choice.nextServerSeedHash
    }
    tellParent({ type: 'jl:ready', gameId, balance: session.balance })
    render(
      { game: def.game, figures: def.figures, rule: def.jackpotRule, session, betIndex: 0, busy: false },
      symbolSources,
    )
  } catch (error) {
    root.setAttribute('aria-busy', 'false')
    root.replaceChildren(
      el('p', { className: 'message fatal', textContent: error instanceof Error ? error.message : String(error) }),
    )
  }
}

void boot()
