// Says why a reward screen has nothing to offer (promotions off, a self-exclusion break, or this
// reward switched off) instead of showing buttons that cannot work; and, above the reward, that
// promotions credit only verified players, with the way to verify.
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { RewardsSummary } from '../../contract/rewards.ts'
import { loadRewardsSummary, rewardsSummaryAtom } from './rewards.ts'
import { useAtomValue } from './store.ts'

type RewardPart = 'gift' | 'signIn' | 'wheel' | 'tasks' | 'invites'

export function PromotionGate({ part, children }: { part: RewardPart; children: ReactNode }) {
  const summary = useAtomValue(rewardsSummaryAtom)
  const [unreachable, setUnreachable] = useState(false)
  useEffect(() => {
    void loadRewardsSummary().catch(() => setUnreachable(true))
  }, [])
  // Offline with nothing known: the reward screen shows what the device kept (the server still
  // refuses anything the rules do not allow).
  if (!summary) return unreachable ? children : <div className="page-loading" aria-busy="true" />
  const reason = offReason(summary, part)
  if (!reason && !summary.verified)
    return (
      <>
        <VerifyToCollect />
        {children}
      </>
    )
  if (!reason) return <>{children}</>
  return (
    <p className="empty-state" data-testid="promotion-off">
      {reason === 'promotions_off' && (
        <Trans>As promoções estão desligadas nesta operação. Nenhum bônus é oferecido agora.</Trans>
      )}
      {reason === 'self_excluded' && <Trans>Durante a sua pausa não há promoções. Saques continuam liberados.</Trans>}
      {reason === 'part_off' && <Trans>Esta promoção não está ativa no momento.</Trans>}
    </p>
  )
}

function offReason(summary: RewardsSummary, part: RewardPart) {
  if (summary.blocked) return summary.blocked
  return summary[part] === null ? 'part_off' : null
}

/** Promotions credit only verified players: says so, and leads to verification (on the deposit screen). */
export function VerifyToCollect({ onGo }: { onGo?: () => void }) {
  return (
    <div className="card verify-to-collect" role="status" data-testid="verify-to-collect">
      <p>
        <Trans>
          Promoções são só para contas verificadas. Confirme nome completo, CPF e data de nascimento para receber bônus;
          os jogos continuam abertos.
        </Trans>
      </p>
      <Link className="button secondary" href="/rechargeMall" onClick={onGo}>
        <Trans>Verificar conta</Trans>
      </Link>
    </div>
  )
}
