// Asked right after a password or passkey login on a device that owes the face step-up (the
// server says so in the login's reply): the face step in a sheet of its own, at once, rather than
// later in the middle of a withdrawal. The player may put it off; the server keeps refusing this
// device's first withdrawal (and a passkey change) until a face passes, and the withdraw screen
// then asks it again.
import { Trans, useLingui } from '@lingui/react/macro'
import { FaceStep } from './FaceStep.tsx'
import { Sheet } from './Sheet.tsx'
import { faceStepUpAtom } from './session.ts'
import { appStore } from './store.ts'
import { showToast } from './toast.ts'

export default function StepUpSheet() {
  const { t } = useLingui()
  const close = () => appStore.set(faceStepUpAtom, false)
  return (
    <Sheet title={<Trans>Confirme seu rosto neste aparelho</Trans>} testId="step-up-sheet">
      <p data-testid="step-up-why">
        <Trans>
          Você entrou na sua conta por um aparelho novo. Para que só você saque daqui, confirme seu rosto agora: leva
          poucos segundos.
        </Trans>
      </p>
      <FaceStep
        purpose="step_up"
        onDone={() => {
          close()
          showToast(t`Rosto confirmado. Seus saques neste aparelho estão liberados.`)
        }}
      />
      <button
        type="button"
        className="link"
        data-testid="step-up-later"
        onClick={() => {
          close()
          showToast(t`Tudo bem. Vamos pedir seu rosto antes do primeiro saque neste aparelho.`)
        }}
      >
        <Trans>Agora não</Trans>
      </button>
    </Sheet>
  )
}
