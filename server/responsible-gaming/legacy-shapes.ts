// The legacy client's paths for the limit calls: the same calls as the project's, under `/v1/bus/*`.
// The one place in this module that knows them (see legacyAlias).
import type { LegacyPath } from '../http/legacy-shapes.ts'

export const limitsLegacyPaths = {
  limits: { path: '/v1/bus/limits' },
  deposit: { path: '/v1/bus/setDepositLimit' },
  loss: { path: '/v1/bus/setLossLimit' },
  session: { path: '/v1/bus/setSessionLimit' },
  realityCheck: { path: '/v1/bus/setRealityCheck' },
  registration: { path: '/v1/bus/setRegistrationLimits' },
  selfExclude: { path: '/v1/bus/selfExclude' },
  activity: { path: '/v1/bus/activity' },
} satisfies Record<string, LegacyPath>
