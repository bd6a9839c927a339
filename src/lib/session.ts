// The player's session: a device id made once and kept in IndexedDB with the secret the server
// issues it, automatic login with both, credential and passkey login, and the silent re-login
// when the server says `token_invalid` — unless the session ended for want of activity
// (`session_idle`): then the app asks for the passkey or password over the screen the player was
// on, and the calls waiting for a token go on once they log in. A password or passkey login that
// leaves the device owing the face step-up has the app ask for the face at once.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import type { LoginResponse } from '../../contract/accounts.ts'
import { isLanguage } from '../../contract/languages.ts'
import { ApiError, request } from './http.ts'
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'
import { showToast } from './toast.ts'

export const tokenAtom = atom<string | null>(null)
/** Set when the server says the 18+ confirmation is missing: the app shows the gate again. */
export const ageGateAtom = atom(false)
/** Set when this device's session ended for want of activity: the app asks to log in again. */
export const sessionIdleAtom = atom(false)
/** Set when a password or passkey login left this device owing the face step-up: the app asks it at once. */
export const faceStepUpAtom = atom(false)

// Calls waiting for the player to log in again after an idle end: each gets the new token.
let idleWaiters: ((token: string) => void)[] = []

/**
 * Records the 18+ confirmation on the device and, when this device already has a session (e.g.
 * one made before the gate was answered), on the account too by logging in again with it.
 */
export async function confirmAdult(): Promise<void> {
  await storage.set('adultConfirmed', true)
  appStore.set(ageGateAtom, false)
  if (appStore.get(tokenAtom) || (await storage.get('token'))) await loginWithDevice()
}

/** The server has no confirmation for this account: forget the device's and ask again. */
export async function askAgeAgain(): Promise<void> {
  await storage.remove('adultConfirmed')
  appStore.set(ageGateAtom, true)
}

export async function getDeviceId(): Promise<string> {
  const existing = await storage.get('deviceId')
  if (existing) return existing
  const created = crypto.randomUUID()
  await storage.set('deviceId', created)
  return created
}

async function acceptLogin(data: LoginResponse): Promise<LoginResponse> {
  // A new device pair (first login, or a name-and-password login) replaces the old one.
  if (data.deviceSecret) {
    await storage.set('deviceId', data.deviceId)
    await storage.set('deviceSecret', data.deviceSecret)
  }
  await storage.set('token', data.token)
  appStore.set(tokenAtom, data.token)
  const waiting = idleWaiters
  idleWaiters = []
  appStore.set(sessionIdleAtom, false)
  for (const resume of waiting) resume(data.token)
  return data
}

/**
 * After a login the player made (never the silent device login): a device that owes the face
 * step-up asks it at once.
 */
function askFaceIfDue(data: LoginResponse): LoginResponse {
  if (data.faceStepUpDue) appStore.set(faceStepUpAtom, true)
  return data
}

/** Drops this device's id, secret and token (the device was revoked, or is unknown). */
export async function forgetDevice(): Promise<void> {
  appStore.set(tokenAtom, null)
  await storage.remove('token')
  await storage.remove('deviceSecret')
  await storage.remove('deviceId')
}

async function deviceLogin(): Promise<LoginResponse> {
  const deviceId = await getDeviceId()
  const deviceSecret = await storage.get('deviceSecret')
  const entry = (await storage.get('entryParams')) ?? {}
  const language = i18n.locale
  const envelope = await request<LoginResponse>('/v1/account/login', {
    deviceId,
    ...(deviceSecret ? { deviceSecret } : {}),
    ageConfirmed: (await storage.get('adultConfirmed')) === true,
    ...(entry.inviteCode ? { extensionCode: entry.inviteCode } : {}),
    ...(entry.channel ? { registChannel: entry.channel } : {}),
    ...(isLanguage(language) ? { language } : {}),
  })
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg)
  return acceptLogin(envelope.data)
}

/**
 * Logs this device in with its id and secret. A device the server no longer knows (revoked
 * from another device) starts over as a new device, and the player is told how to get back.
 */
export async function loginWithDevice(): Promise<LoginResponse> {
  const known = (await storage.get('deviceId')) !== undefined
  try {
    return await deviceLogin()
  } catch (error) {
    if (!(error instanceof ApiError) || error.msgCode !== 'device_login_failed') throw error
    await forgetDevice()
    if (known) showToast(t`Este aparelho foi desconectado da sua conta. Para voltar a ela, entre com nome e senha.`)
    return deviceLogin()
  }
}

/** This device's id and secret, when it has both: the same device logs in again (after an idle end). */
async function sameDevice(): Promise<{ deviceId?: string; deviceSecret?: string }> {
  const deviceId = await storage.get('deviceId')
  const deviceSecret = await storage.get('deviceSecret')
  return { ...(deviceId ? { deviceId } : {}), ...(deviceId && deviceSecret ? { deviceSecret } : {}) }
}

export async function loginWithCredentials(userName: string, password: string): Promise<LoginResponse> {
  const envelope = await request<LoginResponse>('/v1/account/login', {
    userName,
    password,
    apiType: 1,
    ageConfirmed: true,
    ...(await sameDevice()),
  })
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg)
  // Possibly another account: this device no longer knows whose CPF (or sent details) it kept.
  await Promise.all([storage.remove('ownCpf'), storage.remove('identityDraft')])
  return askFaceIfDue(await acceptLogin(envelope.data))
}

/** Logs in with a passkey (its answer to `/v1/account/passkeys/loginOptions`' challenge). */
export async function loginWithPasskey(response: unknown): Promise<LoginResponse> {
  const envelope = await request<LoginResponse>('/v1/account/passkeys/login', {
    response,
    ageConfirmed: true,
    ...(await sameDevice()),
  })
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg)
  const before = await storage.get('deviceId')
  // Another device pair means possibly another account: forget what this device kept of the last.
  if (before !== envelope.data.deviceId) await Promise.all([storage.remove('ownCpf'), storage.remove('identityDraft')])
  return askFaceIfDue(await acceptLogin(envelope.data))
}

let relogin: Promise<string> | null = null

/**
 * Replaces a rejected token by logging in again with the device id and secret; concurrent callers share
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
      if (!(error instanceof ApiError) || error.msgCode !== 'session_idle') throw error
      // Asked over the current screen; this call (and those sharing it) go on with the new token.
      appStore.set(sessionIdleAtom, true)
      return new Promise<string>((resume) => idleWaiters.push(resume))
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
  appStore.set(faceStepUpAtom, false)
  await Promise.all([storage.remove('token'), storage.remove('ownCpf'), storage.remove('identityDraft')])
}
