// A one-time setup link (`/console/setup#<token>`, valid 24 h): the operator chooses a password
// (the first admin also gives an e-mail and a name), then signs in. The token travels in the
// fragment, so it never reaches a server log or a Referer.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { roleName } from '../../lib/roles.ts'
import { useCall } from '../../lib/useCall.ts'
import { completeSetup, setupInfo } from './api.ts'
import { Field, SessionForm } from './SessionForm.tsx'

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

  const submit = async () => {
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
    <SessionForm
      title={<Trans>Acesso ao console</Trans>}
      onSubmit={submit}
      error={info.error?.message ?? error}
      button={
        info.data &&
        !done && (
          <button type="submit" className="button">
            <Trans>Definir senha</Trans>
          </button>
        )
      }
    >
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
              <Field
                label={<Trans>E-mail</Trans>}
                type="email"
                autoComplete="username"
                required
                value={email}
                onValue={setEmail}
              />
            )}
            <Field
              label={<Trans>Nome</Trans>}
              autoComplete="name"
              required={!info.data.name}
              placeholder={info.data.name ?? ''}
              value={name}
              onValue={setName}
            />
            <Field
              label={<Trans>Nova senha (12 a 64 caracteres)</Trans>}
              type="password"
              autoComplete="new-password"
              minLength={12}
              maxLength={64}
              required
              value={password}
              onValue={setPassword}
            />
            <Field
              label={<Trans>Repita a senha</Trans>}
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onValue={setConfirm}
            />
          </>
        )
      )}
    </SessionForm>
  )
}
