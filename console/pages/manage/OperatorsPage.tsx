// The operators, for admins: create one (its one-time setup link goes to the operator's own
// e-mail; the admin sees only where it was sent), change a role, disable or enable, reset the
// password and second factor (a new link, e-mailed the same way). Every
// change asks for a reason, which goes to the audit log. One's own account offers no change (the
// server refuses it too), and the server keeps the last active admin.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { type OperatorRole, operatorRoles } from '../../../contract/ops.ts'
import { dateTime } from '../../lib/format.ts'
import { roleName } from '../../lib/roles.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { changeOperatorRole, createOperator, disableOperator, listOperators, resetOperator } from './api.ts'

export default function OperatorsPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const list = useCall(() => listOperators(), [])
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [sent, setSent] = useState<{ email: string; expiresAt: number }>()

  const act = async (work: () => Promise<string | undefined>) => {
    setError(undefined)
    setNotice(undefined)
    try {
      setNotice(await work())
      list.reload()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const email = String(data.get('email'))
    void act(async () => {
      const created = await createOperator({
        email,
        name: String(data.get('name')),
        role: String(data.get('role')) as OperatorRole,
      })
      setSent({ email: created.sentTo, expiresAt: created.expiresAt })
      form.reset()
      return t`Operador criado. O link de acesso foi enviado ao e-mail dessa pessoa.`
    })
  }

  const needReason = !reason.trim()
  return (
    <section className="panel spaced">
      <h1>
        <Trans>Operadores</Trans>
      </h1>
      <form className="operator-create" onSubmit={create} aria-labelledby="new-operator">
        <h2 id="new-operator">
          <Trans>Novo operador</Trans>
        </h2>
        <label className="field">
          <span>
            <Trans>E-mail</Trans>
          </span>
          <input name="email" type="email" required maxLength={200} autoComplete="off" />
        </label>
        <label className="field">
          <span>
            <Trans>Nome</Trans>
          </span>
          <input name="name" required maxLength={100} autoComplete="off" />
        </label>
        <label className="field">
          <span>
            <Trans>Função</Trans>
          </span>
          <select name="role" defaultValue="support">
            {operatorRoles.map((role) => (
              <option key={role} value={role}>
                {i18n._(roleName[role])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          <Trans>Criar e enviar link</Trans>
        </button>
      </form>
      {sent && (
        <p className="notice setup-link" data-testid="setup-link-sent">
          <Trans>
            Link de acesso enviado para {sent.email} (vale uma vez, até {dateTime(sent.expiresAt)}). Só essa pessoa o
            recebe: nem você o vê.
          </Trans>
        </p>
      )}
      <h2>
        <Trans>Equipe</Trans>
      </h2>
      <label className="field">
        <span>
          <Trans>Motivo da mudança (obrigatório, fica na auditoria)</Trans>
        </span>
        <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
      </label>
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
      <ul className="cards">
        {list.data?.operators.map((operator) => {
          const own = operator.id === me.id
          return (
            <li key={operator.id} className="card" data-testid={`operator-${operator.email}`}>
              <h3>
                {operator.name} {own && <span className="muted">({t`você`})</span>}
              </h3>
              <p className="muted">{operator.email}</p>
              <p>
                <span
                  className={`state-badge ${operator.disabled ? 'closed' : operator.hasPassword ? 'active' : 'frozen'}`}
                >
                  {operator.disabled ? t`Desativado` : operator.hasPassword ? t`Ativo` : t`Aguardando o link`}
                </span>{' '}
                {operator.totpEnabled ? t`Autenticador ativo` : t`Sem autenticador`} ·{' '}
                <Trans>desde {dateTime(operator.createdAt)}</Trans>
              </p>
              {!own && (
                <div className="card-actions">
                  <label className="field">
                    <span>
                      <Trans>Função de {operator.name}</Trans>
                    </span>
                    <select
                      value={operator.role}
                      disabled={needReason}
                      onChange={(event) => {
                        const role = event.target.value as OperatorRole
                        void act(async () => {
                          await changeOperatorRole({ operatorId: operator.id, role, reason })
                          return t`Função de ${operator.name}: ${i18n._(roleName[role])}.`
                        })
                      }}
                    >
                      {operatorRoles.map((role) => (
                        <option key={role} value={role}>
                          {i18n._(roleName[role])}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    className={operator.disabled ? 'button small' : 'button small danger'}
                    disabled={needReason}
                    onClick={() =>
                      void act(async () => {
                        const disabled = !operator.disabled
                        await disableOperator({ operatorId: operator.id, disabled, reason })
                        return disabled
                          ? t`${operator.name} desativado; sessões encerradas.`
                          : t`${operator.name} reativado.`
                      })
                    }
                  >
                    {operator.disabled ? <Trans>Reativar</Trans> : <Trans>Desativar</Trans>}
                  </button>
                  <button
                    type="button"
                    className="button small"
                    disabled={needReason}
                    onClick={() =>
                      void act(async () => {
                        const reset = await resetOperator({
                          operatorId: operator.id,
                          reason,
                        })
                        setSent({ email: reset.sentTo, expiresAt: reset.expiresAt })
                        return t`Senha e autenticador de ${operator.name} apagados; o novo link foi enviado ao e-mail dessa pessoa.`
                      })
                    }
                  >
                    <Trans>Redefinir senha e autenticador</Trans>
                  </button>
                </div>
              )}
              {own && (
                <p className="muted">
                  <Trans>Sua própria conta não muda aqui: peça a outro administrador.</Trans>
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
