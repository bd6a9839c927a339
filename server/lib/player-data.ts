// The shape of a player's own data as each owning module hands it to the export (LGPD art. 18,
// II: access to the data): named parts, each an async sequence of plain rows read a page at a
// time, so a long history streams without being held in memory. Each module lists its columns by
// name — what leaves is chosen, never `select *` — and keeps secrets (password, device and token
// hashes, codes, an unrevealed server seed) and images out.
export type PlayerDataRow = Record<string, unknown>

export interface PlayerDataPart {
  /** The part's key in the exported file (`deposits`, `rounds`…). */
  name: string
  rows(playerId: number): AsyncIterable<PlayerDataRow>
}

/** Rows per page read from the database. */
export const PLAYER_DATA_PAGE = 500

/**
 * Every row of a keyset-paged query: `page(after)` answers up to PLAYER_DATA_PAGE rows after the
 * key of the last row of the page before (null for the first page).
 */
export async function* keysetPages<Row, Key>(
  page: (after: Key | null) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row> {
  let after: Key | null = null
  for (;;) {
    const rows = await page(after)
    yield* rows
    const last = rows.at(-1)
    if (rows.length < PLAYER_DATA_PAGE || last === undefined) return
    after = keyOf(last)
  }
}

/** A part whose rows are one small query (a handful per player). */
export function smallPart(name: string, read: (playerId: number) => Promise<PlayerDataRow[]>): PlayerDataPart {
  return {
    name,
    async *rows(playerId) {
      yield* await read(playerId)
    },
  }
}

/** Epoch milliseconds as an ISO 8601 time (null stays null), so the file reads without a converter. */
export const isoTime = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString()
