// One player as an operator sees them (masked as the operator's role requires): the player page,
// the withdrawal review and the support conversation all show it.
import type { PlayerView } from '../../contract/ops.ts'
import { call } from './api.ts'

export const viewPlayer = (userId: number) => call<PlayerView>('players/view', { userId })
