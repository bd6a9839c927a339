// The home's calls: the game catalog (a GET, cached by the service worker), the live lobby
// figures — jackpot pool, recent wins, players now — and the player's latest rounds, which say
// what they played recently.
import type { GameList, LiveView, RoundPage } from '../../../contract/games/api.ts'
import { call } from '../../lib/api.ts'

export const getGameList = () => call<GameList>('/v1/games', undefined, 'GET')

export const getLive = () => call<LiveView>('/v1/games/live')

const RECENT_ROUNDS = 100

export const getLatestRounds = () => call<RoundPage>('/v1/games/history', { pageNum: 1, pageSize: RECENT_ROUNDS })
