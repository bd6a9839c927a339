// Hosts the reward dialogs and starts the one-time ones: after login the server's summary says
// whether the welcome (gift envelope, first game) is due; an app opened installed claims the
// download reward once. The dialogs' code loads only when one opens.
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import { accountAtom, refreshAccount } from '../../lib/account.ts'
import { lazyPart } from '../../lib/lazy.tsx'
import { isStandalone } from '../../lib/pwa.ts'
import {
  claimDownloadReward,
  closeRewardDialog,
  loadRewardsSummary,
  markPromptShown,
  openRewardDialog,
  rewardDialogAtom,
} from '../../lib/rewards.ts'
import { useAtomValue } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'

const RewardDialogs = lazyPart(() => import('../../features/rewards/RewardDialogs.tsx'))

export function RewardsHost() {
  const { t } = useLingui()
  const dialog = useAtomValue(rewardDialogAtom)
  const account = useAtomValue(accountAtom)
  const started = useRef<number | null>(null)
  const userId = account?.fresh ? account.userId : null

  useEffect(() => {
    if (userId === null || started.current === userId) return
    started.current = userId
    void (async () => {
      const summary = await loadRewardsSummary()
      if (summary.prompts.newcomerGame) {
        openRewardDialog({ kind: 'welcome' })
        await markPromptShown('newcomer_game')
      }
      if (isStandalone() && summary.download && !summary.download.claimed) {
        const credit = await claimDownloadReward()
        showToast(t`Obrigado por instalar: +${formatMoney(credit.amount)} de bônus.`)
        await refreshAccount()
      }
    })().catch(() => undefined)
  }, [userId, t])

  if (!dialog) return null
  return <RewardDialogs dialog={dialog} onClose={closeRewardDialog} />
}
