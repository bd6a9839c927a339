// The reward dialogs the app layout hosts (loaded when the first one opens): the welcome with
// the gift envelope, sign-in, the wheel, and the "you can withdraw" prompt after a game.
import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { RewardDialog } from '../../lib/rewards.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { SignCalendar } from './SignCalendar.tsx'
import { WelcomeDialog } from './WelcomeDialog.tsx'
import { RewardSheet, WheelDialog } from './WheelDialog.tsx'
import './rewards.css'

export default function RewardDialogs({ dialog, onClose }: { dialog: RewardDialog; onClose: () => void }) {
  const [, navigate] = useLocation()
  const { t } = useLingui()
  if (dialog.kind === 'welcome') return <WelcomeDialog onClose={onClose} />
  if (dialog.kind === 'wheel') return <WheelDialog onClose={onClose} />
  if (dialog.kind === 'sign') {
    return (
      <RewardSheet title={t`Check-in diário`} part="signIn" onClose={onClose}>
        <SignCalendar />
      </RewardSheet>
    )
  }
  return (
    <Sheet title={<Trans>Você pode sacar</Trans>}>
      <p>
        <Trans>
          Você tem {formatMoney(dialog.cash)} em dinheiro sacável. O saque por PIX é grátis e nenhum passo pede depósito
          ou taxa.
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
    </Sheet>
  )
}
