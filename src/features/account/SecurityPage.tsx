// `/security`: whether the account can be recovered on another device, and how; changing the
// password (with the current one, or forgotten, with the verified CPF and date of birth); the
// devices signed in to the account, each of which the player can disconnect (this one included,
// which signs this device out); the passkeys (PasskeyCard); the e-mail and phone confirmed with a
// code (ContactCard).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { AccountInfo, DeviceView } from '../../../contract/accounts.ts'
import { accountAtom } from '../../lib/account.ts'
import { call } from '../../lib/api.ts'
import { BindDialog } from '../../lib/BindDialog.tsx'
import { ApiError } from '../../lib/http.ts'
import { forgetDevice } from '../../lib/session.ts'
import { useAtomValue } from '../../lib/store.ts'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getDevices, revokeDevice } from './api.ts'
import { ContactCard } from './ContactCard.tsx'
import { PasskeyCard } from './PasskeyCard.tsx'
import { PasswordChange, type PasswordMode } from './PasswordChange.tsx'

export default function SecurityPage() {
  const account = useAtomValue(accountAtom)
  const [open, setOpen] = useState(false)
  const [devicesVersion, setDevicesVersion] = useState(0)
  const asked = new URLSearchParams(useSearch()).get('password')
  const initialMode: PasswordMode | null = asked === 'change' || asked === 'forgot' ? asked : null
  // Whether the forgotten-password path can confirm this account (verified identity); unknown reads as yes.
  const { data: info } = useApiData(() => call<AccountInfo>('/v1/account/info'), [])
  return (
    <>
      <section className="card">
        {account?.bound ? (
          <p>
            <Trans>
              Sua conta tem nome de usuário e senha: {account.userName}. Você pode entrar com eles em qualquer aparelho.
            </Trans>
          </p>
        ) : (
          <>
            <p>
              <Trans>
                Esta conta está ligada só a este aparelho. Crie um nome e uma senha para não perdê-la se trocar de
                celular.
              </Trans>
            </p>
            <button type="button" className="button" onClick={() => setOpen(true)}>
              <Trans>Criar nome e senha</Trans>
            </button>
          </>
        )}
        {open && <BindDialog initialMode={1} boundName={null} onClose={() => setOpen(false)} />}
      </section>
      {account?.bound && (
        <PasswordChange
          initialMode={initialMode}
          verified={info?.verification.verified ?? true}
          onChanged={() => setDevicesVersion((v) => v + 1)}
        />
      )}
      {account?.bound && <PasskeyCard />}
      <ContactCard />
      {/* Read again after a password change signed other devices out. */}
      <DeviceList key={devicesVersion} />
    </>
  )
}

function DeviceList() {
  const { t } = useLingui()
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  // This device first, then the others as the server ordered them (last seen first).
  const {
    data: devices,
    error,
    reload: load,
  } = useApiData(async () => {
    const { list } = await getDevices()
    return [...list].sort((a, b) => Number(b.current) - Number(a.current))
  }, [])
  const failed = error !== null

  async function revoke(device: DeviceView) {
    setBusy(true)
    try {
      const { loggedOut } = await revokeDevice({ id: device.id })
      if (loggedOut) {
        await forgetDevice()
        showToast(t`Este aparelho saiu da conta.`)
        navigate('/login')
        return
      }
      showToast(t`Aparelho desconectado.`)
      setConfirming(null)
      await load()
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 id="devices-title">
        <Trans>Aparelhos conectados</Trans>
      </h2>
      <p className="hint">
        <Trans>Estes aparelhos entram na sua conta sem senha. Se não reconhecer um deles, desconecte-o.</Trans>
      </p>
      {failed && (
        <p role="alert">
          <Trans>Não foi possível carregar seus aparelhos.</Trans>{' '}
          <button type="button" className="link" onClick={() => void load()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </p>
      )}
      {devices === null && !failed && (
        <p className="hint">
          <Trans>Carregando…</Trans>
        </p>
      )}
      <ul className="device-list">
        {devices?.map((device) => (
          <li key={device.id} className="device" data-testid="device">
            <DeviceDetails device={device} />
            {confirming === device.id ? (
              <div className="row">
                <button type="button" className="button small" disabled={busy} onClick={() => void revoke(device)}>
                  {device.current ? <Trans>Sair deste aparelho</Trans> : <Trans>Confirmar</Trans>}
                </button>
                <button type="button" className="button small secondary" onClick={() => setConfirming(null)}>
                  <Trans>Cancelar</Trans>
                </button>
              </div>
            ) : (
              <button type="button" className="button small secondary" onClick={() => setConfirming(device.id)}>
                <Trans>Desconectar</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function DeviceDetails({ device }: { device: DeviceView }) {
  const { t, i18n } = useLingui()
  const name = device.label || t`Aparelho`
  const hint = device.idHint
  const since = formatMinute(device.createdAt, i18n.locale)
  const seen = formatMinute(device.lastSeenAt, i18n.locale)
  return (
    <div className="device-details">
      <strong>
        {name} <span className="device-id">…{hint}</span>
      </strong>
      {device.current && (
        <span className="badge">
          <Trans>Este aparelho</Trans>
        </span>
      )}
      <small>
        <Trans>Último acesso: {seen}</Trans>
      </small>
      <small>
        <Trans>Conectado desde {since}</Trans>
      </small>
    </div>
  )
}
