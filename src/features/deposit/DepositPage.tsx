// The deposit screen (`/rechargeMall`, `/pay`, `/coins`): amount choices from the
// server (those above what the deposit limits leave disabled, with why) and a typed amount checked
// against the same before any call, the first-deposit offer with its terms (opt-in), the player's deposit limits, then
// the account sheet when name, CPF and date of birth or the registration's daily limits are
// missing, then the PIX sheet; below, any PIX returned to the payer, with why. Until verification
// is settled a card says where it stands: not given yet, with our team (and why), or refused
// (with the reason, to send again); deposits wait for it. During a pause a card says deposits wait
// for its end, and that a code made before it was withdrawn. Reached from a reward's "Verificar
// conta" (`?verify=1&back=…`), it opens the form at once and offers the way back to that reward,
// which says the account is verified once it is.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { DepositAmounts } from '../../../contract/deposits.ts'
import { formatMoney } from '../../../contract/money.ts'
import type { AccountDetails } from '../../../contract/verification.ts'
import { AccountSheet } from '../../lib/AccountSheet.tsx'
import { accountAtom } from '../../lib/account.ts'
import { ApiError, messageOf } from '../../lib/http.ts'
import { reviewReasonTexts, reviewWaitText } from '../../lib/identity.ts'
import { type ReturnDialog, verifyReturn } from '../../lib/PromotionGate.tsx'
import { openRewardDialog } from '../../lib/rewards.ts'
import { useAtomValue } from '../../lib/store.ts'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { createDeposit, getAccountDetails, getDepositAmounts } from './api.ts'
import { PixSheet } from './PixSheet.tsx'
import { RefundList } from './RefundList.tsx'
import { openDeposit, openDepositAtom } from './state.ts'
import './deposit.css'

/** Reais typed by the player ("25", "25,50") → centavos, or null when it is not an amount. */
function parseReais(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** The tightest of what each deposit limit leaves, or null without deposit limits. */
function leftToDeposit(limits: DepositAmounts['limits']): number | null {
  return limits.length === 0 ? null : Math.min(...limits.map((limit) => limit.remaining))
}

/** Where verification stands, until it is settled; nothing once verified. */
function VerificationCard({ details, onVerify }: { details: AccountDetails; onVerify: () => void }) {
  const { i18n } = useLingui()
  if (details.status === 'verified') return null
  return (
    <div className="card verification-card" role="status" data-testid="verification-status">
      {details.status === 'none' && (
        <>
          <p>
            <Trans>
              Antes do primeiro depósito, confirme seu nome completo, CPF e data de nascimento. Conferimos na Receita
              Federal; apostas são só para maiores de 18 anos.
            </Trans>
          </p>
          <button type="button" className="button secondary" data-testid="verify-start" onClick={onVerify}>
            <Trans>Verificar agora</Trans>
          </button>
        </>
      )}
      {details.status === 'face' && (
        <>
          <p>
            <Trans>
              Falta só a verificação de rosto: uma foto com a câmera frontal confirma que você é o titular do CPF.
            </Trans>
          </p>
          <button type="button" className="button secondary" data-testid="verify-start" onClick={onVerify}>
            <Trans>Verificar rosto</Trans>
          </button>
        </>
      )}
      {details.status === 'review' && (
        <>
          <h2>
            <Trans>Seus dados estão em análise</Trans>
          </h2>
          <p>{details.reviewReason ? i18n._(reviewReasonTexts[details.reviewReason]) : null}</p>
          {details.reviewDueAt !== null && (
            <p data-testid="verification-review-time">{reviewWaitText(details.reviewDueAt, Date.now(), i18n)}</p>
          )}
        </>
      )}
      {details.status === 'rejected' && (
        <>
          <h2>
            <Trans>Seus dados não foram aprovados</Trans>
          </h2>
          <p>
            <Trans>Motivo da nossa equipe: {details.rejection}</Trans>
          </p>
          <p>
            <Trans>Confira se nome, CPF e data de nascimento estão como no documento e envie de novo.</Trans>
          </p>
          <button type="button" className="button secondary" data-testid="verify-start" onClick={onVerify}>
            <Trans>Enviar de novo</Trans>
          </button>
        </>
      )}
    </div>
  )
}

/** Deposits wait for the end of a pause; a code made before it was withdrawn at the bank. */
function PauseCard({ until }: { until: number | null }) {
  const { i18n } = useLingui()
  return (
    <div className="card pause-card" role="status" data-testid="deposit-paused">
      <p>
        {until === null ? (
          <Trans>Você se autoexcluiu: depósitos estão bloqueados.</Trans>
        ) : (
          <Trans>
            Você está em pausa até {formatMinute(until, i18n.locale)}: depósitos voltam quando ela terminar.
          </Trans>
        )}
      </p>
      <p className="hint">
        <Trans>
          Um código PIX gerado antes da pausa é cancelado no banco e não pode mais ser pago. Saques, extrato e suporte
          continuam abertos.
        </Trans>
      </p>
    </div>
  )
}

/**
 * The way back to the reward that sent the player here to verify: named after it, and saying the
 * account is verified once it is.
 */
function VerifyReturnCard({
  dialog,
  verified,
  onBack,
}: {
  dialog: ReturnDialog | null
  verified: boolean
  onBack: () => void
}) {
  return (
    <div className="card verify-return" role="status" data-testid="verify-return">
      {verified && (
        <p>
          <Trans>Conta verificada. As promoções agora valem para você.</Trans>
        </p>
      )}
      <button type="button" className={verified ? 'button' : 'link'} onClick={onBack}>
        {dialog === 'welcome' && <Trans>Voltar ao presente</Trans>}
        {dialog === 'wheel' && <Trans>Voltar à roleta</Trans>}
        {dialog === 'sign' && <Trans>Voltar ao check-in</Trans>}
        {dialog === null && <Trans>Voltar à promoção</Trans>}
      </button>
    </div>
  )
}

export default function DepositPage() {
  const { t } = useLingui()
  const [, navigate] = useLocation()
  const search = useSearch()
  const cameFrom = verifyReturn(search)
  const askedToVerify = new URLSearchParams(search).get('verify') === '1'
  // The form opens by itself once per arrival from "Verificar conta".
  const openedForVerify = useRef(false)
  // The verification status last shown, to say so when our team's decision arrives.
  const shownStatus = useRef<AccountDetails['status'] | null>(null)
  const open = useAtomValue(openDepositAtom)
  const [verified, setVerified] = useState<boolean | null>(null)
  const [details, setDetails] = useState<AccountDetails | null>(null)
  // Whether the sheet was opened by the deposit button (then the deposit follows) or by the card.
  const depositAfterVerifying = useRef(false)
  const [amount, setAmount] = useState<number | null>(null)
  const [otherText, setOtherText] = useState('')
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
  } = useApiData(() => Promise.all([getDepositAmounts(), getAccountDetails()]), [], {
    reloadOn: ['deposit', 'verification'],
  })
  const info = data?.[0] ?? null
  const failed = error !== null

  useEffect(() => {
    if (!data) return
    const [amounts, account] = data
    // Our team approved while the player watched (the verification push read the page again).
    if (shownStatus.current === 'review' && account.status === 'verified')
      showToast(t`Nossa equipe aprovou seus dados: conta verificada. Você já pode depositar e receber promoções.`)
    shownStatus.current = account.status
    setVerified(account.verified)
    setDetails(account)
    const left = leftToDeposit(amounts.limits)
    const allowed = amounts.amounts.filter((value) => left === null || value <= left)
    setAmount((current) =>
      current !== null && (left === null || current <= left)
        ? current
        : (allowed[Math.min(2, allowed.length - 1)] ?? null),
    )
    if (!amounts.firstDepositOffer) setAcceptOffer(false)
    if (
      askedToVerify &&
      !openedForVerify.current &&
      (account.status === 'none' || account.status === 'rejected' || account.status === 'face')
    ) {
      openedForVerify.current = true
      depositAfterVerifying.current = false
      setAskDetails('all')
    }
  }, [data, askedToVerify, t])

  function goBack() {
    if (!cameFrom) return
    navigate(cameFrom.back)
    if (cameFrom.dialog) openRewardDialog({ kind: cameFrom.dialog })
  }

  function choose(next: number) {
    setAmount(next)
    setOtherText('')
    setRequestId(crypto.randomUUID())
  }

  // What the player's deposit limits still allow (the tightest of day, week and month), or null
  // without limits: an amount above it is refused by the server, so it is never offered here.
  const left = info ? leftToDeposit(info.limits) : null
  const typed = otherText.trim() === '' ? null : parseReais(otherText)
  const otherProblem =
    otherText.trim() === '' || !info
      ? null
      : typed === null
        ? t`Digite um valor em reais, por exemplo 25 ou 25,50.`
        : typed < info.min || typed > info.max
          ? t`O valor precisa ficar entre ${formatMoney(info.min)} e ${formatMoney(info.max)}.`
          : left !== null && typed > left
            ? t`Acima do que seus limites de depósito ainda permitem: até ${formatMoney(left)}.`
            : null
  const chosen = otherText.trim() !== '' ? (otherProblem ? null : typed) : amount

  async function createOrder() {
    if (chosen === null) return
    setBusy(true)
    try {
      const order = await createDeposit({ amount: chosen, requestId, acceptOffer })
      openDeposit(order)
      setRequestId(crypto.randomUUID())
    } catch (error) {
      if (error instanceof ApiError && error.msgCode === 'verification_required') setAskDetails('all')
      else if (error instanceof ApiError && error.msgCode === 'verification_pending') void load()
      else if (error instanceof ApiError && error.msgCode === 'registration_limits_required') setAskDetails('limits')
      else showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
      if (error instanceof ApiError && error.msgCode !== 'network' && error.msgCode !== 'timeout') void load()
    } finally {
      setBusy(false)
    }
  }

  const inReview = details?.status === 'review'
  const pause = useAtomValue(accountAtom)?.selfExclusion ?? null

  function deposit() {
    depositAfterVerifying.current = true
    if (verified === false) setAskDetails('all')
    else void createOrder()
  }

  function verifyOnly() {
    depositAfterVerifying.current = false
    setAskDetails('all')
  }

  const offer = info?.firstDepositOffer ?? null
  const bonusFor = (value: number) => (offer ? Math.round(offer.rate * Math.min(value, offer.maxDeposit)) : 0)

  return (
    <section className="deposit">
      <h1 className="page-title">
        <Trans>Depósito</Trans>
      </h1>
      {!data && !failed && <div className="page-loading" aria-busy="true" />}
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
          {cameFrom && <VerifyReturnCard dialog={cameFrom.dialog} verified={verified === true} onBack={goBack} />}
          {pause && <PauseCard until={pause.until} />}
          {details && <VerificationCard details={details} onVerify={verifyOnly} />}
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
            {info.amounts.map((value) => {
              const overLimit = left !== null && value > left
              return (
                <button
                  key={value}
                  type="button"
                  className={`amount${value === amount && otherText.trim() === '' ? ' active' : ''}`}
                  aria-pressed={value === amount && otherText.trim() === ''}
                  disabled={overLimit}
                  data-testid={`deposit-amount-${value}`}
                  onClick={() => choose(value)}
                >
                  <strong>{formatMoney(value)}</strong>
                  {overLimit ? (
                    <small>
                      <Trans>Acima do seu limite</Trans>
                    </small>
                  ) : (
                    acceptOffer &&
                    bonusFor(value) > 0 && (
                      <small>
                        <Trans>+{formatMoney(bonusFor(value))} bônus</Trans>
                      </small>
                    )
                  )}
                </button>
              )
            })}
          </fieldset>
          <div className="field">
            <label htmlFor="deposit-amount">
              {left === null ? (
                <Trans>
                  Outro valor (de {formatMoney(info.min)} a {formatMoney(info.max)})
                </Trans>
              ) : (
                <Trans>
                  Outro valor (de {formatMoney(info.min)} a {formatMoney(Math.min(info.max, left))}, pelos seus limites)
                </Trans>
              )}
            </label>
            <input
              id="deposit-amount"
              inputMode="decimal"
              value={otherText}
              aria-invalid={otherProblem ? true : undefined}
              aria-describedby={otherProblem ? 'deposit-amount-error' : undefined}
              onChange={(e) => {
                setOtherText(e.target.value)
                setRequestId(crypto.randomUUID())
              }}
            />
            {otherProblem && (
              <small id="deposit-amount-error" className="field-error" data-testid="deposit-amount-error">
                {otherProblem}
              </small>
            )}
          </div>
          {acceptOffer && offer && chosen !== null && (
            <p className="hint" data-testid="offer-terms">
              <Trans>
                Com a oferta: {formatMoney(bonusFor(chosen))} de bônus, que vira dinheiro depois de apostar{' '}
                {formatMoney(bonusFor(chosen) * offer.wageringMultiplier)}.
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
            disabled={chosen === null || busy || inReview || pause !== null}
            data-testid="deposit-submit"
            onClick={deposit}
          >
            {chosen === null ? <Trans>Depositar</Trans> : <Trans>Depositar {formatMoney(chosen)}</Trans>}
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
          onSaved={(review) => {
            setAskDetails(null)
            // With our team: the card says why, and the deposit waits for the decision.
            if (review || !depositAfterVerifying.current) {
              void load()
              return
            }
            setVerified(true)
            void createOrder()
          }}
        />
      )}
      {open && <PixSheet deposit={open} />}
    </section>
  )
}
