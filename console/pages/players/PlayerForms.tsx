// The actions of a player's console page, each a form that asks for a reason and is audited on
// the server: a note, a cash adjustment (a second operator approves large ones), ending the
// player's sessions, a password reset code once the server has matched the identity the player
// told the operator, lengthening an exclusion, freezing / unfreezing the account (a risk hold)
// and closing it. Each says what was done, or the server's refusal, under its button.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useState } from 'react'
import type { HeldWithdrawal } from '../../../contract/ops.ts'
import { clockTime, money } from '../../lib/format.ts'
import {
  addNote,
  adjustBalance,
  closeAccount,
  endSessions,
  extendExclusion,
  setFrozen,
  startPasswordReset,
} from './api.ts'

function useAction(onDone: () => void) {
  const [message, setMessage] = useState<string>()
  const [error, setError] = useState<string>()
  const run = async (event: FormEvent, work: () => Promise<string>) => {
    event.preventDefault()
    setError(undefined)
    setMessage(undefined)
    try {
      setMessage(await work())
      onDone()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  const feedback = (
    <>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
  /** The form's onSubmit: runs `work` as `run` does. */
  const submit = (work: () => Promise<string>) => (event: FormEvent) => void run(event, work)
  return { run, submit, feedback }
}

/** A labelled control of these forms. */
function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child each form passes in, inside the label
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  )
}

/** The reason every audited action asks for. */
function ReasonField({
  label,
  value,
  onChange,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Field label={label}>
      <input required maxLength={200} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  )
}

export function NoteForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useLingui()
  const [body, setBody] = useState('')
  const { submit, feedback } = useAction(onDone)
  return (
    <form
      className="inline-form"
      onSubmit={submit(async () => {
        await addNote(userId, body)
        setBody('')
        return t`Nota salva.`
      })}
    >
      <Field label={<Trans>Nova nota</Trans>}>
        <textarea value={body} required maxLength={2000} onChange={(event) => setBody(event.target.value)} />
      </Field>
      <button type="submit" className="button small">
        <Trans>Salvar nota</Trans>
      </button>
      {feedback}
    </form>
  )
}

export function AdjustForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useLingui()
  const [reais, setReais] = useState('')
  const [reason, setReason] = useState('')
  const { submit, feedback } = useAction(onDone)
  return (
    <form
      className="inline-form"
      onSubmit={submit(async () => {
        const amount = Math.round(Number(reais.replace(',', '.')) * 100)
        const result = await adjustBalance({
          userId,
          amount,
          reason,
        })
        setReais('')
        setReason('')
        return result.status === 'pending'
          ? t`Acima do limite: aguardando a aprovação de outro operador.`
          : t`Ajuste feito.`
      })}
    >
      <h3>
        <Trans>Ajustar saldo em dinheiro</Trans>
      </h3>
      <Field label={<Trans>Valor em R$ (negativo para debitar)</Trans>}>
        <input
          inputMode="decimal"
          required
          pattern="-?[0-9]+([.,][0-9]{1,2})?"
          value={reais}
          onChange={(event) => setReais(event.target.value)}
        />
      </Field>
      <ReasonField label={<Trans>Motivo</Trans>} value={reason} onChange={setReason} />
      <button type="submit" className="button small">
        <Trans>Ajustar</Trans>
      </button>
      {feedback}
    </form>
  )
}

export function LogoutForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const [reason, setReason] = useState('')
  const { submit, feedback } = useAction(onDone)
  return (
    <form
      className="inline-form"
      onSubmit={submit(async () => {
        const result = await endSessions(userId, reason)
        return plural(result.sessions, { one: '# sessão encerrada.', other: '# sessões encerradas.' })
      })}
    >
      <ReasonField label={<Trans>Motivo para encerrar as sessões</Trans>} value={reason} onChange={setReason} />
      <button type="submit" className="button small danger">
        <Trans>Encerrar todas as sessões</Trans>
      </button>
      {feedback}
    </form>
  )
}

export function ExclusionForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useLingui()
  const [days, setDays] = useState('')
  const [permanent, setPermanent] = useState(false)
  const [reason, setReason] = useState('')
  const { submit, feedback } = useAction(onDone)
  return (
    <form
      className="inline-form"
      onSubmit={submit(async () => {
        const until = permanent ? null : Date.now() + Number(days) * 24 * 3600_000
        await extendExclusion({ userId, until, reason })
        return t`Autoexclusão prolongada.`
      })}
    >
      <h3>
        <Trans>Prolongar a autoexclusão (nunca encurtar)</Trans>
      </h3>
      <Field label={<Trans>Dias a partir de agora</Trans>}>
        <input
          type="number"
          min={1}
          max={3650}
          required={!permanent}
          disabled={permanent}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={permanent} onChange={(event) => setPermanent(event.target.checked)} />
        <Trans>Permanente</Trans>
      </label>
      <ReasonField label={<Trans>Motivo</Trans>} value={reason} onChange={setReason} />
      <button type="submit" className="button small">
        <Trans>Prolongar</Trans>
      </button>
      {feedback}
    </form>
  )
}

/** Freezing (a risk hold: no play, deposits, new withdrawals or rewards) or lifting it, with a reason. */
export function FreezeForm({ userId, frozen, onDone }: { userId: number; frozen: boolean; onDone: () => void }) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const held = (withdrawals: HeldWithdrawal[]) => withdrawals.map((w) => `${w.orderId} (${money(w.amount)})`).join(', ')
  const { submit, feedback } = useAction(() => {
    setReason('')
    onDone()
  })
  return (
    <form
      className="inline-form"
      onSubmit={submit(async () => {
        const result = await setFrozen({
          userId,
          frozen: !frozen,
          reason,
        })
        // The operator sees what the freeze kept from the bank (or what now goes to it).
        if (result.withdrawals.length === 0)
          return frozen ? t`Conta descongelada.` : t`Conta congelada. Nenhum saque a reter.`
        return frozen
          ? t`Conta descongelada. Enviados ao banco agora: ${held(result.withdrawals)}.`
          : t`Conta congelada. Saques retidos (não vão ao banco): ${held(result.withdrawals)}.`
      })}
    >
      <ReasonField
        label={frozen ? <Trans>Motivo para descongelar</Trans> : <Trans>Motivo para congelar</Trans>}
        value={reason}
        onChange={setReason}
      />
      <button type="submit" className={frozen ? 'button small' : 'button small danger'}>
        {frozen ? <Trans>Descongelar a conta</Trans> : <Trans>Congelar a conta</Trans>}
      </button>
      {feedback}
    </form>
  )
}

/** Closing the account: refused by the server while it holds money; asks to confirm first. */
export function CloseForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { run, feedback } = useAction(onDone)
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        if (!confirming) {
          event.preventDefault()
          setConfirming(true)
          return
        }
        setConfirming(false)
        void run(event, async () => {
          await closeAccount(userId, reason)
          return t`Conta encerrada.`
        })
      }}
    >
      <ReasonField label={<Trans>Motivo para encerrar a conta</Trans>} value={reason} onChange={setReason} />
      <button type="submit" className="button small danger">
        {confirming ? <Trans>Confirmar: encerrar a conta</Trans> : <Trans>Encerrar a conta</Trans>}
      </button>
      {confirming && (
        <button type="button" className="button small" onClick={() => setConfirming(false)}>
          <Trans>Cancelar</Trans>
        </button>
      )}
      {feedback}
    </form>
  )
}

/**
 * A password reset for a player who forgot theirs: the operator types the CPF and date of birth
 * the player tells them (the server compares them with the verified ones) and a reason; the
 * one-time code that comes back is read or sent to the player, who sets the password themselves.
 */
export function PasswordResetForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useLingui()
  const [cpf, setCpf] = useState('')
  const [birthDate, setBirthDate] = useState('')
  const [reason, setReason] = useState('')
  const [issued, setIssued] = useState<{ code: string; link: string; expiresAt: number } | null>(null)
  const { submit, feedback } = useAction(onDone)
  return (
    <form
      className="inline-form"
      onSubmit={submit(async () => {
        setIssued(null)
        const result = await startPasswordReset({ userId, cpf, birthDate, reason })
        setIssued(result)
        setCpf('')
        setBirthDate('')
        setReason('')
        return t`Identidade conferida. Código criado.`
      })}
    >
      <h3>
        <Trans>Redefinir a senha (o jogador esqueceu)</Trans>
      </h3>
      <p className="hint">
        <Trans>
          Pergunte ao jogador o CPF e a data de nascimento e digite o que ele disser: o servidor confere com a conta
          verificada. Você não vê nem define a senha; o jogador cria a nova com o código.
        </Trans>
      </p>
      <Field label={<Trans>CPF que o jogador informou</Trans>}>
        <input
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={cpf}
          onChange={(event) => setCpf(event.target.value)}
        />
      </Field>
      <Field label={<Trans>Data de nascimento que o jogador informou</Trans>}>
        <input type="date" required value={birthDate} onChange={(event) => setBirthDate(event.target.value)} />
      </Field>
      <ReasonField label={<Trans>Motivo (ex.: pedido no chat)</Trans>} value={reason} onChange={setReason} />
      <button type="submit" className="button small">
        <Trans>Conferir e criar código</Trans>
      </button>
      {feedback}
      {issued && (
        <div className="notice setup-link" data-testid="password-reset-code">
          <p>
            <Trans>Código para o jogador (uma vez, até {clockTime(issued.expiresAt)}):</Trans>
          </p>
          <code className="reset-code">{issued.code}</code>
          <p>
            <Trans>
              Ele digita o código em Entrar → Esqueci a senha → Tenho um código do atendimento, ou abre este link:
            </Trans>
          </p>
          <code>{issued.link}</code>
        </div>
      )}
    </form>
  )
}
