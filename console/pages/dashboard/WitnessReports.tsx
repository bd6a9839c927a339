// What installed apps reported from outside: a chain head a phone had verified that the published
// chain no longer holds (the day and hash it saw, the hash served for that day now, and the head
// it was served). Shown on the dashboard whenever there is one — each is evidence that a
// published day was rewritten, or a phone's mistake to look into; the server marks which still
// differ from what it stores.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { DataTable } from '../../components/DataTable.tsx'
import { dateTime } from '../../lib/format.ts'
import { can, useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { witnessReports } from './api.ts'

const short = (hash: string | null) => (hash ? `${hash.slice(0, 12)}…` : '—')

export function WitnessReports() {
  const { t } = useLingui()
  const { me } = useSession()
  const mayView = can(me, 'health.view')
  const reports = useCall(() => (mayView ? witnessReports() : Promise.resolve(null)), [mayView])
  if (!reports.data || reports.data.reports.length === 0) return null
  const { senders } = reports.data
  return (
    <div className="alert-panel" role="alert" data-testid="witness-reports">
      <h2>
        <Trans>Aparelhos viram outro histórico de transparência</Trans>
      </h2>
      <p>
        <Trans>
          Apps instalados guardaram dias da cadeia que a cadeia publicada hoje não tem mais (relatório público,{' '}
          <Plural value={senders} one="# remetente" other="# remetentes" />
          ). Se o dia ainda difere do que o banco guarda, alguém reescreveu o histórico publicado.
        </Trans>
      </p>
      <DataTable
        label={t`Relatórios dos aparelhos`}
        rows={reports.data.reports}
        rowKey={(r) => r.id}
        columns={[
          { header: <Trans>Recebido</Trans>, cell: (r) => dateTime(r.receivedAt) },
          { header: <Trans>Dia visto</Trans>, cell: (r) => r.seenDay },
          { header: <Trans>Hash visto</Trans>, cell: (r) => <code title={r.seenHash}>{short(r.seenHash)}</code> },
          {
            header: <Trans>Hash servido</Trans>,
            cell: (r) => <code title={r.servedHash ?? ''}>{short(r.servedHash)}</code>,
          },
          {
            header: <Trans>Cabeça servida</Trans>,
            cell: (r) => (
              <>
                {r.headDay ?? '—'} <code title={r.headHash ?? ''}>{short(r.headHash)}</code>
              </>
            ),
          },
          {
            header: <Trans>Ainda difere</Trans>,
            cell: (r) => (r.stillDiffers ? <Trans>sim</Trans> : <Trans>não</Trans>),
          },
        ]}
      />
    </div>
  )
}
