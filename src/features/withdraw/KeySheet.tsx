// The PIX key sheet: key type (CPF, phone with the fixed +55, e-mail, random
// key), the key checked as typed, the holder name — the verified account holder, locked — and,
// to confirm a withdrawal, the account's password.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { groupCpfInput } from '../../../contract/cpf.ts'
import { checkPixKey, type PixKeyProblem, type PixKeyType, pixKeyTypes } from '../../../contract/pix-keys.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { storage } from '../../lib/storage.ts'
import { TextField } from '../../lib/TextField.tsx'

export interface KeyChoice {
  payType: PixKeyType
  accountNumber: string
  /** Present when the sheet confirms a withdrawal. */
  password?: string
}

export function KeySheet({
  title,
  holderName,
  initial,
  submitLabel,
  busy,
  askPassword = false,
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
  onSubmit: (choice: KeyChoice) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const [payType, setPayType] = useState<PixKeyType>(initial?.payType ?? 'cpf')
  const [key, setKey] = useState(initial?.accountNumber ?? '')
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
      payType === 'cpf' ? groupCpfInput(value) : payType === 'phone' ? value.replace(/[^\d() -]/g, '') : value
    setKey(next)
    if (error && !problemOf(payType, next)) setError(undefined)
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const problem = problemOf(payType, key)
    setError(problem)
    const missingPassword = askPassword && password === '' ? t`Digite a senha da sua conta.` : undefined
    setPasswordError(missingPassword)
    if (problem || missingPassword) return
    const choice: KeyChoice = { payType, accountNumber: payType === 'phone' ? `+55${key}` : key }
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
              className={`chip${type === payType ? ' active' : ''}`}
              aria-pressed={type === payType}
              onClick={() => {
                // Tapping the type already chosen keeps what is typed; going back to CPF offers the
                // player's own CPF again.
                if (type === payType) return
                setPayType(type)
                setKey(type === 'cpf' && ownCpf ? ownCpf : '')
                setError(undefined)
              }}
            >
              {typeLabels[type]}
            </button>
          ))}
        </fieldset>
        <div className={payType === 'phone' ? 'phone-key' : undefined}>
          {payType === 'phone' && <span className="prefix">+55</span>}
          <TextField
            label={t`Chave PIX (${typeLabels[payType]})`}
            name="pixKey"
            inputMode={payType === 'cpf' || payType === 'phone' ? 'numeric' : payType === 'email' ? 'email' : 'text'}
            autoComplete="off"
            value={key}
            error={error}
            onValue={change}
            onBlur={() => setError(problemOf(payType, key))}
          />
        </div>
        <TextField label={t`Titular`} name="holder" value={holderName} error={undefined} onValue={() => {}} readOnly />
        <p className="hint">
          <Trans>
            Saques só vão para chaves PIX registradas no seu CPF: o seu próprio CPF, ou um telefone, e-mail ou chave
            aleatória que o seu banco registrou no seu CPF.
          </Trans>
        </p>
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
