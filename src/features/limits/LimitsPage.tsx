// "Limites e controle": deposit and loss limits per day / week / month, time limits,
// the reality-check interval, a pause or self-exclusion with what it blocks and never blocks,
// and the player's history of changes. A tighter limit applies at once; a looser one is shown
// as pending with the time it takes effect. The server enforces all of it.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import {
  type LimitPeriod,
  type LimitsView,
  REALITY_CHECK_MAX_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
  type SelfExclusionDuration,
  selfExclusionDurations,
} from '../../../contract/limit-values.ts'
import { formatMoney } from '../../../contract/money.ts'
import { refreshAccount } from '../../lib/account.ts'
import { messageOf } from '../../lib/http.ts'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { Sheet } from '../../lib/Sheet.tsx'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import {
  getLimits,
  helpLinks,
  selfExclude,
  setDepositLimit,
  setLossLimit,
  setRealityCheck,
  setSessionLimit,
} from './api.ts'
import './limits.css'

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

export default function LimitsPage() {
  const { t, i18n } = useLingui()
  const {
    data: view,
    error,
    setData,
    reload,
    keptAt,
  } = useApiData(getLimits, [], { failure: t`Não foi possível carregar seus limites.`, keep: 'limits' })
  const [excluding, setExcluding] = useState<SelfExclusionDuration | null>(null)
  const labels = useLabels()
  const describe = useHistoryText()
  const when = (ms: number) => formatMinute(ms, i18n.locale)
  const periodName: Record<LimitPeriod, string> = { day: t`Por dia`, week: t`Por semana`, month: t`Por mês` }

  async function save(action: () => Promise<LimitsView>, saved: (view: LimitsView) => string = () => t`Limite salvo.`) {
    try {
      const next = await action()
      setData(next)
      showToast(saved(next))
    } catch (error) {
      showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
      void reload()
    }
  }

  if (!view && error !== null) {
    return (
      <LoadFailed onRetry={() => void reload()} testId="limits-load-failed">
        <Trans>Não foi possível carregar seus limites. Verifique a conexão.</Trans>
      </LoadFailed>
    )
  }
  if (!view) return <section className="limits" aria-busy="true" />
  return (
    <section className="limits">
      <KeptNote at={keptAt} />
      <p className="limits-intro">
        <Trans>
          Limites menores valem na hora. Aumentar ou remover um limite só vale depois de 24 horas, para que a decisão
          não seja tomada no calor do jogo.
        </Trans>
      </p>
      <nav className="limits-links" aria-label={t`Mais sobre seu jogo`}>
        <Link href="/myActivity">{t`Minha atividade`}</Link>
        <Link href="/selfCheck">{t`Autoavaliação`}</Link>
      </nav>

      {!view.registrationDone && (
        <p className="card limits-required" role="status" data-testid="limits-required">
          <Trans>
            Defina um limite de perda por dia e um limite de minutos por dia: a lei (Portaria SPA/MF 2.579/2025) os pede
            a todos os jogadores, e sem eles não é possível depositar.
          </Trans>
        </p>
      )}

      {view.selfExclusion && (
        <p className="card limits-excluded" role="status" data-testid="limits-excluded">
          {view.selfExclusion.until === null ? (
            <Trans>Você está em pausa por tempo indeterminado. Saques, extrato e atendimento continuam abertos.</Trans>
          ) : (
            <Trans>
              Você está em pausa até {when(view.selfExclusion.until)}. Saques, extrato e atendimento continuam abertos.
            </Trans>
          )}
        </p>
      )}

      <h2>
        <Trans>Limite de perda</Trans>
      </h2>
      <p className="hint">
        <Trans>Perda líquida = apostas − prêmios. Uma aposta que passaria do limite é recusada.</Trans>
      </p>
      {view.loss.map((setting) => (
        <AmountRow
          key={`loss-${setting.period}`}
          testId={`loss-${setting.period}`}
          label={periodName[setting.period]}
          setting={setting}
          required={setting.period === 'day'}
          when={when}
          detail={
            setting.amount !== null ? (
              <Trans>
                Perda até agora: {formatMoney(Math.max(0, setting.lossSoFar))} · zera em {when(setting.resetsAt)}
              </Trans>
            ) : null
          }
          onSave={(amount) => save(() => setLossLimit({ period: setting.period, amount }))}
        />
      ))}

      <h2>
        <Trans>Limite de depósito</Trans>
      </h2>
      {view.deposit.map((setting) => (
        <AmountRow
          key={`deposit-${setting.period}`}
          testId={`deposit-${setting.period}`}
          label={periodName[setting.period]}
          setting={setting}
          when={when}
          detail={null}
          onSave={(amount) => save(() => setDepositLimit({ period: setting.period, amount }))}
        />
      ))}

      <h2>
        <Trans>Tempo de jogo</Trans>
      </h2>
      <p className="hint">
        <Trans>
          Hoje você jogou {Math.floor(view.session.playedTodayMs / 60_000)} min. No limite, o jogo fecha e novas jogadas
          ficam bloqueadas até o horário de volta.
        </Trans>
      </p>
      <TimeForm view={view} when={when} onSave={(input) => save(() => setSessionLimit(input))} />

      <h2>
        <Trans>Alerta de tempo (reality check)</Trans>
      </h2>
      <RealityCheckForm view={view} when={when} onSave={(minutes) => save(() => setRealityCheck({ minutes }))} />

      <h2>
        <Trans>Pausa e autoexclusão</Trans>
      </h2>
      <div className="limits-durations">
        {selfExclusionDurations.map((duration) => (
          <button
            key={duration}
            type="button"
            className="button secondary"
            data-testid={`exclude-${duration}`}
            onClick={() => setExcluding(duration)}
          >
            {labels.durations[duration]}
          </button>
        ))}
      </div>
      <p className="hint">
        <Trans>
          Você também pode se autoexcluir de todas as casas de apostas autorizadas na{' '}
          <a href={helpLinks.selfExclusion} target="_blank" rel="noreferrer">
            plataforma centralizada do governo
          </a>
          .
        </Trans>
      </p>

      <h2>
        <Trans>Ajuda</Trans>
      </h2>
      <ul className="limits-help" data-testid="limits-help">
        <li>
          <a href={helpLinks.cvv}>
            <Trans>CVV: ligue 188 (gratuito, 24 horas)</Trans>
          </a>
        </li>
        <li>
          <a href={helpLinks.problemGambling} target="_blank" rel="noreferrer">
            <Trans>Jogo responsável no site do governo</Trans>
          </a>
        </li>
        <li>
          <Link href="/selfCheck">{t`Autoavaliação`}</Link>
        </li>
      </ul>

      {view.history.length > 0 && (
        <>
          <h2>
            <Trans>Seu histórico de limites</Trans>
          </h2>
          <ul className="limits-history" data-testid="limits-history">
            {view.history.map((event) => (
              <li key={`${event.at}-${event.kind}-${JSON.stringify(event.detail)}`}>
                <time>{when(event.at)}</time> {describe(event, when)}
                {event.actor === 'operator' && <Trans> (pela equipe)</Trans>}
              </li>
            ))}
          </ul>
        </>
      )}

      {excluding && (
        <Sheet title={<Trans>Pausa: {labels.durations[excluding]}</Trans>} testId="exclude-confirm">
          <p>
            <Trans>Durante a pausa ficam bloqueados: jogos, depósitos, promoções e mensagens de marketing.</Trans>
          </p>
          <p>
            <Trans>Nunca ficam bloqueados: saques do seu saldo, o extrato e o atendimento.</Trans>
          </p>
          <p>
            <Trans>A pausa não pode ser encurtada nem cancelada depois de confirmada.</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              const duration = excluding
              setExcluding(null)
              void save(
                async () => {
                  const next = await selfExclude({ duration })
                  // The lobby reads the pause from the account: it says so at once.
                  void refreshAccount().catch(() => undefined)
                  return next
                },
                // The toast says what was done: a pause started, and until when.
                (next) =>
                  next.selfExclusion?.until == null
                    ? t`Pausa iniciada por tempo indeterminado. Jogos e depósitos estão bloqueados.`
                    : t`Pausa iniciada até ${when(next.selfExclusion.until)}. Jogos e depósitos estão bloqueados até lá.`,
              )
            }}
          >
            <Trans>Confirmar pausa</Trans>
          </button>
          <button type="button" className="link" onClick={() => setExcluding(null)}>
            <Trans>Cancelar</Trans>
          </button>
        </Sheet>
      )}
    </section>
  )
}

/** The names of the pause lengths and of the history's entries, in the player's language. */
function useLabels() {
  const { t } = useLingui()
  const durations: Record<SelfExclusionDuration, string> = {
    '24h': t`24 horas`,
    '7d': t`7 dias`,
    '30d': t`30 dias`,
    '6m': t`6 meses`,
    permanent: t`Permanente`,
  }
  return { durations }
}

type HistoryDetail = {
  asked?: number | null
  pending?: { value: number | null; from: number } | null
  dailyLoss?: number
  dailyMinutes?: number
  until?: number | null
  kept?: boolean
}

/** One line of the player's history in words: what was asked, and when it applies. */
function useHistoryText() {
  const { t } = useLingui()
  const settingNames: Record<string, string> = {
    deposit_day: t`Limite de depósito por dia`,
    deposit_week: t`Limite de depósito por semana`,
    deposit_month: t`Limite de depósito por mês`,
    loss_day: t`Limite de perda por dia`,
    loss_week: t`Limite de perda por semana`,
    loss_month: t`Limite de perda por mês`,
    time_day: t`Minutos de jogo por dia`,
    time_session: t`Minutos de jogo por sessão`,
    reality_check: t`Alerta de tempo`,
  }
  return (event: LimitsView['history'][number], when: (ms: number) => string): string => {
    const detail = event.detail as HistoryDetail
    const name = settingNames[event.kind]
    if (name) {
      const asked = detail.asked ?? null
      const value =
        asked === null
          ? t`sem limite`
          : event.kind.startsWith('time_') || event.kind === 'reality_check'
            ? t`${asked} min`
            : formatMoney(asked)
      return detail.pending
        ? t`${name}: ${value}, a partir de ${when(detail.pending.from)}`
        : t`${name}: ${value}, na hora`
    }
    if (event.kind === 'registration') {
      const loss = formatMoney(detail.dailyLoss ?? 0)
      const minutes = detail.dailyMinutes ?? 0
      return t`Limites do cadastro: perda de ${loss} e ${minutes} min de jogo por dia`
    }
    if (event.kind === 'self_exclusion') {
      const until = detail.until ?? null
      if (until === null) return detail.kept ? t`Autoexclusão permanente mantida` : t`Autoexclusão permanente`
      const end = when(until)
      return detail.kept ? t`Pausa mantida até ${end} (não pode ser encurtada)` : t`Pausa até ${end}`
    }
    return event.kind
  }
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

function AmountRow(props: {
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

function TimeForm(props: {
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

function RealityCheckForm(props: {
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
