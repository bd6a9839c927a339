// How a file reaches the regulator's receiver: the interface the outbox sends through, and the
// HTTP adapter. The SIGAP file-reception API (run by Serpro) is not public, so the protocol here
// is ASSUMED and kept in this one file: POST {base}/arquivos with the file and its SHA-256 in a
// JSON envelope and a bearer token → 202 { protocolo }; GET {base}/arquivos/{protocolo} →
// { situacao, motivos }, the two phases the manual describes (structure, then data quality).
// The sandbox receiver (sandbox/receiver.ts) answers the same protocol.

export interface FileSubmission {
  name: string
  fileType: string
  day: string
  seq: number
  records: number
  sha256: string
  content: string
}

export type ReceiverState = 'received' | 'structure_accepted' | 'quality_accepted' | 'rejected'

export interface ReceiverVerdict {
  state: ReceiverState
  reasons: string[]
}

export interface RegulatoryFileSender {
  /** Hands a file over; answers the receiver's protocol number for it. */
  submit(file: FileSubmission): Promise<{ protocol: string }>
  /** Where the receiver's analysis of a file stands. */
  status(protocol: string): Promise<ReceiverVerdict>
}

/** The receiver's words for where a file stands → ours. */
export const receiverStates: Record<string, ReceiverState> = {
  RECEBIDO: 'received',
  ESTRUTURA_ACEITA: 'structure_accepted',
  ESTRUTURA_REJEITADA: 'rejected',
  QUALIDADE_ACEITA: 'quality_accepted',
  QUALIDADE_REJEITADA: 'rejected',
}

export class ReceiverError extends Error {}

const TIMEOUT_MS = 30_000

export class HttpFileSender implements RegulatoryFileSender {
  readonly #base: string
  readonly #token: string | null

  constructor(baseUrl: string, token: string | null) {
    this.#base = baseUrl.replace(/\/+$/, '')
    this.#token = token
  }

  #headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(this.#token ? { authorization: `Bearer ${this.#token}` } : {}),
    }
  }

  async submit(file: FileSubmission): Promise<{ protocol: string }> {
    const response = await fetch(`${this.#base}/arquivos`, {
      method: 'POST',
      headers: this.#headers(),
      body: JSON.stringify({
        nomeArquivo: file.name,
        tipoArquivo: file.fileType,
        dataReferencia: file.day,
        sequencialArquivo: file.seq,
        quantidadeRegistros: file.records,
        hashSha256: file.sha256,
        conteudo: file.content,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const body = (await response.json().catch(() => null)) as { protocolo?: unknown } | null
    if (!response.ok || typeof body?.protocolo !== 'string')
      throw new ReceiverError(`the receiver answered ${response.status} to ${file.name}`)
    return { protocol: body.protocolo }
  }

  async status(protocol: string): Promise<ReceiverVerdict> {
    const response = await fetch(`${this.#base}/arquivos/${encodeURIComponent(protocol)}`, {
      headers: this.#headers(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const body = (await response.json().catch(() => null)) as { situacao?: unknown; motivos?: unknown } | null
    const state = typeof body?.situacao === 'string' ? receiverStates[body.situacao] : undefined
    if (!response.ok || !state) throw new ReceiverError(`the receiver answered ${response.status} for ${protocol}`)
    const reasons = Array.isArray(body?.motivos) ? body.motivos.filter((m): m is string => typeof m === 'string') : []
    return { state, reasons }
  }
}
