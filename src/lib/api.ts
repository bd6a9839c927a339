// Authenticated API calls: the token in the `access-token` header, the envelope unwrapped to
// its data, and one silent re-login and retry when the server answers `token_invalid`.
import { ApiError, request } from './http.ts'
import { currentToken, reloginSilently } from './session.ts'

export async function call<T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  let token = await currentToken()
  let envelope = await request<T>(path, method === 'POST' ? body : undefined, { method, token })
  if (!envelope.success && envelope.msgCode === 'token_invalid') {
    token = await reloginSilently()
    envelope = await request<T>(path, method === 'POST' ? body : undefined, { method, token })
  }
  if (!envelope.success) throw new ApiError(envelope.msgCode, envelope.msg, 200, envelope.data)
  return envelope.data as T
}
