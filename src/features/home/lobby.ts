// The lobby's data: the catalog (GET, cached by the service worker) and the live figures — the
// jackpot pool, recent real wins and players now — refreshed every 15 s and by push.
import type { GameList, JackpotView, LiveView, WinItem } from '../../../contract/games/api.ts'
import { appStore, atom } from '../../lib/store.ts'
import { getGameList, getLive } from './api.ts'

export const gameListAtom = atom<GameList | null>(null)
export const liveAtom = atom<LiveView | null>(null)

export async function loadGameList(): Promise<void> {
  appStore.set(gameListAtom, await getGameList())
}

export async function loadLive(): Promise<void> {
  appStore.set(liveAtom, await getLive())
}

export function applyJackpot(jackpot: JackpotView | null): void {
  const live = appStore.get(liveAtom)
  if (live) appStore.set(liveAtom, { ...live, jackpot })
}

export function applyWin(win: WinItem): void {
  const live = appStore.get(liveAtom)
  if (!live || live.wins.some((w) => w.roundId === win.roundId)) return
  appStore.set(liveAtom, { ...live, wins: [win, ...live.wins].slice(0, 10) })
}
