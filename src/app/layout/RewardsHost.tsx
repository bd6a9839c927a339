// Hosts the reward dialogs and starts the one-time ones: after login the server's summary says
// whether the welcome (gift envelope, first game) is due; an app opened installed claims the
// download reward once. The dialogs' code loads only when one opens.
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import { accountAtom, refreshAccount } from '../../lib/account.ts'
import { offerStepsAtom, resetOfferSteps, settle, willAsk } from '../../lib/firstVisit.ts'
import { lazyPart } from '../../lib/lazy.tsx'
import { isStandalone } from '../../lib/pwa.ts'
import {
  claimDownloadReward,
  closeRewardDialog,
  loadRewardsSummary,
  markPromptShown,
  openRewardDialog,
  rewardDialogAtom,
  rewardsSummaryAtom,
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
  const summary = useAtomValue(rewardsSummaryAtom)
  const steps = useAtomValue(offerStepsAtom)

  useEffect(() => {
    if (userId === null || started.current === userId) return
    if (started.current !== null) resetOfferSteps(['welcome', 'firstDeposit'])
    started.current = userId
    void (async () => {
      const summary = await loadRewardsSummary().catch((error) => {
        // Nothing known to offer: the later offers are not held back.
        settle('welcome')
        settle('firstDeposit')
        throw error
      })
      if (summary.prompts.firstDeposit) willAsk('firstDeposit')
      else settle('firstDeposit')
      if (summary.prompts.newcomerGame) {
        // The welcome is the first of the visit's offers: it opens at once.
        willAsk('welcome')
        openRewardDialog({ kind: 'welcome' })
        await markPromptShown('newcomer_game')
      } else {
        settle('welcome')
      }
      if (isStandalone() && summary.download && !summary.download.claimed) {
        const credit = await claimDownloadReward()
        showToast(t`Obrigado por instalar: +${formatMoney(credit.amount)} de bônus.`)
        await refreshAccount()
      }
    })().catch(() => undefined)
  }, [userId, t])

  // The welcome is answered once its dialog closes; the next offer may then show.
  useEffect(() => {
    if (!dialog && steps.welcome === 'asking') settle('welcome')
  }, [dialog, steps.welcome])
  // The first-deposit offer ends with the first deposit, or when the player put it off.
  useEffect(() => {
    if (summary && !summary.prompts.firstDeposit) settle('firstDeposit')
  }, [summary])

  if (!dialog) return null
  return <RewardDialogs dialog={dialog} onClose={closeRewardDialog} />
}
