// Authenticated API calls: the token in the `access-token` header, the envelope unwrapped to
// its data, and one silent re-login and retry when the server answers `token_invalid`; an
// `age_not_confirmed` brings the 18+ gate back instead of leaving the player at a dead end.
import type { GetPath, PostPath } from '../../contract/api-paths.ts'
import type { WithQuery } from '../../contract/client.ts'
import { ApiError, type ApiPath, client, request } from './http.ts'
import { askAgeAgain, currentToken, reloginSilently } from './session.ts'

export function call<T>(path: PostPath, body?: unknown): Promise<T>
export function call<T>(path: WithQuery<GetPath>, body: undefined, method: 'GET'): Promise<T>
export async function call<T>(path: ApiPath, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  let token = await currentToken()
  let envelope = await request<T>(path, method === 'POST' ? body : undefined, { method, token })
  if (!envelope.success && envelope.msgCode === 'token_invalid') {
    token = await reloginSilently(token)
    envelope = await request<T>(path, method === 'POST' ? body : undefined, { method, token })
  }
  if (!envelope.success && envelope.msgCode === 'age_not_confirmed') void askAgeAgain()
  if (!envelope.success) throw new ApiError(envelope.msgCode, envelope.msg, 200, envelope.data)
  return envelope.data as T
}

/** Downloads a file the API produces (the statement CSV, the player's data) with the session token. */
export async function download(path: PostPath, fallbackName: string): Promise<void> {
  const token = await currentToken()
  // The file speaks the player's language: its headers, decimal mark and separator. A large
  // file may take longer than a read's timeout to make.
  const { blob, filename } = await client.file(path, {}, { headers: { 'access-token': token }, timeoutMs: null })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename || fallbackName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
