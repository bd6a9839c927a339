// Passkeys (WebAuthn) as both sides name them: the browser's answers (SimpleWebAuthn's JSON
// shapes, bounded), the options the server gives the browser, the player's list, and the calls
// that enrol, revoke, log in and approve with one.
import { z } from 'zod'
import { deviceId, deviceSecret, loginPassword } from './accounts.ts'

/** What a challenge the server makes is for: one ceremony each, never another's. */
export const passkeyPurposes = ['enrol', 'login', 'withdrawal', 'revoke'] as const
export type PasskeyPurpose = (typeof passkeyPurposes)[number]

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/)

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

/** The browser's answer when it made a passkey (`startRegistration`). */
export const passkeyRegistration = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
})

/** The browser's answer when a passkey signed (`startAuthentication`). */
export const passkeyAssertion = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
})

export const passkeyEnrolOptionsRequest = z.strictObject({
  /** The account's password: a session alone cannot add a way into the account. */
  password: loginPassword,
})
export const passkeyEnrolRequest = z.strictObject({ response: passkeyRegistration })
export const passkeyRevokeRequest = z.strictObject({
  id: z.number().int().positive(),
  /** The account's password: a lost phone's session cannot take the other passkeys away. */
  password: loginPassword,
})
export const passkeyLoginRequest = z.strictObject({
  response: passkeyAssertion,
  /** This device's id and secret, when it has them: the same device logs in again (after an idle end). */
  deviceId: deviceId.optional(),
  deviceSecret: deviceSecret.optional(),
  ageConfirmed: z.boolean().optional(),
})

/** WebAuthn options for the browser (SimpleWebAuthn's `optionsJSON`), passed through as the server made them. */
export const passkeyOptions = z.object({ options: z.record(z.string(), z.unknown()) })

export const passkeyList = z.object({
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      createdAt: z.number().int(),
      lastUsedAt: z.number().int().nullable(),
    }),
  ),
})
