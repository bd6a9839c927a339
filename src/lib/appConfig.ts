// What this deployment is: the sandbox payment provider (no real money) or a real one,
// whether promotions are on, and the market's time zone every time shown is in. Read once per
// start from the server, kept for offline reopen.
import { request } from './http.ts'
import { type AppConfigRecord, storage } from './storage.ts'
import { appStore, atom } from './store.ts'
import { setMarketTimeZone } from './time.ts'

export const appConfigAtom = atom<AppConfigRecord | null>(null)

/** Takes a configuration the server sent (now or at an earlier start). */
export function applyAppConfig(config: AppConfigRecord): void {
  appStore.set(appConfigAtom, config)
  if (config.timeZone) setMarketTimeZone(config.timeZone)
}

/** The copy kept from the last start, so the first screen already shows the market's times. */
export async function restoreAppConfig(): Promise<boolean> {
  const cached = await storage.get('appConfig')
  if (cached) applyAppConfig(cached)
  return cached !== undefined
}

export async function loadAppConfig(): Promise<void> {
  try {
    const envelope = await request<AppConfigRecord>('/cache/appConfig', undefined, { method: 'GET' })
    if (envelope.success && envelope.data) {
      applyAppConfig(envelope.data)
      await storage.set('appConfig', envelope.data)
    }
  } catch {
    // Offline: the cached copy (if any) stands.
  }
}
