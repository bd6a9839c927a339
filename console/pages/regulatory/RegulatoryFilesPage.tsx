// The daily files sent to the regulator (SIGAP): each day exported with its due time (06:00 of
// the next day), its files counted by status and a mark when it is late; a day opens its files —
// name, records, SHA-256, status, the receiver's reasons — and a rejected file can be made again
// and re-sent (`regulatoryFiles.resend`, audited). For payments, risk and admin (`reports.view`).
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { RegulatoryDataset, RegulatoryFileStatus } from '../../../contract/regulatory-files.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { dateTime } from '../../lib/format.ts'
import { can, useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { dayFiles, listDays, resendFile } from './api.ts'

const statusLabels = {
  generated: msg`Gerado`,
  sent: msg`Enviado`,
  structure_accepted: msg`Estrutura aceita`,
  quality_accepted: msg`Qualidade aceita`,
  rejected: msg`Recusado`,
  resent: msg`Reenvio na fila`,
} as const

const datasetLabels = {
  bets: msg`Apostas`,
  bettors: msg`Apostadores`,
  wallets: msg`Carteiras`,
  destinations: msg`Destinações legais`,
} as const

const statusText = (i18n: I18n, status: RegulatoryFileStatus) => i18n._(statusLabels[status])
const datasetText = (i18n: I18n, dataset: RegulatoryDataset) => i18n._(datasetLabels[dataset])

export default function RegulatoryFilesPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const mayResend = can(me, 'regulatoryFiles.resend')
  const days = useCall(() => listDays(1, 60), [])
  const [day, setDay] = useState<string | null>(null)
  const files = useCall(() => (day ? dayFiles(day) : Promise.resolve(null)), [day])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const resend = async (fileId: string) => {
    setBusy(true)
    setError(null)
    try {
      await resendFile(fileId)
      files.reload()
      days.reload()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="panel">
      <h1>
        <Trans>Arquivos SIGAP</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Apostas, apostadores, carteiras e destinações legais de cada dia, em arquivos de até 7 000 registros, devidos
          até 06:00 do dia seguinte.
        </Trans>
      </p>
      {days.error && (
        <p className="form-error" role="alert">
          {days.error.message}
        </p>
      )}
      {days.data && (
        <DataTable
          label={t`Dias`}
          testId="regulatory-days"
          rows={days.data.items}
          rowKey={(d) => d.day}
          rowProps={(d) => ({ 'data-testid': `regulatory-day-${d.day}` })}
          empty={<Trans>Nenhum dia exportado ainda.</Trans>}
          columns={[
            {
              header: <Trans>Dia</Trans>,
              rowHeader: true,
              cell: (d) => (
                <button type="button" className="link" aria-pressed={day === d.day} onClick={() => setDay(d.day)}>
                  {d.day}
                </button>
              ),
            },
            {
              header: <Trans>Situação</Trans>,
              cell: (d) => (
                <>
                  {d.late && (
                    <strong className="badge">
                      <Trans>Atrasado</Trans>
                    </strong>
                  )}{' '}
                  {d.finishedAt === null && <Trans>Gerando…</Trans>}{' '}
                  {(Object.entries(d.statuses) as [RegulatoryFileStatus, number][])
                    .map(([status, n]) => `${statusText(i18n, status)}: ${n}`)
                    .join(' · ')}
                </>
              ),
            },
            { header: <Trans>Prazo</Trans>, cell: (d) => dateTime(d.dueAt) },
            { header: <Trans>Arquivos</Trans>, numeric: true, cell: (d) => d.files },
            { header: <Trans>Registros</Trans>, numeric: true, cell: (d) => d.records },
          ]}
        />
      )}
      {day && (
        <>
          <h2>
            <Trans>Arquivos de {day}</Trans>
          </h2>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {files.data && (
            <DataTable
              label={t`Arquivos do dia`}
              testId="regulatory-files"
              rows={files.data.items}
              rowKey={(f) => f.id}
              rowProps={(f) => ({ 'data-testid': `regulatory-file-${f.id}` })}
              empty={<Trans>Nenhum arquivo neste dia.</Trans>}
              columns={[
                {
                  header: <Trans>Arquivo</Trans>,
                  rowHeader: true,
                  cell: (f) => (
                    <>
                      {datasetText(i18n, f.dataset)} #{f.seq}
                      <br />
                      <span className="muted file-name">{f.name}</span>
                    </>
                  ),
                },
                {
                  header: <Trans>Situação</Trans>,
                  testId: (f) => `regulatory-status-${f.id}`,
                  cell: (f) => (
                    <>
                      {statusText(i18n, f.status)}
                      {f.attempts > 1 && (
                        <span className="muted">
                          {' '}
                          <Trans>({f.attempts} envios)</Trans>
                        </span>
                      )}
                      {f.reasons.length > 0 && (
                        <ul className="reasons">
                          {f.reasons.map((reason) => (
                            <li key={reason}>{reason}</li>
                          ))}
                        </ul>
                      )}
                    </>
                  ),
                },
                { header: <Trans>Registros</Trans>, numeric: true, cell: (f) => f.records },
                {
                  header: <Trans>SHA-256</Trans>,
                  cell: (f) => (
                    <code className="hash" title={f.sha256}>
                      {f.sha256.slice(0, 16)}…
                    </code>
                  ),
                },
                {
                  header: <Trans>Ação</Trans>,
                  cell: (f) =>
                    f.status === 'rejected' && mayResend ? (
                      <button type="button" className="button" disabled={busy} onClick={() => void resend(f.id)}>
                        <Trans>Refazer e reenviar</Trans>
                      </button>
                    ) : (
                      '—'
                    ),
                },
              ]}
            />
          )}
        </>
      )}
    </section>
  )
}
