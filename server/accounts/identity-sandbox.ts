// The sandbox identity bureau: answers deterministically by CPF, as bureaus' own sandboxes do, so
// every path of verification can be walked by hand and by tests. Its test CPFs are valid CPFs
// (check digits) beginning 000000: the 7th digit picks the answer, the 8th and 9th number up to 100
// CPFs per answer (one account per CPF, so tests that run side by side each take their own); the
// named constants are the first of each. Every other valid CPF is a regular CPF whose registered
// name and date of birth are the ones the player gave. Listed in docs/identity.md.
import { withCheckDigits } from '../../contract/cpf.ts'
import { localDate } from '../lib/periods.ts'
import { type BureauQuery, type BureauRecord, BureauUnavailable, type IdentityBureau } from './identity-bureau.ts'

/** Regular, name and date of birth as given (as any CPF outside the test range). */
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

/** What the sandbox answers, by the 7th digit of its test CPFs. */
export const sandboxAnswers = {
  suspended: 1,
  deceased: 2,
  name_mismatch: 3,
  under_18: 4,
  pep: 5,
  unavailable: 6,
  regular: 7,
} as const
export type SandboxAnswer = keyof typeof sandboxAnswers

/** The sandbox's test CPF number `serial` (0–99) for an answer: `sandboxCpf('name_mismatch', 3)` is `SANDBOX_CPF_NAME_MISMATCH`. */
export function sandboxCpf(answer: SandboxAnswer, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 99) throw new RangeError('serial must be 0–99')
  return withCheckDigits(`000000${sandboxAnswers[answer]}${String(serial).padStart(2, '0')}`)
}

/** The answer a CPF gets, or null for a CPF outside the sandbox's test range (answered as given). */
export function sandboxAnswerOf(cpf: string): SandboxAnswer | null {
  if (!cpf.startsWith('000000')) return null
  const digit = Number(cpf[6])
  const found = Object.entries(sandboxAnswers).find(([, d]) => d === digit)
  return found ? (found[0] as SandboxAnswer) : null
}

/** The name the sandbox has registered to its name-mismatch CPFs. */
export const SANDBOX_REGISTERED_NAME = 'Registro Divergente dos Santos'

/** An adult's date of birth for a query that gave none (the legacy client's form asks none). */
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
      switch (sandboxAnswerOf(query.cpf)) {
        case 'suspended':
          return { ...given, status: 'suspended' }
        case 'deceased':
          return { ...given, status: 'deceased' }
        case 'name_mismatch':
          return { ...given, registeredName: SANDBOX_REGISTERED_NAME }
        case 'under_18': {
          const today = localDate(options.now(), options.timeZone)
          return { ...given, birthDate: `${Number(today.slice(0, 4)) - 16}${today.slice(4)}` }
        }
        case 'pep':
          return { ...given, pep: true }
        case 'unavailable':
          throw new BureauUnavailable('sandbox: this CPF answers as if the bureau were down')
        default:
          return given
      }
    },
  }
}
