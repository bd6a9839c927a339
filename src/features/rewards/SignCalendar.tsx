// The daily sign-in: seven days with each day's reward (day 7 adds the streak bonus),
// today's state and the streak, all from the server; days end at midnight in São Paulo.
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import { signInWeekTotal } from '../../../contract/sign-in.ts'
import { celebrateCredit } from '../../lib/coins.ts'
import { messageOf } from '../../lib/http.ts'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { loadRewardsSummary } from '../../lib/rewards.ts'
import { formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getSignInfo, signIn } from './api.ts'

export function SignCalendar() {
  const { t, i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const {
    data: info,
    error,
    reload: load,
  } = useApiData(getSignInfo, [], {
    failure: t`Não foi possível carregar o check-in.`,
  })

  async function sign() {
    if (busy) return
    setBusy(true)
    try {
      const reward = await signIn()
      showToast(t`Check-in feito: +${formatMoney(reward.amount)} de bônus.`)
      await celebrateCredit(button.current)
      await load()
      void loadRewardsSummary().catch(() => undefined)
    } catch (error) {
      showToast(messageOf(error, t`Não foi possível fazer o check-in.`))
    } finally {
      setBusy(false)
    }
  }

  if (!info && error !== null)
    return (
      <LoadFailed onRetry={() => void load()} testId="sign-load-failed">
        <Trans>Não foi possível carregar o check-in. Verifique a conexão.</Trans>
      </LoadFailed>
    )
  if (!info) return <div className="page-loading" aria-busy="true" />
  return (
    <div className="sign-calendar">
      <p data-testid="sign-streak">
        <Trans>Sequência: {info.streak} de 7 dias</Trans>
      </p>
      <ol className="sign-days">
        {info.days.map((day) => (
          <li
            key={day.day}
            className={`sign-day ${day.state}`}
            data-testid={`sign-day-${day.day}`}
            data-state={day.state}
          >
            <span className="sign-day-label">
              <Trans>Dia {day.day}</Trans>
            </span>
            <strong>{formatMoney(day.amount)}</strong>
            {day.bonus > 0 && <span className="sign-day-bonus">+{formatMoney(day.bonus)}</span>}
            <span className="sign-day-state">
              {day.state === 'signed' || day.state === 'signed_today' ? '✓' : day.state === 'today' ? t`hoje` : ''}
            </span>
          </li>
        ))}
      </ol>
      {info.signedToday ? (
        <p className="hint" data-testid="sign-done">
          <Trans>
            Check-in de hoje feito. O próximo libera em {formatTime(info.dayEndsAt, i18n.locale)} (meia-noite de
            Brasília).
          </Trans>
        </p>
      ) : (
        <button ref={button} type="button" className="button" onClick={() => void sign()} disabled={busy}>
          <Trans>Fazer check-in: +{formatMoney(info.days[info.todayDay - 1]?.amount ?? 0)}</Trans>
        </button>
      )}
      <p className="hint" data-testid="sign-terms">
        <Trans>
          Dias seguidos formam a sequência; o 7º dia soma {formatMoney(info.days[6]?.bonus ?? 0)} de bônus, e 7 dias
          seguidos somam {formatMoney(signInWeekTotal(info.days))}. Um dia sem check-in recomeça no dia 1. Cada bônus
          precisa ser apostado {info.wageringMultiplier}× para virar dinheiro sacável; sem prazo de validade.
        </Trans>
      </p>
    </div>
  )
}
