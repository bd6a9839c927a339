// The audit log: a page of entries, filtered by who and what, and the same filter as a CSV link.
import type { AuditListView } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export interface AuditFilter {
  actor?: string
  action?: string
}

export const auditPage = (body: AuditFilter & { pageNum: number; pageSize: number }) =>
  call<AuditListView>('audit/list', body)

/** The CSV export of every entry the filter matches (a download: the browser fetches it). */
export const auditCsvUrl = (filter: AuditFilter) =>
  `/api/ops/audit/export.csv?${new URLSearchParams(filter as Record<string, string>).toString()}`
