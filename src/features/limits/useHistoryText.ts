// One line of the player's limits history in words, in the player's language: what was asked
// and when it applies, the registration's limits, a pause or self-exclusion (also one kept).
import { useLingui } from '@lingui/react/macro'
import { type LimitEvent, type LimitSettingKind, limitSettingUnits } from '../../../contract/limit-values.ts'
import { formatMoney } from '../../../contract/money.ts'

type HistoryDetail = {
  asked?: number | null
  pending?: { value: number | null; from: number } | null
  dailyLoss?: number
  dailyMinutes?: number
  until?: number | null
  kept?: boolean
}

/** One line of the player's history in words: what was asked, and when it applies. */
export function useHistoryText() {
  const { t } = useLingui()
  const settingNames: Record<LimitSettingKind, string> = {
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
  return (event: LimitEvent, when: (ms: number) => string): string => {
    const detail = event.detail as HistoryDetail
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
    const name = settingNames[event.kind]
    const asked = detail.asked ?? null
    const value =
      asked === null
        ? t`sem limite`
        : limitSettingUnits[event.kind] === 'minutes'
          ? t`${asked} min`
          : formatMoney(asked)
    return detail.pending
      ? t`${name}: ${value}, a partir de ${when(detail.pending.from)}`
      : t`${name}: ${value}, na hora`
  }
}
