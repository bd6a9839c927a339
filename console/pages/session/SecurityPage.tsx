// The operator's own account: the second factor. Enrolment shows a QR code of the otpauth://
// URI (qrcode-generator, drawn as an SVG) and the secret as text; a code from the app puts it
// in force. Roles that move money must enrol outside the sandbox before anything else.
import { Trans, useLingui } from '@lingui/react/macro'
import qrcode from 'qrcode-generator'
import { type FormEvent, useMemo, useState } from 'react'
import type { TotpEnrolment } from '../../../contract/ops.ts'
import { useSession } from '../../lib/session.ts'
import { confirmTotp, startTotpEnrolment } from './api.ts'

function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(text)
    qr.make()
    const count = qr.getModuleCount()
    let d = ''
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`
    }
    return { size: count + 8, path: d }
  }, [text])
  return (
    <svg className="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

export default function SecurityPage() {
  const { t } = useLingui()
  const { me, refresh } = useSession()
  const [enrolment, setEnrolment] = useState<TotpEnrolment>()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()

  const start = async () => {
    setError(undefined)
    try {
      setEnrolment(await startTotpEnrolment())
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  const confirm = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await confirmTotp(code)
      setEnrolment(undefined)
      refresh()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }

  return (
    <section className="panel">
      <h1>
        <Trans>Minha conta</Trans>
      </h1>
      <p>
        {me.name} · {me.email}
      </p>
      <h2>
        <Trans>Segundo fator (TOTP)</Trans>
      </h2>
      {me.totpEnabled ? (
        <p data-testid="totp-on">
          <Trans>Ativo: cada entrada pede o código do seu aplicativo autenticador.</Trans>
        </p>
      ) : (
        <>
          <p>
            {me.totpRequired ? (
              <Trans>Sua função exige um segundo fator antes de qualquer outra ação.</Trans>
            ) : (
              <Trans>Recomendado: proteja sua conta com um aplicativo autenticador.</Trans>
            )}
          </p>
          {enrolment ? (
            <form onSubmit={(event) => void confirm(event)}>
              <QrCode text={enrolment.uri} label={t`Código QR para o aplicativo autenticador`} />
              <p>
                <Trans>Ou digite a chave:</Trans> <code>{enrolment.secret}</code>
              </p>
              <label className="field">
                <span>
                  <Trans>Código de 6 dígitos</Trans>
                </span>
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </label>
              <button type="submit" className="button">
                <Trans>Ativar</Trans>
              </button>
            </form>
          ) : (
            <button type="button" className="button" onClick={() => void start()}>
              <Trans>Cadastrar autenticador</Trans>
            </button>
          )}
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
