// The sound switch, remembered in IndexedDB. Game and coin sounds read it before playing.
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'

export const soundOnAtom = atom(true)

export async function restoreSound(): Promise<void> {
  const saved = await storage.get('sound')
  if (saved !== undefined) appStore.set(soundOnAtom, saved)
}

export async function setSound(on: boolean): Promise<void> {
  appStore.set(soundOnAtom, on)
  await storage.set('sound', on)
}
