// The management pages' calls: operators (list, create, role, disable / enable, reset), the
// four-eyes queue (list, decide) and the games switched off.
import type {
  GameOffReason,
  GameSwitchView,
  OperatorListItem,
  OperatorRole,
  OperatorSetupSent,
  PendingAdjustmentList,
} from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const listOperators = () => call<{ operators: OperatorListItem[] }>('operators/list')

export const createOperator = (body: { email: string; name: string; role: OperatorRole }) =>
  call<OperatorSetupSent>('operators/create', body)

export const changeOperatorRole = (body: { operatorId: number; role: OperatorRole; reason: string }) =>
  call<unknown>('operators/role', body)

export const disableOperator = (body: { operatorId: number; disabled: boolean; reason: string }) =>
  call<{ sessionsEnded: number }>('operators/disable', body)

export const resetOperator = (body: { operatorId: number; reason: string }) =>
  call<OperatorSetupSent>('operators/reset', body)

export const pendingAdjustments = () => call<PendingAdjustmentList>('adjustments/list')

export const decideAdjustment = (body: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
  call<unknown>('adjustments/decide', body)

export const listGames = () => call<{ games: GameSwitchView[] }>('games/list')

export const switchGame = (
  body:
    | { gameId: string; on: true; reason: string }
    | { gameId: string; on: false; offReason: GameOffReason; reason: string },
) => call<{ games: GameSwitchView[] }>('games/switch', body)
