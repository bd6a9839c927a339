// The money watch's rules on their own: each fires at its threshold and not below it, and names
// the figures that fired it.
import { describe, expect, it } from 'vitest'
import type { WatchedDeposit, WatchedWithdrawal } from '../payments/money-watch-queries.ts'
import { evaluateRules, type RuleInput, STAKE_BASELINE_ROUNDS, type Thresholds } from './rules.ts'

const NOW = Date.UTC(2026, 10, 27, 15, 0)
const HOUR = 3600_000
const thresholds: Thresholds = {
  lookbackDays: 7,
  minPlayPercent: 50,
  maxPayers: 3,
  maxPayoutKeys: 3,
  linkedAccounts: 2,
  cyclesPerDay: 3,
  structuringPercent: 10,
  structuringCount: 3,
  stakeJumpFactor: 5,
  reviewAbove: 100_000,
}

let n = 0
const deposit = (amount: number, at: number, payers = ['11111111111']): WatchedDeposit => ({
  id: `D${++n}`,
  amount,
  status: 'paid',
  createdAt: at - 60_000,
  paidAt: at,
  paidAmount: amount,
  payerCpfs: payers,
})
const withdrawal = (amount: number, at: number, key = '11111111111', status = 'processing'): WatchedWithdrawal => ({
  id: `W${++n}`,
  amount,
  status,
  keyType: 'cpf',
  pixKey: key,
  keyMasked: 'masked',
  createdAt: at,
  phase: status === 'processing' ? 'at_bank' : 'paid',
  sendAfter: null,
})
const input = (over: Partial<RuleInput>): RuleInput => ({
  now: NOW,
  deposits: [],
  withdrawals: [],
  playerCpf: '11111111111',
  stakedSinceDeposits: 0,
  days: [],
  today: '2026-11-27',
  lifetime: { deposited: 0, deposits: 0, withdrawn: 0, promotions: 0 },
  links: [],
  ...over,
})
const rules = (over: Partial<RuleInput>, t: Partial<Thresholds> = {}) =>
  evaluateRules(input(over), { ...thresholds, ...t }).map((f) => f.rule)

describe('money-watch rules', () => {
  it('little_play: a deposit withdrawn with less play than the share asked, not with enough play', () => {
    const money = { deposits: [deposit(10_000, NOW - HOUR)], withdrawals: [withdrawal(10_000, NOW)] }
    const [finding] = evaluateRules(input({ ...money, stakedSinceDeposits: 4_999 }), thresholds)
    expect(finding).toEqual({
      rule: 'little_play',
      reasons: {
        deposits: 1,
        deposited: 10_000,
        staked: 4_999,
        withdrawn: 10_000,
        minPlayPercent: 50,
        lookbackDays: 7,
      },
    })
    expect(rules({ ...money, stakedSinceDeposits: 5_000 })).toEqual([])
    // No withdrawal, nothing out: no flag.
    expect(rules({ deposits: money.deposits })).toEqual([])
  })

  it('many_payers: deposits paid by the threshold of different CPFs, someone else counted too', () => {
    const two = [deposit(1000, NOW - 3 * HOUR, ['11111111111']), deposit(1000, NOW - 2 * HOUR, ['22222222222'])]
    expect(rules({ deposits: two })).toEqual([])
    const three = [...two, { ...deposit(1000, NOW - HOUR, ['33333333333']), status: 'pending', paidAt: null }]
    const [finding] = evaluateRules(input({ deposits: three }), thresholds)
    expect(finding).toEqual({
      rule: 'many_payers',
      reasons: { payers: 3, notThePlayer: 2, maxPayers: 3, lookbackDays: 7 },
    })
  })

  it('many_payout_keys: withdrawals to the threshold of different keys; failed ones do not count', () => {
    const keys = ['a@x.example', 'b@x.example', 'c@x.example']
    const out = keys.map((key, i) => withdrawal(1000, NOW - i * HOUR, key))
    expect(rules({ withdrawals: out, stakedSinceDeposits: 0 })).toEqual(['many_payout_keys'])
    const failed = { ...(out[2] as WatchedWithdrawal), status: 'failed' }
    expect(rules({ withdrawals: [out[0] as WatchedWithdrawal, out[1] as WatchedWithdrawal, failed] })).toEqual([])
  })

  it('rapid_cycles: three deposit-then-withdrawal cycles within 24 h, not two, not two deposits before one withdrawal', () => {
    const cycle = (h: number) => ({ d: deposit(5000, NOW - h * HOUR), w: withdrawal(5000, NOW - h * HOUR + 600_000) })
    const cycles = [cycle(20), cycle(10), cycle(2)]
    const fired = evaluateRules(
      input({ deposits: cycles.map((c) => c.d), withdrawals: cycles.map((c) => c.w), stakedSinceDeposits: 1_000_000 }),
      thresholds,
    )
    expect(fired).toEqual([{ rule: 'rapid_cycles', reasons: { cycles: 3, hours: 24, cyclesPerDay: 3 } }])
    // The oldest cycle outside the 24 hours: two.
    const older = [cycle(30), cycle(10), cycle(2)]
    expect(
      rules({ deposits: older.map((c) => c.d), withdrawals: older.map((c) => c.w), stakedSinceDeposits: 1_000_000 }),
    ).toEqual([])
  })

  it('structuring: withdrawals just under the review threshold, counted from (100 − percent)% of it', () => {
    const just = [99_000, 95_000, 90_000].map((a, i) => withdrawal(a, NOW - i * HOUR))
    const [finding] = evaluateRules(input({ withdrawals: just }), thresholds)
    expect(finding).toEqual({
      rule: 'structuring',
      reasons: {
        justUnder: 3,
        total: 284_000,
        from: 90_000,
        reviewAbove: 100_000,
        structuringCount: 3,
        lookbackDays: 7,
      },
    })
    const oneLow = [99_000, 95_000, 89_999].map((a, i) => withdrawal(a, NOW - i * HOUR))
    expect(rules({ withdrawals: oneLow })).toEqual([])
  })

  it('stake_change: today’s average stake at the factor over the usual one, with enough rounds before', () => {
    const before = { date: '2026-11-25', rounds: STAKE_BASELINE_ROUNDS, bets: STAKE_BASELINE_ROUNDS * 100, wins: 0 }
    const today = { date: '2026-11-27', rounds: 4, bets: 4 * 500, wins: 0 }
    const [finding] = evaluateRules(input({ days: [before, today] }), thresholds)
    expect(finding).toEqual({
      rule: 'stake_change',
      reasons: {
        averageStakeToday: 500,
        roundsToday: 4,
        usualStake: 100,
        usualRounds: STAKE_BASELINE_ROUNDS,
        stakeJumpFactor: 5,
        lookbackDays: 7,
      },
    })
    expect(rules({ days: [before, { ...today, bets: 4 * 499 }] })).toEqual([])
    expect(rules({ days: [{ ...before, rounds: STAKE_BASELINE_ROUNDS - 1 }, today] })).toEqual([])
  })

  it('promotion_only: money out with no deposit ever, or beyond the deposits with promotions covering it', () => {
    const farm = { deposited: 0, deposits: 0, withdrawn: 1_120, promotions: 10_350 }
    expect(evaluateRules(input({ lifetime: farm }), thresholds)).toEqual([
      {
        rule: 'promotion_only',
        reasons: { deposits: 0, depositedEver: 0, withdrawnEver: 1_120, promotions: 10_350, beyondDeposits: 1_120 },
      },
    ])
    // More out than in, the difference covered by promotion money.
    expect(rules({ lifetime: { deposited: 2_000, deposits: 1, withdrawn: 5_000, promotions: 3_000 } })).toEqual([
      'promotion_only',
    ])
    // A winner: the difference is more than promotions ever gave.
    expect(rules({ lifetime: { deposited: 2_000, deposits: 1, withdrawn: 5_000, promotions: 2_999 } })).toEqual([])
    // Within the deposits, or no promotion money at all (cash from elsewhere).
    expect(rules({ lifetime: { deposited: 5_000, deposits: 1, withdrawn: 5_000, promotions: 10_000 } })).toEqual([])
    expect(rules({ lifetime: { deposited: 0, deposits: 0, withdrawn: 5_000, promotions: 0 } })).toEqual([])
  })

  it('linked_accounts: this many accounts sharing a device, address, payer or payout account, each named', () => {
    const links = [
      { playerId: 15, via: 'device' as const },
      { playerId: 12, via: 'payer' as const },
      { playerId: 15, via: 'address' as const },
    ]
    expect(evaluateRules(input({ links }), { ...thresholds, linkedAccounts: 3 })).toEqual([
      {
        rule: 'linked_accounts',
        reasons: {
          linked: 2,
          viaDevice: 1,
          viaAddress: 1,
          viaPayer: 1,
          viaPayoutAccount: 0,
          linkedAccounts: 3,
          accounts: '#12 #15',
        },
      },
    ])
    expect(rules({ links }, { linkedAccounts: 4 })).toEqual([])
    expect(rules({ links: [] }, { linkedAccounts: 2 })).toEqual([])
  })
})
