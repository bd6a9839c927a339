// The HTTP adapter for SIGAP's Módulo de Impedidos, and the one place that knows its wire format.
// What is published (SPA/MF's FAQ on the module, Instrução Normativa SPA/MF 22/2025 art. 5): the
// operator asks by CPF, with a GET to an API Serpro hosts, and the answer says PERMITIDO or
// IMPEDIDO. The path, the authentication and the body's field names below are NOT published where
// we could read them (the module's manual is given to authorised operators): they are assumed, and
// docs/compliance.md says so. When the manual is at hand, only this file changes.
import { z } from 'zod'
import { isValidCpf } from '../../contract/cpf.ts'
import { type BarredReason, type BarredRegister, type RegisterAnswer, RegisterUnavailable } from './register.ts'

/** The assumed path of one CPF's question, under the configured base URL. */
export const lookupPath = (cpf: string) => `/impedidos/v1/consultas/${cpf}`

/** The assumed answer body. */
export const wireAnswer = z.object({
  cpf: z.string(),
  situacao: z.enum(['PERMITIDO', 'IMPEDIDO']),
  motivos: z.array(z.object({ codigo: z.string(), descricao: z.string().optional() })).default([]),
  protocolo: z.string().optional(),
  dataHoraConsulta: z.string().optional(),
})
export type WireAnswer = z.infer<typeof wireAnswer>

/** The register's reason codes (assumed) and ours. */
export const wireReasons: Record<string, BarredReason> = {
  PROGRAMA_SOCIAL: 'social_benefit',
  AUTOEXCLUSAO: 'self_excluded',
  DECISAO_JUDICIAL: 'court_order',
}
export const reasonCodes: Record<BarredReason, string> = {
  social_benefit: 'PROGRAMA_SOCIAL',
  self_excluded: 'AUTOEXCLUSAO',
  court_order: 'DECISAO_JUDICIAL',
  other: 'OUTRO',
}

export function answerOf(body: WireAnswer): RegisterAnswer {
  const protocol = body.protocolo ?? null
  if (body.situacao === 'PERMITIDO') return { barred: false, protocol }
  const reasons = body.motivos.map((m) => wireReasons[m.codigo] ?? 'other')
  return { barred: true, reasons: reasons.length ? [...new Set(reasons)] : ['other'], protocol }
}

export interface SigapApiOptions {
  baseUrl: string
  token: string | null
  timeoutMs: number
  /** Each call's duration and whether it failed (the metrics' provider calls). */
  onCall?: (seconds: number, failed: boolean) => void
}

export function sigapApiRegister(options: SigapApiOptions): BarredRegister {
  const base = options.baseUrl.replace(/\/+$/, '')
  return {
    async lookup(cpf: string): Promise<RegisterAnswer> {
      if (!isValidCpf(cpf)) throw new RangeError('not a CPF')
      const started = performance.now()
      let failed = true
      try {
        const response = await fetch(`${base}${lookupPath(cpf)}`, {
          headers: {
            accept: 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        }).catch((error: unknown) => {
          throw new RegisterUnavailable(error instanceof Error ? error.message : String(error))
        })
        if (response.status !== 200) {
          await response.body?.cancel()
          throw new RegisterUnavailable(`register answered ${response.status}`)
        }
        const parsed = wireAnswer.safeParse(await response.json().catch(() => null))
        if (!parsed.success || parsed.data.cpf !== cpf) throw new RegisterUnavailable('unreadable answer')
        failed = false
        return answerOf(parsed.data)
      } finally {
        options.onCall?.((performance.now() - started) / 1000, failed)
      }
    },
  }
}
