// The money watch's calls: the flags list, a flag's case file, notes, the decision and the case
// export for the COAF report.
import type { CaseDecision, CaseFile, FlagPage, FlagStatus, WatchRule } from '../../../contract/money-watch.ts'
import { call, callFile } from '../../lib/api.ts'

export const listFlags = (filter: { status?: FlagStatus; rule?: WatchRule; pageNum: number; pageSize: number }) =>
  call<FlagPage>('risk/flags', filter)

export const openCase = (flagId: number) => call<CaseFile>('risk/case', { flagId })

export const addCaseNote = (flagId: number, body: string) => call<CaseFile>('risk/note', { flagId, body })

export const decideCase = (flagId: number, decision: CaseDecision, reason: string) =>
  call<CaseFile>('risk/decide', { flagId, decision, reason })

export const exportCase = (flagId: number, format: 'csv' | 'json', fullCpf: boolean) =>
  callFile('risk/export', { flagId, format, fullCpf })
