// Web Push on the client: offered once, only after the player's first deposit or withdrawal
// (never at first open), with plain words and "no" as easy as "yes". On "yes" the browser asks
// for permission, subscribes with the server's VAPID key and hands the subscription to the
// server with the current language.
import { i18n } from '@lingui/core'
import type { WebPushKey } from '../../contract/web-push.ts'
import { call } from './api.ts'
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'

/** True while the offer sheet is shown. */
export const webPushOfferAtom = atom(false)

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** After a deposit credited or a withdrawal asked: offers notifications, once per device. */
export async function offerWebPush(): Promise<void> {
  if (!supported() || Notification.permission !== 'default') return
  if (await storage.get('webPushOffered')) return
  await storage.set('webPushOffered', true)
  appStore.set(webPushOfferAtom, true)
}

/** The player said yes: asks the browser, subscribes and tells the server. */
export async function enableWebPush(): Promise<boolean> {
  appStore.set(webPushOfferAtom, false)
  if ((await Notification.requestPermission()) !== 'granted') return false
  const registration = await navigator.serviceWorker.ready
  const { publicKey } = await call<WebPushKey>('/push/webPushKey')
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }))
  const { endpoint, keys } = subscription.toJSON()
  await call('/push/subscribe', { endpoint, keys, language: i18n.locale })
  return true
}
