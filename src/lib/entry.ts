// Entry parameters: `?code=` is an invite code; one of zn/zt/mt/tr is a marketing
// channel. Kept from the first visit and sent with the first login.
import { cleanEntryParam } from '../../contract/credentials.ts'
import { type EntryParams, storage } from './storage.ts'

const channelKeys = ['zn', 'zt', 'mt', 'tr'] as const

export function readEntryParams(search: string): EntryParams {
  const params = new URLSearchParams(search)
  const result: EntryParams = {}
  const inviteCode = cleanEntryParam(params.get('code'))
  if (inviteCode) result.inviteCode = inviteCode
  for (const key of channelKeys) {
    const channel = cleanEntryParam(params.get(key))
    if (channel) {
      result.channel = channel
      break
    }
  }
  return result
}

/** Keeps the first visit's parameters; later visits do not overwrite them. */
export async function rememberEntryParams(search: string): Promise<void> {
  const fresh = readEntryParams(search)
  if (!fresh.inviteCode && !fresh.channel) return
  const kept = await storage.get('entryParams')
  await storage.set('entryParams', { ...fresh, ...kept })
}
