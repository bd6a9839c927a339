// The player's account as the header and profile show it: read from the server, kept in
// IndexedDB so an offline reopen still shows the last known balance (marked as such).
import { atom } from 'jotai'
import type { AccountInfo } from '../../contract/accounts.ts'
import { call } from './api.ts'
import { storage } from './storage.ts'
import { appStore } from './store.ts'

export interface AccountView {
  userId: number
  userName: string | null
  bound: boolean
  total: number
  cash: number
  bonus: number
  /** False while showing the copy kept from the last time the server answered. */
  fresh: boolean
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
      fresh: false,
    })
  }
}

export async function refreshAccount(): Promise<AccountView> {
  const info = await call<AccountInfo>('/v1/bus/accountInfo')
  const view: AccountView = {
    userId: info.userId,
    userName: info.userName,
    bound: info.bound,
    total: info.balance.total,
    cash: info.balance.cash,
    bonus: info.balance.bonus,
    fresh: true,
  }
  appStore.set(accountAtom, view)
  await storage.set('user', {
    userId: view.userId,
    userName: view.userName,
    gold: view.total,
    cash: view.cash,
    bonus: view.bonus,
  })
  return view
}
