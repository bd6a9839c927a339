// The withdraw screen: withdrawable cash, locked bonus with its wagering progress,
// presets and a free amount, the PIX key sheet, confirm, tips and a support link. Every state
// the server reports is explained in words; none asks the player to pay anything. A request whose
// answer is lost (the server may have made the order) is looked up by its requestId: its tracker
// opens, or the form says none was made.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { WithdrawProcess } from '../../../contract/withdrawals.ts'
import { AccountSheet } from '../../lib/AccountSheet.tsx'
import { refreshAccount } from '../../lib/account.ts'
import { BindDialog } from '../../lib/BindDialog.tsx'
import { FaceStep } from '../../lib/FaceStep.tsx'
import { ApiError, messageOf } from '../../lib/http.ts'
import { passkeyCancelled, passkeysSupported, signWithPasskey } from '../../lib/passkeys.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { Typewriter } from '../../lib/Typewriter.tsx'
import { formatTime } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { offerWebPush } from '../../lib/webPush.ts'
import {
  createWithdrawal,
  findWithdrawalByRequest,
  getWithdrawChannels,
  getWithdrawInfo,
  hasPasskey,
  withdrawalPasskeyOptions,
} from './api.ts'
import { type KeyChoice, KeySheet } from './KeySheet.tsx'

function parseReais(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

export function WithdrawForm() {
  const { t, i18n } = useLingui()
  const [, navigate] = useLocation()
  const [amountText, setAmountText] = useState('')
  const [sheet, setSheet] = useState<'key' | 'details' | 'bind' | 'face' | null>(null)
  // The key and password a face step-up interrupted: asked again once the face is confirmed.
  const [afterFace, setAfterFace] = useState<KeyChoice | null>(null)
  const [busy, setBusy] = useState(false)
  // Whether a passkey can confirm (the player has one, and this browser speaks WebAuthn).
  const { data: passkeyReady } = useApiData(
    async () => passkeysSupported() && (await hasPasskey().catch(() => false)),
    [],
  )
  const [requestId, setRequestId] = useState(() => crypto.randomUUID())

  const {
    data,
    error,
    reload: load,
  } = useApiData(() => Promise.all([getWithdrawInfo(), getWithdrawChannels()]), [], {
    reloadOn: ['balance'],
    failure: t`Não foi possível carregar o saque.`,
  })
  const [info, channels] = data ?? [null, null]

  const amount = parseReais(amountText)
  const amountProblem =
    !info || amount === null
      ? amountText
        ? t`Digite um valor como 60 ou 60,50.`
        : undefined
      : amount < info.min
        ? t`O saque mínimo é ${formatMoney(info.min)}.`
        : amount > info.max
          ? t`O máximo agora é ${formatMoney(info.max)}.`
          : undefined

  async function submit(choice: KeyChoice) {
    if (amount === null) return
    setBusy(true)
    const made = (order: WithdrawProcess) => {
      setRequestId(crypto.randomUUID())
      setSheet(null)
      void refreshAccount()
      navigate(`/withdrawalTracker?orderId=${order.orderId}`)
      void offerWebPush()
    }
    try {
      const { usePasskey, ...key } = choice
      // The passkey signs a challenge made for this player's withdrawal; it stands for the password.
      const passkey = usePasskey ? await signWithPasskey((await withdrawalPasskeyOptions()).options) : undefined
      made(await createWithdrawal({ ...key, amount, requestId, ...(passkey ? { passkey } : {}) }))
    } catch (error) {
      if (passkeyCancelled(error)) return
      // The first withdrawal to a new key (or from a new device) waits for the face: the front
      // camera opens here, and the same withdrawal is asked again once it passes.
      if (error instanceof ApiError && error.msgCode === 'face_step_up_required') {
        setAfterFace(choice)
        setSheet('face')
        return
      }
      const lost = error instanceof ApiError && (error.msgCode === 'network' || error.msgCode === 'timeout')
      if (!lost) {
        showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
        if (error instanceof ApiError) void load()
        return
      }
      // The answer was lost, not necessarily the order: the server may have made it (and taken
      // the amount from the balance). Ask for the order this requestId made before saying anything.
      const found = await findWithdrawalByRequest({ requestId }).catch(() => undefined)
      if (found?.order) {
        showToast(t`A conexão caiu, mas seu saque foi pedido. Acompanhe aqui.`)
        made(found.order)
      } else if (found) {
        showToast(t`A conexão falhou antes de o pedido chegar: o saque não foi pedido. Tente de novo.`)
      } else {
        // Still offline: the same requestId is kept, so trying again never makes a second order.
        showToast(
          t`Sem conexão: não deu para saber se o saque foi pedido. Tente de novo; um pedido repetido não vira dois saques.`,
        )
      }
    } finally {
      setBusy(false)
    }
  }

  // Offline or the server down: say so and offer a retry, as the deposit screen does.
  if ((!info || !channels) && error !== null)
    return (
      <div className="load-failed" role="alert" data-testid="withdraw-load-failed">
        <p>
          <Trans>Não foi possível carregar o saque.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void load()}>
          <Trans>Tentar de novo</Trans>
        </button>
      </div>
    )
  if (!info || !channels) return <div className="page-loading" aria-busy="true" />
  const progress = info.wagering.required > 0 ? Math.round((info.wagering.wagered / info.wagering.required) * 100) : 0

  return (
    <div className="withdraw">
      <dl className="card withdraw-balances">
        <dt>
          <Trans>Disponível para saque</Trans>
        </dt>
        <dd data-testid="withdrawable">{formatMoney(info.withdrawable)}</dd>
        {info.bonus > 0 && (
          <>
            <dt>
              <Trans>Bônus ainda bloqueado</Trans>
            </dt>
            <dd>{formatMoney(info.bonus)}</dd>
            <dd className="wagering-progress">
              <progress max={100} value={progress} aria-label={t`Apostas do bônus`} />
              <Trans>Falta apostar {formatMoney(info.wagering.remaining)} para o bônus virar dinheiro.</Trans>
            </dd>
          </>
        )}
      </dl>

      {info.state === 'withdraw_processing' && info.orderId && (
        <div className="card" role="status" data-testid="pending-order">
          <p>
            <Trans>Você tem um saque em andamento. Acompanhe cada passo, com os horários reais.</Trans>
          </p>
          <Link className="button" href={`/withdrawalTracker?orderId=${info.orderId}`}>
            <Trans>Acompanhar saque</Trans>
          </Link>
        </div>
      )}
      {info.state === 'needs_verification' && (
        <div className="card" role="status">
          <p>
            <Trans>
              Para sacar, sua conta precisa de nome de usuário e senha e do seu nome completo e CPF. Nada a pagar.
            </Trans>
          </p>
          {!info.bound && (
            <button type="button" className="button secondary" onClick={() => setSheet('bind')}>
              <Trans>Criar nome e senha</Trans>
            </button>
          )}
          {!info.verified && (
            <button type="button" className="button secondary" onClick={() => setSheet('details')}>
              <Trans>Informar nome e CPF</Trans>
            </button>
          )}
        </div>
      )}
      {info.state === 'daily_limit_reached' && (
        <p className="card" role="status">
          <Trans>Você atingiu o limite diário de saque. Ele renova em {formatTime(info.resetsAt, i18n.locale)}.</Trans>
        </p>
      )}
      {info.state === 'bonus_wagering_incomplete' && (
        <p className="card" role="status">
          <Trans>
            Seu saldo agora é só bônus. Ele vira dinheiro sacável depois de apostar mais{' '}
            {formatMoney(info.wagering.remaining)}.
          </Trans>
        </p>
      )}

      {info.state === 'ok' && (
        <form
          className="withdraw-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (amount !== null && !amountProblem) setSheet('key')
          }}
        >
          <fieldset className="amount-choices">
            <legend>
              <Trans>Quanto sacar</Trans>
            </legend>
            {channels.presets
              .filter((preset) => preset <= info.max)
              .map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className={`amount${amount === preset ? ' active' : ''}`}
                  aria-pressed={amount === preset}
                  onClick={() => setAmountText(String(preset / 100))}
                >
                  <strong>{formatMoney(preset)}</strong>
                </button>
              ))}
          </fieldset>
          <div className="field">
            <label htmlFor="withdraw-amount">
              <Trans>
                Outro valor (de {formatMoney(info.min)} a {formatMoney(info.max)})
              </Trans>
            </label>
            <input
              id="withdraw-amount"
              inputMode="decimal"
              value={amountText}
              aria-invalid={amountProblem ? true : undefined}
              aria-describedby={amountProblem ? 'withdraw-amount-error' : undefined}
              onChange={(e) => setAmountText(e.target.value)}
            />
            {amountProblem && (
              <small id="withdraw-amount-error" className="field-error">
                {amountProblem}
              </small>
            )}
          </div>
          <button
            type="submit"
            className="button"
            disabled={amount === null || Boolean(amountProblem)}
            data-testid="withdraw-next"
          >
            {amount !== null && !amountProblem ? <Trans>Sacar {formatMoney(amount)}</Trans> : <Trans>Sacar</Trans>}
          </button>
        </form>
      )}

      <ul className="tips">
        <li data-testid="withdraw-tip">
          <Typewriter
            ms={40}
            text={t`Saque por PIX sem taxa nenhuma. Nunca pedimos depósito, taxa ou imposto para liberar um saque.`}
          />
        </li>
        <li>
          <Trans>
            Um saque por vez. Se o banco recusar a chave, você corrige de graça; se falhar, o valor volta na hora.
          </Trans>
        </li>
        {info.reviewAbove > 0 && (
          <li>
            <Trans>
              Saques acima de {formatMoney(info.reviewAbove)} passam por revisão de um operador, em até{' '}
              {info.reviewMinutes} minutos.
            </Trans>
          </li>
        )}
        {info.coolOffMinutes > 0 && (
          <li>
            <Trans>
              Por segurança, o primeiro saque para uma chave nova logo depois de{' '}
              <Link href="/security?password=change">trocar a senha</Link> ou conectar um aparelho espera{' '}
              {info.coolOffMinutes} minutos antes de sair.
            </Trans>
          </li>
        )}
      </ul>
      <Link href="/service" className="link">
        <Trans>Dúvidas? Fale com o atendimento</Trans>
      </Link>

      {sheet === 'key' && amount !== null && (
        <KeySheet
          title={t`Sacar ${formatMoney(amount)} por PIX`}
          holderName={info.holderName ?? ''}
          submitLabel={t`Confirmar saque de ${formatMoney(amount)}`}
          busy={busy}
          askPassword
          offerPasskey={passkeyReady === true}
          onSubmit={(choice) => void submit(choice)}
          onClose={() => setSheet(null)}
        />
      )}
      {sheet === 'face' && afterFace && (
        <Sheet title={<Trans>Confirme seu rosto para sacar</Trans>}>
          <FaceStep
            purpose="step_up"
            onDone={() => {
              setAfterFace(null)
              setSheet('key')
              void submit(afterFace)
            }}
          />
          <button
            type="button"
            className="link"
            onClick={() => {
              setAfterFace(null)
              setSheet(null)
            }}
          >
            <Trans>Cancelar</Trans>
          </button>
        </Sheet>
      )}
      {sheet === 'bind' && (
        <BindDialog
          initialMode={1}
          boundName={null}
          onClose={() => {
            setSheet(null)
            void load()
          }}
        />
      )}
      {sheet === 'details' && (
        <AccountSheet
          onClose={() => setSheet(null)}
          onSaved={() => {
            setSheet(null)
            void load()
          }}
        />
      )}
    </div>
  )
}
