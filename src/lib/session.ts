// The player's session: a device id made once and kept in IndexedDB, automatic login with it,
// credential login, and the silent re-login when the server says `token_invalid` (SPEC 2).
import { i18n } from '@lingui/core'
import type { LoginResponse } from '../../contract/accounts.ts'
import { isLanguage } from '../../contract/languages.ts'
import { ApiError, request } from './http.ts'
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'

export const tokenAtom = atom<string | null>(null)

export async function getDeviceId(): Promise<string> {
  const existing = await storage.get('deviceId')
  if (existing) return existing
  const created = crypto.randomUUID()
  await storage.set('deviceId', created)
  return created
}

async function acceptLogin(data: LoginResponse): Promise<LoginResponse> {
  await storage.set('token', data.token)
  await storage.set('deviceId', data.deviceId)
  appStore.set(tokenAtom, data.token)
  return data
}

export async function loginWithDevice(): Promise<LoginResponse> {
  const deviceId = await getDeviceId()
  const entry = (await storage.get('entryParams')) ?? {}
  const language = i18n.locale
  const envelope = await request<LoginResponse>('/user/login', {
    deviceId,
    ageConfirmed: (await storage.get('adultConfirmed')) === true,
    ...(entry.inviteCode ? { extensionCode: entry.inviteCode } : {}),
    ...(entry.channel ? { registChannel: entry.channel } : {}),
    ...(isLanguage(language) ? { language } : {}),
  })
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg)
  return acceptLogin(envelope.data)
}

export async function loginWithCredentials(userName: string, password: string): Promise<LoginResponse> {
  const envelope = await request<LoginResponse>('/user/login', { userName, password, apiType: 1, ageConfirmed: true })
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg)
  return acceptLogin(envelope.data)
}

let relogin: Promise<string> | null = null

/**
 * Replaces a rejected token by logging in again with the device id; concurrent callers share
 * one login. The rejected token is dropped from memory at once and from IndexedDB when the new
 * one is stored (or the login fails), so no reader ever sees an empty session mid-way.
 */
export function reloginSilently(rejected?: string): Promise<string> {
  const current = appStore.get(tokenAtom)
  // Someone already replaced the rejected token: use theirs.
  if (rejected && current && current !== rejected) return Promise.resolve(current)
  relogin ??= (async () => {
    appStore.set(tokenAtom, null)
    try {
      const { token } = await loginWithDevice()
      return token
    } catch (error) {
      await storage.remove('token')
      throw error
    }
  })().finally(() => {
    relogin = null
  })
  return relogin
}

/** The token to use, logging in first when there is none. */
export async function currentToken(): Promise<string> {
  const inMemory = appStore.get(tokenAtom)
  if (inMemory) return inMemory
  const stored = await storage.get('token')
  if (stored) {
    appStore.set(tokenAtom, stored)
    return stored
  }
  return reloginSilently()
}

export async function logout(): Promise<void> {
  appStore.set(tokenAtom, null)
  await storage.remove('token')
}
