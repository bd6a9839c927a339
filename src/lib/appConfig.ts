// What this deployment is: the sandbox payment provider (no real money) or a real one, and
// whether promotions are on. Read once per start from the server, kept for offline reopen.
import { request } from './http.ts'
import { type AppConfigRecord, storage } from './storage.ts'
import { appStore, atom } from './store.ts'

export const appConfigAtom = atom<AppConfigRecord | null>(null)

export async function loadAppConfig(): Promise<void> {
  const cached = await storage.get('appConfig')
  if (cached) appStore.set(appConfigAtom, cached)
  try {
    const envelope = await request<AppConfigRecord>('/cache/appConfig', undefined, { method: 'GET' })
    if (envelope.success && envelope.data) {
      appStore.set(appConfigAtom, envelope.data)
      await storage.set('appConfig', envelope.data)
    }
  } catch {
    // Offline: the cached copy (if any) stands.
  }
}
