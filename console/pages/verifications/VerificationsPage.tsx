// The verification queue: what the identity bureau could not settle (a different registered name
// or date of birth, a politically exposed person, no answer) and verified players a new barred list
// names, oldest first with the time left on the review clock (amber, then red). An item opens with
// what the player gave beside what the bureau answered and the player's summary; approve, or reject
// with a reason the player reads. The first decision wins: every console re-reads on each push, and
// an item decided elsewhere shows as taken, one decided here says what was decided. Below, the
// barred list (Lei 14.790/2023 art. 26): its size per category and, for the roles that keep it, a
// CSV upload that replaces it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { formatCpf } from '../../../contract/cpf.ts'
import { barredCategories } from '../../../contract/identity.ts'
import {
  type BarredListView,
  type ReviewDecision,
  VERIFICATION_REVIEW_MINUTES,
  type VerificationItem,
  type VerificationQueuePage,
} from '../../../contract/ops.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { DueClock } from '../../components/DueClock.tsx'
import { PlayerSummary } from '../../components/PlayerSummary.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { dateTime } from '../../lib/format.ts'
import { viewPlayer } from '../../lib/players.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { useServerNow } from '../../lib/useServerNow.ts'
import { useWorklist } from '../../lib/useWorklist.ts'
import { barredCategoryText, reviewReasonText } from '../../lib/verificationLabels.ts'
import { barredList, decideVerification, uploadBarredList, verificationQueue } from './api.ts'

type Tab = 'open' | 'decided'

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as Brazilian documents write it. */
const birthDate = (date: string | null) => (date ? date.split('-').reverse().join('/') : '—')

function PlayerName({ item }: { item: VerificationItem }) {
  return (
    <>
      {item.fullName} <span className="muted">#{item.playerId}</span>
    </>
  )
}

export default function VerificationsPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const { tab, changeTab, list, selected, setSelected, taken, mine, deciding, decided, failed } = useWorklist<
    Tab,
    VerificationQueuePage,
    VerificationItem,
    number,
    ReviewDecision
  >({ decidingTab: 'open', load: verificationQueue, keyOf: (item) => item.id, topic: 'verification' })
  const now = useServerNow(list.data?.now)

  const canDecide = me.permissions.includes('verifications.decide')
  const reviewWindow = VERIFICATION_REVIEW_MINUTES * 60_000
  const tabs: { id: Tab; label: string }[] = [
    { id: 'open', label: t`Aguardando decisão` },
    { id: 'decided', label: t`Decididas` },
  ]

  return (
    <>
      <div className={selected ? 'worklist-layout with-review' : 'worklist-layout'}>
        <section className="panel worklist">
          <h1>
            <Trans>Verificações</Trans>
          </h1>
          <Tabs tabs={tabs} current={tab} onChange={changeTab} />
          {list.error && (
            <p className="form-error" role="alert">
              {list.error.message}
            </p>
          )}
          {list.data && (
            <>
              <p className="muted">
                <Trans>
                  {list.data.total} na lista · decisão em até {list.data.reviewMinutes / 60} h · depósitos do jogador
                  esperam a decisão
                </Trans>
              </p>
              <DataTable
                label={t`Lista de verificações`}
                testId="verification-queue"
                rows={list.data.items}
                rowKey={(item) => item.id}
                rowProps={(item) => ({
                  'data-testid': `verification-${item.playerId}`,
                  className: selected?.id === item.id ? 'selected' : undefined,
                })}
                empty={<Trans>Nada nesta lista agora.</Trans>}
                extraRows={
                  tab === 'open' && (taken.size > 0 || mine.length > 0)
                    ? [
                        ...mine.map(({ item, decision }) => (
                          <tr key={`mine-${item.id}`} className="decided-here" data-testid={`mine-${item.playerId}`}>
                            <td>
                              <PlayerName item={item} />
                            </td>
                            <td>{reviewReasonText(i18n, item.reason)}</td>
                            <td colSpan={2}>
                              {decision === 'approve' ? (
                                <Trans>Aprovada por você</Trans>
                              ) : (
                                <Trans>Recusada por você</Trans>
                              )}
                            </td>
                          </tr>
                        )),
                        ...[...taken.values()].map((item) => (
                          <tr key={`taken-${item.id}`} className="taken" data-testid={`taken-${item.playerId}`}>
                            <td>
                              <PlayerName item={item} />
                            </td>
                            <td>{reviewReasonText(i18n, item.reason)}</td>
                            <td colSpan={2}>
                              <Trans>Decidido por outro operador</Trans>
                            </td>
                          </tr>
                        )),
                      ]
                    : undefined
                }
                columns={[
                  {
                    header: <Trans>Jogador</Trans>,
                    cell: (item) => (
                      <button type="button" className="link" onClick={() => setSelected(item)}>
                        <PlayerName item={item} />
                      </button>
                    ),
                  },
                  { header: <Trans>Motivo</Trans>, cell: (item) => reviewReasonText(i18n, item.reason) },
                  { header: <Trans>Recebida em</Trans>, cell: (item) => dateTime(item.createdAt) },
                  {
                    header: tab === 'open' ? <Trans>Prazo</Trans> : <Trans>Decisão</Trans>,
                    cell: (item) =>
                      tab === 'open' ? (
                        <DueClock dueAt={item.reviewDueAt} windowMs={reviewWindow} now={now} label={t`Prazo`} />
                      ) : (
                        <DecisionText item={item} />
                      ),
                  },
                ]}
              />
            </>
          )}
        </section>
        {selected && (
          <Review
            key={selected.id}
            item={selected}
            canDecide={canDecide && tab === 'open'}
            taken={taken.has(selected.id)}
            onDeciding={deciding}
            onDecided={(id, decision) => {
              decided(id, decision)
              list.reload()
            }}
            onFailed={(id) => {
              failed(id)
              list.reload()
            }}
          />
        )}
      </div>
      <BarredList />
    </>
  )
}

function DecisionText({ item }: { item: VerificationItem }) {
  return (
    <>
      {item.status === 'approved' ? <Trans>Aprovada</Trans> : <Trans>Recusada</Trans>}
      {item.decidedBy ? ` · ${item.decidedBy}` : ''}
      {item.decidedAt ? ` · ${dateTime(item.decidedAt)}` : ''}
      {item.decisionReason ? ` · ${item.decisionReason}` : ''}
    </>
  )
}

function Review({
  item,
  canDecide,
  taken,
  onDeciding,
  onDecided,
  onFailed,
}: {
  item: VerificationItem
  canDecide: boolean
  taken: boolean
  onDeciding: (id: number) => void
  onDecided: (id: number, decision: ReviewDecision) => void
  onFailed: (id: number) => void
}) {
  const { t, i18n } = useLingui()
  const player = useCall(() => viewPlayer(item.playerId), [item.playerId])
  const [reason, setReason] = useState('')
  const [outcome, setOutcome] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const decide = async (decision: ReviewDecision) => {
    setBusy(true)
    setError(undefined)
    onDeciding(item.id)
    try {
      const result = await decideVerification({
        id: item.id,
        decision,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      })
      onDecided(item.id, decision)
      player.reload()
      setOutcome(
        decision === 'reject'
          ? t`Recusada: o jogador vê o motivo e pode enviar os dados de novo.`
          : result.unfrozen
            ? t`Aprovada: a conta foi descongelada.`
            : t`Aprovada: o jogador está verificado e pode depositar.`,
      )
    } catch (failure) {
      onFailed(item.id)
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  const nameDiffers = item.bureauName !== null && item.bureauName !== item.fullName
  const birthDiffers =
    item.bureauBirthDate !== null && item.birthDate !== null && item.bureauBirthDate !== item.birthDate
  return (
    <aside className="panel review" aria-label={t`Verificação de ${item.fullName}`} data-testid="verification-panel">
      <h2>
        {item.fullName} · {reviewReasonText(i18n, item.reason)}
      </h2>
      {item.frozen && (
        <p className="notice" data-testid="verification-frozen">
          <Trans>A conta do jogador está congelada.</Trans>
        </p>
      )}
      <dl className="facts" data-testid="verification-facts">
        <dt>
          <Trans>CPF</Trans>
        </dt>
        <dd>{/^\d{11}$/.test(item.cpf) ? formatCpf(item.cpf) : item.cpf}</dd>
        <dt>
          <Trans>Nome informado</Trans>
        </dt>
        <dd>{item.fullName}</dd>
        <dt>
          <Trans>Nome no registro do CPF</Trans>
        </dt>
        <dd className={nameDiffers ? 'differs' : undefined}>{item.bureauName ?? '—'}</dd>
        <dt>
          <Trans>Nascimento informado</Trans>
        </dt>
        <dd>{birthDate(item.birthDate)}</dd>
        <dt>
          <Trans>Nascimento no registro</Trans>
        </dt>
        <dd className={birthDiffers ? 'differs' : undefined}>{birthDate(item.bureauBirthDate)}</dd>
      </dl>
      {player.data && <PlayerSummary view={player.data} />}
      {player.error && <p className="form-error">{player.error.message}</p>}
      {taken && !outcome && (
        <p className="notice" role="status" data-testid="taken-notice">
          <Trans>Outro operador já decidiu esta verificação.</Trans>
        </p>
      )}
      {outcome && (
        <p className="notice" role="status" data-testid="verification-outcome">
          {outcome}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {canDecide && !taken && !outcome && (
        <div className="decision">
          <label className="field">
            <span>
              <Trans>Motivo (obrigatório para recusar; o jogador lê)</Trans>
            </span>
            <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => void decide('approve')}>
              <Trans>Aprovar</Trans>
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy || !reason.trim()}
              onClick={() => void decide('reject')}
            >
              <Trans>Recusar</Trans>
            </button>
          </div>
        </div>
      )}
    </aside>
  )
}

/** The barred-person register (SIGAP): the latest sweep's progress and the players it holds back. */
function RegisterLine({ register }: { register: BarredListView['register'] }) {
  const { t } = useLingui()
  const { sweep } = register
  const progress =
    sweep === null
      ? t`nenhuma varredura ainda`
      : sweep.finishedAt === null
        ? t`varredura em curso: ${sweep.checked} de ${sweep.total} consultados, ${sweep.barred} impedidos, ${sweep.unavailable} sem resposta`
        : t`última varredura concluída em ${dateTime(sweep.finishedAt)}: ${sweep.checked} consultados, ${sweep.barred} impedidos; próxima em ${dateTime(sweep.nextDueAt)}`
  return (
    <p className="muted" data-testid="register-sweep">
      {t`Cadastro de impedidos (SIGAP):`} {progress} · {t`${register.barred} contas impedidas`} ·{' '}
      {t`${register.unchecked} aguardando resposta`}
    </p>
  )
}

/** The barred list's size per category and, for the roles that keep it, the CSV upload that replaces it. */
function BarredList() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const summary = useCall(() => barredList(), [])
  const [csv, setCsv] = useState('')
  const [reason, setReason] = useState('')
  const [result, setResult] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const canUpload = me.permissions.includes('verifications.barred')

  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text())
  }

  const upload = async () => {
    setBusy(true)
    setError(undefined)
    setResult(undefined)
    try {
      const done = await uploadBarredList({ csv, reason: reason.trim() })
      setResult(
        t`Lista carregada: ${done.total} CPFs (${done.added} novos, ${done.removed} retirados). Contas retidas e na fila: ${done.held.length}.`,
      )
      setCsv('')
      setReason('')
      summary.reload()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="panel barred-list" aria-labelledby="barred-heading" data-testid="barred-list">
      <h2 id="barred-heading">
        <Trans>Impedidos de apostar (Lei 14.790/2023, art. 26)</Trans>
      </h2>
      {summary.data && (
        <p className="muted" data-testid="barred-summary">
          <Trans>{summary.data.total} CPFs na lista</Trans>
          {barredCategories.map(
            (category) => ` · ${summary.data?.byCategory[category] ?? 0} ${barredCategoryText(i18n, category)}`,
          )}
          {summary.data.updatedAt !== null && ` · ${t`última inclusão em ${dateTime(summary.data.updatedAt)}`}`}
        </p>
      )}
      {summary.data && <RegisterLine register={summary.data.register} />}
      {summary.error && <p className="form-error">{summary.error.message}</p>}
      {canUpload && (
        <div className="decision">
          <p className="muted">
            <Trans>
              Um CSV com uma linha por pessoa: CPF e categoria (owner, staff ou other). A lista nova substitui a atual;
              jogadores verificados que ela nomear têm a conta congelada e entram na fila acima.
            </Trans>
          </p>
          <label className="field">
            <span>
              <Trans>Arquivo CSV</Trans>
            </span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
          </label>
          <label className="field">
            <span>
              <Trans>Conteúdo da lista</Trans>
            </span>
            <textarea value={csv} rows={4} onChange={(event) => setCsv(event.target.value)} data-testid="barred-csv" />
          </label>
          <label className="field">
            <span>
              <Trans>Motivo da mudança</Trans>
            </span>
            <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="actions">
            <button type="button" className="button" disabled={busy || !reason.trim()} onClick={() => void upload()}>
              <Trans>Substituir a lista</Trans>
            </button>
          </div>
          {result && (
            <p className="notice" role="status" data-testid="barred-result">
              {result}
            </p>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
