// The statement's calls: pages of lines by cursor, and the whole statement as a CSV download.
import type { StatementEntryView, StatementView } from '../../../contract/statement.ts'
import { call, download } from '../../lib/api.ts'

export const getStatement = (input: { pageSize: number; cursor?: string }) =>
  call<StatementView>('/v1/statement', input)

/** The first `pages` pages, each read by the cursor of the one before (each costs the same). */
export async function getStatementPages(
  pages: number,
  pageSize: number,
): Promise<{ entries: StatementEntryView[]; more: boolean }> {
  const entries: StatementEntryView[] = []
  let cursor: string | null = null
  for (let i = 0; i < pages; i++) {
    const page: StatementView = await getStatement(cursor === null ? { pageSize } : { pageSize, cursor })
    entries.push(...page.entries)
    cursor = page.nextCursor
    if (cursor === null) break
  }
  return { entries, more: cursor !== null }
}

export const downloadStatementCsv = () => download('/v1/statement/csv', 'jogo-limpo-extrato.csv')
