// Changing the password on /security: with the current one, or — forgotten — with the CPF and
// date of birth of the verified account, typed again on this device. Either way the other devices
// are signed out and the next withdrawal to a new key waits the cool-off; the form says both.
// `/security?password=change` and `?password=forgot` open it (the withdraw screen links here).
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { groupCpfInput, isValidCpf } from '../../../contract/cpf.ts'
import { checkLoginPassword } from '../../../contract/credentials.ts'
import { groupDateInput, isoBirthDate } from '../../lib/identity.ts'
import { TextField } from '../../lib/TextField.tsx'
import { showToast } from '../../lib/toast.ts'
import { changeForgottenPassword, changePassword } from './api.ts'
import { useNewPasswordForm } from './useNewPasswordForm.ts'

export type PasswordMode = 'change' | 'forgot'
type Field = 'current' | 'cpf' | 'birthDate' | 'password' | 'confirm'

export function PasswordChange({
  initialMode,
  verified,
  onChanged,
}: {
  initialMode: PasswordMode | null
  verified: boolean
  onChanged: () => void
}) {
  const { t } = useLingui()
  const [mode, setMode] = useState<PasswordMode | null>(initialMode)
  const { values, setValues, setErrors, setFailure, failure, busy, onInput, bind, submit } = useNewPasswordForm<
    'current' | 'cpf' | 'birthDate'
  >(
    () => ({ current: '', cpf: '', birthDate: '', password: '', confirm: '' }),
    (field, next) => {
      if (field === 'current') return checkLoginPassword(next.current) ? t`Digite a senha atual.` : undefined
      if (field === 'cpf') return isValidCpf(next.cpf) ? undefined : t`CPF inválido. Confira os 11 dígitos.`
      return isoBirthDate(next.birthDate) ? undefined : t`Informe a data de nascimento como DD/MM/AAAA.`
    },
  )
  const titleId = useId()
  const section = useRef<HTMLElement>(null)

  // Opened from a link (the withdraw screen, the login's "forgot"): bring the form into view.
  useEffect(() => {
    if (initialMode) section.current?.scrollIntoView({ block: 'start' })
  }, [initialMode])

  const fields: Field[] =
    mode === 'forgot' ? ['cpf', 'birthDate', 'password', 'confirm'] : ['current', 'password', 'confirm']

  function onValue(field: Field, raw: string) {
    onInput(field, field === 'cpf' ? groupCpfInput(raw) : field === 'birthDate' ? groupDateInput(raw) : raw)
  }

  function choose(next: PasswordMode | null) {
    setMode(next)
    setErrors({})
    setFailure(null)
  }

  function send(event: React.FormEvent) {
    event.preventDefault()
    return submit(fields, async () => {
      const changed =
        mode === 'forgot'
          ? await changeForgottenPassword({
              cpf: values.cpf,
              birthDate: isoBirthDate(values.birthDate) ?? '',
              password: values.password,
              confirmPassword: values.confirm,
            })
          : await changePassword({
              currentPassword: values.current,
              password: values.password,
              confirmPassword: values.confirm,
            })
      showToast(
        changed.devicesSignedOut === 0
          ? t`Senha trocada.`
          : plural(changed.devicesSignedOut, {
              one: 'Senha trocada. # outro aparelho saiu da conta.',
              other: 'Senha trocada. # outros aparelhos saíram da conta.',
            }),
      )
      setValues({ current: '', cpf: '', birthDate: '', password: '', confirm: '' })
      choose(null)
      onChanged()
    })
  }

  const labels: Record<Field, string> = {
    current: t`Senha atual`,
    cpf: t`CPF`,
    birthDate: t`Data de nascimento`,
    password: t`Nova senha`,
    confirm: t`Repita a nova senha`,
  }

  return (
    <section className="card password-change" id="password" ref={section} aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Senha</Trans>
      </h2>
      {mode === null ? (
        <>
          <p className="hint">
            <Trans>A senha confirma cada saque e entra na conta em outro aparelho.</Trans>
          </p>
          <div className="row">
            <button type="button" className="button small" onClick={() => choose('change')}>
              <Trans>Trocar a senha</Trans>
            </button>
            <button type="button" className="button small secondary" onClick={() => choose('forgot')}>
              <Trans>Esqueci a senha</Trans>
            </button>
          </div>
        </>
      ) : mode === 'forgot' && !verified ? (
        <>
          <p>
            <Trans>
              Sem a senha, a troca neste aparelho pede o CPF e a data de nascimento de uma conta verificada, e esta
              ainda não foi verificada. O atendimento pode ajudar depois de confirmar quem você é.
            </Trans>
          </p>
          <div className="row">
            <Link href="/service" className="button small">
              <Trans>Falar com o atendimento</Trans>
            </Link>
            <button type="button" className="button small secondary" onClick={() => choose(null)}>
              <Trans>Cancelar</Trans>
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={send} noValidate>
          <p className="hint">
            {mode === 'forgot' ? (
              <Trans>
                Confirme o CPF e a data de nascimento da sua conta verificada e escolha uma senha nova. Depois de 5
                tentativas erradas, a troca fica pausada por uma hora.
              </Trans>
            ) : (
              <Trans>Digite a senha de agora e escolha uma nova.</Trans>
            )}
          </p>
          {fields.map((field) => (
            <TextField
              key={field}
              label={labels[field]}
              {...bind(field)}
              type={field === 'cpf' || field === 'birthDate' ? 'text' : 'password'}
              inputMode={field === 'cpf' || field === 'birthDate' ? 'numeric' : undefined}
              placeholder={field === 'cpf' ? '000.000.000-00' : field === 'birthDate' ? t`DD/MM/AAAA` : undefined}
              autoComplete={
                field === 'current'
                  ? 'current-password'
                  : field === 'cpf'
                    ? 'off'
                    : field === 'birthDate'
                      ? 'bday'
                      : 'new-password'
              }
              onValue={(value) => onValue(field, value)}
            />
          ))}
          <p className="hint">
            <Trans>
              Senha de 8 a 64 caracteres; as mais comuns são recusadas. Ao trocar, os outros aparelhos saem da conta e o
              primeiro saque para uma chave PIX nova espera um pouco, por segurança.
            </Trans>
          </p>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <div className="row">
            <button type="submit" className="button" disabled={busy}>
              <Trans>Salvar a nova senha</Trans>
            </button>
            <button type="button" className="link" onClick={() => choose(mode === 'forgot' ? 'change' : 'forgot')}>
              {mode === 'forgot' ? <Trans>Lembrei a senha atual</Trans> : <Trans>Esqueci a senha atual</Trans>}
            </button>
            <button type="button" className="link" onClick={() => choose(null)}>
              <Trans>Cancelar</Trans>
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
