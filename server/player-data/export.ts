// The player's data export (LGPD art. 18, II — access to the data): every part each owning module
// hands in (its own tables, its own columns), written as one JSON document a few rows at a time,
// so a long history streams from the database to the player without being held in memory.
import type { Kysely } from 'kysely'
import { accountsPlayerData } from '../accounts/player-data.ts'
import { attributionPlayerData } from '../attribution/player-data.ts'
import type { Database } from '../db/schema.ts'
import { gamesPlayerData } from '../games/player-data.ts'
import { ledgerPlayerData } from '../ledger/player-data.ts'
import type { PlayerDataPart } from '../lib/player-data.ts'
import { paymentsPlayerData } from '../payments/player-data.ts'
import { rewardsPlayerData } from '../rewards/player-data.ts'
import { supportPlayerData } from '../support/player-data.ts'

/** The file's layout version: a reader can tell when the parts change. */
export const PLAYER_DATA_FORMAT = 1

/** Every module's parts, in the file's order. */
export function playerDataParts(db: Kysely<Database>): PlayerDataPart[] {
  return [
    ...accountsPlayerData(db),
    ...ledgerPlayerData(db),
    ...paymentsPlayerData(db),
    ...gamesPlayerData(db),
    ...rewardsPlayerData(db),
    ...supportPlayerData(db),
    ...attributionPlayerData(db),
  ]
}

// Rows are gathered into chunks of about this many characters before they are written.
const CHUNK_CHARS = 64 * 1024

/** The export as JSON text, in chunks: `{ format, playerId, exportedAt, parts: { name: [rows…] } }`. */
export async function* playerDataJson(
  parts: readonly PlayerDataPart[],
  playerId: number,
  exportedAt: number,
): AsyncGenerator<string> {
  let chunk = `{"format":${PLAYER_DATA_FORMAT},"playerId":${playerId},"exportedAt":${JSON.stringify(new Date(exportedAt).toISOString())},"parts":{`
  for (const [index, part] of parts.entries()) {
    chunk += `${index === 0 ? '' : ','}${JSON.stringify(part.name)}:[`
    let first = true
    for await (const row of part.rows(playerId)) {
      chunk += (first ? '' : ',') + JSON.stringify(row)
      first = false
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk
        chunk = ''
      }
    }
    chunk += ']'
  }
  yield `${chunk}}}`
}
