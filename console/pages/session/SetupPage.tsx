// A one-time setup link (`/console/setup#<token>`, valid 24 h): the operator chooses a password
// (the first admin also gives an e-mail and a name), then signs in. The token travels in the
// fragment, so it never reaches a server log or a Referer.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { roleName } from '../../lib/roles.ts'
import { useCall } from '../../lib/useCall.ts'
import { completeSetup, setupInfo } from './api.ts'

export default function SetupPage() {
  const { t, i18n } = useLingui()
  const token = location.hash.slice(1)
  const info = useCall(() => setupInfo(token), [token])
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string>()
  const [done, setDone] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (password !== confirm) {
      setError(t`As senhas não são iguais.`)
      return
    }
    setError(undefined)
    try {
      await completeSetup({
        token,
        password,
        ...(info.data?.email ? {} : { email }),
        ...(name ? { name } : {}),
      })
      setDone(true)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }

  return (
    <main className="console-login">
      <form className="panel" onSubmit={(event) => void submit(event)}>
        <h1>
          <Trans>Acesso ao console</Trans>
        </h1>
        {info.error && (
          <p className="form-error" role="alert">
            {info.error.message}
          </p>
        )}
        {done ? (
          <p>
            <Trans>
              Senha definida. <a href="/console/">Entrar no console</a>
            </Trans>
          </p>
        ) : (
          info.data && (
            <>
              <p>
                <Trans>Função: {i18n._(roleName[info.data.role])}</Trans>
                {info.data.email && <> · {info.data.email}</>}
              </p>
              {!info.data.email && (
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
              )}
              <label className="field">
                <span>
                  <Trans>Nome</Trans>
                </span>
                <input
                  autoComplete="name"
                  required={!info.data.name}
                  placeholder={info.data.name ?? ''}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </label>
              <label className="field">
                <span>
                  <Trans>Nova senha (12 a 64 caracteres)</Trans>
                </span>
                <input
                  type="password"
                  autoComplete="new-password"
                  minLength={12}
                  maxLength={64}
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </label>
              <label className="field">
                <span>
                  <Trans>Repita a senha</Trans>
                </span>
                <input
                  type="password"
                  autoComplete="new-password"
                  required
                  value={confirm}
                  onChange={(event) => setConfirm(event.target.value)}
                />
              </label>
              {error && (
                <p className="form-error" role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className="button">
                <Trans>Definir senha</Trans>
              </button>
            </>
          )
        )}
      </form>
    </main>
  )
}
