// The sandbox receiver: an HTTP server that answers the file-reception protocol sender.ts
// assumes, as the regulator's would, so `npm start` and the tests send real files over real HTTP.
// It checks each file's structure — the envelope, the SHA-256 of the content, the header, at most
// 7 000 records and as many as the header says, each record with exactly the layout's fields and
// types — then (its second phase) the data's quality: no record twice, no negative amount, every
// time within the file's day (in the market's time zone, a day of 23 to 25 hours). Its answers
// are kept in memory: a sandbox's.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { localDayBounds } from '../../lib/periods.ts'
import { bodyField, fieldSpec, headerFields, MAX_RECORDS_PER_FILE } from '../layout.ts'

export interface SandboxReceiver {
  url: string
  token: string
  /** What it received, by protocol (tests read it). */
  received: Map<string, ReceivedFile>
  close(): Promise<void>
}

export interface ReceivedFile {
  name: string
  sha256: string
  structure: string[]
  quality: string[]
  polls: number
}

const BODY_LIMIT = 64 * 1024 * 1024

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_LIMIT) {
        reject(new Error('too large'))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const typeChecks: Record<string, (value: unknown) => boolean> = {
  text: (v) => typeof v === 'string',
  integer: (v) => Number.isSafeInteger(v),
  decimal: (v) => typeof v === 'string' && /^-?\d+\.\d{2}$/.test(v),
  datetime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v),
}

/** The structure phase: every reason the file is malformed (none: accepted). */
export function checkStructure(envelope: Record<string, unknown>): string[] {
  const reasons: string[] = []
  const content = envelope.conteudo
  if (typeof content !== 'string') return ['conteudo: ausente']
  const hash = createHash('sha256').update(content, 'utf8').digest('hex')
  if (envelope.hashSha256 !== hash) reasons.push('hashSha256: não confere com o conteúdo')
  let file: unknown
  try {
    file = JSON.parse(content)
  } catch {
    return [...reasons, 'conteudo: JSON inválido']
  }
  if (!isObject(file)) return [...reasons, 'conteudo: não é um objeto']
  const header = file[bodyField.header]
  const records = file[bodyField.records]
  if (!isObject(header)) return [...reasons, `${bodyField.header}: ausente`]
  if (!Array.isArray(records)) return [...reasons, `${bodyField.records}: ausente`]
  const spec = fieldSpec(String(header[headerFields.fileType]))
  if (!spec) return [...reasons, `${headerFields.fileType}: desconhecido`]
  if (header[headerFields.fileType] !== envelope.tipoArquivo) reasons.push(`${headerFields.fileType}: difere do envio`)
  if (header[headerFields.day] !== envelope.dataReferencia) reasons.push(`${headerFields.day}: difere do envio`)
  if (records.length > MAX_RECORDS_PER_FILE) reasons.push(`${bodyField.records}: mais de ${MAX_RECORDS_PER_FILE}`)
  if (records.length === 0) reasons.push(`${bodyField.records}: vazio`)
  if (header[headerFields.records] !== records.length || envelope.quantidadeRegistros !== records.length)
    reasons.push(`${headerFields.records}: não confere com os registros`)
  const names = new Set(spec.map((f) => f.name))
  records.forEach((record, i) => {
    if (reasons.length >= 20) return
    if (!isObject(record)) {
      reasons.push(`${bodyField.records}[${i}]: não é um objeto`)
      return
    }
    for (const key of Object.keys(record))
      if (!names.has(key)) reasons.push(`${bodyField.records}[${i}].${key}: campo desconhecido`)
    for (const field of spec) {
      const value = record[field.name]
      if (value === undefined) reasons.push(`${bodyField.records}[${i}].${field.name}: ausente`)
      else if (value === null) {
        if (!field.nullable) reasons.push(`${bodyField.records}[${i}].${field.name}: obrigatório`)
      } else if (!typeChecks[field.type]?.(value))
        reasons.push(`${bodyField.records}[${i}].${field.name}: não é ${field.type}`)
    }
  })
  return reasons
}

/** The quality phase, on a file whose structure passed. */
export function checkQuality(envelope: Record<string, unknown>, timeZone: string): string[] {
  const file = JSON.parse(envelope.conteudo as string) as Record<string, unknown>
  const header = file[bodyField.header] as Record<string, unknown>
  const records = file[bodyField.records] as Record<string, unknown>[]
  const spec = fieldSpec(String(header[headerFields.fileType])) ?? []
  const [idField] = spec
  const day = localDayBounds(String(header[headerFields.day]), timeZone)
  const seen = new Set<unknown>()
  const reasons: string[] = []
  records.forEach((record, i) => {
    if (reasons.length >= 20) return
    const id = idField ? record[idField.name] : undefined
    if (seen.has(id)) reasons.push(`${bodyField.records}[${i}]: registro repetido`)
    seen.add(id)
    for (const field of spec) {
      const value = record[field.name]
      if (field.type === 'decimal' && typeof value === 'string' && value.startsWith('-'))
        reasons.push(`${bodyField.records}[${i}].${field.name}: valor negativo`)
      if (field.type === 'datetime' && field.name.startsWith('dataHora') && typeof value === 'string') {
        const at = Date.parse(value)
        const ownDay = field.name === 'dataHoraCriacaoConta' ? true : at >= day.start && at < day.end
        if (!ownDay) reasons.push(`${bodyField.records}[${i}].${field.name}: fora da data de referência`)
      }
    }
  })
  return reasons
}

export async function startSandboxReceiver(options: {
  port: number
  host: string
  timeZone: string
  token?: string
}): Promise<SandboxReceiver> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const expected = Buffer.from(`Bearer ${token}`)
  const received = new Map<string, ReceivedFile>()
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const given = Buffer.from(request.headers.authorization ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return send(401, { mensagem: 'não autorizado' })
    const url = new URL(request.url ?? '/', 'http://sandbox')
    try {
      if (request.method === 'POST' && url.pathname === '/arquivos') {
        let envelope: unknown
        try {
          envelope = JSON.parse(await readBody(request))
        } catch {
          return send(400, { mensagem: 'corpo inválido' })
        }
        if (!isObject(envelope) || typeof envelope.nomeArquivo !== 'string')
          return send(400, { mensagem: 'nomeArquivo ausente' })
        const structure = checkStructure(envelope)
        const quality = structure.length === 0 ? checkQuality(envelope, options.timeZone) : []
        const protocol = randomUUID()
        received.set(protocol, {
          name: envelope.nomeArquivo,
          sha256: String(envelope.hashSha256),
          structure,
          quality,
          polls: 0,
        })
        return send(202, { protocolo: protocol })
      }
      const match = /^\/arquivos\/([^/]+)$/.exec(url.pathname)
      if (request.method === 'GET' && match) {
        const file = received.get(decodeURIComponent(match[1] as string))
        if (!file) return send(404, { mensagem: 'protocolo desconhecido' })
        file.polls++
        // The two phases, one per look: structure first, then the data's quality.
        if (file.structure.length > 0) return send(200, { situacao: 'ESTRUTURA_REJEITADA', motivos: file.structure })
        if (file.polls === 1) return send(200, { situacao: 'ESTRUTURA_ACEITA', motivos: [] })
        if (file.quality.length > 0) return send(200, { situacao: 'QUALIDADE_REJEITADA', motivos: file.quality })
        return send(200, { situacao: 'QUALIDADE_ACEITA', motivos: [] })
      }
      return send(404, { mensagem: 'não encontrado' })
    } catch {
      return send(500, { mensagem: 'erro' })
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host}:${port}`,
    token,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
