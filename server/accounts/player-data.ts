// The accounts module's part of the player's data export (server/player-data): the account, the
// identity verification and its reviews, the identity awaiting the face, the face checks (outcome,
// scores, the provider's reference and the picture's SHA-256 — no picture is ever kept), the
// consents (the biometric one with its version), the registration data (address, gender, sign-up
// address and device), limits and pauses with their history, reality checks, contacts, devices,
// the addresses they logged in from, and the passkeys (id, name, dates). Left out: the password
// hash, the device secrets' hashes, session tokens, contact and reset codes, a passkey's public key
// and signature counter (the authenticator's, and of no use to the player), and the operator who
// decided a review (an operator's name is theirs).
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, keysetPages, PLAYER_DATA_PAGE, type PlayerDataPart, smallPart } from '../lib/player-data.ts'

export function accountsPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  return [
    smallPart('account', async (playerId) =>
      (
        await db
          .selectFrom('players')
          .select([
            'id',
            'device_id',
            'user_name',
            'language',
            'invite_code',
            'channel',
            'created_at',
            'adult_confirmed_at',
            'install_accepted_at',
            'credentials_changed_at',
            'frozen_at',
            'closed_at',
          ])
          .where('id', '=', playerId)
          .execute()
      ).map((p) => ({
        id: p.id,
        firstDeviceId: p.device_id,
        userName: p.user_name,
        language: p.language,
        inviteCode: p.invite_code,
        channel: p.channel,
        createdAt: isoTime(p.created_at),
        credentialsChangedAt: isoTime(p.credentials_changed_at),
        frozenAt: isoTime(p.frozen_at),
        closedAt: isoTime(p.closed_at),
      })),
    ),
    smallPart('consents', async (playerId) => {
      const player = await db
        .selectFrom('players')
        .select(['adult_confirmed_at', 'install_accepted_at'])
        .where('id', '=', playerId)
        .executeTakeFirst()
      const biometric = await db
        .selectFrom('biometric_consents')
        .select(['version', 'given_at'])
        .where('player_id', '=', playerId)
        .orderBy('given_at')
        .execute()
      return [
        { consent: 'adult_confirmation', givenAt: isoTime(player?.adult_confirmed_at) },
        { consent: 'install_terms', givenAt: isoTime(player?.install_accepted_at) },
        ...biometric.map((b) => ({ consent: 'biometric_data', version: b.version, givenAt: isoTime(b.given_at) })),
      ].filter((row) => row.givenAt !== null)
    }),
    smallPart('registration', async (playerId) =>
      (
        await db
          .selectFrom('player_registration')
          .select([
            'cep',
            'street',
            'number',
            'complement',
            'district',
            'city',
            'state',
            'gender',
            'signup_address',
            'signup_device',
            'updated_at',
          ])
          .where('player_id', '=', playerId)
          .execute()
      ).map((r) => ({
        cep: r.cep,
        street: r.street,
        number: r.number,
        complement: r.complement,
        district: r.district,
        city: r.city,
        state: r.state,
        gender: r.gender,
        signupAddress: r.signup_address,
        signupDevice: r.signup_device,
        updatedAt: isoTime(r.updated_at),
      })),
    ),
    smallPart('verification', async (playerId) =>
      (
        await db
          .selectFrom('player_verifications')
          .select(['full_name', 'cpf', 'birth_date', 'verified_at'])
          .where('player_id', '=', playerId)
          .execute()
      ).map((v) => ({
        fullName: v.full_name,
        cpf: v.cpf,
        birthDate: v.birth_date,
        verifiedAt: isoTime(v.verified_at),
      })),
    ),
    smallPart('identityAwaitingFace', async (playerId) =>
      (
        await db
          .selectFrom('face_pending')
          .select(['full_name', 'cpf', 'birth_date', 'created_at'])
          .where('player_id', '=', playerId)
          .execute()
      ).map((p) => ({ fullName: p.full_name, cpf: p.cpf, birthDate: p.birth_date, sentAt: isoTime(p.created_at) })),
    ),
    {
      name: 'faceChecks',
      rows: (playerId) =>
        keysetPages(
          async (after: number | null) =>
            (
              await db
                .selectFrom('face_checks')
                .leftJoin('devices', 'devices.id', 'face_checks.device_row_id')
                .select([
                  'face_checks.id',
                  'face_checks.purpose',
                  'face_checks.outcome',
                  'face_checks.match_bp',
                  'face_checks.liveness_bp',
                  'face_checks.provider',
                  'face_checks.provider_ref',
                  'face_checks.image_sha256',
                  'face_checks.created_at',
                  'devices.device_id',
                ])
                .where('face_checks.player_id', '=', playerId)
                .where('face_checks.id', '>', after ?? 0)
                .orderBy('face_checks.id')
                .limit(PLAYER_DATA_PAGE)
                .execute()
            ).map((c) => ({
              id: c.id,
              purpose: c.purpose,
              outcome: c.outcome,
              // Scores in basis points (10 000 = a certain match / a certainly live face).
              matchScore: c.match_bp,
              livenessScore: c.liveness_bp,
              provider: c.provider,
              providerReference: c.provider_ref,
              pictureSha256: c.image_sha256,
              deviceId: c.device_id,
              checkedAt: isoTime(c.created_at),
            })),
          (row) => row.id,
        ),
    },
    {
      name: 'verificationReviews',
      rows: (playerId) =>
        keysetPages(
          (after: number | null) =>
            db
              .selectFrom('verification_reviews')
              .select([
                'id',
                'full_name',
                'cpf',
                'birth_date',
                'reason',
                'bureau_name',
                'bureau_birth_date',
                'status',
                'created_at',
                'decided_at',
                'decision_reason',
                'address',
              ])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? 0)
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        ),
    },
    smallPart('limits', async (playerId) =>
      (
        await db
          .selectFrom('player_limits')
          .select(['kind', 'amount', 'pending_amount', 'pending_from', 'updated_at'])
          .where('player_id', '=', playerId)
          .orderBy('kind')
          .execute()
      ).map((l) => ({
        kind: l.kind,
        amount: l.amount,
        pendingAmount: l.pending_amount,
        pendingFrom: isoTime(l.pending_from),
        updatedAt: isoTime(l.updated_at),
      })),
    ),
    smallPart('selfExclusions', async (playerId) =>
      (
        await db
          .selectFrom('self_exclusions')
          .select(['started_at', 'until'])
          .where('player_id', '=', playerId)
          .execute()
      ).map((s) => ({ startedAt: isoTime(s.started_at), until: isoTime(s.until) })),
    ),
    {
      name: 'limitHistory',
      rows: (playerId) =>
        keysetPages(
          (after: number | null) =>
            db
              .selectFrom('limit_events')
              .select(['id', 'kind', 'detail', 'actor', 'created_at'])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? 0)
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        ),
    },
    {
      name: 'realityChecks',
      rows: (playerId) =>
        keysetPages(
          (after: number | null) =>
            db
              .selectFrom('reality_checks')
              .select(['id', 'session_id', 'answer', 'played_ms', 'net', 'answered_at'])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? 0)
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        ),
    },
    smallPart('contacts', async (playerId) =>
      (
        await db
          .selectFrom('player_contacts')
          .select(['kind', 'value', 'confirmed_at', 'pending_value', 'updated_at'])
          .where('player_id', '=', playerId)
          .orderBy('kind')
          .execute()
      ).map((c) => ({
        kind: c.kind,
        value: c.value,
        confirmedAt: isoTime(c.confirmed_at),
        awaitingConfirmation: c.pending_value,
        updatedAt: isoTime(c.updated_at),
      })),
    ),
    smallPart('devices', async (playerId) =>
      (
        await db
          .selectFrom('devices')
          .select(['device_id', 'label', 'created_at', 'last_seen_at', 'revoked_at'])
          .where('player_id', '=', playerId)
          .orderBy('id')
          .execute()
      ).map((d) => ({
        deviceId: d.device_id,
        label: d.label,
        createdAt: isoTime(d.created_at),
        lastSeenAt: isoTime(d.last_seen_at),
        revokedAt: isoTime(d.revoked_at),
      })),
    ),
    smallPart('passkeys', async (playerId) =>
      (
        await db
          .selectFrom('player_passkeys')
          .select(['credential_id', 'label', 'transports', 'created_at', 'last_used_at', 'revoked_at'])
          .where('player_id', '=', playerId)
          .orderBy('id')
          .execute()
      ).map((p) => ({
        credentialId: p.credential_id,
        name: p.label,
        // Kept as the JSON array the authenticator named (passkeys.ts writes it).
        transports: JSON.parse(p.transports) as string[],
        createdAt: isoTime(p.created_at),
        lastUsedAt: isoTime(p.last_used_at),
        revokedAt: isoTime(p.revoked_at),
      })),
    ),
    smallPart('loginAddresses', async (playerId) =>
      (
        await db
          .selectFrom('login_sightings')
          .select(['device_id', 'address', 'first_at', 'last_at'])
          .where('player_id', '=', playerId)
          .orderBy('first_at')
          .execute()
      ).map((s) => ({
        deviceId: s.device_id,
        address: s.address,
        firstAt: isoTime(s.first_at),
        lastAt: isoTime(s.last_at),
      })),
    ),
  ]
}
