// `/closeAccount`: the player closes their own account. First what happens, in plain words — play,
// deposits, withdrawals and rewards stop at once; the whole balance is paid to a PIX key in their
// own CPF before the account closes; the bonus is forfeited; the same CPF cannot open or reopen an
// account for the period set, except through support — then the password and a confirmation. A
// closure under way (asked here, by an operator, or because the barred-person register named the
// player) shows where it stands and why.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import type { ClosureInfo, ClosureStatus } from '../../../contract/closure.ts'
import { formatMoney } from '../../../contract/money.ts'
import { messageOf } from '../../lib/http.ts'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { TextField } from '../../lib/TextField.tsx'
import { formatMinute } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getClosureInfo, requestClosure } from './api.ts'

export default function ClosurePage() {
  const { data: info, error, reload } = useApiData(() => getClosureInfo(), [])
  const [asked, setAsked] = useState<ClosureStatus | null>(null)
  if (error)
    return (
      <LoadFailed onRetry={reload}>
        <Trans>Não foi possível carregar os dados da conta.</Trans>
      </LoadFailed>
    )
  if (!info)
    return (
      <p className="card" aria-busy="true">
        <Trans>Carregando…</Trans>
      </p>
    )
  const closure = asked ?? info.closure
  if (closure && closure.state !== 'reopened') return <ClosureUnderWay closure={closure} />
  return <ClosureForm info={info} onAsked={setAsked} />
}

function ClosureUnderWay({ closure }: { closure: ClosureStatus }) {
  const { i18n } = useLingui()
  const due = formatMinute(closure.dueAt, i18n.locale)
  return (
    <section className="card closure" data-testid="closure-status" aria-live="polite">
      {closure.state === 'closed' ? (
        <h2>
          <Trans>Conta encerrada</Trans>
        </h2>
      ) : (
        <h2>
          <Trans>Sua conta está sendo encerrada</Trans>
        </h2>
      )}
      <p>
        {closure.cause === 'barred' ? (
          <Trans>
            Motivo: o seu CPF consta no cadastro de pessoas impedidas de apostar, mantido pelo Ministério da Fazenda
            (SIGAP). A lei não nos deixa manter a sua conta.
          </Trans>
        ) : closure.cause === 'self' ? (
          <Trans>Motivo: você pediu o encerramento.</Trans>
        ) : (
          <Trans>Motivo: o Jogo Limpo encerrou a conta. O atendimento explica o porquê.</Trans>
        )}
      </p>
      <p>
        <Trans>Apostas, depósitos, saques e prêmios pararam.</Trans>
      </p>
      {closure.payout && (
        <p data-testid="closure-payout">
          <Trans>
            Estamos pagando {formatMoney(closure.payout.amount)} na chave PIX {closure.payout.keyMasked}, no seu CPF.
          </Trans>
        </p>
      )}
      {closure.paidAmount > 0 && (
        <p>
          <Trans>Já pagamos {formatMoney(closure.paidAmount)} na sua chave PIX.</Trans>
        </p>
      )}
      {closure.forfeitedBonus > 0 && (
        <p>
          <Trans>
            O bônus de {formatMoney(closure.forfeitedBonus)} foi perdido, como dizem as regras do bônus: era crédito
            para jogar, não dinheiro para sacar.
          </Trans>
        </p>
      )}
      {closure.state === 'stuck' && (
        <p>
          <Trans>
            Não conseguimos pagar automaticamente. O atendimento vai cuidar disso e falar com você; o saldo continua
            seu.
          </Trans>
        </p>
      )}
      {closure.state !== 'closed' && (
        <p>
          <Trans>A conta será encerrada até {due}. Avisaremos por e-mail e SMS.</Trans>
        </p>
      )}
      <Link href="/service" className="button secondary">
        <Trans>Falar com o atendimento</Trans>
      </Link>
    </section>
  )
}

function ClosureForm({ info, onAsked }: { info: ClosureInfo; onAsked: (status: ClosureStatus) => void }) {
  const { t } = useLingui()
  const [password, setPassword] = useState('')
  const [understood, setUnderstood] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function send(event: FormEvent) {
    event.preventDefault()
    if (!understood || !password) return
    setBusy(true)
    setFailure(null)
    try {
      onAsked(await requestClosure({ password, confirm: true }))
    } catch (error) {
      setFailure(messageOf(error, t`Não foi possível encerrar agora. Tente de novo.`))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card closure">
      <h2>
        <Trans>Encerrar a conta</Trans>
      </h2>
      <p>
        <Trans>Ao encerrar a conta:</Trans>
      </p>
      <ul className="closure-list">
        <li>
          <Trans>apostas, depósitos, saques e prêmios param na hora;</Trans>
        </li>
        <li data-testid="closure-balance">
          {info.cpfMasked ? (
            <Trans>
              o seu saldo de {formatMoney(info.cash)} é pago automaticamente numa chave PIX do seu CPF ({info.cpfMasked}
              ) e só depois a conta é encerrada, em até {info.closeDays} dias;
            </Trans>
          ) : (
            <Trans>
              o seu saldo de {formatMoney(info.cash)} precisa de um CPF verificado para ser pago: o atendimento cuida
              disso antes de encerrar;
            </Trans>
          )}
        </li>
        {info.withdrawalInFlight && (
          <li>
            <Trans>o saque que já está em andamento continua, e o resto é pago depois dele;</Trans>
          </li>
        )}
        {info.bonus > 0 && (
          <li>
            <Trans>
              o bônus de {formatMoney(info.bonus)} é perdido, como dizem as regras do bônus: é crédito para jogar, não
              dinheiro para sacar;
            </Trans>
          </li>
        )}
        <li>
          <Trans>
            com o mesmo CPF você não poderá abrir outra conta nem reabrir esta por {info.reopenDays} dias; depois, só o
            atendimento pode reabri-la.
          </Trans>
        </li>
      </ul>
      <p className="hint">
        <Trans>
          Se você só quer uma pausa, use os limites ou a autoexclusão em Limites e controle: eles não fecham a conta.
        </Trans>{' '}
        <Link href="/limits">
          <Trans>Ver limites</Trans>
        </Link>
      </p>
      {info.hasPassword ? (
        <form onSubmit={send} noValidate>
          <TextField
            label={t`Sua senha, para confirmar`}
            type="password"
            autoComplete="current-password"
            value={password}
            error={undefined}
            onValue={setPassword}
          />
          <label className="check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
            <span>
              <Trans>Li o que acontece e quero encerrar a minha conta.</Trans>
            </span>
          </label>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="button danger" disabled={busy || !understood || !password}>
            <Trans>Encerrar minha conta</Trans>
          </button>
        </form>
      ) : (
        <>
          <p>
            <Trans>Para confirmar o encerramento, a conta precisa de nome de usuário e senha.</Trans>
          </p>
          <Link href="/security" className="button secondary">
            <Trans>Criar nome e senha</Trans>
          </Link>
        </>
      )}
    </section>
  )
}
