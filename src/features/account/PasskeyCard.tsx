// Perfil → Segurança → Passkeys: the player's passkeys (made on which phone, when, last used), enrolling
// one on this phone and revoking one — both after the account's password, and the face check
// when this device owes one (a lost phone's passkeys are revoked from a new device this way).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { FaceStep } from '../../lib/FaceStep.tsx'
import { ApiError } from '../../lib/http.ts'
import { makePasskey, passkeyCancelled, passkeysSupported } from '../../lib/passkeys.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { TextField } from '../../lib/TextField.tsx'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { enrolPasskey, getPasskeys, passkeyEnrolOptions, revokePasskey } from './api.ts'

type Action = { kind: 'enrol' } | { kind: 'revoke'; id: number; label: string }

export function PasskeyCard() {
  const { t, i18n } = useLingui()
  const { data, error, reload } = useApiData(getPasskeys, [])
  const [action, setAction] = useState<Action | null>(null)
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [face, setFace] = useState(false)

  function close() {
    setAction(null)
    setPassword('')
    setProblem(undefined)
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault()
    if (!action) return
    if (!password) return setProblem(t`Digite a senha da sua conta.`)
    setBusy(true)
    setProblem(undefined)
    try {
      if (action.kind === 'enrol') {
        const { options } = await passkeyEnrolOptions(password)
        await enrolPasskey(await makePasskey(options))
        showToast(t`Passkey criada. Use-a para entrar e para confirmar saques.`)
      } else {
        await revokePasskey(action.id, password)
        showToast(t`Passkey removida.`)
      }
      close()
      await reload()
    } catch (caught) {
      if (caught instanceof ApiError && caught.msgCode === 'face_step_up_required') setFace(true)
      else if (!passkeyCancelled(caught))
        setProblem(caught instanceof ApiError ? caught.message : t`Algo deu errado. Tente de novo.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 id="passkeys-title">
        <Trans>Passkeys</Trans>
      </h2>
      <p className="hint">
        <Trans>
          Uma passkey fica guardada no seu celular e é liberada com a digital, o rosto ou o bloqueio de tela. Com ela
          você entra em outro aparelho e confirma saques sem digitar a senha. A senha continua valendo.
        </Trans>
      </p>
      {error !== null && (
        <p role="alert">
          <Trans>Não foi possível carregar suas passkeys.</Trans>{' '}
          <button type="button" className="link" onClick={() => void reload()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </p>
      )}
      <ul className="device-list">
        {data?.passkeys.map((passkey) => (
          <li key={passkey.id} className="device" data-testid="passkey">
            <div className="device-details">
              <strong>{passkey.label || t`Passkey`}</strong>
              <small>
                <Trans>Criada em {formatMinute(passkey.createdAt, i18n.locale)}</Trans>
              </small>
              <small>
                {passkey.lastUsedAt === null ? (
                  <Trans>Ainda não usada</Trans>
                ) : (
                  <Trans>Último uso: {formatMinute(passkey.lastUsedAt, i18n.locale)}</Trans>
                )}
              </small>
            </div>
            <button
              type="button"
              className="button small secondary"
              onClick={() => setAction({ kind: 'revoke', id: passkey.id, label: passkey.label })}
            >
              <Trans>Remover</Trans>
            </button>
          </li>
        ))}
      </ul>
      {passkeysSupported() ? (
        <button
          type="button"
          className="button"
          data-testid="passkey-enrol"
          onClick={() => setAction({ kind: 'enrol' })}
        >
          <Trans>Criar passkey neste celular</Trans>
        </button>
      ) : (
        <p className="hint">
          <Trans>Este navegador não aceita passkeys.</Trans>
        </p>
      )}
      <p className="hint">
        <Trans>
          Perdeu o celular? Entre em outro aparelho com nome e senha, confirme seu rosto e remova a passkey dele aqui.
        </Trans>
      </p>
      {action && !face && (
        <Sheet
          title={action.kind === 'enrol' ? <Trans>Criar passkey</Trans> : <Trans>Remover passkey</Trans>}
          testId="passkey-sheet"
        >
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <TextField
              label={t`Senha da conta`}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={problem}
              onValue={setPassword}
            />
            <button type="submit" className="button" disabled={busy} data-testid="passkey-confirm">
              {action.kind === 'enrol' ? <Trans>Continuar</Trans> : <Trans>Remover passkey</Trans>}
            </button>
          </form>
          <button type="button" className="link" onClick={close}>
            <Trans>Cancelar</Trans>
          </button>
        </Sheet>
      )}
      {face && (
        <Sheet title={<Trans>Confirme seu rosto</Trans>}>
          <FaceStep purpose="step_up" onDone={() => setFace(false)} />
        </Sheet>
      )}
    </section>
  )
}
