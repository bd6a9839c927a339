// The audit log: every operator action and service-account call, newest first, filtered by who
// and what; the same filter downloads as CSV. Times in the market's zone, the object named (a
// game by its name), before → after as "key: value" lines (lib/auditDetails.ts).
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { AuditEntry } from '../../../contract/ops.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { auditDetails, type DetailLine } from '../../lib/auditDetails.ts'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { auditCsvUrl, auditPage } from './api.ts'

const objectTypes: Record<string, MessageDescriptor> = {
  player: msg`Jogador`,
  game: msg`Jogo`,
  operator: msg`Operador`,
  withdrawal: msg`Saque`,
  pix_payment: msg`PIX recebido`,
  player_search: msg`Busca de jogador`,
  report: msg`Relatório`,
  risk_flag: msg`Alerta`,
  route: msg`Rota`,
  setting: msg`Configuração`,
  support_conversation: msg`Conversa`,
  barred_list: msg`Lista de impedidos`,
}

/** "Jogo Fruta Fina", "Jogador 12": the object's kind in words, a game by its name. */
function objectText(i18n: I18n, entry: AuditEntry, gameNames: Record<string, string>): string {
  const kind = objectTypes[entry.objectType]
  const name = entry.objectType === 'game' ? (gameNames[entry.objectId] ?? entry.objectId) : entry.objectId
  return `${kind ? i18n._(kind) : entry.objectType} ${name}`
}

function Details({ lines, label }: { lines: DetailLine[]; label: string }) {
  return (
    <div className="audit-side">
      <span className="muted">{label}</span>{' '}
      <dl className="details">
        {lines.map((line) => (
          // An object's keys are unique; a value without a key is the only line.
          <div key={line.key}>
            {line.key && <dt>{line.key}:</dt>} <dd>{line.value}</dd>{' '}
          </div>
        ))}
      </dl>
    </div>
  )
}

const PAGE_SIZE = 50

const filterOf = (actor: string, action: string) => ({
  ...(actor.trim() ? { actor: actor.trim() } : {}),
  ...(action.trim() ? { action: action.trim() } : {}),
})

export default function AuditPage() {
  const { t, i18n } = useLingui()
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
              {
                header: <Trans>Objeto</Trans>,
                cell: (entry) => objectText(i18n, entry, page.data?.gameNames ?? {}),
              },
              { header: <Trans>Motivo</Trans>, cell: (entry) => entry.reason ?? '' },
              {
                header: <Trans>Antes → depois</Trans>,
                testId: 'audit-change',
                cell: (entry) => {
                  const before = auditDetails(i18n, entry.before, page.data?.gameNames ?? {})
                  const after = auditDetails(i18n, entry.after, page.data?.gameNames ?? {})
                  return (
                    <>
                      {before && <Details lines={before} label={t`Antes`} />}
                      {after && <Details lines={after} label={t`Depois`} />}
                    </>
                  )
                },
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
