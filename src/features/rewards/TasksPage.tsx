// Play tasks (`/task`, `/taskGame`, `/event/item?configKey=…`): each task's game, the real
// rounds counted so far against the target, and a play or claim button. Progress reloads when
// the game frame closes (the tab reload counter) and when the page opens.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { TaskView } from '../../../contract/rewards.ts'
import { type TaskConfigKey, taskConfigKeys } from '../../../contract/tasks.ts'
import { celebrateCredit } from '../../lib/coins.ts'
import { openGame } from '../../lib/gameFrame.ts'
import { messageOf } from '../../lib/http.ts'
import { PromotionGate } from '../../lib/PromotionGate.tsx'
import { loadRewardsSummary } from '../../lib/rewards.ts'
import { formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { claimTask, getTasks, markTaskFlagSeen } from './api.ts'
import './rewards.css'
import { LoadFailed } from '../../lib/LoadFailed.tsx'

export default function TasksPage() {
  return (
    <PromotionGate part="tasks">
      <TaskList />
    </PromotionGate>
  )
}

function TaskList() {
  const { t, i18n } = useLingui()
  const search = useSearch()
  const requested = new URLSearchParams(search).get('configKey')
  const configKey = taskConfigKeys.find((key) => key === requested)
  const [busy, setBusy] = useState<string | null>(null)

  const {
    data: process,
    error,
    reload: load,
  } = useApiData(
    async () => {
      const next = await getTasks(configKey ? { configKey } : {})
      if (next.showFlag === 1) {
        showToast(t`Tarefa concluída! Receba a recompensa.`)
        // Unacknowledged, the flag simply shows again on the next read.
        await markTaskFlagSeen().catch(() => undefined)
      }
      return next
    },
    [configKey, t],
    { failure: t`Não foi possível carregar as tarefas.` },
  )

  async function claim(task: TaskView, button: HTMLElement) {
    setBusy(task.taskId)
    try {
      const credit = await claimTask({ taskId: task.taskId })
      showToast(t`Recompensa recebida: +${formatMoney(credit.amount)} de bônus.`)
      await celebrateCredit(button)
      await load()
      void loadRewardsSummary().catch(() => undefined)
    } catch (error) {
      showToast(messageOf(error, t`Não foi possível receber a recompensa.`))
    } finally {
      setBusy(null)
    }
  }

  async function play(task: TaskView) {
    setBusy(task.taskId)
    await openGame(task.gameId, t`Não foi possível abrir o jogo.`)
    setBusy(null)
  }

  if (!process && error !== null)
    return (
      <LoadFailed onRetry={() => void load()} testId="tasks-load-failed">
        <Trans>Não foi possível carregar as tarefas. Verifique a conexão.</Trans>
      </LoadFailed>
    )
  if (!process) return <div className="page-loading" aria-busy="true" />
  const groups: { key: TaskConfigKey; title: string }[] = [
    { key: 'GREEN_VERSION_GREEN_TASK', title: t`Para começar` },
    { key: 'GREEN_VERSION_DAILY_TASK', title: t`Diárias` },
  ]
  return (
    <div className="tasks">
      {groups.map((group) => {
        const tasks = process.tasks.filter((task) => task.configKey === group.key)
        if (tasks.length === 0) return null
        return (
          <section key={group.key} className="task-group">
            <h2>{group.title}</h2>
            {group.key === 'GREEN_VERSION_DAILY_TASK' && tasks[0]?.resetsAt && (
              <p className="hint">
                <Trans>
                  O progresso conta as rodadas de hoje e recomeça em {formatTime(tasks[0].resetsAt, i18n.locale)}.
                </Trans>
              </p>
            )}
            <ul className="task-list">
              {tasks.map((task) => {
                const { gameName } = task
                return (
                  <li key={task.taskId} className="card task" data-testid={`task-${task.taskId}`}>
                    <div className="task-head">
                      <strong>
                        <Plural
                          value={task.target}
                          one={`Jogue # rodada de ${gameName}`}
                          other={`Jogue # rodadas de ${gameName}`}
                        />
                      </strong>
                      <span className="task-reward">+{formatMoney(task.reward)}</span>
                    </div>
                    <progress max={task.target} value={task.progress} aria-label={t`Progresso`} />
                    <div className="task-foot">
                      <span data-testid="task-progress">
                        {task.progress}/{task.target}
                      </span>
                      {task.gotFlag === 0 && (
                        <button
                          type="button"
                          className="button small"
                          disabled={busy === task.taskId}
                          onClick={() => void play(task)}
                          aria-label={t`Jogar ${task.gameName}`}
                        >
                          <Trans>Jogar</Trans>
                        </button>
                      )}
                      {task.gotFlag === 1 && (
                        <button
                          type="button"
                          className="button small"
                          disabled={busy === task.taskId}
                          onClick={(event) => void claim(task, event.currentTarget)}
                          aria-label={t`Receber ${formatMoney(task.reward)}`}
                        >
                          <Trans>Receber</Trans>
                        </button>
                      )}
                      {task.gotFlag === 2 && (
                        <span className="task-done">
                          <Trans>Recebido ✓</Trans>
                        </span>
                      )}
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
      <p className="hint">
        <Trans>
          Só contam rodadas reais do jogo indicado. A recompensa é bônus: aposte{' '}
          {process.tasks[0]?.wageringMultiplier ?? 0}× para virar dinheiro sacável; sem prazo de validade.
        </Trans>
      </p>
    </div>
  )
}
