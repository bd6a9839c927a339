// The game screens' calls: the player's rounds, one round to verify, the fairness
// seeds and their rotation, and a game's definition for recomputing a spin.
import type {
  GameList,
  historyRequest,
  RoundPage,
  RoundView,
  rotateSeedRequest,
  roundRequest,
  SeedsView,
} from '../../../contract/games/api.ts'
import type { GameDef } from '../../../contract/games/engine.ts'
import type { RequestBody } from '../../../contract/request.ts'
import { call } from '../../lib/api.ts'

export const getRounds = (input: RequestBody<typeof historyRequest>) => call<RoundPage>('/v1/games/history', input)

export const getRound = (input: RequestBody<typeof roundRequest>) => call<RoundView>('/v1/games/round', input)

export const getSeeds = () => call<SeedsView>('/v1/games/seeds')

export const rotateSeeds = (input: RequestBody<typeof rotateSeedRequest>) =>
  call<SeedsView>('/v1/games/seeds/rotate', input)

/** A game's definition as it is now, or as it was at `version` (every version stays published). */
export const getGameDef = (gameId: string, version: number | null = null) =>
  call<{ game: GameDef }>(
    `/v1/games/def/${encodeURIComponent(gameId)}${version === null ? '' : `?version=${version}`}`,
    undefined,
    'GET',
  ).then((d) => d.game)

/** The catalog (a GET the service worker caches): the verifier names each game. */
export const getGameList = () => call<GameList>('/v1/games', undefined, 'GET')
