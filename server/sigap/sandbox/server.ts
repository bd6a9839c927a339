// The sandbox barred-person register: its own HTTP server speaking the API sigap-api.ts is written
// against, answering by CPF as a register's sandbox would. Test CPFs are valid CPFs beginning
// 000001: the 7th digit picks the answer, the 8th and 9th number up to 100 CPFs per answer
// (`sandboxRegisterCpf`); every other CPF is allowed. An admin API under /sandbox adds and removes
// CPFs (so a later sweep finds one) and takes the whole register down and up. State lives in memory:
// it starts again from the named CPFs at each start. Only server/main.ts, tests and scripts load it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isValidCpf, withCheckDigits } from '../../../contract/cpf.ts'
import type { BarredReason } from '../register.ts'
import { reasonCodes, type WireAnswer } from '../sigap-api.ts'

/** What the sandbox answers, by the 7th digit of its test CPFs. */
export const sandboxRegisterAnswers = {
  social_benefit: 1,
  self_excluded: 2,
  court_order: 3,
  unavailable: 6,
} as const
export type SandboxRegisterAnswer = keyof typeof sandboxRegisterAnswers

/** The sandbox's test CPF number `serial` (0–99) for an answer. */
export function sandboxRegisterCpf(answer: SandboxRegisterAnswer, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 99) throw new RangeError('serial must be 0–99')
  return withCheckDigits(`000001${sandboxRegisterAnswers[answer]}${String(serial).padStart(2, '0')}`)
}

/** A Bolsa Família / BPC beneficiary (Portaria SPA/MF 2.217/2025). */
export const SANDBOX_REGISTER_CPF_SOCIAL_BENEFIT = sandboxRegisterCpf('social_benefit', 0)
/** Self-excluded from every operator at once (the central self-exclusion). */
export const SANDBOX_REGISTER_CPF_SELF_EXCLUDED = sandboxRegisterCpf('self_excluded', 0)
/** Barred by a court. */
export const SANDBOX_REGISTER_CPF_COURT_ORDER = sandboxRegisterCpf('court_order', 0)
/** The register answers 503 for it, always. */
export const SANDBOX_REGISTER_CPF_UNAVAILABLE = sandboxRegisterCpf('unavailable', 0)

const LOOKUP = /^\/impedidos\/v1\/consultas\/(\d{11})$/
const ADMIN_CPF = /^\/sandbox\/impedidos\/(\d{11})$/

export interface SandboxRegisterServer {
  url: string
  /** Names a CPF from now on (what the admin API's POST /sandbox/impedidos does). */
  add(cpf: string, reason: BarredReason): void
  remove(cpf: string): void
  /** Down: every question answers 503 until up again. */
  setDown(down: boolean): void
  /** Questions answered (or refused) so far, by CPF. */
  readonly asked: Map<string, number>
  close(): Promise<void>
}

export interface SandboxRegisterOptions {
  port: number
  host?: string
  /** The bearer token it asks for; none when null. */
  token: string | null
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end()
    return
  }
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text)
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 4096) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
}

export async function startSandboxRegister(options: SandboxRegisterOptions): Promise<SandboxRegisterServer> {
  const added = new Map<string, BarredReason>()
  const asked = new Map<string, number>()
  let down = false
  let protocol = 0

  const reasonOf = (cpf: string): BarredReason | 'unavailable' | null => {
    const extra = added.get(cpf)
    if (extra) return extra
    if (!cpf.startsWith('000001')) return null
    const found = Object.entries(sandboxRegisterAnswers).find(([, digit]) => digit === Number(cpf[6]))
    return found ? (found[0] as SandboxRegisterAnswer) : null
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox')
    const lookup = req.method === 'GET' ? LOOKUP.exec(url.pathname) : null
    if (lookup) {
      const cpf = lookup[1] as string
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`) return send(res, 401)
      asked.set(cpf, (asked.get(cpf) ?? 0) + 1)
      if (!isValidCpf(cpf)) return send(res, 400, { erro: 'CPF inválido' })
      const reason = reasonOf(cpf)
      if (down || reason === 'unavailable') return send(res, 503, { erro: 'indisponível' })
      protocol += 1
      const answer: WireAnswer = {
        cpf,
        situacao: reason ? 'IMPEDIDO' : 'PERMITIDO',
        motivos: reason ? [{ codigo: reasonCodes[reason] }] : [],
        protocolo: `SANDBOX-${protocol}`,
        dataHoraConsulta: new Date().toISOString(),
      }
      return send(res, 200, answer)
    }
    // The admin API: the sandbox's own, for testers and tests (a real register has none).
    if (
      options.token &&
      url.pathname.startsWith('/sandbox/') &&
      req.headers.authorization !== `Bearer ${options.token}`
    )
      return send(res, 401)
    if (req.method === 'POST' && url.pathname === '/sandbox/impedidos') {
      readJson(req)
        .then((body) => {
          const { cpf, motivo } = (body ?? {}) as { cpf?: unknown; motivo?: unknown }
          const reason = (Object.keys(reasonCodes) as BarredReason[]).find((r) => r === motivo) ?? 'social_benefit'
          if (typeof cpf !== 'string' || !isValidCpf(cpf)) return send(res, 400, { erro: 'cpf' })
          added.set(cpf, reason)
          send(res, 201, { cpf, motivo: reason })
        })
        .catch(() => send(res, 400, { erro: 'json' }))
      return
    }
    const removal = req.method === 'DELETE' ? ADMIN_CPF.exec(url.pathname) : null
    if (removal) {
      added.delete(removal[1] as string)
      return send(res, 204)
    }
    if (req.method === 'POST' && url.pathname === '/sandbox/fora-do-ar') {
      readJson(req)
        .then((body) => {
          down = (body as { down?: unknown } | null)?.down === true
          send(res, 200, { down })
        })
        .catch(() => send(res, 400, { erro: 'json' }))
      return
    }
    send(res, 404)
  })
  server.keepAliveTimeout = 5000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve())
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    add: (cpf, reason) => {
      added.set(cpf, reason)
    },
    remove: (cpf) => {
      added.delete(cpf)
    },
    setDown: (value) => {
      down = value
    },
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
