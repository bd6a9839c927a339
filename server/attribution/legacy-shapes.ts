// The legacy client's paths for the attribution consent calls (under `/user/*`). The one place in this
// module that knows them (see legacyAlias). Its conversion records keep their own legacy paths.
import type { LegacyPath } from '../http/legacy-shapes.ts'

export const attributionLegacyPaths = {
  consentInfo: { path: '/user/attributionConsent/info' },
  consent: { path: '/user/attributionConsent' },
} satisfies Record<string, LegacyPath>
