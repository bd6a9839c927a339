// The profile tab: the account, the bind dialog, language, sound, links to the other account
// screens, and "about" (credits and licences).
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { accountAtom, refreshAccount } from '../../lib/account.ts'
import { BindDialog, type BindMode } from '../../lib/BindDialog.tsx'
import { tabReloadAtom } from '../../lib/reload.ts'
import { setSound, soundOnAtom } from '../../lib/sound.ts'
import { useAtomValue } from '../../lib/store.ts'
import { supportUnreadAtom, watchSupportUnread } from '../../lib/support.ts'
import { About } from './About.tsx'
import { ConsentSwitch } from './ConsentSwitch.tsx'
import { LanguagePicker } from './LanguagePicker.tsx'
import './account.css'

export default function MinePage() {
  const { t } = useLingui()
  const account = useAtomValue(accountAtom)
  const soundOn = useAtomValue(soundOnAtom)
  const reloadSignal = useAtomValue(tabReloadAtom)
  const [dialog, setDialog] = useState<BindMode | null>(null)
  const unread = useAtomValue(supportUnreadAtom)
  useEffect(() => watchSupportUnread(), [])

  useEffect(() => {
    if (reloadSignal > 0) refreshAccount().catch(() => {})
  }, [reloadSignal])

  const links = [
    { to: '/security', label: t`Segurança da conta` },
    { to: '/myData', label: t`Meus dados` },
    { to: '/balanceProof', label: t`Meu saldo na prova de hoje` },
    { to: '/statement', label: t`Extrato` },
    { to: '/history', label: t`Histórico de jogos` },
    { to: '/verify', label: t`Verificar jogadas` },
    { to: '/limits', label: t`Limites e controle` },
    { to: '/notice', label: t`Avisos`, badge: unread?.notices ?? 0 },
    { to: '/feedback', label: t`Sugestões`, badge: unread?.feedback ?? 0 },
    { to: '/service', label: t`Atendimento`, badge: unread?.chat ?? 0 },
    { to: '/closeAccount', label: t`Encerrar conta` },
  ]

  return (
    <section className="mine">
      <h1 className="page-title">
        <Trans>Perfil</Trans>
      </h1>
      <div className="card account-card">
        {account ? (
          <>
            <img
              className="avatar"
              src={`/avatars/${avatarIndex(account.userId)}.svg`}
              data-avatar={avatarIndex(account.userId)}
              alt=""
              width={56}
              height={56}
              data-testid="avatar"
            />
            <p data-testid="user-id">
              <Trans>Conta nº {account.userId}</Trans>
            </p>
            <p>{account.bound ? account.userName : <Trans>Conta deste aparelho (sem nome e senha)</Trans>}</p>
          </>
        ) : (
          <p>
            <Trans>Entrando…</Trans>
          </p>
        )}
        <div className="row">
          {account?.bound ? (
            <button type="button" className="button secondary" onClick={() => setDialog(2)}>
              <Trans>Ver login</Trans>
            </button>
          ) : (
            <button type="button" className="button" onClick={() => setDialog(1)}>
              <Trans>Criar nome e senha</Trans>
            </button>
          )}
          <button type="button" className="button secondary" onClick={() => setDialog(3)}>
            <Trans>Entrar em outra conta</Trans>
          </button>
        </div>
      </div>
      <LanguagePicker />
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={soundOn}
          checked={soundOn}
          onChange={(e) => void setSound(e.target.checked)}
        />
        <span>
          <Trans>Som</Trans>
        </span>
      </label>
      <ConsentSwitch />
      <ul className="link-list">
        {links.map((link) => (
          <li key={link.to}>
            <Link href={link.to}>
              {link.label}
              {(link.badge ?? 0) > 0 && (
                <span className="count-badge">
                  {link.badge}
                  <span className="visually-hidden"> {t`novos`}</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mine-footer">
        <Link href="/transparencia" data-testid="transparency-link">
          <Trans>Transparência: como pagamos, em números públicos</Trans>
        </Link>
      </p>
      <About />
      {dialog !== null && (
        <BindDialog initialMode={dialog} boundName={account?.userName ?? null} onClose={() => setDialog(null)} />
      )}
    </section>
  )
}

/** The legacy client's avatar: one of nine (index 1–9), fixed per account. */
function avatarIndex(userId: number): number {
  return (userId % 9) + 1
}
