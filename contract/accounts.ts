// Request and response schemas of the account calls (SPEC 2, 9), shared by server and client.
import { z } from 'zod'
import { cleanEntryParam, passwordRule, userNameRule } from './credentials.ts'
import { languages } from './languages.ts'

const entryParam = z.string().max(256).transform(cleanEntryParam).optional()

export const deviceLoginRequest = z.strictObject({
  deviceId: z.uuid(),
  extensionCode: entryParam,
  registChannel: entryParam,
  apiType: z.literal(0).optional(),
  ageConfirmed: z.boolean().optional(),
  language: z.enum(languages).optional(),
})

export const userName = z.string().trim().min(userNameRule.min).max(userNameRule.max).regex(userNameRule.pattern)
export const password = z.string().min(passwordRule.min).max(passwordRule.max)

export const credentialLoginRequest = z.strictObject({
  userName,
  password,
  apiType: z.literal(1),
  ageConfirmed: z.boolean().optional(),
})

export const loginRequest = z.union([deviceLoginRequest, credentialLoginRequest])
export type LoginRequest = z.infer<typeof loginRequest>

export const loginResponse = z.object({
  token: z.string(),
  userId: z.number().int(),
  deviceId: z.string(),
  gold: z.number().int(),
  isRegister: z.union([z.literal(0), z.literal(1)]),
  language: z.enum(languages),
})
export type LoginResponse = z.infer<typeof loginResponse>

export const bindRequest = z
  .strictObject({ userName, password, confirmPassword: password })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'password_mismatch',
  })
export type BindRequest = z.infer<typeof bindRequest>

export const setLangRequest = z.strictObject({ language: z.enum(languages) })

export const accountInfo = z.object({
  userId: z.number().int(),
  userName: z.string().nullable(),
  bound: z.boolean(),
  language: z.enum(languages),
  gold: z.number().int(),
  balance: z.object({ total: z.number().int(), cash: z.number().int(), bonus: z.number().int() }),
  /** Bonus wagering: how much must be bet before the bonus becomes cash, and how much has been. */
  wagering: z.object({ required: z.number().int(), wagered: z.number().int(), remaining: z.number().int() }),
  reloginFlag: z.union([z.literal(0), z.literal(1)]),
  /** Full name + CPF given (needed before the first deposit). */
  verification: z.object({ verified: z.boolean() }),
  /** 1 while the player has never had a deposit paid (the first-deposit offer may apply). */
  firstCharge: z.union([z.literal(0), z.literal(1)]),
  /** Paid deposits so far. */
  chargeValidNum: z.number().int(),
  /** Every reward credited to this player so far (gift, sign-ins, wheel, tasks, invites, download). */
  rewardAmount: z.number().int(),
  /** Active self-exclusion (until: epoch ms, null = permanent), or null. */
  selfExclusion: z.object({ until: z.number().int().nullable() }).nullable(),
})
export type AccountInfo = z.infer<typeof accountInfo>
