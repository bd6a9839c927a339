// The home's calls: the game catalog (a GET, cached by the service worker) and the live lobby
// figures — jackpot pool, recent wins, players now.
import type { GameList, LiveView } from '../../../contract/games/api.ts'
import { call } from '../../lib/api.ts'

export const getGameList = () => call<GameList>('/game/list', undefined, 'GET')

export const getLive = () => call<LiveView>('/game/live')
