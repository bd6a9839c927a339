// Signing in to the console: e-mail, password, and the authenticator's code when the operator
// has one (the server says when it is needed).
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { OperatorMe } from '../../../contract/ops.ts'
import { CallError } from '../../lib/api.ts'
import { signIn } from './api.ts'

export default function LoginPage({ onSignedIn }: { onSignedIn: (me: OperatorMe) => void }) {
  const { t } = useLingui()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [totp, setTotp] = useState('')
  const [askTotp, setAskTotp] = useState(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      onSignedIn(await signIn({ email, password, ...(askTotp ? { totp } : {}) }))
    } catch (failure) {
      if (failure instanceof CallError && failure.msgCode === 'ops_totp_required') setAskTotp(true)
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="console-login">
      <form className="panel" onSubmit={(event) => void submit(event)}>
        <h1>
          <Trans>Console de operação</Trans>
        </h1>
        <label className="field">
          <span>
            <Trans>E-mail</Trans>
          </span>
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span>
            <Trans>Senha</Trans>
          </span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {askTotp && (
          <label className="field">
            <span>
              <Trans>Código do autenticador</Trans>
            </span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={totp}
              onChange={(event) => setTotp(event.target.value)}
            />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? t`Entrando…` : t`Entrar`}
        </button>
      </form>
    </main>
  )
}
