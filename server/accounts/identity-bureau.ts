// The identity bureau seam: how verification asks a CPF's status at Receita Federal, the name and
// date of birth registered to it, and whether its holder is a politically exposed person. One
// interface; the sandbox (identity-sandbox.ts) answers it here, and an adapter for a real bureau
// implements the same `check`.

/** The CPF's status at Receita Federal, as bureaus report it. */
export type CpfStatus = 'regular' | 'suspended' | 'deceased'

export interface BureauRecord {
  status: CpfStatus
  /** The name registered to the CPF. */
  registeredName: string
  /** The registered date of birth, 'YYYY-MM-DD'. */
  birthDate: string
  /** A politically exposed person (the bureau's PEP list). */
  pep: boolean
}

/** What the player claims, sent with the CPF (bureaus that compare rather than disclose need it). */
export interface BureauQuery {
  cpf: string
  fullName: string
  birthDate: string | null
}

export interface IdentityBureau {
  /** The bureau's record of the CPF; throws `BureauUnavailable` when it cannot answer now. */
  check(query: BureauQuery): Promise<BureauRecord>
}

/** The bureau did not answer (down, timed out, over its quota): the verification goes to review. */
export class BureauUnavailable extends Error {
  constructor(message = 'identity bureau unavailable') {
    super(message)
    this.name = 'BureauUnavailable'
  }
}
