// The legacy client's paths for the statement calls: the same calls as the project's, under
// `/v1/bus/*`. The one place in this module that knows them (see legacyAlias).
import type { LegacyPath } from '../http/legacy-shapes.ts'

export const ledgerLegacyPaths = {
  statement: { path: '/v1/bus/statement' },
  statementCsv: { path: '/v1/bus/statementCsv' },
} satisfies Record<string, LegacyPath>
