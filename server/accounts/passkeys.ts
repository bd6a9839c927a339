// Passkeys (WebAuthn, checked by SimpleWebAuthn): a player enrols one from a logged-in session
// with the password (and the face step-up when that device owes one), then logs in with it on a
// new device and approves withdrawals with it; the password stays the fallback. Stored per
// passkey: the credential id, its public key, the signature counter, the transports, a label, when
// it was made, last used and revoked — never a private key or anything biometric (the phone keeps
// those). Each ceremony signs a challenge the server made for one purpose and one player, used
// once and only within CHALLENGE_TTL_MS.
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import type { Kysely, Transaction } from 'kysely'
import type { PasskeyPurpose } from '../../contract/passkeys.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'

type Db = Kysely<Database> | Transaction<Database>

export const CHALLENGE_TTL_MS = 5 * 60_000
/** A player's passkeys: enough for a phone, a tablet and a spare key. */
export const MAX_PASSKEYS = 10

/** The relying party: the app's public origin (PUBLIC_URL) and its host name as the RP ID. */
export interface RelyingParty {
  id: string
  origin: string
  name: string
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin, name: 'Jogo Limpo' }
}

export async function hasPasskey(db: Db, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('player_passkeys')
    .select('id')
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

function livePasskeys(db: Db, playerId: number) {
  return db
    .selectFrom('player_passkeys')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function listPasskeys(db: Db, playerId: number) {
  const rows = await livePasskeys(db, playerId)
  return rows.map((row) => ({
    id: Number(row.id),
    label: row.label,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  }))
}

const transportsOf = (json: string) => JSON.parse(json) as AuthenticatorTransport[]

async function keepChallenge(db: Db, challenge: string, playerId: number | null, purpose: PasskeyPurpose, now: number) {
  // Old challenges go as new ones come: the table holds only the last few minutes' ceremonies.
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute()
  await db
    .insertInto('passkey_challenges')
    .values({ challenge, player_id: playerId, purpose, expires_at: now + CHALLENGE_TTL_MS })
    .execute()
}

/** Takes the challenge the answer signed, once: its purpose and player, or undefined. */
async function takeChallenge(db: Db, clientDataJSON: string, purpose: PasskeyPurpose, now: number) {
  let challenge: string
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge as string
  } catch {
    return undefined
  }
  if (typeof challenge !== 'string' || challenge.length > 200) return undefined
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning(['challenge', 'player_id'])
    .executeTakeFirst()
  return row ? { challenge: row.challenge, playerId: row.player_id === null ? null : Number(row.player_id) } : undefined
}

/** The options the phone needs to make a passkey for this player. */
export async function enrolOptions(
  db: Db,
  rp: RelyingParty,
  player: { id: number; userName: string },
  now: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await livePasskeys(db, player.id)
  if (existing.length >= MAX_PASSKEYS) throw new Refusal('passkey_not_enrolled')
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: player.userName,
    // The account's id, not its name: the authenticator keeps it as the passkey's owner.
    userID: new TextEncoder().encode(`jl-player-${player.id}`),
    attestationType: 'none',
    // ES256, EdDSA and RS256: what phones make. Post-quantum keys (ML-DSA) sign with kilobytes,
    // past what a request here carries.
    supportedAlgorithmIDs: [-7, -8, -257],
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await keepChallenge(db, options.challenge, player.id, 'enrol', now)
  return options
}

/** Checks the phone's answer and keeps the new passkey; refused with `passkey_not_enrolled`. */
export async function enrolPasskey(
  db: Db,
  rp: RelyingParty,
  playerId: number,
  response: RegistrationResponseJSON,
  label: string,
  now: number,
): Promise<{ id: number }> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'enrol', now)
  if (!taken || taken.playerId !== playerId) throw new Refusal('passkey_not_enrolled')
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined)
  if (!verification?.verified) throw new Refusal('passkey_not_enrolled')
  const { credential } = verification.registrationInfo
  const known = await db
    .selectFrom('player_passkeys')
    .select('id')
    .where('credential_id', '=', credential.id)
    .executeTakeFirst()
  if (known) throw new Refusal('passkey_not_enrolled')
  const row = await db
    .insertInto('player_passkeys')
    .values({
      player_id: playerId,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      label,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: Number(row.id) }
}

/**
 * The options to sign with a passkey: for a login any of this site's passkeys (the phone offers
 * them, the account follows from the one chosen); for a player's step-up only theirs.
 */
export async function assertionOptions(
  db: Db,
  rp: RelyingParty,
  playerId: number | null,
  purpose: Exclude<PasskeyPurpose, 'enrol'>,
  now: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = playerId === null ? [] : await livePasskeys(db, playerId)
  if (playerId !== null && own.length === 0) throw new Refusal('passkey_failed')
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: own.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
  })
  await keepChallenge(db, options.challenge, playerId, purpose, now)
  return options
}

/**
 * Checks a passkey's signature over a challenge made for `purpose` (and, for a step-up, for
 * this player); answers the passkey's player. Refused with `passkey_failed` otherwise.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  input: { playerId: number | null; purpose: Exclude<PasskeyPurpose, 'enrol'>; response: AuthenticationResponseJSON },
  now: number,
): Promise<number> {
  const taken = await takeChallenge(db, input.response.response.clientDataJSON, input.purpose, now)
  if (!taken || taken.playerId !== input.playerId) throw new Refusal('passkey_failed')
  const passkey = await db
    .selectFrom('player_passkeys')
    .selectAll()
    .where('credential_id', '=', input.response.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!passkey || (input.playerId !== null && Number(passkey.player_id) !== input.playerId))
    throw new Refusal('passkey_failed')
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: Number(passkey.counter),
      transports: transportsOf(passkey.transports),
    },
  }).catch(() => undefined)
  if (!verification?.verified) throw new Refusal('passkey_failed')
  await db
    .updateTable('player_passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now })
    .where('id', '=', passkey.id)
    .execute()
  return Number(passkey.player_id)
}

/** Revokes one of the player's passkeys; false when it is not theirs or already revoked. */
export async function revokePasskey(db: Db, playerId: number, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('player_passkeys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
