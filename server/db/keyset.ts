// One way to page a player's list newest first: by cursor (keyset on created_at, id — each page
// costs the same however long the list) or, for clients written before cursors, by page number.
// The table needs `created_at` and a text `id`, and an index that starts with the filter's
// columns and then `created_at`.
import { type SelectQueryBuilder, sql } from 'kysely'
import { parsePageCursor } from '../../contract/paging.ts'

export interface PageRequest {
  pageNum: number
  pageSize: number
  cursor?: string | undefined
}

/**
 * Runs `query` (already filtered to one player's rows) for one page, newest first, and answers
 * the rows and the cursor of the next page (null on the last).
 */
export async function pageNewestFirst<DB, TB extends keyof DB, Row extends { created_at: number; id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  request: PageRequest,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  let q = query.orderBy(sql`created_at desc`).orderBy(sql`id desc`)
  if (request.cursor !== undefined) {
    // The request schema let only a well-formed cursor through.
    const after = parsePageCursor(request.cursor) ?? { createdAt: 0, id: '' }
    q = q.where(
      sql<boolean>`(created_at < ${after.createdAt} or (created_at = ${after.createdAt} and id < ${after.id}))`,
    )
  } else if (request.pageNum > 1) {
    q = q.offset((request.pageNum - 1) * request.pageSize)
  }
  // One more than asked says whether there is a next page without counting.
  const rows = await q.limit(request.pageSize + 1).execute()
  const page = rows.slice(0, request.pageSize)
  const last = page.at(-1)
  const more = rows.length > request.pageSize && last !== undefined
  return {
    rows: page,
    nextCursor: more ? `${Number(last.created_at)}.${last.id}` : null,
  }
}
