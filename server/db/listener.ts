// One PostgreSQL LISTEN subscription that outlives its connection: a dropped connection (a
// restart, a failover, an administrator's pg_terminate_backend) is reopened with growing,
// jittered waits, the channel is listened to again, and the subscriber is told once so it
// re-reads whatever was notified while nobody listened.
import type pg from 'pg'

/** The first wait before reconnecting, doubled after each failed try up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 100
const MAX_WAIT_MS = 5000

export interface Subscription {
  /** A new, unconnected client (each try gets its own: a pg client connects once). */
  newClient(): pg.Client
  channel: string
  /** A notification's payload, or undefined once after a reconnect (catch up: re-read state). */
  onNotify(payload: string | undefined): void
}

/**
 * Connects and listens (a first failure is thrown: the caller is starting up), then keeps the
 * subscription alive until the answered function is called.
 */
export async function keepListening(subscription: Subscription): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(subscription.channel)) throw new Error(`invalid channel: ${subscription.channel}`)
  let stopped = false
  let current: pg.Client | null = null
  let retry: NodeJS.Timeout | undefined
  let wait = FIRST_WAIT_MS

  const open = async (): Promise<void> => {
    const client = subscription.newClient()
    // A client with no 'error' listener turns a dropped socket into an uncaught exception that
    // ends the process; the loss is acted on once, at 'end'.
    client.on('error', () => {})
    client.on('notification', (message) => subscription.onNotify(message.payload))
    try {
      await client.connect()
      await client.query(`listen ${subscription.channel}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (stopped) {
      await client.end().catch(() => {})
      return
    }
    current = client
    client.once('end', () => {
      if (current !== client) return
      current = null
      reconnect()
    })
  }

  const reconnect = () => {
    if (stopped) return
    const delay = wait / 2 + Math.random() * (wait / 2)
    wait = Math.min(wait * 2, MAX_WAIT_MS)
    retry = setTimeout(() => {
      retry = undefined
      open().then(
        () => {
          if (stopped) return
          wait = FIRST_WAIT_MS
          subscription.onNotify(undefined)
        },
        () => reconnect(),
      )
    }, delay)
    retry.unref()
  }

  await open()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = null
    await client?.end().catch(() => {})
  }
}
