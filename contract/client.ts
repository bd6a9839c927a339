// The one API transport every browser client uses (the player app, the console, the game page):
// a JSON call that sends the caller's language and headers, gives up after a timeout, reads the
// envelope from any status and unwraps it in one place, and turns every failure into an ApiError
// with a msgCode. Each client makes its own with `apiClient` (base path, token header, transport
// texts, what it watches). Zod-free: the browser imports it for values (only types from envelope.ts).
import type { Envelope, MsgCode } from './envelope.ts'

/** `network`: no answer (offline, refused, aborted); `timeout`: no answer in time. */
export type ApiErrorCode = MsgCode | 'network' | 'timeout'

/** A refusal or failure, with the server's msgCode and its message in the caller's language. */
export class ApiError extends Error {
  readonly msgCode: ApiErrorCode
  /** The HTTP status (0 when nothing answered). */
  readonly status: number
  readonly data: unknown
  /** The server answered with an envelope (false: no answer, or one that was not JSON). */
  readonly answered: boolean
  constructor(msgCode: ApiErrorCode, message: string, status = 0, data: unknown = null, answered = true) {
    super(message)
    this.msgCode = msgCode
    this.status = status
    this.data = data
    this.answered = answered
  }
}

/** The server answered and refused: asking again gets the same answer (unlike a lost or garbled one). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.answered
}

export interface ApiClientOptions {
  /** Prefixed to every path, e.g. `/api`. */
  base: string
  /** No timeout when absent (the console's exports may take long). */
  timeoutMs?: number
  /** The Accept-Language of each call. */
  language: () => string
  /** Headers every call carries (a token), read at each call. */
  headers?: () => Record<string, string>
  /** The texts of a transport failure, read when one happens (they follow the UI's language). */
  failures: () => { network: string; timeout: string }
  /** Told when a call starts and ends (a loading indicator). */
  onPending?: (delta: 1 | -1) => void
  /** Told of every envelope the server answered, with its HTTP status and path (a 401, the language packs' version). */
  onEnvelope?: (envelope: Envelope<unknown>, status: number, path: string) => void
}

export interface CallOptions {
  /** POST when a body is given, GET otherwise. */
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** This call's own timeout (null: none), in place of the client's. */
  timeoutMs?: number | null
}

/** A client's calls, on the paths `Path` (under its base) that the API serves (contract/api-paths.ts). */
export interface ApiClient<Path extends string> {
  /** The server's envelope for a call, refusals included; transport failures throw an ApiError. */
  exchange<T>(path: Path, body?: unknown, options?: CallOptions): Promise<Envelope<T>>
  /** The data of a call; a refusal throws an ApiError with the server's msgCode, words and data. */
  call<T>(path: Path, body?: unknown, options?: CallOptions): Promise<T>
  /** A file an endpoint answers to a POST (an export): its bytes and the name the server gives it. */
  file(path: Path, body?: unknown, options?: CallOptions): Promise<{ blob: Blob; filename: string }>
}

/** A GET path, with or without a query string. */
export type WithQuery<Path extends string> = Path | `${Path}?${string}`

/** The paths under a prefix, without it (the console's under `/ops/`). */
export type Under<Prefix extends string, Path extends string> = Path extends `${Prefix}${infer Rest}` ? Rest : never

export function apiClient<Path extends string>(options: ApiClientOptions): ApiClient<Path> {
  async function send(path: string, body: unknown, call: CallOptions): Promise<Response> {
    const method = call.method ?? (body === undefined ? 'GET' : 'POST')
    const headers: Record<string, string> = {
      'accept-language': options.language() || 'pt-BR',
      ...options.headers?.(),
      ...call.headers,
    }
    if (method === 'POST') headers['content-type'] = 'application/json'
    const timeoutMs = call.timeoutMs === undefined ? options.timeoutMs : call.timeoutMs
    try {
      return await fetch(`${options.base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
        ...(timeoutMs == null ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
      })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      const code = timedOut ? 'timeout' : 'network'
      throw new ApiError(code, options.failures()[code], 0, null, false)
    }
  }

  async function envelopeOf<T>(path: string, response: Response): Promise<Envelope<T>> {
    let envelope: Envelope<T>
    try {
      envelope = (await response.json()) as Envelope<T>
    } catch {
      throw new ApiError('server_error', options.failures().network, response.status, null, false)
    }
    options.onEnvelope?.(envelope, response.status, path)
    return envelope
  }

  async function exchange<T>(path: string, body?: unknown, call: CallOptions = {}): Promise<Envelope<T>> {
    options.onPending?.(1)
    try {
      return await envelopeOf<T>(path, await send(path, body, call))
    } finally {
      options.onPending?.(-1)
    }
  }

  return {
    exchange,
    async call<T>(path: string, body?: unknown, call: CallOptions = {}): Promise<T> {
      const envelope = await exchange<T>(path, body, call)
      if (!envelope.success) throw new ApiError(envelope.msgCode, envelope.msg, 200, envelope.data)
      return envelope.data as T
    },
    async file(path: string, body: unknown = {}, call: CallOptions = {}) {
      options.onPending?.(1)
      try {
        const response = await send(path, body, { method: 'POST', ...call })
        const disposition = response.headers.get('content-disposition') ?? ''
        // A file comes as an attachment; a refusal is an envelope without one.
        if (!response.ok || !disposition.startsWith('attachment')) {
          const envelope = await envelopeOf<unknown>(path, response)
          throw new ApiError(envelope.msgCode, envelope.msg, response.status || 200, envelope.data)
        }
        const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? ''
        return { blob: await response.blob(), filename }
      } finally {
        options.onPending?.(-1)
      }
    },
  }
}
