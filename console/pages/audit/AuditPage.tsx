// The audit log: every operator action and service-account call, newest first, filtered by who
// and what; the same filter downloads as CSV.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { DataTable } from '../../components/DataTable.tsx'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { auditCsvUrl, auditPage } from './api.ts'

const PAGE_SIZE = 50

const filterOf = (actor: string, action: string) => ({
  ...(actor.trim() ? { actor: actor.trim() } : {}),
  ...(action.trim() ? { action: action.trim() } : {}),
})

export default function AuditPage() {
  const { t } = useLingui()
  const [actor, setActor] = useState('')
  const [action, setAction] = useState('')
  const [pageNum, setPageNum] = useState(1)
  const filter = filterOf(actor, action)
  const page = useCall(
    () => auditPage({ pageNum, pageSize: PAGE_SIZE, ...filterOf(actor, action) }),
    [pageNum, actor, action],
  )
  const csv = auditCsvUrl(filter)
  const pages = Math.max(1, Math.ceil((page.data?.total ?? 0) / PAGE_SIZE))
  return (
    <section className="panel">
      <h1>
        <Trans>Auditoria</Trans>
      </h1>
      <div className="filters">
        <label className="field">
          <span>
            <Trans>Quem</Trans>
          </span>
          <input
            value={actor}
            onChange={(event) => {
              setActor(event.target.value)
              setPageNum(1)
            }}
          />
        </label>
        <label className="field">
          <span>
            <Trans>Ação</Trans>
          </span>
          <input
            value={action}
            placeholder="withdrawal.approve"
            onChange={(event) => {
              setAction(event.target.value)
              setPageNum(1)
            }}
          />
        </label>
        <a className="button secondary" href={csv} download>
          <Trans>Exportar CSV</Trans>
        </a>
      </div>
      {page.error && (
        <p className="form-error" role="alert">
          {page.error.message}
        </p>
      )}
      {page.data && (
        <>
          <DataTable
            label={t`Auditoria`}
            testId="audit-log"
            rows={page.data.entries}
            rowKey={(entry) => entry.id}
            columns={[
              { header: <Trans>Quando</Trans>, cell: (entry) => dateTime(entry.at) },
              { header: <Trans>Quem</Trans>, cell: (entry) => entry.actorName },
              { header: <Trans>Ação</Trans>, cell: (entry) => <code>{entry.action}</code> },
              { header: <Trans>Objeto</Trans>, cell: (entry) => `${entry.objectType} ${entry.objectId}` },
              { header: <Trans>Motivo</Trans>, cell: (entry) => entry.reason ?? '' },
              {
                header: <Trans>Antes → depois</Trans>,
                cell: (entry) => (
                  <span className="json">
                    {entry.before ?? ''}
                    {entry.before && entry.after ? ' → ' : ''}
                    {entry.after ?? ''}
                  </span>
                ),
              },
              { header: 'IP', cell: (entry) => entry.ip },
            ]}
          />
          <div className="pager">
            <button
              type="button"
              className="button secondary small"
              disabled={pageNum <= 1}
              onClick={() => setPageNum(pageNum - 1)}
            >
              {t`Anterior`}
            </button>
            <span>
              <Trans>
                Página {pageNum} de {pages} · {page.data.total} registros
              </Trans>
            </span>
            <button
              type="button"
              className="button secondary small"
              disabled={pageNum >= pages}
              onClick={() => setPageNum(pageNum + 1)}
            >
              {t`Próxima`}
            </button>
          </div>
        </>
      )}
    </section>
  )
}
