// Reward calls: promotions and their terms, the new-player gift, daily sign-in, the
// free wheel, play tasks, invites and one-time prompts. No request carries an amount: the server
// decides every reward. Amounts are integer centavos, times epoch ms.
import { z } from 'zod'
import { firstDepositOffer, requestId } from './deposits.ts'
import { type PromotionKey, promotionKeys } from './promotion-keys.ts'
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

export type { PromotionKey }

const money = z.number().int()
const wageringMultiplier = z
  .number()
  .meta({ description: 'The bonus must be bet this many times before it becomes cash.' })

/** One active promotion with its terms (shown before it is accepted). */
export const promotionTerms = z.object({
  key: z.enum(promotionKeys),
  amounts: z
    .array(money)
    .meta({ description: 'What it gives: a fixed amount, or for the wheel the prizes, for sign-in the seven days.' }),
  streakBonus: money.optional().meta({ description: 'The 7th consecutive sign-in day adds this.' }),
  rate: z.number().optional().meta({ description: 'For the first deposit: bonus = rate × deposit up to maxDeposit.' }),
  maxDeposit: money.optional(),
  probabilities: z
    .array(z.number().min(0).max(1))
    .optional()
    .meta({ description: "For the wheel: each prize's probability as a fraction (they sum to 1)." }),
  intervalSeconds: z.number().int().optional(),
  wageringMultiplier,
  expiresAt: z.null().meta({ description: 'Promotional bonus in this product has no expiry.' }),
})
export type PromotionTerms = z.infer<typeof promotionTerms>

export const promotionsView = z.object({
  enabled: z.boolean().meta({ description: 'The master switch (Lei 14.790/2023 art. 29).' }),
  blockedUntil: z.number().int().nullable(),
  selfExcluded: z.boolean(),
  promotions: z.array(promotionTerms),
})
export type PromotionsView = z.infer<typeof promotionsView>

/** What the home needs to badge its buttons and decide its prompts, in one call. */
export const rewardsSummary = z.object({
  enabled: z.boolean(),
  blocked: z.enum(['promotions_off', 'self_excluded', 'account_frozen']).nullable(),
  verified: z.boolean().meta({
    description: 'Promotions credit only verified players: false until name, CPF and date of birth are settled.',
  }),
  limitsSet: z.boolean().meta({
    description:
      'Promotions and play wait for the registration limits (a daily loss and a daily time limit): false until both are set.',
  }),
  gift: z.object({ available: z.boolean(), amount: money, wageringMultiplier }).nullable(),
  signIn: z.object({ signedToday: z.boolean() }).nullable(),
  wheel: z.object({ nextSpinAt: z.number().int().nullable() }).nullable(),
  tasks: z.object({ claimable: z.number().int(), showFlag: z.union([z.literal(0), z.literal(1)]) }).nullable(),
  invites: z.object({ claimable: money }).nullable(),
  download: z.object({ claimed: z.boolean(), amount: money }).nullable(),
  forbidden: z.array(z.object({ key: z.enum(promotionKeys), rule: z.string() })).meta({
    description:
      "The promotions this market's rules forbid, with the rule: never offered here, whatever a setting says (their parts above are null).",
  }),
  prompts: z.object({ newcomerGame: z.boolean(), firstDeposit: firstDepositOffer.nullable() }),
  serverTime: z.number().int(),
})
export type RewardsSummary = z.infer<typeof rewardsSummary>

const balances = z.object({ total: money, cash: money, bonus: money })
export const rewardCredit = z.object({
  amount: money,
  wageringAdded: money.meta({ description: 'The wagering this credit adds: amount × multiplier.' }),
  balance: balances,
})
export type RewardCredit = z.infer<typeof rewardCredit>

export const signDayStates = ['signed', 'today', 'signed_today', 'upcoming'] as const
export type SignDayState = (typeof signDayStates)[number]

export const signInfo = z.object({
  days: z.array(z.object({ day: z.number().int(), amount: money, bonus: money, state: z.enum(signDayStates) })),
  streak: z.number().int().meta({ description: 'Consecutive days signed up to today.' }),
  signedToday: z.boolean(),
  todayDay: z.number().int().meta({ description: "Today's place in the 7-day streak (1–7)." }),
  dayEndsAt: z.number().int().meta({ description: "When today ends (midnight in the market's time zone)." }),
  wageringMultiplier,
  serverTime: z.number().int(),
})
export type SignInfo = z.infer<typeof signInfo>

export const signReward = rewardCredit.extend({ day: z.number().int(), streakBonus: money })
export type SignReward = z.infer<typeof signReward>

export const wheelInfo = z.object({
  prizes: z.array(z.object({ amount: money, probability: z.number() })),
  intervalSeconds: z.number().int(),
  nextSpinAt: z.number().int().nullable().meta({ description: 'Null when a spin is available now.' }),
  lastPrize: money.nullable(),
  wageringMultiplier,
  serverTime: z.number().int(),
})
export type WheelInfo = z.infer<typeof wheelInfo>

export const wheelSpin = rewardCredit.extend({
  prizeIndex: z.number().int(),
  nextSpinAt: z.number().int(),
  replayed: z.boolean(),
})
export type WheelSpin = z.infer<typeof wheelSpin>

/** gotFlag: 0 not yet done, 1 done and claimable, 2 claimed. */
export type GotFlag = 0 | 1 | 2

export const taskView = z.object({
  taskId: z.string(),
  configKey: z.enum(taskConfigKeys),
  gameId: z.string(),
  gameName: z.string(),
  target: z.number().int().meta({ description: 'Spins needed.' }),
  progress: z.number().int().meta({ description: 'Real rounds of the game counted so far (capped at target).' }),
  reward: money,
  gotFlag: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .meta({ description: '0 not yet done, 1 done and claimable, 2 claimed.' }),
  resetsAt: z.number().int().nullable().meta({ description: 'Daily tasks restart then; newcomer tasks never (null).' }),
  wageringMultiplier,
})
export type TaskView = z.infer<typeof taskView>

export const taskProcess = z.object({
  tasks: z.array(taskView),
  showFlag: z.union([z.literal(0), z.literal(1)]),
})
export type TaskProcess = z.infer<typeof taskProcess>

export const shareInfo = z.object({ code: z.string(), shareUrl: z.string() })
export type ShareInfo = z.infer<typeof shareInfo>

const inviteFigures = z.object({ signUps: z.number().int(), qualified: z.number().int(), rewards: money })
export const inviteStats = z.object({
  today: inviteFigures,
  total: inviteFigures,
  claimable: money,
  received: money,
  rewardPerInvite: money,
  wageringMultiplier,
})
export type InviteStats = z.infer<typeof inviteStats>
