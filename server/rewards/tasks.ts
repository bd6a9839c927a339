// Play tasks: "play N spins of game G". Progress counts the player's real rounds of
// that game from the round records — since the account began for newcomer tasks
// (GREEN_VERSION_GREEN_TASK), since São Paulo midnight for daily tasks
// (GREEN_VERSION_DAILY_TASK). gotFlag 0 not yet, 1 claimable, 2 claimed; a claim credits the
// task reward once per task (once per day for daily tasks).
import { findGame } from '../../contract/games/catalog.ts'
import type { GotFlag, RewardCredit, TaskConfigKey, TaskProcess, TaskView } from '../../contract/rewards.ts'
import { roundCountsByGame } from '../games/play-days.ts'
import { localDate, periodEnd } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { creditReward, type RewardsContext, requirePromotion } from './promotions.ts'

interface TaskDef {
  taskId: string
  configKey: TaskConfigKey
  gameId: string
  target: number
}

export const taskCatalog: TaskDef[] = [
  { taskId: 'green-gol-de-placa-5', configKey: 'GREEN_VERSION_GREEN_TASK', gameId: 'gol-de-placa', target: 5 },
  { taskId: 'green-fruta-fina-10', configKey: 'GREEN_VERSION_GREEN_TASK', gameId: 'fruta-fina', target: 10 },
  { taskId: 'green-tesouro-maia-20', configKey: 'GREEN_VERSION_GREEN_TASK', gameId: 'tesouro-maia', target: 20 },
  {
    taskId: 'daily-noite-de-carnaval-20',
    configKey: 'GREEN_VERSION_DAILY_TASK',
    gameId: 'noite-de-carnaval',
    target: 20,
  },
  { taskId: 'daily-sete-da-sorte-30', configKey: 'GREEN_VERSION_DAILY_TASK', gameId: 'sete-da-sorte', target: 30 },
  { taskId: 'daily-amazonia-50', configKey: 'GREEN_VERSION_DAILY_TASK', gameId: 'amazonia', target: 50 },
]

type Db = RewardsContext['db']

/** The claim key: newcomer tasks once ever, daily tasks once per local day. */
function claimKey(ctx: RewardsContext, playerId: number, task: TaskDef, now: number): string {
  const base = `task:${playerId}:${task.taskId}`
  return task.configKey === 'GREEN_VERSION_DAILY_TASK' ? `${base}:${localDate(now, ctx.config.market.timeZone)}` : base
}

async function taskViews(
  ctx: RewardsContext,
  db: Db,
  playerId: number,
  tasks: TaskDef[],
  now: number,
): Promise<{ view: TaskView; key: string }[]> {
  const { timeZone } = ctx.config.market
  const dayEnd = periodEnd('day', now, timeZone)
  const games = [...new Set(tasks.map((task) => task.gameId))]
  const counts = await roundCountsByGame(db, playerId, games, localDate(now, timeZone))
  const keys = tasks.map((task) => claimKey(ctx, playerId, task, now))
  const claimed = new Set(
    keys.length === 0
      ? []
      : (await db.selectFrom('reward_claims').select('id').where('id', 'in', keys).execute()).map((row) => row.id),
  )
  return tasks.map((task, index) => {
    const row = counts.find((count) => count.gameId === task.gameId)
    const daily = task.configKey === 'GREEN_VERSION_DAILY_TASK'
    const played = (daily ? row?.since : row?.total) ?? 0
    const key = keys[index] as string
    const gotFlag: GotFlag = claimed.has(key) ? 2 : played >= task.target ? 1 : 0
    return {
      key,
      view: {
        taskId: task.taskId,
        configKey: task.configKey,
        gameId: task.gameId,
        gameName: findGame(task.gameId)?.name ?? task.gameId,
        target: task.target,
        progress: Math.min(played, task.target),
        reward: ctx.config.promotions.taskReward,
        gotFlag,
        resetsAt: daily ? dayEnd : null,
        wageringMultiplier: ctx.config.promotions.wagering,
      },
    }
  })
}

function findTask(taskId: string): TaskDef {
  const task = taskCatalog.find((t) => t.taskId === taskId)
  if (!task) throw new Refusal('not_found')
  return task
}

const flagKey = (claim: string) => `task-flag:${claim}`

export async function taskProcess(
  ctx: RewardsContext,
  playerId: number,
  configKey?: TaskConfigKey,
): Promise<TaskProcess> {
  const tasks = taskCatalog.filter((task) => !configKey || task.configKey === configKey)
  const views = await taskViews(ctx, ctx.db, playerId, tasks, ctx.now())
  const claimable = views.filter((v) => v.view.gotFlag === 1).map((v) => flagKey(v.key))
  const seen =
    claimable.length === 0
      ? []
      : await ctx.db
          .selectFrom('player_notices')
          .select('key')
          .where('player_id', '=', playerId)
          .where('key', 'in', claimable)
          .execute()
  return { tasks: views.map((v) => v.view), showFlag: seen.length < claimable.length ? 1 : 0 }
}

export async function taskOne(ctx: RewardsContext, playerId: number, taskId: string): Promise<TaskView> {
  const [one] = await taskViews(ctx, ctx.db, playerId, [findTask(taskId)], ctx.now())
  return (one as { view: TaskView }).view
}

/** Records that the player saw the "task done" flag for every task claimable now. */
export async function notifyTaskFlagShown(ctx: RewardsContext, playerId: number): Promise<void> {
  const now = ctx.now()
  const views = await taskViews(ctx, ctx.db, playerId, taskCatalog, now)
  const rows = views
    .filter((v) => v.view.gotFlag === 1)
    .map((v) => ({ player_id: playerId, key: flagKey(v.key), created_at: now }))
  if (rows.length === 0) return
  await ctx.db
    .insertInto('player_notices')
    .values(rows)
    .onConflict((oc) => oc.columns(['player_id', 'key']).doNothing())
    .execute()
}

export function claimTask(
  ctx: RewardsContext,
  playerId: number,
  taskId: string,
): Promise<RewardCredit & { task: TaskView }> {
  const task = findTask(taskId)
  return ctx.ledger.transact(async (tx) => {
    await requirePromotion(tx.trx, ctx.config, 'tasks', playerId, tx.now)
    const [one] = await taskViews(ctx, tx.trx, playerId, [task], tx.now)
    const { view, key } = one as { view: TaskView; key: string }
    if (view.gotFlag === 2) throw new Refusal('reward_claimed')
    if (view.gotFlag === 0) {
      throw new Refusal('task_incomplete', { left: view.target - view.progress, game: view.gameName })
    }
    const credit = await creditReward(tx, ctx.config, { id: key, playerId, kind: 'task_reward', amount: view.reward })
    return { ...credit, task: { ...view, gotFlag: 2 as const } }
  })
}
