// Request and response schemas of the account calls, shared by server and client.
import { z } from 'zod'
import { adClickFields } from './attribution.ts'
import { cleanEntryParam, passwordRule, userNameRule } from './credentials.ts'
import { languages } from './languages.ts'
import { normalizeResetCode } from './reset-code.ts'
import { birthDate, cpfField } from './verification.ts'

const entryParam = z.string().max(256).transform(cleanEntryParam).optional()

/** A device id: a random UUID v4 (the nil UUID and other versions are refused). */
export const deviceId = z.uuidv4()
/** The secret the server issued to a device (256 bits, base64url). */
export const deviceSecret = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

export const deviceLoginRequest = z.strictObject({
  deviceId,
  /** Absent only on a device's first login, when the server issues it. */
  deviceSecret: deviceSecret.optional(),
  extensionCode: entryParam,
  registChannel: entryParam,
  apiType: z.literal(0).optional(),
  ageConfirmed: z.boolean().optional(),
  language: z.enum(languages).optional(),
  /** The ad click: kept only if the player agreed to marketing attribution. */
  ...adClickFields,
})

export const userName = z.string().trim().min(userNameRule.min).max(userNameRule.max).regex(userNameRule.pattern)
/** A new password (bind or change). The server also refuses the most common ones. */
export const password = z.string().min(passwordRule.min).max(passwordRule.max)
/** A password to log in with: accounts bound under the older 6–15 rule still log in. */
export const loginPassword = z.string().min(1).max(passwordRule.max)

export const credentialLoginRequest = z.strictObject({
  userName,
  password: loginPassword,
  apiType: z.literal(1),
  ageConfirmed: z.boolean().optional(),
  /** The device the login comes from (failed logins are also counted per device). */
  deviceId: z.uuid().optional(),
  /** With the device's secret, the same device logs in again (its session ended idle) instead of a new one. */
  deviceSecret: deviceSecret.optional(),
  ...adClickFields,
})

export const loginRequest = z.union([deviceLoginRequest, credentialLoginRequest])

export const loginResponse = z.object({
  token: z.string(),
  userId: z.number().int(),
  deviceId: z.string(),
  /** Issued with a new device (first login, or a name-and-password login): kept beside the id. */
  deviceSecret: z.string().optional(),
  gold: z.number().int(),
  isRegister: z.union([z.literal(0), z.literal(1)]),
  language: z.enum(languages),
  /** This device owes the face step-up (a password or passkey login added it to a verified account). */
  faceStepUpDue: z.boolean(),
})
export type LoginResponse = z.infer<typeof loginResponse>

export const bindRequest = z
  .strictObject({ userName, password, confirmPassword: password })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'password_mismatch',
  })

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
  /** True while an operator has frozen the account: play, deposits, new withdrawals and rewards wait. */
  frozen: z.boolean(),
  /** This device owes the face step-up before its next withdrawal or passkey change. */
  faceStepUpDue: z.boolean(),
})
export type AccountInfo = z.infer<typeof accountInfo>

/** One of the player's devices as their device list shows it: no full id, no secret. */
export const deviceView = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The device id's last four characters. */
  idHint: z.string(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** The device this request comes from. */
  current: z.boolean(),
})
export type DeviceView = z.infer<typeof deviceView>

export const deviceListResponse = z.object({ list: z.array(deviceView) })
export type DeviceListResponse = z.infer<typeof deviceListResponse>

export const revokeDeviceRequest = z.strictObject({ id: z.number().int().positive() })
export const revokeDeviceResponse = z.object({ loggedOut: z.boolean() })
export type RevokeDeviceResponse = z.infer<typeof revokeDeviceResponse>

const confirmed = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword
const mismatch = { path: ['confirmPassword'], message: 'password_mismatch' }

/** Changing the password with the current one (on a device logged in to the account). */
export const changePasswordRequest = z
  .strictObject({ currentPassword: loginPassword, password, confirmPassword: password })
  .refine(confirmed, mismatch)

/**
 * A forgotten password, changed on a device logged in to the account: the verified CPF and date
 * of birth stand in for the current password.
 */
export const forgottenPasswordRequest = z
  .strictObject({ cpf: cpfField, birthDate, password, confirmPassword: password })
  .refine(confirmed, mismatch)

/** The code an operator gave for a reset: 16 letters and digits, spaces and hyphens ignored. */
export const resetCode = z
  .string()
  .max(40)
  .transform(normalizeResetCode)
  .refine((code) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(code), { message: 'invalid' })

/** Setting a new password with a reset code an operator gave (no session needed). */
export const resetPasswordRequest = z
  .strictObject({ code: resetCode, password, confirmPassword: password })
  .refine(confirmed, mismatch)

export const passwordChangedResponse = z.object({
  /** The account's user name (to log in with the new password). */
  userName: z.string(),
  /** How many devices were signed out (they log in again with the new password). */
  devicesSignedOut: z.number().int(),
})
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponse>
