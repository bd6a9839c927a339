// The home's reward and help buttons: the gift envelope while it is unopened, the free wheel,
// sign-in, invite (none while an operator has frozen the account; no invite where the market's
// rules forbid invites) and support; a dot marks what is available now, per the server's summary.
// They sit in one compact row in the page's flow, under the banners — never floating over a game.
// Also the first-deposit offer card, with its terms, while the player has never deposited (in its
// turn among the visit's offers, lib/firstVisit.ts).
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import { settle, useOfferTurn } from '../../lib/firstVisit.ts'
import { tabReloadAtom } from '../../lib/reload.ts'
import {
  forbiddenRule,
  loadRewardsSummary,
  markPromptShown,
  openRewardDialog,
  rewardsSummaryAtom,
} from '../../lib/rewards.ts'
import { useAtomValue } from '../../lib/store.ts'
import { supportUnreadAtom, watchSupportUnread } from '../../lib/support.ts'

export function RewardDock() {
  const { t } = useLingui()
  const [, navigate] = useLocation()
  const summary = useAtomValue(rewardsSummaryAtom)
  const reload = useAtomValue(tabReloadAtom)
  const supportUnread = useAtomValue(supportUnreadAtom)
  useEffect(() => watchSupportUnread(), [])
  useEffect(() => {
    void reload
    void loadRewardsSummary().catch(() => undefined)
  }, [reload])

  // A frozen account's rewards are refused: only help stays in the row.
  const frozen = summary?.blocked === 'account_frozen'
  const wheelReady = summary?.wheel
    ? summary.wheel.nextSpinAt === null || summary.wheel.nextSpinAt <= Date.now()
    : false
  const rewards = [
    ...(summary?.gift?.available
      ? [{ id: 'gift', label: t`Presente`, ready: true, onClick: () => openRewardDialog({ kind: 'welcome' }) }]
      : []),
    { id: 'wheel', label: t`Roleta`, ready: wheelReady, onClick: () => openRewardDialog({ kind: 'wheel' }) },
    {
      id: 'sign',
      label: t`Check-in`,
      ready: summary?.signIn ? !summary.signIn.signedToday : false,
      onClick: () => openRewardDialog({ kind: 'sign' }),
    },
    // Where invites can never be paid (a reward on another bettor's deposit: Portaria SPA/MF
    // 1.231/2024 art. 42 § 1º I in Brazil), nothing invites to them.
    ...(forbiddenRule(summary, 'invites')
      ? []
      : [
          {
            id: 'invite',
            label: t`Convidar`,
            ready: (summary?.invites?.claimable ?? 0) > 0,
            onClick: () => navigate('/invite'),
          },
        ]),
  ]
  const buttons = [
    ...(frozen ? [] : rewards),
    {
      id: 'support',
      label: t`Ajuda`,
      ready: (supportUnread?.chat ?? 0) + (supportUnread?.notices ?? 0) > 0,
      onClick: () => navigate('/service'),
    },
  ]
  return (
    <aside className="reward-dock" aria-label={t`Recompensas e ajuda`}>
      {buttons.map((button) => (
        <button
          key={button.id}
          type="button"
          className={`dock-button dock-${button.id}`}
          data-testid={`dock-${button.id}`}
          onClick={button.onClick}
        >
          {button.label}
          {button.ready && <span className="dock-dot" role="img" aria-label={t`disponível`} />}
        </button>
      ))}
    </aside>
  )
}

export function FirstDepositCard() {
  const [, navigate] = useLocation()
  const summary = useAtomValue(rewardsSummaryAtom)
  const offer = summary?.prompts.firstDeposit
  // One offer at a time: after the welcome and the consent question have been answered.
  const turn = useOfferTurn('firstDeposit')
  if (!offer || !turn) return null
  const seen = () => {
    settle('firstDeposit')
    void markPromptShown('first_deposit').then(() => loadRewardsSummary())
  }
  return (
    <aside className="card first-deposit-offer" data-testid="first-deposit-offer">
      <p>
        <Trans>
          Primeiro depósito: bônus de {offer.rate}× o valor, até {formatMoney(offer.maxBonus)}. O bônus precisa ser
          apostado {offer.wageringMultiplier}× para virar dinheiro sacável. Só vale se você aceitar ao depositar.
        </Trans>
      </p>
      <div className="row">
        <button
          type="button"
          className="button small"
          onClick={() => {
            seen()
            navigate('/pay')
          }}
        >
          <Trans>Ver oferta</Trans>
        </button>
        <button type="button" className="button small secondary" onClick={seen}>
          <Trans>Hoje não</Trans>
        </button>
      </div>
    </aside>
  )
}
