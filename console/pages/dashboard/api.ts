// The dashboard's calls: today's figures, and the transparency chain's open breaks (and acknowledging them).
import type { DashboardView } from '../../../contract/ops.ts'
import type { WitnessReports } from '../../../contract/transparency.ts'
import type { ChainBreaks } from '../../../contract/transparency-breaks.ts'
import { call } from '../../lib/api.ts'

export const todaysFigures = () => call<DashboardView>('dashboard')

export const chainBreaks = () => call<ChainBreaks>('transparency/breaks')
export const witnessReports = () => call<WitnessReports>('transparency/witnesses')
export const acknowledgeChainBreaks = (reason: string) => call<ChainBreaks>('transparency/acknowledge', { reason })
