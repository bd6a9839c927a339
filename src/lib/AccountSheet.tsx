// The account details sheet (shared by deposit and withdraw): full name and CPF, asked once before the first
// deposit, with the mandatory daily loss and time limits and the risk information (Portaria
// SPA/MF 2.579/2025; "no limit" is not a choice here). The CPF is shown in groups as it is typed
// and checked on blur. `limitsOnly`: a verified player who has not set the limits yet (an account
// from before the rule) is asked only for them, since the server refuses deposits without them.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { groupCpfInput, isValidCpf } from '../../contract/cpf.ts'
import { registrationLossChoices, registrationMinuteChoices } from '../../contract/limit-values.ts'
import { formatMoney } from '../../contract/money.ts'
import { saveAccountDetails, saveRegistrationLimits } from './account.ts'
import { messageOf } from './http.ts'
import { Sheet } from './Sheet.tsx'
import { storage } from './storage.ts'
import { TextField } from './TextField.tsx'
import { showToast } from './toast.ts'

type Field = 'fullName' | 'cpf'

export function AccountSheet({
  onSaved,
  onClose,
  limitsOnly = false,
}: {
  onSaved: () => void
  onClose: () => void
  limitsOnly?: boolean
}) {
  const { t } = useLingui()
  const [values, setValues] = useState({ fullName: '', cpf: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [dailyLoss, setDailyLoss] = useState<number>(registrationLossChoices[2])
  const [dailyMinutes, setDailyMinutes] = useState<number>(registrationMinuteChoices[1])

  function problemOf(field: Field, next = values): string | undefined {
    if (field === 'fullName') {
      const name = next.fullName.trim()
      if (!name) return t`Informe seu nome completo.`
      if (!name.includes(' ') || name.length < 5) return t`Informe nome e sobrenome, como no documento.`
      return undefined
    }
    return isValidCpf(next.cpf) ? undefined : t`CPF inválido. Confira os 11 dígitos.`
  }

  function onInput(field: Field, raw: string) {
    const value = field === 'cpf' ? groupCpfInput(raw) : raw
    const next = { ...values, [field]: value }
    setValues(next)
    if (errors[field] && !problemOf(field, next)) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!limitsOnly) {
      const found = { fullName: problemOf('fullName'), cpf: problemOf('cpf') }
      setErrors(found)
      if (found.fullName || found.cpf) return
    }
    setBusy(true)
    try {
      await saveRegistrationLimits({ dailyLoss, dailyMinutes })
      if (!limitsOnly) {
        await saveAccountDetails({ fullName: values.fullName.trim(), cpf: values.cpf })
        await storage.set('ownCpf', values.cpf.replace(/\D/g, ''))
      }
      onSaved()
    } catch (error) {
      showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
    } finally {
      setBusy(false)
    }
  }

  const fields: { field: Field; label: string; autoComplete: string; inputMode?: 'numeric' }[] = limitsOnly
    ? []
    : [
        { field: 'fullName', label: t`Nome completo`, autoComplete: 'name' },
        { field: 'cpf', label: t`CPF`, autoComplete: 'off', inputMode: 'numeric' },
      ]

  return (
    <Sheet title={limitsOnly ? <Trans>Seus limites diários</Trans> : <Trans>Seus dados para o PIX</Trans>}>
      <p className="hint">
        {limitsOnly ? (
          <Trans>
            Antes de depositar, escolha quanto aceita perder e quanto tempo quer jogar por dia. A lei (Portaria SPA/MF
            2.579/2025) pede estes dois limites a todos os jogadores.
          </Trans>
        ) : (
          <Trans>
            Pedimos uma vez, antes do primeiro depósito: o PIX precisa vir de uma conta no seu nome, e os saques vão
            para o mesmo CPF. Cada CPF pode ter uma só conta.
          </Trans>
        )}
      </p>
      <form onSubmit={submit} noValidate>
        {fields.map(({ field, label, autoComplete, inputMode }) => (
          <TextField
            key={field}
            label={label}
            name={field}
            autoComplete={autoComplete}
            inputMode={inputMode}
            placeholder={field === 'cpf' ? '000.000.000-00' : undefined}
            value={values[field]}
            error={errors[field]}
            onValue={(value) => onInput(field, value)}
            onBlur={() => setErrors((e) => ({ ...e, [field]: problemOf(field) }))}
          />
        ))}
        <div className="field">
          <label htmlFor="registration-loss">
            <Trans>Limite de perda por dia</Trans>
          </label>
          <select
            id="registration-loss"
            data-testid="registration-loss"
            value={dailyLoss}
            onChange={(e) => setDailyLoss(Number(e.target.value))}
          >
            {registrationLossChoices.map((amount) => (
              <option key={amount} value={amount}>
                {formatMoney(amount)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="registration-minutes">
            <Trans>Limite de tempo de jogo por dia</Trans>
          </label>
          <select
            id="registration-minutes"
            data-testid="registration-minutes"
            value={dailyMinutes}
            onChange={(e) => setDailyMinutes(Number(e.target.value))}
          >
            {registrationMinuteChoices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {plural(minutes, { one: '# minuto', other: '# minutos' })}
              </option>
            ))}
          </select>
        </div>
        <p className="hint" data-testid="risk-information">
          <Trans>
            Apostas envolvem risco de perder dinheiro e podem causar dependência. Aposte só o que pode perder, nunca
            para pagar contas ou recuperar perdas. Você pode mudar estes limites em Perfil › Limites e controle
            (diminuir vale na hora; aumentar, em 24 horas).
          </Trans>
        </p>
        <button type="submit" className="button" disabled={busy}>
          <Trans>Salvar e continuar</Trans>
        </button>
      </form>
      <button type="button" className="link" onClick={onClose}>
        <Trans>Cancelar</Trans>
      </button>
    </Sheet>
  )
}
