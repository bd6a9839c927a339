// The dashboard's one call: today's figures.
import type { DashboardView } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const todaysFigures = () => call<DashboardView>('dashboard')
