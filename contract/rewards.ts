// Reward calls (SPEC 7, 9): promotions and their terms, the new-player gift, daily sign-in, the
// free wheel, play tasks, invites and one-time prompts. No request carries an amount: the server
// decides every reward. Amounts are integer centavos, times epoch ms.
import { z } from 'zod'
import { type FirstDepositOffer, requestId } from './deposits.ts'
import type { PromotionKey } from './promotion-keys.ts'
import { type TaskConfigKey, taskConfigKeys } from './tasks.ts'

export type { TaskConfigKey }

export const emptyRequest = z.strictObject({})
export const wheelSpinRequest = z.strictObject({ requestId })
export const inviteClaimRequest = z.strictObject({ requestId })

export const taskListRequest = z.strictObject({ configKey: z.enum(taskConfigKeys).optional() })
export const taskRequest = z.strictObject({ taskId: z.string().regex(/^[a-z0-9-]{1,60}$/) })

export const prompts = ['newcomer_game', 'first_deposit'] as const
export type PromptKey = (typeof prompts)[number]
export const promptShownRequest = z.strictObject({ prompt: z.enum(prompts) })

/** One active promotion with its terms (shown before it is accepted). */
export interface PromotionTerms {
  key: PromotionKey
  /** What it gives: a fixed amount, or for the wheel the prizes, for sign-in the seven days. */
  amounts: number[]
  /** The 7th consecutive sign-in day adds this. */
  streakBonus?: number
  /** For the first deposit: bonus = rate × deposit up to maxDeposit. */
  rate?: number
  maxDeposit?: number
  /** For the wheel: each prize's probability in basis points (sums to 10 000). */
  probabilities?: number[]
  intervalSeconds?: number
  /** The bonus must be bet this many times before it becomes cash. */
  wageringMultiplier: number
  /** Promotional bonus in this product has no expiry. */
  expiresAt: null
}

export interface PromotionsView {
  /** The master switch (Lei 14.790/2023 art. 29): false turns every promotion off. */
  enabled: boolean
  /** Self-excluded players see no promotions until the break ends. */
  blockedUntil: number | null
  selfExcluded: boolean
  promotions: PromotionTerms[]
}

/** What the home needs to badge its buttons and decide its prompts, in one call. */
export interface RewardsSummary {
  enabled: boolean
  /** Why no promotion is offered: the master switch is off, or the player is on a break. */
  blocked: 'promotions_off' | 'self_excluded' | null
  gift: { available: boolean; amount: number; wageringMultiplier: number } | null
  signIn: { signedToday: boolean } | null
  wheel: { nextSpinAt: number | null } | null
  tasks: { claimable: number; showFlag: 0 | 1 } | null
  invites: { claimable: number } | null
  download: { claimed: boolean; amount: number } | null
  /**
   * newcomerGame: the one-time welcome (the gift envelope when available, then a first game);
   * firstDeposit: the offer's terms while the player never deposited (once a day).
   */
  prompts: { newcomerGame: boolean; firstDeposit: FirstDepositOffer | null }
  serverTime: number
}

export interface RewardCredit {
  amount: number
  /** The wagering this credit adds: amount × multiplier. */
  wageringAdded: number
  balance: { total: number; cash: number; bonus: number }
}

export type SignDayState = 'signed' | 'today' | 'signed_today' | 'upcoming'

export interface SignInfo {
  days: { day: number; amount: number; bonus: number; state: SignDayState }[]
  /** Consecutive days signed up to today (today counted once signed). */
  streak: number
  signedToday: boolean
  /** Today's place in the 7-day streak (1–7). */
  todayDay: number
  /** When today ends (midnight in São Paulo). */
  dayEndsAt: number
  wageringMultiplier: number
  serverTime: number
}

export interface SignReward extends RewardCredit {
  day: number
  streakBonus: number
}

export interface WheelInfo {
  prizes: { amount: number; probability: number }[]
  intervalSeconds: number
  /** Null when a spin is available now. */
  nextSpinAt: number | null
  lastPrize: number | null
  wageringMultiplier: number
  serverTime: number
}

export interface WheelSpin extends RewardCredit {
  prizeIndex: number
  nextSpinAt: number
  replayed: boolean
}

/** gotFlag: 0 not yet done, 1 done and claimable, 2 claimed. */
export type GotFlag = 0 | 1 | 2

export interface TaskView {
  taskId: string
  configKey: TaskConfigKey
  gameId: string
  gameName: string
  /** Spins needed. */
  target: number
  /** Real rounds of the game counted so far (capped at target). */
  progress: number
  reward: number
  gotFlag: GotFlag
  /** Daily tasks restart at this time; newcomer tasks never restart (null). */
  resetsAt: number | null
  wageringMultiplier: number
}

export interface TaskProcess {
  tasks: TaskView[]
  /** 1 when a task became claimable since the player last saw the flag. */
  showFlag: 0 | 1
}

export interface ShareInfo {
  code: string
  shareUrl: string
}

export interface InviteStats {
  today: { signUps: number; qualified: number; rewards: number }
  total: { signUps: number; qualified: number; rewards: number }
  claimable: number
  received: number
  rewardPerInvite: number
  wageringMultiplier: number
}
