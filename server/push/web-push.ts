// Web Push (RFC 8030/8291/8292) for a player whose app is closed: the VAPID keys (from the
// environment, or generated once into DATA_DIR), the browsers' subscriptions (this module's
// table), and `sendWebPush(playerId, message)` — encrypted by `web-push`, sent over plain
// HTTP(S) to each of the player's push services. A subscription the service says is gone
// (404/410) is dropped. Endpoints are accepted only at known push services (no request to an
// address a client chose), plus any origin the deployment adds (WEB_PUSH_ORIGINS, e.g. a local
// push service in tests).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import webpush from 'web-push'
import type { Language } from '../../contract/languages.ts'
import type { WebPushMessage } from '../../contract/web-push.ts'
import type { Database } from '../db/schema.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export interface WebPushOptions {
  db: Kysely<Database>
  now: () => number
  dataDir: string
  subject: string
  publicKey: string | undefined
  privateKey: string | undefined
  /** Origins accepted besides the known push services (`http://127.0.0.1:9271`). */
  extraOrigins: readonly string[]
  warn: (detail: object, text: string) => void
}

export interface Subscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  language: Language
}

/** What a notification says, per language. */
export type Notice = (language: Language) => WebPushMessage

// The push services browsers use (Chrome/Edge/Opera: FCM; Firefox: Mozilla; Safari: Apple; Windows: WNS).
const knownServices = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
]

const TTL_SECONDS = 24 * 60 * 60
const SEND_TIMEOUT_MS = 10_000

/** The VAPID keys: from the environment, else the ones kept in DATA_DIR (made at first need). */
export function vapidKeys(options: Pick<WebPushOptions, 'dataDir' | 'publicKey' | 'privateKey'>): VapidKeys {
  if (options.publicKey && options.privateKey) return { publicKey: options.publicKey, privateKey: options.privateKey }
  const file = path.join(options.dataDir, 'vapid.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys
  const keys = webpush.generateVAPIDKeys()
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
  // `wx`: two instances starting at once keep the first file written.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' })
  } catch {
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys
  }
  return keys
}

export class WebPush {
  readonly #o: WebPushOptions
  #keys: VapidKeys | undefined

  constructor(options: WebPushOptions) {
    this.#o = options
  }

  get keys(): VapidKeys {
    this.#keys ??= vapidKeys(this.#o)
    return this.#keys
  }

  /** True when the server will send to this endpoint. */
  accepts(endpoint: string): boolean {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return false
    }
    if (this.#o.extraOrigins.includes(url.origin)) return true
    return url.protocol === 'https:' && url.port === '' && knownServices.some((host) => host.test(url.hostname))
  }

  /** Keeps a browser's subscription for the player (a re-subscription updates keys, owner and language). */
  async subscribe(playerId: number, subscription: Subscription): Promise<void> {
    const row = {
      player_id: playerId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      language: subscription.language,
    }
    await this.#o.db
      .insertInto('push_subscriptions')
      .values({ ...row, endpoint: subscription.endpoint, created_at: this.#o.now() })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
      .execute()
  }

  /** Drops the player's subscription at this endpoint (another player's is left alone). */
  async unsubscribe(playerId: number, endpoint: string): Promise<void> {
    await this.#o.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('player_id', '=', playerId)
      .execute()
  }

  /** Sends to every browser the player subscribed; answers how many push services accepted it. */
  async send(playerId: number, notice: Notice): Promise<number> {
    const rows = await this.#o.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth', 'language'])
      .where('player_id', '=', playerId)
      .execute()
    const results = await Promise.all(rows.map((row) => this.#deliver(row, notice(row.language as Language))))
    return results.filter(Boolean).length
  }

  async #deliver(
    row: { id: number; endpoint: string; p256dh: string; auth: string },
    message: WebPushMessage,
  ): Promise<boolean> {
    if (!this.accepts(row.endpoint)) return false
    const { publicKey, privateKey } = this.keys
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(message),
      { vapidDetails: { subject: this.#o.subject, publicKey, privateKey }, TTL: TTL_SECONDS, urgency: 'high' },
    )
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      })
      if (response.status === 404 || response.status === 410) {
        await this.#o.db.deleteFrom('push_subscriptions').where('id', '=', row.id).execute()
        return false
      }
      if (!response.ok) this.#o.warn({ status: response.status }, 'push service refused a web push')
      return response.ok
    } catch (error) {
      this.#o.warn({ err: error }, 'web push failed')
      return false
    }
  }
}
