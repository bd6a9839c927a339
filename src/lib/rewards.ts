// Reward state the whole app shares: the server's summary (what the home buttons badge and which
// one-time prompts are due) and which reward dialog is open. The dialogs themselves live in
// features/rewards and are loaded when first opened.
import { atom } from 'jotai'
import type { RewardsSummary } from '../../contract/rewards.ts'
import { call } from './api.ts'
import { appStore } from './store.ts'

export type RewardDialog =
  | { kind: 'welcome' }
  | { kind: 'sign' }
  | { kind: 'wheel' }
  | { kind: 'withdraw'; cash: number }

export const rewardsSummaryAtom = atom<RewardsSummary | null>(null)
export const rewardDialogAtom = atom<RewardDialog | null>(null)

export async function loadRewardsSummary(): Promise<RewardsSummary> {
  const summary = await call<RewardsSummary>('/activity/summary')
  appStore.set(rewardsSummaryAtom, summary)
  return summary
}

export function openRewardDialog(dialog: RewardDialog): void {
  appStore.set(rewardDialogAtom, dialog)
}

export function closeRewardDialog(): void {
  appStore.set(rewardDialogAtom, null)
  void loadRewardsSummary().catch(() => undefined)
}

/** A countdown as HH:MM:SS (the wheel's wait). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':')
}
