// The PIX key sheet: key type (CPF, phone with the fixed +55, e-mail, random
// key), the key checked as typed, the holder name — the verified account holder, locked — and,
// to confirm a withdrawal, the account's password or, when the player has one, a passkey.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { groupCpfInput } from '../../../contract/cpf.ts'
import { checkPixKey, type PixKeyProblem, type PixKeyType, pixKeyTypes } from '../../../contract/pix-keys.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { storage } from '../../lib/storage.ts'
import { TextField } from '../../lib/TextField.tsx'

export interface KeyChoice {
  keyType: PixKeyType
  key: string
  /** Present when the sheet confirms a withdrawal. */
  password?: string
  /** Confirm the withdrawal with a passkey instead of the password. */
  usePasskey?: boolean
}

export function KeySheet({
  title,
  holderName,
  initial,
  submitLabel,
  busy,
  askPassword = false,
  offerPasskey = false,
  onSubmit,
  onClose,
}: {
  title: string
  holderName: string
  initial?: KeyChoice | undefined
  submitLabel: string
  busy: boolean
  /** Confirm with the account's password (a new withdrawal). */
  askPassword?: boolean
  /** Also offer a passkey to confirm with (the player has one). */
  offerPasskey?: boolean
  onSubmit: (choice: KeyChoice) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const [keyType, setKeyType] = useState<PixKeyType>(initial?.keyType ?? 'cpf')
  const [key, setKey] = useState(initial?.key ?? '')
  const [error, setError] = useState<string | undefined>()
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | undefined>()
  const [ownCpf, setOwnCpf] = useState<string | undefined>()

  const typeLabels: Record<PixKeyType, string> = {
    cpf: t`CPF`,
    phone: t`Telefone`,
    email: t`E-mail`,
    random: t`Chave aleatória`,
  }
  const problems: Record<PixKeyProblem, string> = {
    empty: t`Informe a chave PIX.`,
    invalid_cpf: t`CPF inválido. Confira os 11 dígitos.`,
    invalid_phone: t`Telefone inválido: DDD + número, 11 dígitos.`,
    invalid_email: t`E-mail inválido.`,
    invalid_random: t`Chave aleatória inválida (formato 8-4-4-4-12).`,
  }
  const problemOf = (type: PixKeyType, value: string) => {
    const problem = checkPixKey(type, value)
    return problem ? problems[problem] : undefined
  }

  // A new key starts from the player's own verified CPF, kept on this device.
  useEffect(() => {
    if (initial) return
    void storage.get('ownCpf').then((cpf) => {
      if (!cpf) return
      setOwnCpf(groupCpfInput(cpf))
      setKey((typed) => typed || groupCpfInput(cpf))
    })
  }, [initial])

  function change(value: string) {
    const next =
      keyType === 'cpf' ? groupCpfInput(value) : keyType === 'phone' ? value.replace(/[^\d() -]/g, '') : value
    setKey(next)
    if (error && !problemOf(keyType, next)) setError(undefined)
  }

  function submitWithPasskey() {
    const problem = problemOf(keyType, key)
    setError(problem)
    setPasswordError(undefined)
    if (problem) return
    onSubmit({ keyType, key: keyType === 'phone' ? `+55${key}` : key, usePasskey: true })
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const problem = problemOf(keyType, key)
    setError(problem)
    const missingPassword = askPassword && password === '' ? t`Digite a senha da sua conta.` : undefined
    setPasswordError(missingPassword)
    if (problem || missingPassword) return
    const choice: KeyChoice = { keyType, key: keyType === 'phone' ? `+55${key}` : key }
    onSubmit(askPassword ? { ...choice, password } : choice)
  }

  return (
    <Sheet title={title}>
      <form onSubmit={submit} noValidate>
        <fieldset className="key-types">
          <legend>
            <Trans>Tipo de chave</Trans>
          </legend>
          {pixKeyTypes.map((type) => (
            <button
              key={type}
              type="button"
              className={`chip${type === keyType ? ' active' : ''}`}
              aria-pressed={type === keyType}
              onClick={() => {
                // Tapping the type already chosen keeps what is typed; going back to CPF offers the
                // player's own CPF again.
                if (type === keyType) return
                setKeyType(type)
                setKey(type === 'cpf' && ownCpf ? ownCpf : '')
                setError(undefined)
              }}
            >
              {typeLabels[type]}
            </button>
          ))}
        </fieldset>
        <div className={keyType === 'phone' ? 'phone-key' : undefined}>
          {keyType === 'phone' && <span className="prefix">+55</span>}
          <TextField
            label={t`Chave PIX (${typeLabels[keyType]})`}
            name="pixKey"
            inputMode={keyType === 'cpf' || keyType === 'phone' ? 'numeric' : keyType === 'email' ? 'email' : 'text'}
            autoComplete="off"
            value={key}
            error={error}
            onValue={change}
            onBlur={() => setError(problemOf(keyType, key))}
          />
        </div>
        <TextField label={t`Titular`} name="holder" value={holderName} error={undefined} onValue={() => {}} readOnly />
        <p className="hint">
          <Trans>
            Saques só vão para chaves PIX registradas no seu CPF: o seu próprio CPF, ou um telefone, e-mail ou chave
            aleatória que o seu banco registrou no seu CPF.
          </Trans>
        </p>
        {askPassword && offerPasskey && (
          <button
            type="button"
            className="button"
            disabled={busy}
            data-testid="key-sheet-passkey"
            onClick={submitWithPasskey}
          >
            <Trans>Confirmar com passkey</Trans>
          </button>
        )}
        {askPassword && offerPasskey && (
          <p className="hint">
            <Trans>Ou confirme com a senha:</Trans>
          </p>
        )}
        {askPassword && (
          <TextField
            label={t`Senha da conta`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onValue={(value) => {
              setPassword(value)
              if (passwordError && value) setPasswordError(undefined)
            }}
          />
        )}
        {askPassword && (
          <Link href="/security?password=forgot" className="link">
            <Trans>Esqueci a senha</Trans>
          </Link>
        )}
        {/* The request takes seconds (the PSP answers); the button says it is running, not just greyed. */}
        <button type="submit" className="button" disabled={busy} aria-busy={busy} data-testid="key-sheet-submit">
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              <Trans>Enviando…</Trans>
            </>
          ) : (
            submitLabel
          )}
        </button>
      </form>
      <button type="button" className="link" onClick={onClose}>
        <Trans>Cancelar</Trans>
      </button>
    </Sheet>
  )
}
