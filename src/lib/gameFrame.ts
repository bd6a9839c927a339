// The game frame: which game is open, how a game is launched (`/v1/games/open` gives
// a URL with a short-lived launch token) and what closing does — the session is closed, and the
// balance and the current tab's data (tasks, lobby figures) reload, and with enough cash the
// "you can withdraw" prompt opens.
import type { GameLaunch } from '../../contract/games/api.ts'
import { refreshAccount } from './account.ts'
import { call } from './api.ts'
import { appConfigAtom } from './appConfig.ts'
import { ApiError } from './http.ts'
import { tabReloadAtom } from './reload.ts'
import { openRewardDialog } from './rewards.ts'
import { appStore, atom } from './store.ts'
import { showToast } from './toast.ts'

export interface OpenGame {
  gameId: string
  sessionId: string
  url: string
}

export const openGameAtom = atom<OpenGame | null>(null)

export async function launchGame(gameId: string): Promise<void> {
  const { sessionId, openGameUrl } = await call<GameLaunch>('/v1/games/open', { id: gameId })
  appStore.set(openGameAtom, { gameId, sessionId, url: openGameUrl })
}

/** Opens a game; a refusal is said in the server's words, anything else in `failure`. */
export async function openGame(gameId: string, failure: string): Promise<void> {
  try {
    await launchGame(gameId)
  } catch (error) {
    showToast(error instanceof ApiError ? error.message : failure)
  }
}

export async function closeGame(): Promise<void> {
  const game = appStore.get(openGameAtom)
  if (!game) return
  appStore.set(openGameAtom, null)
  await call('/v1/games/close', { sessionId: game.sessionId }).catch(() => undefined)
  appStore.set(tabReloadAtom, (n) => n + 1)
  const account = await refreshAccount().catch(() => null)
  const threshold = appStore.get(appConfigAtom)?.withdrawPromptMin
  if (account && threshold && account.cash >= threshold) openRewardDialog({ kind: 'withdraw', cash: account.cash })
}
