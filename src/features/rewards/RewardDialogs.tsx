// The reward dialogs the app layout hosts (loaded when the first one opens): the welcome with
// the gift envelope, sign-in, the wheel, and the "you can withdraw" prompt after a game.
import { Trans } from '@lingui/react/macro'
import { useLocation } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { RewardDialog } from '../../lib/rewards.ts'
import { PromotionGate } from './PromotionGate.tsx'
import { SignCalendar } from './SignCalendar.tsx'
import { WelcomeDialog } from './WelcomeDialog.tsx'
import { WheelDialog } from './WheelDialog.tsx'

export default function RewardDialogs({ dialog, onClose }: { dialog: RewardDialog; onClose: () => void }) {
  const [, navigate] = useLocation()
  if (dialog.kind === 'welcome') return <WelcomeDialog onClose={onClose} />
  if (dialog.kind === 'wheel') return <WheelDialog onClose={onClose} />
  if (dialog.kind === 'sign') {
    return (
      <div className="sheet-backdrop">
        <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="sign-title">
          <h2 id="sign-title">
            <Trans>Check-in diário</Trans>
          </h2>
          <PromotionGate part="signIn">
            <SignCalendar />
          </PromotionGate>
          <button type="button" className="button secondary" onClick={onClose}>
            <Trans>Fechar</Trans>
          </button>
        </div>
      </div>
    )
  }
  return (
    <div className="sheet-backdrop">
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="withdraw-prompt-title">
        <h2 id="withdraw-prompt-title">
          <Trans>Você pode sacar</Trans>
        </h2>
        <p>
          <Trans>
            Você tem {formatMoney(dialog.cash)} em dinheiro sacável. O saque por PIX é grátis e nenhum passo pede
            depósito ou taxa.
          </Trans>
        </p>
        <div className="row">
          <button
            type="button"
            className="button"
            onClick={() => {
              onClose()
              navigate('/withdrawTab')
            }}
          >
            <Trans>Sacar agora</Trans>
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            <Trans>Continuar jogando</Trans>
          </button>
        </div>
      </div>
    </div>
  )
}
