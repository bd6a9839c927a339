// The reports page's calls: a period's finance figures, and the CSV files' addresses (downloads:
// the browser fetches them with the session cookie, the server streams and audits them).
import type { FinanceReport, RegulatoryDataset } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export interface ReportPeriod {
  from: string
  to: string
}

export const financeReport = (period: ReportPeriod) => call<FinanceReport>('reports/finance', period)

const fileUrl = (file: string, query: Record<string, string>) =>
  `/api/ops/reports/${file}?${new URLSearchParams(query).toString()}`

export const financeCsvUrl = (period: ReportPeriod) => fileUrl('finance.csv', { ...period })

export const transfersCsvUrl = (period: ReportPeriod) => fileUrl('transfers.csv', { ...period })

/** A regulatory file; `personalData` asks for CPF, names and PIX keys whole (the server checks the role). */
export const regulatoryCsvUrl = (dataset: RegulatoryDataset, period: ReportPeriod, personalData: boolean) =>
  fileUrl('regulatory.csv', { dataset, ...period, personalData: String(personalData) })
