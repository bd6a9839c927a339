// Signing in to the console: e-mail, password, and the authenticator's code when the operator
// has one (the server says when it is needed). While logins are throttled the server lets in
// only the password with a valid code, so its refusal opens the code's field too (optional
// then: an operator without an authenticator just waits the time the message names).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { OperatorMe } from '../../../contract/ops.ts'
import { CallError } from '../../lib/api.ts'
import { signIn } from './api.ts'
import { Field, SessionForm } from './SessionForm.tsx'

export default function LoginPage({ onSignedIn }: { onSignedIn: (me: OperatorMe) => void }) {
  const { t } = useLingui()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [totp, setTotp] = useState('')
  const [askTotp, setAskTotp] = useState<false | 'required' | 'optional'>(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    setBusy(true)
    setError(undefined)
    try {
      onSignedIn(await signIn({ email, password, ...(askTotp && totp ? { totp } : {}) }))
    } catch (failure) {
      if (failure instanceof CallError && failure.msgCode === 'ops_totp_required') setAskTotp('required')
      if (failure instanceof CallError && failure.msgCode === 'ops_login_throttled')
        setAskTotp((asked) => asked || 'optional')
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <SessionForm
      title={<Trans>Console de operação</Trans>}
      onSubmit={submit}
      error={error}
      button={
        <button type="submit" className="button" disabled={busy}>
          {busy ? t`Entrando…` : t`Entrar`}
        </button>
      }
    >
      <Field
        label={<Trans>E-mail</Trans>}
        type="email"
        autoComplete="username"
        required
        value={email}
        onValue={setEmail}
      />
      <Field
        label={<Trans>Senha</Trans>}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
      />
      {askTotp && (
        <Field
          label={
            askTotp === 'required' ? (
              <Trans>Código do autenticador</Trans>
            ) : (
              <Trans>Código do autenticador (se você usa um)</Trans>
            )
          }
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required={askTotp === 'required'}
          value={totp}
          onValue={setTotp}
        />
      )}
    </SessionForm>
  )
}
