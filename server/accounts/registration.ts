// The registration data the rules ask for beyond identity (Portaria SPA/MF 1.231/2024 and
// 2.579/2025): the address with its CEP, the gender, and the client address and device of the
// sign-up. Kept minimally in one row per player: the device as the summary the device list shows
// ("Chrome · Android"), never the whole user agent. Operators without the personal-data permission
// see it masked (`maskRegistration`).
import type { Kysely } from 'kysely'
import type { RegistrationData } from '../../contract/face.ts'
import { genders } from '../../contract/face.ts'
import type { Database } from '../db/schema.ts'

export async function noteSignUp(
  db: Kysely<Database>,
  playerId: number,
  signUp: { address: string; device: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('player_registration')
    .values({ player_id: playerId, signup_address: signUp.address, signup_device: signUp.device, updated_at: now })
    .onConflict((oc) => oc.column('player_id').doNothing())
    .execute()
}

export async function saveRegistration(
  db: Kysely<Database>,
  playerId: number,
  data: Omit<RegistrationData, 'complement'> & { complement?: string | undefined },
  now: number,
): Promise<void> {
  const row = {
    cep: data.cep,
    street: data.street,
    number: data.number,
    complement: data.complement || null,
    district: data.district,
    city: data.city,
    state: data.state,
    gender: data.gender,
    updated_at: now,
  }
  await db
    .insertInto('player_registration')
    .values({ player_id: playerId, ...row })
    .onConflict((oc) => oc.column('player_id').doUpdateSet(row))
    .execute()
}

export interface RegistrationRecord extends RegistrationData {
  signupAddress: string | null
  signupDevice: string | null
}

export async function readRegistration(db: Kysely<Database>, playerId: number): Promise<RegistrationRecord> {
  const row = await db
    .selectFrom('player_registration')
    .selectAll()
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  const gender = genders.find((g) => g === row?.gender) ?? null
  return {
    cep: row?.cep ?? null,
    street: row?.street ?? null,
    number: row?.number ?? null,
    complement: row?.complement ?? null,
    district: row?.district ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    gender,
    signupAddress: row?.signup_address ?? null,
    signupDevice: row?.signup_device ?? null,
  }
}

/** "203.0.113.45" → "203.0.***.***"; an IPv6 address keeps its first two groups. */
export function maskAddress(address: string): string {
  if (address.includes(':')) return `${address.split(':').slice(0, 2).join(':')}:****`
  return address.replace(/^(\d+\.\d+)\.\d+\.\d+$/, '$1.***.***')
}

/**
 * What an operator without the personal-data permission sees: the city and state (where a player
 * plays), the CEP's region (its first 5 digits' first 2), nothing of the street or number, the
 * gender only as given or not, the sign-up address cut to its network and the device summary.
 */
export function maskRegistration(record: RegistrationRecord): RegistrationRecord {
  const hide = (value: string | null) => (value === null ? null : '***')
  return {
    ...record,
    cep: record.cep === null ? null : `${record.cep.slice(0, 2)}***-***`,
    street: hide(record.street),
    number: hide(record.number),
    complement: hide(record.complement),
    district: hide(record.district),
    gender: record.gender === null ? null : 'not_informed',
    signupAddress: record.signupAddress === null ? null : maskAddress(record.signupAddress),
  }
}
