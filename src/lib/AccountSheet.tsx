// The account details sheet (shared by deposit and withdraw): full name, CPF and date of birth,
// asked once before the first deposit, with the mandatory daily loss and time limits and the risk
// information (Portaria SPA/MF 2.579/2025; "no limit" is not a choice here). The CPF and the date
// are shown in groups as they are typed and checked on blur; whether the player is 18 or older is
// the server's to compute. The identity bureau's answer is said here: verified (the sheet closes),
// sent to our team (why, in words, and by when it answers), or refused (why, and the form stays).
// After the bureau's yes comes the face step (FaceStep: consent, front camera, liveness prompt,
// or no camera → our team); a sheet opened while the face step waits starts there.
// Once verified it says so. What was sent is kept on this device until it is verified, so a form
// opened again (after our team refused it) starts from it, not empty. `limitsOnly`: a verified player who has not set the limits yet (an account
// from before the rule) is asked only for them, since the server refuses deposits without them.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { groupCpfInput, isValidCpf } from '../../contract/cpf.ts'
import { registrationLossChoices, registrationMinuteChoices } from '../../contract/limit-values.ts'
import { formatMoney } from '../../contract/money.ts'
import type { AccountDetails } from '../../contract/verification.ts'
import { faceStatus, readAccountDetails, saveAccountDetails, saveRegistrationLimits } from './account.ts'
import { FaceStep } from './FaceStep.tsx'
import { groupDateInput, isoBirthDate, reviewReasonTexts, reviewWaitText, verificationRefusalText } from './identity.ts'
import { loadRewardsSummary } from './rewards.ts'
import { Sheet } from './Sheet.tsx'
import { storage } from './storage.ts'
import { TextField } from './TextField.tsx'
import { showToast } from './toast.ts'

type Field = 'fullName' | 'cpf' | 'birthDate'

export function AccountSheet({
  onSaved,
  onClose,
  limitsOnly = false,
}: {
  /** Called once saved: with the details when they wait for our team's review (no deposit yet). */
  onSaved: (inReview?: AccountDetails) => void
  onClose: () => void
  limitsOnly?: boolean
}) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState({ fullName: '', cpf: '', birthDate: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [inReview, setInReview] = useState<AccountDetails | null>(null)
  const [faceStep, setFaceStep] = useState(false)
  const [dailyLoss, setDailyLoss] = useState<number>(registrationLossChoices[2])
  const [dailyMinutes, setDailyMinutes] = useState<number>(registrationMinuteChoices[1])

  // What this device last sent: the fields start from it (the player corrects, not retypes).
  useEffect(() => {
    if (limitsOnly) return
    void storage.get('identityDraft').then((draft) => {
      if (!draft) return
      setValues((typed) => (typed.fullName || typed.cpf || typed.birthDate ? typed : draft))
    })
  }, [limitsOnly])

  // Name, CPF and date of birth already accepted: the sheet opens on the face step.
  useEffect(() => {
    if (limitsOnly) return
    void faceStatus()
      .then((status) => setFaceStep(status.pending))
      .catch(() => undefined)
  }, [limitsOnly])

  async function afterFace(outcome: 'passed' | 'review') {
    const details = await readAccountDetails()
    if (outcome === 'review') {
      setFaceStep(false)
      setInReview(details)
      return
    }
    await storage.remove('identityDraft')
    void loadRewardsSummary().catch(() => undefined)
    showToast(t`Conta verificada: nome, CPF, data de nascimento e rosto conferidos. Você já pode depositar.`)
    onSaved()
  }

  function problemOf(field: Field, next = values): string | undefined {
    if (field === 'fullName') {
      const name = next.fullName.trim()
      if (!name) return t`Informe seu nome completo.`
      if (!name.includes(' ') || name.length < 5) return t`Informe nome e sobrenome, como no documento.`
      return undefined
    }
    if (field === 'birthDate')
      return isoBirthDate(next.birthDate) ? undefined : t`Informe a data de nascimento como DD/MM/AAAA.`
    return isValidCpf(next.cpf) ? undefined : t`CPF inválido. Confira os 11 dígitos.`
  }

  function onInput(field: Field, raw: string) {
    const value = field === 'cpf' ? groupCpfInput(raw) : field === 'birthDate' ? groupDateInput(raw) : raw
    const next = { ...values, [field]: value }
    setValues(next)
    if (errors[field] && !problemOf(field, next)) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!limitsOnly) {
      const found = { fullName: problemOf('fullName'), cpf: problemOf('cpf'), birthDate: problemOf('birthDate') }
      setErrors(found)
      if (found.fullName || found.cpf || found.birthDate) return
    }
    setBusy(true)
    setRefusal(null)
    try {
      await saveRegistrationLimits({ dailyLoss, dailyMinutes })
      if (!limitsOnly) {
        const birthDate = isoBirthDate(values.birthDate) ?? undefined
        await storage.set('identityDraft', { ...values, fullName: values.fullName.trim() })
        const details = await saveAccountDetails({ fullName: values.fullName.trim(), cpf: values.cpf, birthDate })
        await storage.set('ownCpf', values.cpf.replace(/\D/g, ''))
        // Promotions open to verified players: the home's and reward screens' summary is read again.
        void loadRewardsSummary().catch(() => undefined)
        // Not settled by the bureau: say why before closing; deposits wait for the decision.
        if (details.status === 'review') {
          setInReview(details)
          return
        }
        if (details.status === 'face') {
          setFaceStep(true)
          return
        }
        if (details.verified) {
          await storage.remove('identityDraft')
          showToast(
            t`Conta verificada: nome, CPF e data de nascimento conferidos. Você já pode depositar e receber promoções.`,
          )
        }
      }
      onSaved()
    } catch (error) {
      setRefusal(verificationRefusalText(error, i18n, t`Algo deu errado. Tente de novo.`))
    } finally {
      setBusy(false)
    }
  }

  const fields: { field: Field; label: string; autoComplete: string; inputMode?: 'numeric' }[] = limitsOnly
    ? []
    : [
        { field: 'fullName', label: t`Nome completo`, autoComplete: 'name' },
        { field: 'cpf', label: t`CPF`, autoComplete: 'off', inputMode: 'numeric' },
        { field: 'birthDate', label: t`Data de nascimento`, autoComplete: 'bday', inputMode: 'numeric' },
      ]

  if (inReview)
    return (
      <Sheet key="review" title={<Trans>Seus dados estão em análise</Trans>}>
        <div className="card" role="status" data-testid="verification-review">
          <p>{inReview.reviewReason ? i18n._(reviewReasonTexts[inReview.reviewReason]) : null}</p>
          {inReview.reviewDueAt !== null && (
            <p data-testid="verification-review-time">{reviewWaitText(inReview.reviewDueAt, Date.now(), i18n)}</p>
          )}
        </div>
        <button type="button" className="button" onClick={() => onSaved(inReview)}>
          <Trans>Entendi</Trans>
        </button>
      </Sheet>
    )

  if (faceStep)
    return (
      <Sheet key="face" title={<Trans>Verificação de rosto</Trans>}>
        <FaceStep purpose="onboarding" onDone={(outcome) => void afterFace(outcome)} />
        <button type="button" className="link" onClick={onClose}>
          <Trans>Agora não</Trans>
        </button>
      </Sheet>
    )

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
            para o mesmo CPF. Conferimos o CPF, o nome e a data de nascimento na Receita Federal; apostas são só para
            maiores de 18 anos. Cada CPF pode ter uma só conta.
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
            placeholder={field === 'cpf' ? '000.000.000-00' : field === 'birthDate' ? t`DD/MM/AAAA` : undefined}
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
        {refusal && (
          <p className="field-error" role="alert" data-testid="verification-refusal">
            {refusal}
          </p>
        )}
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
