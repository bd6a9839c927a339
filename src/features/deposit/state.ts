// The deposit whose PIX sheet is open. Kept in IndexedDB too, so a player who pays in the same
// tab (iOS) or reloads comes back to the same code and countdown.
import type { DepositOrder } from '../../../contract/deposits.ts'
import { type OpenDepositRecord, storage } from '../../lib/storage.ts'
import { appStore, atom } from '../../lib/store.ts'

export const openDepositAtom = atom<OpenDepositRecord | null>(null)

export function openDeposit(order: DepositOrder): void {
  const record: OpenDepositRecord = {
    orderId: order.orderId,
    amount: order.amount,
    payCode: order.payCode,
    payUrl: order.payUrl,
    // The server's remaining time, counted on the phone's clock (which may be set wrong).
    deadline: Date.now() + (order.expiresAt - order.serverTime),
  }
  appStore.set(openDepositAtom, record)
  void storage.set('openDeposit', record)
}

export function closeDeposit(orderId?: string): void {
  const open = appStore.get(openDepositAtom)
  if (orderId && open?.orderId !== orderId) return
  appStore.set(openDepositAtom, null)
  void storage.remove('openDeposit')
}

export async function restoreOpenDeposit(): Promise<void> {
  const record = await storage.get('openDeposit')
  if (record && !appStore.get(openDepositAtom)) appStore.set(openDepositAtom, record)
}
