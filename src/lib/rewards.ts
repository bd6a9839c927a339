// Reward state the whole app shares: the server's summary (what the home buttons badge and which
// one-time prompts are due) and which reward dialog is open. The dialogs themselves live in
// features/rewards and are loaded when first opened.
import type { PromotionKey } from '../../contract/promotion-keys.ts'
import type { RequestBody } from '../../contract/request.ts'
import type { promptShownRequest, RewardCredit, RewardsSummary } from '../../contract/rewards.ts'
import { call } from './api.ts'
import { appStore, atom } from './store.ts'

export type RewardDialog =
  | { kind: 'welcome' }
  | { kind: 'sign' }
  | { kind: 'wheel' }
  | { kind: 'withdraw'; cash: number }

export const rewardsSummaryAtom = atom<RewardsSummary | null>(null)
export const rewardDialogAtom = atom<RewardDialog | null>(null)

let loading: Promise<RewardsSummary> | null = null

/** Reads the summary; callers that ask while a read is under way (host, dock, gate) share it. */
export function loadRewardsSummary(): Promise<RewardsSummary> {
  loading ??= call<RewardsSummary>('/v1/rewards/summary')
    .then((summary) => {
      appStore.set(rewardsSummaryAtom, summary)
      return summary
    })
    .finally(() => {
      loading = null
    })
  return loading
}

/**
 * The rule of this market that forbids the promotion (never offered here, whatever a setting says),
 * or null when the market allows it or nothing is known yet.
 */
export function forbiddenRule(summary: RewardsSummary | null, key: PromotionKey): string | null {
  return summary?.forbidden.find((ban) => ban.key === key)?.rule ?? null
}

/** A one-time prompt was shown (or put off): the server stops offering it. */
export const markPromptShown = (prompt: RequestBody<typeof promptShownRequest>['prompt']) =>
  call('/v1/rewards/promptShown', { prompt })

/** The reward for opening the app installed, once per account. */
export const claimDownloadReward = () => call<RewardCredit>('/v1/rewards/downloadReward/claim')

export function openRewardDialog(dialog: RewardDialog): void {
  appStore.set(rewardDialogAtom, dialog)
}

export function closeRewardDialog(): void {
  appStore.set(rewardDialogAtom, null)
  void loadRewardsSummary().catch(() => undefined)
}
