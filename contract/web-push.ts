// Web Push: the subscription a browser hands the server, and what a push carries to
// the service worker. Notifications reach a player whose app is closed: deposit credited,
// withdrawal paid, a support reply.
import { z } from 'zod'
import { languages } from './languages.ts'

/** A browser's Web Push subscription (PushSubscription.toJSON()), with the language to write in. */
export const webPushSubscribeRequest = z.strictObject({
  endpoint: z.url().max(1000),
  keys: z.strictObject({
    // base64url: an uncompressed P-256 point (65 bytes) and a 16-byte secret.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/),
  }),
  expirationTime: z.number().nullable().optional(),
  language: z.enum(languages),
})
export const webPushUnsubscribeRequest = z.strictObject({ endpoint: z.url().max(1000) })

/** The server's VAPID public key, for `pushManager.subscribe({ applicationServerKey })`. */
export const webPushKey = z.object({ publicKey: z.string() })
export type WebPushKey = z.infer<typeof webPushKey>

/** What a Web Push message carries to the service worker (shown as a notification). */
export interface WebPushMessage {
  title: string
  body: string
  /** The app path a tap opens. */
  url: string
  /** Notifications with the same tag replace each other. */
  tag: string
}
