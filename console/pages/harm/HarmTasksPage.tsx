// The harm watch's worklist: each player the score sent to level 3, with the markers that fired,
// their figures and the due clock (overdue first); the operator records the contact's outcome and
// a note. Below it, what each kind of intervention changed in the week after (aggregated).
// For support, risk and admin (`harm.cases`).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type HarmRuleName, type HarmTask, type HarmTaskOutcome, harmTaskOutcomes } from '../../../contract/harm.ts'
import { formatMoney } from '../../../contract/money.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { harmEffect, listHarmTasks, resolveHarmTask } from './api.ts'

export default function HarmTasksPage() {
  const { t } = useLingui()
  const [status, setStatus] = useState<'open' | 'done'>('open')
  const tasks = useCall(() => listHarmTasks(status), [status])
  const effect = useCall(() => harmEffect(), [])
  const outcomes: Record<HarmTaskOutcome, string> = {
    contacted: t`Contato feito`,
    unreachable: t`Não atendeu`,
    referred: t`Encaminhado para ajuda`,
    no_concern: t`Sem motivo de preocupação`,
  }
  const kinds = {
    message: t`Aviso`,
    cool_off_offer: t`Pausa oferecida`,
    contact_task: t`Contato`,
    mandatory_pause: t`Pausa obrigatória`,
  }
  // Each marker in words, as docs/responsible-gaming.md describes it (the rule's name is for the audit log).
  const signals: Record<HarmRuleName, string> = {
    deposits_per_day: t`muitos depósitos em 24 horas`,
    deposit_acceleration: t`depósitos acima do ritmo da semana`,
    chasing_losses: t`depósitos logo após perdas`,
    loss_of_limit: t`perda perto do limite diário`,
    night_play: t`jogo de madrugada em várias noites`,
    long_session: t`sessão muito longa`,
    session_frequency: t`muitas sessões no dia`,
    reversed_withdrawals: t`saques cancelados para voltar a jogar`,
    limit_raises: t`limites aumentados ou removidos`,
    rising_stakes: t`apostas subindo`,
    reality_check_dismissals: t`alertas de tempo dispensados`,
    distress_words: t`mensagens de aflição ao atendimento`,
  }
  return (
    <section className="panel">
      <h1>
        <Trans>Prevenção de danos</Trans>
      </h1>
      <Tabs
        tabs={[
          { id: 'open', label: t`Abertas` },
          { id: 'done', label: t`Feitas` },
        ]}
        current={status}
        onChange={setStatus}
      />
      {tasks.error && (
        <p className="form-error" role="alert">
          {tasks.error.message}
        </p>
      )}
      {tasks.data && tasks.data.items.length === 0 && (
        <p className="muted">
          <Trans>Nada nesta lista agora.</Trans>
        </p>
      )}
      {tasks.data?.items.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          outcomes={outcomes}
          signals={signals}
          onDone={() => {
            tasks.reload()
            effect.reload()
          }}
        />
      ))}
      <h2 className="harm-effect-title">
        <Trans>Efeito medido (7 dias antes e depois)</Trans>
      </h2>
      {effect.data && (
        <DataTable
          label={t`Efeito medido`}
          testId="harm-effect"
          rows={effect.data.rows}
          rowKey={(row) => row.kind}
          empty={<Trans>Nada medido ainda.</Trans>}
          columns={[
            { header: <Trans>Intervenção</Trans>, cell: (row) => kinds[row.kind] },
            { header: <Trans>Abertas</Trans>, numeric: true, cell: (row) => row.interventions },
            { header: <Trans>Medidas</Trans>, numeric: true, cell: (row) => row.measured },
            {
              header: <Trans>Depósitos antes → depois</Trans>,
              cell: (row) => `${formatMoney(row.before.deposited)} → ${formatMoney(row.after.deposited)}`,
            },
            {
              header: <Trans>Perda antes → depois</Trans>,
              cell: (row) => `${formatMoney(row.before.loss)} → ${formatMoney(row.after.loss)}`,
            },
            {
              header: <Trans>Minutos antes → depois</Trans>,
              cell: (row) => `${row.before.minutes} → ${row.after.minutes}`,
            },
          ]}
        />
      )}
    </section>
  )
}

function TaskCard({
  task,
  outcomes,
  signals,
  onDone,
}: {
  task: HarmTask
  outcomes: Record<HarmTaskOutcome, string>
  signals: Record<HarmRuleName, string>
  onDone: () => void
}) {
  const { t } = useLingui()
  const [outcome, setOutcome] = useState<HarmTaskOutcome>('contacted')
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const f = task.figures
  return (
    <article className="card" data-testid={`harm-task-${task.id}`} aria-labelledby={`harm-task-${task.id}-title`}>
      <h2 id={`harm-task-${task.id}-title`}>
        {task.playerName ?? t`sem nome`} <span className="muted">#{task.playerId}</span>
      </h2>
      <p>
        {task.status === 'open' ? (
          task.overdue ? (
            <strong className="form-error">
              <Trans>Atrasada desde {dateTime(task.dueAt)}</Trans>
            </strong>
          ) : (
            <Trans>Prazo: {dateTime(task.dueAt)}</Trans>
          )
        ) : (
          <Trans>
            Feita em {dateTime(task.resolvedAt ?? 0)} por {task.resolvedBy}:{' '}
            {task.outcome ? (outcomes[task.outcome as HarmTaskOutcome] ?? task.outcome) : ''}
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          Pontuação {task.score} · sinais: {task.fired.map((rule) => signals[rule]).join('; ')}
        </Trans>
      </p>
      <p>
        <Trans>
          Hoje: {f.depositsToday} depósitos ({formatMoney(f.depositedToday)}). 7 dias: {f.deposits7d} depósitos (
          {formatMoney(f.deposited7d)}), perda {formatMoney(f.loss7d)}, {f.minutes7d} min.
        </Trans>
      </p>
      {task.status === 'open' && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setError(null)
            resolveHarmTask(task.id, outcome, note)
              .then(onDone)
              .catch((e: Error) => setError(e.message))
          }}
        >
          <label className="field">
            <span>
              <Trans>Resultado</Trans>
            </span>
            <select value={outcome} onChange={(event) => setOutcome(event.target.value as HarmTaskOutcome)}>
              {harmTaskOutcomes.map((o) => (
                <option key={o} value={o}>
                  {outcomes[o]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>
              <Trans>Nota</Trans>
            </span>
            <textarea value={note} required minLength={3} onChange={(event) => setNote(event.target.value)} />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button">
            <Trans>Registrar contato</Trans>
          </button>
        </form>
      )}
    </article>
  )
}
