// The legacy client's request shapes for the game calls, translated into the project's, and the one
// place in this module that knows them.
//   game/forward with a numeric `id`: the legacy client names its games by number. Its new-player
//     game (66121, the one its first-visit prompt opens) is the catalog's first game; any other
//     number names no game here and is answered `game_not_found`, not a malformed request.
import { z } from 'zod'
import { games } from '../../contract/games/catalog.ts'
import { translateBody } from '../http/legacy-shapes.ts'

/** The legacy client's numeric game ids this catalog has a game for. */
const legacyGameIds: Readonly<Record<number, string>> = { 66121: (games[0] as { id: string }).id }

export const legacyForwardRequest = z
  .strictObject({ id: z.number().int() })
  .meta({ description: "The legacy client's numeric game id (66121, its new-player game, is the catalog's first)." })

export const legacyForward = translateBody((body) => {
  if (typeof body.id !== 'number' || !Number.isInteger(body.id)) return body
  // An unknown number becomes an id no game has, so the route answers game_not_found.
  return { ...body, id: legacyGameIds[body.id] ?? `seed-${body.id}`.slice(0, 40) }
})
