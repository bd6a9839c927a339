// The sandbox identity bureau: answers deterministically by CPF, as bureaus' own sandboxes do, so
// every path of verification can be walked by hand and by tests. The test CPFs below are valid
// CPFs (check digits) that no real person holds in the sandbox; every other valid CPF is a regular
// CPF whose registered name and date of birth are the ones the player gave. Listed in
// docs/identity.md.
import { localDate } from '../lib/periods.ts'
import { type BureauQuery, type BureauRecord, BureauUnavailable, type IdentityBureau } from './identity-bureau.ts'

/** Regular, name and date of birth as given (as any CPF not listed here). */
export const SANDBOX_CPF_REGULAR = '00000070726'
/** Suspended at Receita Federal: refused. */
export const SANDBOX_CPF_SUSPENDED = '00000010154'
/** The holder died: refused. */
export const SANDBOX_CPF_DECEASED = '00000020206'
/** Registered to another name (`SANDBOX_REGISTERED_NAME`): goes to the verification queue. */
export const SANDBOX_CPF_NAME_MISMATCH = '00000030341'
/** Registered with a date of birth 16 years ago: refused as under 18, whatever date was typed. */
export const SANDBOX_CPF_UNDER_18 = '00000040495'
/** A politically exposed person: verified only after review. */
export const SANDBOX_CPF_PEP = '00000050539'
/** The bureau does not answer: goes to the verification queue. */
export const SANDBOX_CPF_UNAVAILABLE = '00000060682'

/** The name the sandbox has registered to `SANDBOX_CPF_NAME_MISMATCH`. */
export const SANDBOX_REGISTERED_NAME = 'Registro Divergente dos Santos'

/** An adult's date of birth for a query that gave none (the seed client's form asks none). */
const DEFAULT_BIRTH_DATE = '1990-05-20'

export function sandboxIdentityBureau(options: { now: () => number; timeZone: string }): IdentityBureau {
  return {
    async check(query: BureauQuery): Promise<BureauRecord> {
      const given: BureauRecord = {
        status: 'regular',
        registeredName: query.fullName,
        birthDate: query.birthDate ?? DEFAULT_BIRTH_DATE,
        pep: false,
      }
      switch (query.cpf) {
        case SANDBOX_CPF_SUSPENDED:
          return { ...given, status: 'suspended' }
        case SANDBOX_CPF_DECEASED:
          return { ...given, status: 'deceased' }
        case SANDBOX_CPF_NAME_MISMATCH:
          return { ...given, registeredName: SANDBOX_REGISTERED_NAME }
        case SANDBOX_CPF_UNDER_18: {
          const today = localDate(options.now(), options.timeZone)
          return { ...given, birthDate: `${Number(today.slice(0, 4)) - 16}${today.slice(4)}` }
        }
        case SANDBOX_CPF_PEP:
          return { ...given, pep: true }
        case SANDBOX_CPF_UNAVAILABLE:
          throw new BureauUnavailable('sandbox: this CPF answers as if the bureau were down')
        default:
          return given
      }
    },
  }
}
