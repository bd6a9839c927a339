// Every harm marker at its threshold and one below it, from inputs built to measure exactly that
// value (one builder per rule, keyed by every rule's name, so a new rule without its test does
// not compile); the night and chase windows' edges; distress words with and without accents; the
// score as the sum of the fired weights, and its levels at each boundary.
import { describe, expect, it } from 'vitest'
import { type HarmRuleName, harmRuleNames } from '../../contract/harm.ts'
import { loadConfig } from '../config.ts'
import { localDayBounds } from '../lib/periods.ts'
import { evaluateMarkers, type HarmInput, harmLevel, harmRules, harmScore, hasDistressWord } from './rules.ts'

const TZ = 'America/Sao_Paulo'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// 15:00 in São Paulo on 2026-11-20.
const NOW = Date.UTC(2026, 10, 20, 18, 0)
const TODAY = '2026-11-20'
const t = loadConfig({}).harm

const empty: HarmInput = {
  now: NOW,
  timeZone: TZ,
  deposits: [],
  rounds: [],
  days: [],
  lossLimitDay: null,
  sessions: [],
  reversedWithdrawals: 0,
  limitRaises: 0,
  realityDismissals: 0,
  messages: [],
}

const times = <T>(n: number, at: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => at(i))

/** An input whose rule measures exactly `n` (n ≥ 1). */
const measuring: Record<HarmRuleName, (n: number) => Partial<HarmInput>> = {
  deposits_per_day: (n) => ({ deposits: times(n, (i) => ({ at: NOW - i * MINUTE, amount: 1000 })) }),
  // Six deposits in the six days before make a mean of one a day: n today is n × 100 %.
  deposit_acceleration: (n) => ({
    deposits: [
      ...times(6, (i) => ({ at: NOW - (i + 1) * DAY - HOUR, amount: 1000 })),
      ...times(n / 100, (i) => ({ at: NOW - i * MINUTE, amount: 1000 })),
    ],
  }),
  chasing_losses: (n) => ({
    deposits: times(n, (i) => ({ at: NOW - i * 2 * HOUR, amount: 1000 })),
    rounds: times(n, (i) => ({ at: NOW - i * 2 * HOUR - t.chaseMinutes * MINUTE + 1, bet: 500, win: 0 })),
  }),
  loss_of_limit: (n) => ({ lossLimitDay: 10_000, days: [{ date: TODAY, rounds: 10, bets: n * 100, wins: 0 }] }),
  // n nights, each with a session from 01:00 to 01:30 local (04:00 UTC).
  night_play: (n) => ({
    sessions: times(n, (i) => {
      const opened = localDayBounds(TODAY, TZ).start - i * DAY + HOUR
      return { openedAt: opened, endAt: opened + 30 * MINUTE }
    }),
  }),
  long_session: (n) => ({ sessions: [{ openedAt: NOW - n * MINUTE, endAt: NOW }] }),
  session_frequency: (n) => ({
    sessions: times(n, (i) => ({ openedAt: NOW - i * HOUR, endAt: NOW - i * HOUR + MINUTE })),
  }),
  reversed_withdrawals: (n) => ({ reversedWithdrawals: n }),
  limit_raises: (n) => ({ limitRaises: n }),
  // A mean stake of 100 before today, n today (n as a percentage of it).
  rising_stakes: (n) => ({
    days: [
      { date: '2026-11-18', rounds: 10, bets: 1000, wins: 0 },
      { date: TODAY, rounds: 10, bets: n * 10, wins: 0 },
    ],
  }),
  reality_check_dismissals: (n) => ({ realityDismissals: n }),
  distress_words: (n) => ({ messages: ['Oi, como saco?', ...times(n, () => 'Perdi tudo, estou desesperado')] }),
}

const marker = (input: Partial<HarmInput>, rule: HarmRuleName) => {
  const found = evaluateMarkers({ ...empty, ...input }, t).find((m) => m.rule === rule)
  if (!found) throw new Error(`no marker ${rule}`)
  return found
}

describe('harm markers', () => {
  it('nothing fires for a player with no records', () => {
    const markers = evaluateMarkers(empty, t)
    expect(markers.map((m) => m.rule)).toEqual([...harmRuleNames])
    expect(markers.filter((m) => m.fired)).toEqual([])
    expect(harmScore(markers)).toBe(0)
  })

  it.each(harmRuleNames)('%s fires at its threshold and not one below it', (rule) => {
    const threshold = harmRules[rule].threshold(t)
    // The acceleration is measured in whole deposits of a 100 % mean: one deposit is one step.
    const step = rule === 'deposit_acceleration' ? 100 : 1
    const at = marker(measuring[rule](threshold), rule)
    expect(at).toMatchObject({ value: threshold, threshold, fired: true, version: 1 })
    const below = marker(measuring[rule](threshold - step), rule)
    expect(below).toMatchObject({ value: threshold - step, fired: false })
  })

  it('a deposit counts as chasing only after rounds that lost money within the chase window', () => {
    const deposit = { at: NOW, amount: 1000 }
    const lost = { at: NOW - 10 * MINUTE, bet: 500, win: 0 }
    expect(marker({ deposits: [deposit], rounds: [lost] }, 'chasing_losses').value).toBe(1)
    expect(marker({ deposits: [deposit], rounds: [{ ...lost, win: 900 }] }, 'chasing_losses').value).toBe(0)
    const early = { ...lost, at: NOW - t.chaseMinutes * MINUTE - 1 }
    expect(marker({ deposits: [deposit], rounds: [early] }, 'chasing_losses').value).toBe(0)
  })

  it('night play counts local nights (market time zone), not UTC ones', () => {
    // Yesterday 22:00–23:00 in São Paulo is 01:00–02:00 UTC: not the night there.
    const evening = localDayBounds(TODAY, TZ).start - 2 * HOUR
    expect(marker({ sessions: [{ openedAt: evening, endAt: evening + HOUR }] }, 'night_play').value).toBe(0)
    // 05:45–06:00 local is the night's last quarter hour.
    const dawn = localDayBounds(TODAY, TZ).start + 5 * HOUR + 45 * MINUTE
    expect(marker({ sessions: [{ openedAt: dawn, endAt: dawn + 10 * MINUTE }] }, 'night_play').value).toBe(1)
  })

  it("the loss marker needs the player's own daily limit: without one it measures 0", () => {
    expect(marker({ days: [{ date: TODAY, rounds: 5, bets: 100_000, wins: 0 }] }, 'loss_of_limit').value).toBe(0)
  })

  it('distress words are found in pt-BR and en, with or without accents, as whole words', () => {
    expect(hasDistressWord('Estou DESESPERADA, não aguento mais')).toBe(true)
    expect(hasDistressWord('nao consigo parar de jogar')).toBe(true)
    expect(hasDistressWord('I think I am addicted')).toBe(true)
    expect(hasDistressWord('I can’t stop')).toBe(true)
    expect(hasDistressWord('Quero ajuda com meu saque')).toBe(false)
    expect(hasDistressWord('viciadão em futebol? não, só pergunta do bônus')).toBe(false)
  })

  it('the score sums the fired weights, and the levels start at HARM_LEVELS', () => {
    const input = { ...empty, ...measuring.chasing_losses(t.chaseDeposits), realityDismissals: t.realityDismissals }
    const markers = evaluateMarkers(input, t)
    const fired = markers.filter((m) => m.fired).map((m) => m.rule)
    // Three deposits in a day from none before is also an acceleration (from one a day).
    expect(fired.sort()).toEqual(['chasing_losses', 'deposit_acceleration', 'reality_check_dismissals'])
    const { chasing_losses, deposit_acceleration, reality_check_dismissals } = harmRules
    expect(harmScore(markers)).toBe(
      chasing_losses.weight + deposit_acceleration.weight + reality_check_dismissals.weight,
    )
    expect(t.levels).toEqual([3, 5, 8, 11])
    expect([0, 2, 3, 4, 5, 7, 8, 10, 11, 40].map((s) => harmLevel(s, t.levels))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
  })
})
