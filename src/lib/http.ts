// The player app's API transport: contract/client.ts (the one transport of every client) with a
// 10 s timeout, the player's language and token, the global loading flag, and a hook that tells
// the i18n loader when the server's language packs changed.
import { i18n } from '@lingui/core'
import type { GetPath, PostPath } from '../../contract/api-paths.ts'
import { ApiError, apiClient, type WithQuery } from '../../contract/client.ts'

/** A path the API serves (contract/api-paths.ts); a GET one may carry a query string. */
export type ApiPath = PostPath | WithQuery<GetPath>

import type { Envelope } from '../../contract/envelope.ts'
import { pendingRequestsAtom } from './network.ts'
import { appStore } from './store.ts'

export { ApiError }

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api'
export const REQUEST_TIMEOUT_MS = 10_000

/** What to tell the player about a failure: the server's words for a refusal, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback
}

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

export const client = apiClient<ApiPath>({
  base: API_BASE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  language: () => i18n.locale,
  failures: () => ({ network: offlineMessage, timeout: timeoutMessage }),
  onPending: (delta) => appStore.set(pendingRequestsAtom, (n) => n + delta),
  onEnvelope: (envelope) => {
    if (envelope.languageVersion) for (const listener of versionListeners) listener(envelope.languageVersion)
  },
})

/** The server's envelope for a call, refusals included (the caller decides what a refusal means). */
export function request<T>(path: ApiPath, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  return client.exchange<T>(path, body, {
    ...(options.method ? { method: options.method } : {}),
    ...(options.token ? { headers: { 'access-token': options.token } } : {}),
  })
}
