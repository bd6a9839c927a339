// `/password-reset`: a new password with the one-time code support gave after checking who the
// player is (the link support sends carries it after `#`, which never reaches a server's log).
// Every device of the account is signed out; this one then logs in with the new password.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from 'wouter'
import { normalizeResetCode, RESET_CODE_LENGTH } from '../../../contract/reset-code.ts'
import { refreshAccount } from '../../lib/account.ts'
import { loginWithCredentials } from '../../lib/session.ts'
import { TextField } from '../../lib/TextField.tsx'
import { showToast } from '../../lib/toast.ts'
import { resetPassword } from './api.ts'
import { useNewPasswordForm } from './useNewPasswordForm.ts'

type Field = 'code' | 'password' | 'confirm'

export default function PasswordResetPage() {
  const { t } = useLingui()
  const [, navigate] = useLocation()
  const { values, failure, busy, bind, submit } = useNewPasswordForm<'code'>(
    () => ({ code: decodeURIComponent(window.location.hash.slice(1)), password: '', confirm: '' }),
    (_field, next) =>
      normalizeResetCode(next.code).length === RESET_CODE_LENGTH
        ? undefined
        : t`O código tem 16 letras e números, como o atendimento passou.`,
  )

  function send(event: React.FormEvent) {
    event.preventDefault()
    return submit(['code', 'password', 'confirm'], async () => {
      const { userName } = await resetPassword({
        code: values.code,
        password: values.password,
        confirmPassword: values.confirm,
      })
      // The code's account, whichever this device was in: it enters with the password just chosen.
      try {
        await loginWithCredentials(userName, values.password)
        await refreshAccount()
      } catch {
        showToast(t`Senha nova salva. Entre com o nome ${userName} e a senha nova.`)
        navigate('/login')
        return
      }
      showToast(t`Senha nova salva. Você entrou na conta ${userName}.`)
      navigate('/security')
    })
  }

  const labels: Record<Field, string> = {
    code: t`Código do atendimento`,
    password: t`Nova senha`,
    confirm: t`Repita a nova senha`,
  }

  return (
    <section className="card">
      <p>
        <Trans>
          Digite o código que o atendimento passou depois de confirmar quem você é e escolha uma senha nova. O código
          vale uma vez, por 30 minutos.
        </Trans>
      </p>
      <form onSubmit={send} noValidate>
        {(['code', 'password', 'confirm'] as const).map((field) => (
          <TextField
            key={field}
            label={labels[field]}
            {...bind(field)}
            type={field === 'code' ? 'text' : 'password'}
            autoComplete={field === 'code' ? 'one-time-code' : 'new-password'}
            autoCapitalize={field === 'code' ? 'characters' : undefined}
            spellCheck={false}
          />
        ))}
        <p className="hint">
          <Trans>
            Senha de 8 a 64 caracteres; as mais comuns são recusadas. Todos os aparelhos saem da conta, este entra com a
            senha nova, e o primeiro saque para uma chave PIX nova espera um pouco, por segurança.
          </Trans>
        </p>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          <Trans>Salvar a nova senha</Trans>
        </button>
      </form>
      <div className="link-column">
        <Link href="/service">
          <Trans>Não tem um código? Fale com o atendimento</Trans>
        </Link>
      </div>
    </section>
  )
}
