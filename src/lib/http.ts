// The raw API transport: ky with a 10 s timeout, the envelope unwrapped from any status, the
// player's language sent on every call, the global loading flag, and a hook that tells the
// i18n loader when the server's language packs changed.
import { i18n } from '@lingui/core'
import ky, { isTimeoutError } from 'ky'
import type { Envelope, MsgCode } from '../../contract/envelope.ts'
import { pendingRequestsAtom } from './network.ts'
import { appStore } from './store.ts'

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api'
export const REQUEST_TIMEOUT_MS = 10_000

/** A refusal or failure, with the server's msgCode and its message in the player's language. */
export class ApiError extends Error {
  readonly msgCode: MsgCode | 'network' | 'timeout'
  readonly status: number
  readonly data: unknown
  constructor(msgCode: ApiError['msgCode'], message: string, status = 0, data: unknown = null) {
    super(message)
    this.msgCode = msgCode
    this.status = status
    this.data = data
  }
}

/** What to tell the player about a failure: the server's words for a refusal, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback
}

const client = ky.create({ prefix: API_BASE, timeout: REQUEST_TIMEOUT_MS, retry: 0, throwHttpErrors: false })

type VersionListener = (version: string) => void
const versionListeners = new Set<VersionListener>()
export function onLanguageVersion(listener: VersionListener): () => void {
  versionListeners.add(listener)
  return () => versionListeners.delete(listener)
}

export interface RequestOptions {
  method?: 'GET' | 'POST'
  token?: string | undefined
}

let offlineMessage = 'Sem conexão com a internet.'
let timeoutMessage = 'O servidor demorou a responder.'
/** The i18n loader sets these so transport failures read in the player's language. */
export function setTransportMessages(offline: string, timeout: string): void {
  offlineMessage = offline
  timeoutMessage = timeout
}

export async function request<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST')
  const headers: Record<string, string> = { 'accept-language': i18n.locale || 'pt-BR' }
  if (options.token) headers['access-token'] = options.token
  appStore.set(pendingRequestsAtom, (n) => n + 1)
  try {
    let response: Response
    try {
      response = await client(path.replace(/^\//, ''), {
        method,
        headers,
        ...(method === 'POST' ? { json: body ?? {} } : {}),
      })
    } catch (error) {
      if (isTimeoutError(error)) throw new ApiError('timeout', timeoutMessage)
      throw new ApiError('network', offlineMessage)
    }
    let envelope: Envelope<T>
    try {
      envelope = (await response.json()) as Envelope<T>
    } catch {
      throw new ApiError('server_error', offlineMessage, response.status)
    }
    if (envelope.languageVersion) for (const listener of versionListeners) listener(envelope.languageVersion)
    return envelope
  } finally {
    appStore.set(pendingRequestsAtom, (n) => n - 1)
  }
}
