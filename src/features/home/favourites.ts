// The player's favourite games: kept on this device in IndexedDB (through lib/storage), never
// sent to the server. Starring again removes a game.
import { storage } from '../../lib/storage.ts'
import { appStore, atom } from '../../lib/store.ts'

export const favouritesAtom = atom<readonly string[]>([])

export async function loadFavourites(): Promise<void> {
  appStore.set(favouritesAtom, (await storage.get('favouriteGames')) ?? [])
}

export async function toggleFavourite(gameId: string): Promise<void> {
  const current = appStore.get(favouritesAtom)
  const next = current.includes(gameId) ? current.filter((id) => id !== gameId) : [...current, gameId]
  appStore.set(favouritesAtom, next)
  await storage.set('favouriteGames', next)
}
