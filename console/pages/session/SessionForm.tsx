// The form of the console's two doors — signing in and a setup link — in one place: a panel with
// its title, labelled fields, the refusal the server gave (read out when it appears) and the button.
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react'

export function SessionForm({
  title,
  onSubmit,
  error,
  button,
  children,
}: {
  title: ReactNode
  onSubmit: () => Promise<void>
  error?: string | undefined
  /** The submit button, below the refusal; none while the form has nothing to send. */
  button?: ReactNode
  children: ReactNode
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void onSubmit()
  }
  return (
    <main className="console-login">
      <form className="panel" onSubmit={submit}>
        <h1>{title}</h1>
        {children}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {button}
      </form>
    </main>
  )
}

/** A labelled input whose value is a string the caller keeps. */
export function Field({
  label,
  value,
  onValue,
  ...input
}: { label: ReactNode; value: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} value={value} onChange={(event) => onValue(event.target.value)} />
    </label>
  )
}
