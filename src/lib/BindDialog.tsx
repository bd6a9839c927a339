// The bind dialog: register a name and password, show the bound name locked, or log
// in with a name and password (and what to do when the password is forgotten: change it on a
// device where the account is open, or get a code from support). Fields are checked on blur; an
// error clears on input once the value is valid. Shared: Perfil opens it, and the withdraw screen
// opens it in place for its bind step.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { bindRequest } from '../../contract/accounts.ts'
import { checkConfirmation, checkLoginPassword, checkPassword, checkUserName } from '../../contract/credentials.ts'
import type { RequestBody } from '../../contract/request.ts'
import { refreshAccount } from './account.ts'
import { call } from './api.ts'
import { confirmationMessage, passwordMessage, userNameMessage } from './credentialMessages.ts'
import { ApiError } from './http.ts'
import { passkeyCancelled, passkeyLoginAnswer, passkeysSupported } from './passkeys.ts'
import { Sheet } from './Sheet.tsx'
import { loginWithCredentials, loginWithPasskey } from './session.ts'
import { TextField } from './TextField.tsx'
import { showToast } from './toast.ts'

const bindLogin = (input: RequestBody<typeof bindRequest>) => call('/v1/account/bind', input)

export type BindMode = 1 | 2 | 3
const DIALOG_TOAST_MS = 2000

type Field = 'userName' | 'password' | 'confirm'

export function BindDialog({
  initialMode,
  boundName,
  onClose,
}: {
  initialMode: BindMode
  boundName: string | null
  onClose: () => void
}) {
  const { t } = useLingui()
  const [mode, setMode] = useState<BindMode>(initialMode)
  const [values, setValues] = useState({ userName: '', password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [forgot, setForgot] = useState(false)
  const forgotPanel = useRef<HTMLDivElement>(null)
  const formId = useId()

  // Opened below the form: brought into view, or a small phone would show nothing new.
  useEffect(() => {
    if (forgot) forgotPanel.current?.scrollIntoView({ block: 'nearest' })
  }, [forgot])

  function problemOf(field: Field, next = values): string | undefined {
    if (field === 'userName') {
      const p = checkUserName(next.userName)
      return p ? userNameMessage(p) : undefined
    }
    if (field === 'password') {
      // A new password follows the 8–64 rule; an older account may log in with a shorter one.
      const p = mode === 1 ? checkPassword(next.password) : checkLoginPassword(next.password)
      return p ? passwordMessage(p) : undefined
    }
    const p = checkConfirmation(next.password, next.confirm)
    return p ? confirmationMessage(p) : undefined
  }

  const fields: Field[] = mode === 1 ? ['userName', 'password', 'confirm'] : ['userName', 'password']

  function onInput(field: Field, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (errors[field] && !problemOf(field, next)) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  function onBlur(field: Field) {
    setErrors((e) => ({ ...e, [field]: problemOf(field) }))
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = Object.fromEntries(fields.map((f) => [f, problemOf(f)]))
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    try {
      if (mode === 1) {
        await bindLogin({
          userName: values.userName.trim(),
          password: values.password,
          confirmPassword: values.confirm,
        })
        showToast(t`Conta vinculada. Agora você pode entrar em outro aparelho.`, DIALOG_TOAST_MS)
      } else {
        await loginWithCredentials(values.userName.trim(), values.password)
        showToast(t`Você entrou na sua conta.`, DIALOG_TOAST_MS)
      }
      await refreshAccount()
      onClose()
    } catch (error) {
      // The one rule only the server checks is the common-password list: its refusal names the
      // password, so it shows under that field.
      if (mode === 1 && error instanceof ApiError && error.msgCode === 'invalid_request') {
        setErrors((e) => ({ ...e, password: error.message }))
      } else {
        showToast(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`, DIALOG_TOAST_MS)
      }
    } finally {
      setBusy(false)
    }
  }

  // A passkey kept on this phone (or one nearby) logs in without the name and password.
  async function passkeyLogin() {
    setBusy(true)
    try {
      await loginWithPasskey(await passkeyLoginAnswer())
      showToast(t`Você entrou na sua conta.`, DIALOG_TOAST_MS)
      await refreshAccount()
      onClose()
    } catch (error) {
      if (!passkeyCancelled(error))
        showToast(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`, DIALOG_TOAST_MS)
    } finally {
      setBusy(false)
    }
  }

  const labels: Record<Field, string> = {
    userName: t`Nome de usuário`,
    password: t`Senha`,
    confirm: t`Confirme a senha`,
  }

  return (
    <Sheet
      title={
        <>
          {mode === 1 && <Trans>Criar login com nome e senha</Trans>}
          {mode === 2 && <Trans>Sua conta</Trans>}
          {mode === 3 && <Trans>Entrar com nome e senha</Trans>}
        </>
      }
    >
      {mode === 2 ? (
        <>
          <div className="field">
            <label htmlFor={`${formId}-bound`}>{labels.userName}</label>
            <input id={`${formId}-bound`} value={boundName ?? ''} readOnly disabled />
          </div>
          <p className="hint">
            <Trans>Sua conta já tem nome e senha. Use-os para entrar em outro aparelho.</Trans>
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {fields.map((field) => (
            <TextField
              key={field}
              label={labels[field]}
              name={field}
              type={field === 'userName' ? 'text' : 'password'}
              autoComplete={field === 'userName' ? 'username' : mode === 1 ? 'new-password' : 'current-password'}
              value={values[field]}
              error={errors[field]}
              onValue={(value) => onInput(field, value)}
              onBlur={() => onBlur(field)}
            />
          ))}
          {mode === 1 && (
            <p className="hint">
              <Trans>
                Senha de 8 a 64 caracteres. Uma frase fácil de lembrar protege mais que uma palavra curta; as senhas
                mais comuns são recusadas.
              </Trans>
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {mode === 1 ? <Trans>Vincular conta</Trans> : <Trans>Entrar</Trans>}
          </button>
          {mode === 3 && passkeysSupported() && (
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              data-testid="passkey-login"
              onClick={() => void passkeyLogin()}
            >
              <Trans>Entrar com passkey</Trans>
            </button>
          )}
          <button
            type="button"
            className="link"
            onClick={() => {
              setErrors({})
              setMode(mode === 1 ? 3 : 1)
            }}
          >
            {mode === 1 ? (
              <Trans>Já tem nome e senha? Entrar</Trans>
            ) : (
              <Trans>Criar nome e senha para esta conta</Trans>
            )}
          </button>
          {mode === 3 && (
            <button
              type="button"
              className="link"
              aria-expanded={forgot}
              aria-controls={`${formId}-forgot`}
              onClick={() => setForgot(!forgot)}
            >
              <Trans>Esqueci a senha</Trans>
            </button>
          )}
          {mode === 3 && forgot && (
            <div id={`${formId}-forgot`} className="forgot-password" data-testid="forgot-password" ref={forgotPanel}>
              <p>
                <Trans>
                  No aparelho em que sua conta já está aberta: Perfil → Segurança da conta → Esqueci a senha. Você
                  confirma o CPF e a data de nascimento da conta verificada e escolhe uma senha nova.
                </Trans>
              </p>
              <p>
                <Trans>
                  Sem esse aparelho: o atendimento confirma quem você é e passa um código, que vale uma vez, para criar
                  a senha nova aqui.
                </Trans>
              </p>
              <div className="link-column">
                <Link href="/service">
                  <Trans>Falar com o atendimento</Trans>
                </Link>
                <Link href="/password-reset">
                  <Trans>Tenho um código do atendimento</Trans>
                </Link>
              </div>
            </div>
          )}
        </form>
      )}
      <button type="button" className="link" onClick={onClose}>
        <Trans>Fechar</Trans>
      </button>
    </Sheet>
  )
}
