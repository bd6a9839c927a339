// Paging fields shared by the player's lists (withdrawals, deposit refunds): newest first, by a
// cursor (keyset on time and id: "<created_at>.<id>", the last row seen), or by page number for
// clients written before cursors.
import { z } from 'zod'

const cursorPattern = /^(\d{1,15})\.([A-Za-z0-9]{1,80})$/

export const pageCursor = z.string().regex(cursorPattern)

/** The position a cursor names; null when it is not one. */
export function parsePageCursor(cursor: string): { createdAt: number; id: string } | null {
  const match = cursorPattern.exec(cursor)
  return match ? { createdAt: Number(match[1]), id: match[2] as string } : null
}

export function pageFields(maxPageSize: number, defaultPageSize: number) {
  return {
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(maxPageSize).default(defaultPageSize),
    /** `nextCursor` of the page before; when given, `pageNum` is ignored. */
    cursor: pageCursor.optional(),
  }
}
