// The state of a form that sets a new password, shared by the password change on /security and
// the reset-code page: each field's value and problem, a failure the server gave, and whether it
// is sending. The new password and its repetition are checked by the contract's rules (other
// fields by the form's own check); a field's error clears once it is right; a submit checks every
// field first; the server's refusal of a common or guessable password is put under the new password.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { checkConfirmation, checkPassword } from '../../../contract/credentials.ts'
import { confirmationMessage, passwordMessage } from '../../lib/credentialMessages.ts'
import { ApiError } from '../../lib/http.ts'

type NewPasswordField = 'password' | 'confirm'

export function useNewPasswordForm<Other extends string>(
  initial: () => Record<Other | NewPasswordField, string>,
  checkOther: (field: Other, values: Record<Other | NewPasswordField, string>) => string | undefined,
) {
  type Field = Other | NewPasswordField
  const { t } = useLingui()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function problemOf(field: Field, next = values): string | undefined {
    if (field === 'password') {
      const p = checkPassword(next.password)
      return p ? passwordMessage(p) : undefined
    }
    if (field === 'confirm') {
      const p = checkConfirmation(next.password, next.confirm)
      return p ? confirmationMessage(p) : undefined
    }
    return checkOther(field as Other, next)
  }

  /** A field's new value; its error goes once the value is right (a new one waits for the blur). */
  function onInput(field: Field, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (errors[field] && !problemOf(field, next)) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  function onBlur(field: Field) {
    setErrors((e) => ({ ...e, [field]: problemOf(field) }))
  }

  /** Checks `fields`; when none has a problem, runs `send` (busy meanwhile) and says what it failed with. */
  async function submit(fields: Field[], send: () => Promise<void>) {
    setFailure(null)
    const found = Object.fromEntries(fields.map((f) => [f, problemOf(f)])) as Partial<Record<Field, string>>
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    try {
      await send()
    } catch (error) {
      // The rules only the server checks (common or guessable passwords) name the new password.
      if (error instanceof ApiError && error.msgCode === 'invalid_request') {
        setErrors((e) => ({ ...e, password: error.message }))
      } else {
        setFailure(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`)
      }
    } finally {
      setBusy(false)
    }
  }

  /** A TextField's name, value, error and handlers for `field`. */
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onValue: (value: string) => onInput(field, value),
    onBlur: () => onBlur(field),
  })

  return { values, setValues, errors, setErrors, failure, setFailure, busy, onInput, bind, submit }
}
