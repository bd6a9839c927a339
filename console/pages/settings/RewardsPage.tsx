// Rewards: the master switch (every promotion at once; turning it off asks to confirm first),
// each reward's own switch and each reward's amount. Everyone sees them; admins change them with
// a reason (audited; in force at once, on every instance within seconds). Amounts in reais. A
// reward the market's rules forbid shows as not available, with the rule's name, and has no switch;
// its amount is shown but not offered for change (nothing would ever pay it).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { type PromotionKey, promotionKeys } from '../../../contract/promotion-keys.ts'
import { money } from '../../lib/format.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { changeSetting, readSettings } from './api.ts'

const rewardNames: Record<PromotionKey, MessageDescriptor> = {
  first_deposit: msg`Bônus de primeiro depósito`,
  gift: msg`Presente de boas-vindas`,
  sign_in: msg`Check-in diário`,
  wheel: msg`Roleta grátis`,
  tasks: msg`Tarefas de jogo`,
  invites: msg`Convites`,
  download: msg`Instalar o app`,
}

/** The reward each amount belongs to. */
const amountRewards: Record<string, PromotionKey> = {
  'promotions.giftAmount': 'gift',
  'promotions.signInStreakBonus': 'sign_in',
  'promotions.taskReward': 'tasks',
  'promotions.inviteReward': 'invites',
  'promotions.downloadReward': 'download',
}

const amountNames: Record<string, MessageDescriptor> = {
  'promotions.giftAmount': msg`Presente de boas-vindas`,
  'promotions.signInStreakBonus': msg`Bônus do 7º dia seguido`,
  'promotions.taskReward': msg`Cada tarefa de jogo`,
  'promotions.inviteReward': msg`Cada convite que deposita`,
  'promotions.downloadReward': msg`Instalar o app`,
}

const toCentavos = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100)
const amountPattern = '[0-9]+([.,][0-9]{1,2})?'

export default function RewardsPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const settings = useCall(() => readSettings(), [])
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [confirmingOff, setConfirmingOff] = useState(false)
  const editable = me.permissions.includes('settings.edit')
  const locked = !editable || !reason.trim()

  const save = async (key: string, value: unknown, done: string) => {
    setError(undefined)
    setNotice(undefined)
    try {
      await changeSetting({ key, value, reason })
      setNotice(done)
      settings.reload()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  const v = settings.data?.values
  const defaults = settings.data?.defaults
  const enabled = v?.['promotions.enabled'] === true
  const switchedOff = (v?.['promotions.disabled'] as PromotionKey[] | undefined) ?? []
  const unavailable = settings.data?.unavailable ?? []

  const submitAmount = (key: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = toCentavos(String(new FormData(event.currentTarget).get('value') ?? ''))
    void save(key, value, t`${i18n._(amountNames[key] as MessageDescriptor)}: ${money(value)}.`)
  }
  const submitDays = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const days = Array.from({ length: 7 }, (_, day) => toCentavos(String(data.get(`day${day + 1}`) ?? '')))
    void save('promotions.signInDaily', days, t`Check-in diário: ${days.map(money).join(' · ')}.`)
  }

  return (
    <section className="panel spaced">
      <h1>
        <Trans>Recompensas</Trans>
      </h1>
      {editable ? (
        <label className="field">
          <span>
            <Trans>Motivo da mudança (obrigatório, fica na auditoria)</Trans>
          </span>
          <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </label>
      ) : (
        <p className="muted">
          <Trans>Só administradores mudam recompensas.</Trans>
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {v && defaults && (
        <>
          <h2>
            <Trans>Todas as promoções</Trans>
          </h2>
          <p data-testid="promotions-state">
            <span className={`state-badge ${enabled ? 'active' : 'closed'}`}>
              {enabled ? t`Ligadas` : t`Desligadas`}
            </span>{' '}
            {enabled ? (
              <Trans>Os jogadores veem e recebem as recompensas ligadas abaixo.</Trans>
            ) : (
              <Trans>Nenhum jogador recebe recompensa; as telas dizem que as promoções estão pausadas.</Trans>
            )}
          </p>
          {enabled ? (
            confirmingOff ? (
              <div className="confirm-box" role="alertdialog" aria-labelledby="confirm-off">
                <p id="confirm-off">
                  <Trans>Desligar todas as promoções agora? Nenhum jogador recebe recompensa até religar.</Trans>
                </p>
                <button
                  type="button"
                  className="button small danger"
                  disabled={locked}
                  onClick={() => {
                    setConfirmingOff(false)
                    void save('promotions.enabled', false, t`Todas as promoções desligadas.`)
                  }}
                >
                  <Trans>Confirmar: desligar todas</Trans>
                </button>{' '}
                <button type="button" className="button small secondary" onClick={() => setConfirmingOff(false)}>
                  <Trans>Cancelar</Trans>
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button small danger"
                disabled={locked}
                onClick={() => setConfirmingOff(true)}
              >
                <Trans>Desligar todas as promoções</Trans>
              </button>
            )
          ) : (
            <button
              type="button"
              className="button small"
              disabled={locked}
              onClick={() => void save('promotions.enabled', true, t`Promoções religadas.`)}
            >
              <Trans>Religar as promoções</Trans>
            </button>
          )}

          <h2>
            <Trans>Cada recompensa</Trans>
          </h2>
          <fieldset className="rewards" disabled={locked}>
            <legend>
              <Trans>Recompensas ligadas</Trans>
            </legend>
            {promotionKeys.map((reward) => {
              const ban = unavailable.find((b) => b.key === reward)
              const rule = ban?.rule
              if (ban)
                return (
                  <label key={reward} className="check muted" data-testid={`reward-unavailable-${reward}`}>
                    <input type="checkbox" checked={false} disabled readOnly />
                    {i18n._(rewardNames[reward])} <Trans>— não disponível neste mercado ({rule})</Trans>
                  </label>
                )
              return (
                <label key={reward} className="check">
                  <input
                    type="checkbox"
                    checked={!switchedOff.includes(reward)}
                    onChange={(event) => {
                      const on = event.target.checked
                      const name = i18n._(rewardNames[reward])
                      void save(
                        'promotions.disabled',
                        on ? switchedOff.filter((r) => r !== reward) : [...switchedOff, reward],
                        on ? t`${name} ligado.` : t`${name} desligado.`,
                      )
                    }}
                  />
                  {i18n._(rewardNames[reward])}
                </label>
              )
            })}
          </fieldset>

          <h2>
            <Trans>Valores</Trans>
          </h2>
          <div className="amount-grid">
            {/* The amounts that can be changed first; those of forbidden rewards after them. */}
            {Object.keys(amountNames)
              .sort(
                (a, b) =>
                  Number(unavailable.some((ban) => ban.key === amountRewards[a])) -
                  Number(unavailable.some((ban) => ban.key === amountRewards[b])),
              )
              .map((key) => {
                const rule = unavailable.find((b) => b.key === amountRewards[key])?.rule
                if (rule)
                  return (
                    <div key={key} className="card" data-testid={`amount-unavailable-${key}`}>
                      <p className="field">
                        <span>{i18n._(amountNames[key] as MessageDescriptor)}</span>
                      </p>
                      <p className="muted" data-testid={`reward-${key}`}>
                        <Trans>
                          não disponível neste mercado ({rule}) · padrão {money(defaults[key] as number)}
                        </Trans>
                      </p>
                    </div>
                  )
                return (
                  <form key={key} className="card" onSubmit={submitAmount(key)}>
                    <label className="field">
                      <span>{i18n._(amountNames[key] as MessageDescriptor)}</span>
                      <input
                        name="value"
                        inputMode="decimal"
                        required
                        pattern={amountPattern}
                        disabled={!editable}
                        placeholder={money(v[key] as number)}
                      />
                    </label>
                    <p className="muted" data-testid={`reward-${key}`}>
                      <Trans>
                        agora {money(v[key] as number)} · padrão {money(defaults[key] as number)}
                      </Trans>
                    </p>
                    {editable && (
                      <button type="submit" className="button small" disabled={!reason.trim()}>
                        <Trans>Mudar</Trans>
                      </button>
                    )}
                  </form>
                )
              })}
          </div>
          <form className="card" onSubmit={submitDays}>
            <fieldset className="rewards" disabled={!editable}>
              <legend>
                <Trans>Check-in diário, dias 1 a 7</Trans>
              </legend>
              {(v['promotions.signInDaily'] as number[]).map((amount, day) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the calendar's days are fixed positions 1–7
                <label key={day} className="field">
                  <span>
                    <Trans>Dia {day + 1}</Trans>
                  </span>
                  <input
                    name={`day${day + 1}`}
                    inputMode="decimal"
                    required
                    pattern={amountPattern}
                    defaultValue={(amount / 100).toFixed(2).replace('.', ',')}
                    size={8}
                  />
                </label>
              ))}
            </fieldset>
            {editable && (
              <button type="submit" className="button small" disabled={!reason.trim()}>
                <Trans>Mudar o check-in</Trans>
              </button>
            )}
          </form>
        </>
      )}
    </section>
  )
}
