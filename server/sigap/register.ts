// The barred-person register seam: who asks SIGAP's Módulo de Impedidos whether a CPF may bet. One
// interface; sigap-api.ts is the HTTP adapter (the sandbox register, sandbox/server.ts, speaks the
// same API), and the service (standing.ts) and the sweep (sweep.ts) ask only through it.

/** Why the register names a person (its reasons, mapped from the wire in sigap-api.ts). */
export type BarredReason = 'social_benefit' | 'self_excluded' | 'court_order' | 'other'

export type RegisterAnswer =
  | { barred: false; protocol: string | null }
  | { barred: true; reasons: BarredReason[]; protocol: string | null }

export interface BarredRegister {
  /** The register's answer for one CPF (11 digits); throws `RegisterUnavailable` when it gives none. */
  lookup(cpf: string): Promise<RegisterAnswer>
}

/** The register did not answer (down, timed out, refused us, answered something unreadable). */
export class RegisterUnavailable extends Error {
  constructor(message = 'barred-person register unavailable') {
    super(message)
    this.name = 'RegisterUnavailable'
  }
}
