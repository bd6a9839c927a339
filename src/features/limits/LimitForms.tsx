// The forms of "Limites e controle": an amount limit for one period (deposit or loss, in reais;
// empty means none, unless the limit is one the registration requires), the daily and
// per-session minutes, and the reality-check interval. Each shows what is in force and what is
// pending with the time it takes effect; the page saves what they give.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import {
  type LimitsView,
  REALITY_CHECK_MAX_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
} from '../../../contract/limit-values.ts'
import { formatMoney } from '../../../contract/money.ts'

type AmountSetting = LimitsView['deposit'][number]

/** Reais typed by the player → centavos; empty → null (no limit); anything else → undefined. */
function centavosOf(text: string): number | null | undefined {
  const clean = text.trim().replace(',', '.')
  if (clean === '') return null
  const value = Number(clean)
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : undefined
}

function minutesOf(text: string): number | null | undefined {
  if (text.trim() === '') return null
  const value = Number(text)
  return Number.isInteger(value) && value >= 1 && value <= 1440 ? value : undefined
}

function Pending({ from, children, when }: { from: number; children: React.ReactNode; when: (ms: number) => string }) {
  return (
    <p className="limits-pending" data-testid="limit-pending">
      <Trans>
        Pendente: {children} a partir de {when(from)}
      </Trans>
    </p>
  )
}

export function AmountRow(props: {
  testId: string
  label: string
  setting: AmountSetting
  /** One of the registration's mandatory limits: it can be changed, not removed. */
  required?: boolean
  detail: React.ReactNode
  when: (ms: number) => string
  onSave: (amount: number | null) => Promise<void>
}) {
  const { t } = useLingui()
  const { setting } = props
  const [text, setText] = useState(setting.amount === null ? '' : String(setting.amount / 100))
  const [error, setError] = useState<string | null>(null)
  const inputId = `limit-${props.testId}`
  return (
    <form
      className="card limits-row"
      noValidate
      data-testid={`limit-${props.testId}`}
      onSubmit={(event) => {
        event.preventDefault()
        const amount = centavosOf(text)
        if (amount === undefined || (amount === null && props.required))
          return setError(
            props.required
              ? t`Este limite é obrigatório: informe um valor em reais.`
              : t`Informe um valor em reais, ou deixe vazio para sem limite.`,
          )
        setError(null)
        void props.onSave(amount)
      }}
    >
      <label htmlFor={inputId}>
        {props.label}
        {props.required && <Trans> (obrigatório)</Trans>}
      </label>
      <p className="limits-current">
        {setting.amount === null ? <Trans>Sem limite</Trans> : <Trans>Em vigor: {formatMoney(setting.amount)}</Trans>}
      </p>
      <div className="limits-input">
        <span aria-hidden="true">R$</span>
        <input
          id={inputId}
          inputMode="decimal"
          value={text}
          placeholder={props.required ? undefined : t`sem limite`}
          required={props.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button">
          <Trans>Salvar</Trans>
        </button>
      </div>
      {error && (
        <small id={`${inputId}-error`} className="field-error">
          {error}
        </small>
      )}
      {props.detail && <p className="hint">{props.detail}</p>}
      {setting.pending && (
        <Pending from={setting.pending.from} when={props.when}>
          {setting.pending.amount === null ? t`sem limite` : formatMoney(setting.pending.amount)}
        </Pending>
      )}
    </form>
  )
}

export function TimeForm(props: {
  view: LimitsView
  when: (ms: number) => string
  onSave: (input: { dailyMinutes: number | null; sessionMinutes: number | null }) => Promise<void>
}) {
  const { t } = useLingui()
  const { daily, perSession } = props.view.session
  const [dailyText, setDailyText] = useState(daily.minutes === null ? '' : String(daily.minutes))
  const [sessionText, setSessionText] = useState(perSession.minutes === null ? '' : String(perSession.minutes))
  const [error, setError] = useState<string | null>(null)
  return (
    <form
      className="card limits-row"
      noValidate
      data-testid="limit-time"
      onSubmit={(event) => {
        event.preventDefault()
        const dailyMinutes = minutesOf(dailyText)
        const sessionMinutes = minutesOf(sessionText)
        if (dailyMinutes === undefined || dailyMinutes === null)
          return setError(t`O limite de minutos por dia é obrigatório: informe de 1 a 1440.`)
        if (sessionMinutes === undefined)
          return setError(t`Informe minutos por sessão (1 a 1440), ou deixe vazio para sem limite.`)
        setError(null)
        void props.onSave({ dailyMinutes, sessionMinutes })
      }}
    >
      <label htmlFor="limit-time-day">
        <Trans>Minutos por dia (obrigatório)</Trans>
      </label>
      <input
        id="limit-time-day"
        inputMode="numeric"
        value={dailyText}
        required
        onChange={(e) => setDailyText(e.target.value)}
      />
      {daily.pending && (
        <Pending from={daily.pending.from} when={props.when}>
          {daily.pending.minutes === null ? t`sem limite` : t`${daily.pending.minutes} min`}
        </Pending>
      )}
      <label htmlFor="limit-time-session">
        <Trans>Minutos por sessão (uma pausa de 15 min encerra a sessão)</Trans>
      </label>
      <input
        id="limit-time-session"
        inputMode="numeric"
        value={sessionText}
        placeholder={t`sem limite`}
        onChange={(e) => setSessionText(e.target.value)}
      />
      {perSession.pending && (
        <Pending from={perSession.pending.from} when={props.when}>
          {perSession.pending.minutes === null ? t`sem limite` : t`${perSession.pending.minutes} min`}
        </Pending>
      )}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
      <button type="submit" className="button">
        <Trans>Salvar</Trans>
      </button>
    </form>
  )
}

const realityChoices = [15, 30, 45, 60, 90, 120].filter(
  (m) => m >= REALITY_CHECK_MIN_MINUTES && m <= REALITY_CHECK_MAX_MINUTES,
)

export function RealityCheckForm(props: {
  view: LimitsView
  when: (ms: number) => string
  onSave: (minutes: number) => Promise<void>
}) {
  const { realityCheck } = props.view
  const [minutes, setMinutes] = useState(realityCheck.minutes)
  return (
    <form
      className="card limits-row"
      onSubmit={(event) => {
        event.preventDefault()
        void props.onSave(minutes)
      }}
    >
      <label htmlFor="reality-check">
        <Trans>A cada quanto tempo de jogo mostrar quanto tempo passou e o resultado</Trans>
      </label>
      <select id="reality-check" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
        {realityChoices.map((m) => (
          <option key={m} value={m}>
            {plural(m, { one: '# minuto', other: '# minutos' })}
          </option>
        ))}
      </select>
      {realityCheck.pending && (
        <Pending from={realityCheck.pending.from} when={props.when}>
          {plural(realityCheck.pending.minutes ?? 60, { one: '# minuto', other: '# minutos' })}
        </Pending>
      )}
      <button type="submit" className="button">
        <Trans>Salvar</Trans>
      </button>
    </form>
  )
}
