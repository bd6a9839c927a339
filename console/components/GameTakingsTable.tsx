// Stakes, wins and GGR per game: the dashboard's today and the reports page's period.
import { useLingui } from '@lingui/react/macro'
import type { GameTakings } from '../../contract/ops.ts'
import { money } from '../lib/format.ts'
import { type Column, DataTable } from './DataTable.tsx'

export function GameTakingsTable({ games, label, testId }: { games: GameTakings[]; label: string; testId: string }) {
  const { t } = useLingui()
  const columns: Column<GameTakings>[] = [
    { header: t`Jogo`, cell: (g) => g.gameId || t`(rodada sem jogo)` },
    { header: t`Apostas`, numeric: true, cell: (g) => money(g.stakes) },
    { header: t`Prêmios`, numeric: true, cell: (g) => money(g.wins) },
    { header: 'GGR', numeric: true, cell: (g) => money(g.ggr) },
  ]
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={games}
      rowKey={(g) => g.gameId}
      empty={t`Nenhuma aposta no período.`}
      testId={testId}
    />
  )
}
