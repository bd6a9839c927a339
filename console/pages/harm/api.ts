// The harm watch's calls: the contact tasks' worklist, recording a contact, and the measured
// effect of each kind of intervention.
import type { HarmEffect, HarmTaskList, HarmTaskOutcome } from '../../../contract/harm.ts'
import { call } from '../../lib/api.ts'

export const listHarmTasks = (status: 'open' | 'done') => call<HarmTaskList>('harm/tasks', { status })

export const resolveHarmTask = (taskId: number, outcome: HarmTaskOutcome, note: string) =>
  call<HarmTaskList>('harm/task/resolve', { taskId, outcome, note })

export const harmEffect = () => call<HarmEffect>('harm/effect')
