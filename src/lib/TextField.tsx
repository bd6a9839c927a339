// A labelled text input with its error message wired for screen readers (aria-invalid,
// aria-describedby). Forms keep their own values and checks; this only draws one field.
import { type InputHTMLAttributes, useId } from 'react'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>

export function TextField({
  label,
  value,
  error,
  onValue,
  ...input
}: InputProps & { label: string; value: string; error: string | undefined; onValue: (value: string) => void }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  )
}
