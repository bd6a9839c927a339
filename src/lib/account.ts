// The player's account as the header and profile show it: read from the server, kept in
// IndexedDB so an offline reopen still shows the last known balance (marked as such).
import type { AccountInfo } from '../../contract/accounts.ts'
import type { faceCheckRequest, RegistrationData, registrationDataRequest } from '../../contract/face.ts'
import type { registrationLimitsRequest } from '../../contract/limits.ts'
import type { RequestBody } from '../../contract/request.ts'
import type { AccountDetails, saveAccountDetailsRequest } from '../../contract/verification.ts'
import { call } from './api.ts'
import { reloginSilently } from './session.ts'
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'

export interface AccountView {
  userId: number
  userName: string | null
  bound: boolean
  total: number
  cash: number
  bonus: number
  /** Bonus wagering still to do before the bonus becomes cash (0 when none). */
  wageringRemaining: number
  /** A pause the player asked for (until: epoch ms, null = indefinite), or null: games are blocked during it. */
  selfExclusion: { until: number | null } | null
  /** An operator froze the account: play, deposits, new withdrawals and rewards wait (the home says so). */
  frozen: boolean
  /** False while showing the copy kept from the last time the server answered. */
  fresh: boolean
  /** For a kept copy: when the server gave it (epoch ms), if known. */
  keptAt?: number
}

export const accountAtom = atom<AccountView | null>(null)

export async function loadCachedAccount(): Promise<void> {
  const cached = await storage.get('user')
  if (cached && !appStore.get(accountAtom)) {
    appStore.set(accountAtom, {
      userId: cached.userId,
      userName: cached.userName,
      bound: cached.userName !== null,
      total: cached.gold,
      cash: cached.cash,
      bonus: cached.bonus,
      wageringRemaining: 0,
      selfExclusion: null,
      frozen: false,
      fresh: false,
      ...(cached.at !== undefined ? { keptAt: cached.at } : {}),
    })
  }
}

export interface PushedBalance {
  total: number
  cash: number
  bonus: number
  wageringRemaining?: number
}

/** Applies a pushed balance (the server re-read it after a commit). */
export function applyBalance(balance: PushedBalance): void {
  const current = appStore.get(accountAtom)
  if (!current) return
  const next = { ...current, ...balance, fresh: true }
  appStore.set(accountAtom, next)
  void remember(next)
}

/** Keeps the last account the server confirmed, for an offline reopen. */
function remember(view: AccountView): Promise<void> {
  return storage.set('user', {
    userId: view.userId,
    userName: view.userName,
    gold: view.total,
    cash: view.cash,
    bonus: view.bonus,
    at: Date.now(),
  })
}

export async function refreshAccount(relogged = false): Promise<AccountView> {
  const info = await call<AccountInfo>('/v1/account/info')
  // The server asks for a fresh session: a silent device login, then read again (once).
  if (info.reloginFlag === 1 && !relogged) {
    await reloginSilently()
    return refreshAccount(true)
  }
  const view: AccountView = {
    userId: info.userId,
    userName: info.userName,
    bound: info.bound,
    total: info.balance.total,
    cash: info.balance.cash,
    bonus: info.balance.bonus,
    wageringRemaining: info.wagering.remaining,
    selfExclusion: info.selfExclusion,
    frozen: info.frozen,
    fresh: true,
  }
  appStore.set(accountAtom, view)
  await remember(view)
  return view
}

/** The daily loss and time limits set at registration (Portaria SPA/MF 2.579/2025). */
export const saveRegistrationLimits = (input: RequestBody<typeof registrationLimitsRequest>) =>
  call('/v1/limits/registration', input)

/**
 * Saves full name, CPF and date of birth (asked once, before the first deposit or withdrawal):
 * answers whether the identity bureau settled it (`verified`) or an operator will (`review`).
 */
export const saveAccountDetails = (input: RequestBody<typeof saveAccountDetailsRequest>) =>
  call<AccountDetails>('/v1/account/details/save', input)

export const readAccountDetails = () => call<AccountDetails>('/v1/account/details')

/** Identity by face: whether the face step waits, the picture sent, or no camera. */
export const faceStatus = () =>
  call<{ enabled: boolean; pending: boolean; stepUpDue: boolean }>('/v1/account/faceStatus')
export const sendFace = (input: RequestBody<typeof faceCheckRequest>) =>
  call<{ outcome: 'passed' | 'review' }>('/v1/account/face', input)
export const faceFallback = () => call<{ outcome: 'review' }>('/v1/account/faceFallback', { reason: 'no_camera' })

/** The address (with CEP) and gender the rules ask at registration. */
export const saveRegistration = (input: RequestBody<typeof registrationDataRequest>) =>
  call<RegistrationData>('/v1/account/registration', input)
