// The deposit screen (`/rechargeMall`, `/pay`, `/coins`): amount choices from the
// server, the first-deposit offer with its terms (opt-in), the player's deposit limits, then
// the account sheet when name + CPF or the registration's daily limits are missing, then the
// PIX sheet; below, any PIX returned to the payer, with why.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import { AccountSheet } from '../../lib/AccountSheet.tsx'
import { ApiError, messageOf } from '../../lib/http.ts'
import { useAtomValue } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { createDeposit, getAccountDetails, getDepositAmounts } from './api.ts'
import { PixSheet } from './PixSheet.tsx'
import { RefundList } from './RefundList.tsx'
import { openDeposit, openDepositAtom } from './state.ts'
import './deposit.css'

export default function DepositPage() {
  const { t } = useLingui()
  const open = useAtomValue(openDepositAtom)
  const [verified, setVerified] = useState<boolean | null>(null)
  const [amount, setAmount] = useState<number | null>(null)
  const [acceptOffer, setAcceptOffer] = useState(false)
  // The sheet before the first deposit: name + CPF with the registration's limits, or (a verified
  // account without them) only the limits.
  const [askDetails, setAskDetails] = useState<'all' | 'limits' | null>(null)
  const [busy, setBusy] = useState(false)
  // Kept across retries of the same deposit, so a retried request never makes a second order.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID())

  // A credited deposit changes the offer (gone after the first) and what the limits leave.
  const {
    data,
    error,
    reload: load,
  } = useApiData(() => Promise.all([getDepositAmounts(), getAccountDetails()]), [], { reloadOn: ['deposit'] })
  const info = data?.[0] ?? null
  const failed = error !== null

  useEffect(() => {
    if (!data) return
    const [amounts, details] = data
    setVerified(details.verified)
    setAmount((current) => current ?? amounts.amounts[Math.min(2, amounts.amounts.length - 1)] ?? null)
    if (!amounts.firstDepositOffer) setAcceptOffer(false)
  }, [data])

  function choose(next: number) {
    setAmount(next)
    setRequestId(crypto.randomUUID())
  }

  async function createOrder() {
    if (amount === null) return
    setBusy(true)
    try {
      const order = await createDeposit({ amount, requestId, acceptOffer })
      openDeposit(order)
      setRequestId(crypto.randomUUID())
    } catch (error) {
      if (error instanceof ApiError && error.msgCode === 'verification_required') setAskDetails('all')
      else if (error instanceof ApiError && error.msgCode === 'registration_limits_required') setAskDetails('limits')
      else showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
      if (error instanceof ApiError && error.msgCode !== 'network' && error.msgCode !== 'timeout') void load()
    } finally {
      setBusy(false)
    }
  }

  function deposit() {
    if (verified === false) setAskDetails('all')
    else void createOrder()
  }

  const offer = info?.firstDepositOffer ?? null
  const bonusFor = (value: number) => (offer ? Math.round(offer.rate * Math.min(value, offer.maxDeposit)) : 0)

  return (
    <section className="deposit">
      <h1 className="page-title">
        <Trans>Depósito</Trans>
      </h1>
      {failed && (
        <div className="load-failed" role="alert">
          <p>
            <Trans>Não foi possível carregar os valores de depósito.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void load()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </div>
      )}
      {info && (
        <>
          {info.sandbox && (
            <p className="card sandbox-note">
              <Trans>
                Ambiente de teste (sandbox): o pagamento é feito no banco sandbox e nenhum dinheiro real é movido.
              </Trans>
            </p>
          )}
          {offer && (
            <div className="card offer" data-testid="first-deposit-offer">
              <h2>
                <Trans>Oferta de primeiro depósito</Trans>
              </h2>
              <p>
                <Trans>
                  Receba {offer.rate}× o valor depositado em bônus, até {formatMoney(offer.maxBonus)} (contando até{' '}
                  {formatMoney(offer.maxDeposit)} do depósito).
                </Trans>
              </p>
              <p>
                <Trans>
                  O bônus vira dinheiro sacável depois de apostado {offer.wageringMultiplier} vezes. O valor que você
                  deposita continua sacável a qualquer momento.
                </Trans>
              </p>
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={acceptOffer}
                  checked={acceptOffer}
                  onChange={(e) => {
                    setAcceptOffer(e.target.checked)
                    setRequestId(crypto.randomUUID())
                  }}
                />
                <span>
                  <Trans>Quero esta oferta</Trans>
                </span>
              </label>
            </div>
          )}
          <fieldset className="amount-choices">
            <legend>
              <Trans>Escolha o valor</Trans>
            </legend>
            {info.amounts.map((value) => (
              <button
                key={value}
                type="button"
                className={`amount${value === amount ? ' active' : ''}`}
                aria-pressed={value === amount}
                onClick={() => choose(value)}
              >
                <strong>{formatMoney(value)}</strong>
                {acceptOffer && bonusFor(value) > 0 && (
                  <small>
                    <Trans>+{formatMoney(bonusFor(value))} bônus</Trans>
                  </small>
                )}
              </button>
            ))}
          </fieldset>
          {acceptOffer && offer && amount !== null && (
            <p className="hint" data-testid="offer-terms">
              <Trans>
                Com a oferta: {formatMoney(bonusFor(amount))} de bônus, que vira dinheiro depois de apostar{' '}
                {formatMoney(bonusFor(amount) * offer.wageringMultiplier)}.
              </Trans>
            </p>
          )}
          {info.limits.map((limit) => (
            <p key={limit.period} className="hint" data-testid="deposit-limit">
              {limit.period === 'day' && (
                <Trans>
                  Limite diário: {formatMoney(limit.limit)}. Ainda pode depositar {formatMoney(limit.remaining)} hoje.
                </Trans>
              )}
              {limit.period === 'week' && (
                <Trans>
                  Limite semanal: {formatMoney(limit.limit)}. Ainda pode depositar {formatMoney(limit.remaining)} nesta
                  semana.
                </Trans>
              )}
              {limit.period === 'month' && (
                <Trans>
                  Limite mensal: {formatMoney(limit.limit)}. Ainda pode depositar {formatMoney(limit.remaining)} neste
                  mês.
                </Trans>
              )}
            </p>
          ))}
          <button
            type="button"
            className="button"
            disabled={amount === null || busy}
            data-testid="deposit-submit"
            onClick={deposit}
          >
            {amount === null ? <Trans>Depositar</Trans> : <Trans>Depositar {formatMoney(amount)}</Trans>}
          </button>
          <p className="hint">
            <Trans>
              PIX sem taxas. O valor entra no saldo assim que o banco confirma o pagamento, normalmente em segundos.
            </Trans>
          </p>
          <p className="hint">
            <Trans>
              Pague exatamente o valor da cobrança, de uma conta no seu CPF. Um PIX de outro CPF, acima do valor ou fora
              dos seus limites volta para quem pagou.
            </Trans>
          </p>
          <RefundList />
        </>
      )}
      {askDetails && (
        <AccountSheet
          limitsOnly={askDetails === 'limits'}
          onClose={() => setAskDetails(null)}
          onSaved={() => {
            setAskDetails(null)
            setVerified(true)
            void createOrder()
          }}
        />
      )}
      {open && <PixSheet deposit={open} />}
    </section>
  )
}
