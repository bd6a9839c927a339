// Authenticated API calls: the token in the `access-token` header, the envelope unwrapped to
// its data, and one silent re-login and retry when the server answers `token_invalid`; an
// `age_not_confirmed` brings the 18+ gate back instead of leaving the player at a dead end.
import { i18n } from '@lingui/core'
import { API_BASE, ApiError, request } from './http.ts'
import { askAgeAgain, currentToken, reloginSilently } from './session.ts'

export async function call<T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
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

/** Downloads a file the API produces (e.g. the statement CSV) with the session token. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const token = await currentToken()
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    // The file speaks the player's language: its headers, decimal mark and separator.
    headers: { 'access-token': token, 'content-type': 'application/json', 'accept-language': i18n.locale || 'pt-BR' },
    body: '{}',
  })
  if (!response.ok || !response.headers.get('content-type')?.includes('text/csv')) {
    const envelope = (await response.json().catch(() => null)) as { msgCode?: string; msg?: string } | null
    throw new ApiError(
      (envelope?.msgCode as ApiError['msgCode']) ?? 'server_error',
      envelope?.msg ?? '',
      response.status,
    )
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
