// The AML desk's calls: the risk-review worklist, a bettor's class recomputed and an operator's
// review, the sanctions screening results and a decision on a weak match, and the annual report
// (a file).
import type {
  AmlClass,
  AmlClassItem,
  AmlReviewOutcome,
  AmlWorklist,
  ScreeningPage,
  ScreeningStatus,
} from '../../../contract/aml.ts'
import { call, callFile } from '../../lib/api.ts'

export const amlWorklist = (cls?: AmlClass) => call<AmlWorklist>('aml/worklist', cls ? { class: cls } : {})

export const reviewBettor = (body: { playerId: number; outcome: AmlReviewOutcome; note: string }) =>
  call<AmlClassItem>('aml/review', body)

export const reclassify = (playerId: number) => call<AmlClassItem>('aml/classify', { playerId })

export const screening = (status: 'open' | 'decided') => call<ScreeningPage>('aml/screening', { status, limit: 100 })

export const decideMatch = (body: { id: number; decision: 'clear' | 'confirm'; reason: string }) =>
  call<{ id: number; status: Extract<ScreeningStatus, 'cleared' | 'confirmed'> }>('aml/screening/decide', body)

export const annualReport = (year: number, format: 'csv' | 'json') => callFile('aml/report', { year, format })
