// The legacy client's paths and request shapes for the game calls, translated into the project's, and
// the one place in this module that knows them; each project route names its legacy path here
// (`config.legacyPath`, see legacyAlias).
//   game/forward with a numeric `id`: the legacy client names its games by number. Its new-player
//     game (66121, the one its first-visit prompt opens) is the catalog's first game; any other
//     number names no game here and is answered `game_not_found`, not a malformed request.
import { z } from 'zod'
import { games } from '../../contract/games/catalog.ts'
import { type LegacyPath, translateBody } from '../http/legacy-shapes.ts'

/** The legacy client's numeric game ids this catalog has a game for. */
const legacyGameIds: Readonly<Record<number, string>> = { 66121: (games[0] as { id: string }).id }

const legacyForwardRequest = z
  .strictObject({ id: z.number().int() })
  .meta({ description: "The legacy client's numeric game id (66121, its new-player game, is the catalog's first)." })

const legacyForward = translateBody((body) => {
  if (typeof body.id !== 'number' || !Number.isInteger(body.id)) return body
  // An unknown number becomes an id no game has, so the route answers game_not_found.
  return { ...body, id: legacyGameIds[body.id] ?? `seed-${body.id}`.slice(0, 40) }
})

/** The game routes' legacy paths, by the project route they alias. */
export const gameLegacyPaths = {
  list: { path: '/game/list' },
  def: { path: '/game/def/:id' },
  icon: { path: '/game/icon/:file' },
  open: { path: '/game/forward', translate: legacyForward, body: legacyForwardRequest },
  close: { path: '/game/close' },
  live: { path: '/game/live' },
  history: { path: '/game/history' },
  round: { path: '/game/round' },
  seeds: { path: '/game/seeds' },
  rotateSeeds: { path: '/game/seeds/rotate' },
  openSession: { path: '/game/session/open' },
  seedSession: { path: '/game/session/seed' },
  spin: { path: '/game/spin' },
  pingSession: { path: '/game/session/ping' },
  realityCheck: { path: '/game/realityCheck' },
} satisfies Record<string, LegacyPath>
