// The sandbox bank's PIX key directory (its DICT): a `cpf` key belongs to that CPF without
// registration; phone, e-mail and random keys belong to whoever registered them here (page
// section, `npm run sandbox:dict`). Registering a key held by someone else moves it to the new
// holder, as a DICT claim or portability would — which is how a key can change hands between a
// withdrawal being accepted and paid.
import type { Kysely } from 'kysely'
import { isValidCpf, normalizeCpf } from '../../../contract/cpf.ts'
import { checkPixKey, normalizePixKey, type PixKeyType } from '../../../contract/pix-keys.ts'
import type { Database } from '../../db/schema.ts'

/** A key's entry: its type and its holder's CPF (the provider adds the holder's name). */
export type DictEntry = { found: true; keyType: PixKeyType; ownerCpf: string } | { found: false }

/** Keys a holder registers; CPF keys need no registration. */
export const registrableKeyTypes = ['phone', 'email', 'random'] as const
export type RegistrableKeyType = (typeof registrableKeyTypes)[number]

export type RegisterOutcome =
  | { registered: true; key: string; keyType: RegistrableKeyType }
  | { registered: false; reason: 'invalid_key' | 'invalid_cpf' }

/**
 * The type a key is written in, when the caller did not say: a CPF when it is written as one
 * (11 digits, dots and dash optional) and its check digits hold, else e-mail, random (UUID) or
 * phone. A phone number that happens to be a valid CPF needs its type said (or its +55).
 */
export function guessKeyType(raw: string): PixKeyType {
  const key = raw.trim()
  if (/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(key) && isValidCpf(key)) return 'cpf'
  if (key.includes('@')) return 'email'
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return 'random'
  return 'phone'
}

export class SandboxDict {
  readonly #db: Kysely<Database>
  readonly #now: () => number

  constructor(db: Kysely<Database>, now: () => number) {
    this.#db = db
    this.#now = now
  }

  async lookup(key: string): Promise<DictEntry> {
    if (/^\d{11}$/.test(key) && isValidCpf(key)) return { found: true, keyType: 'cpf', ownerCpf: key }
    const row = await this.#db
      .selectFrom('sandbox_dict_keys')
      .select(['key_type', 'owner_cpf'])
      .where('pix_key', '=', key)
      .executeTakeFirst()
    return row ? { found: true, keyType: row.key_type as PixKeyType, ownerCpf: row.owner_cpf } : { found: false }
  }

  /** Registers (or moves) a key to a holder's CPF. */
  async register(keyType: RegistrableKeyType, rawKey: string, rawCpf: string): Promise<RegisterOutcome> {
    if (checkPixKey(keyType, rawKey)) return { registered: false, reason: 'invalid_key' }
    const cpf = normalizeCpf(rawCpf)
    if (!isValidCpf(cpf)) return { registered: false, reason: 'invalid_cpf' }
    const key = normalizePixKey(keyType, rawKey)
    const now = this.#now()
    await this.#db
      .insertInto('sandbox_dict_keys')
      .values({ pix_key: key, key_type: keyType, owner_cpf: cpf, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('pix_key').doUpdateSet({ key_type: keyType, owner_cpf: cpf, updated_at: now }))
      .execute()
    return { registered: true, key, keyType }
  }

  /** Removes a key, only for its holder; answers whether it was theirs. */
  async remove(key: string, rawCpf: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('sandbox_dict_keys')
      .where('pix_key', '=', key)
      .where('owner_cpf', '=', normalizeCpf(rawCpf))
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /** The keys registered to one CPF (a holder listing their own keys). */
  async keysOf(rawCpf: string): Promise<{ key: string; keyType: string; registeredAt: number }[]> {
    const rows = await this.#db
      .selectFrom('sandbox_dict_keys')
      .select(['pix_key', 'key_type', 'updated_at'])
      .where('owner_cpf', '=', normalizeCpf(rawCpf))
      .orderBy('pix_key')
      .limit(100)
      .execute()
    return rows.map((row) => ({ key: row.pix_key, keyType: row.key_type, registeredAt: Number(row.updated_at) }))
  }
}
