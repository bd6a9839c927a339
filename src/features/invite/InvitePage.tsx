// Invite friends (`/invite`, `/promote`): the rule, today's and total sign-ups and rewards, the
// claimable amount with its claim button, and the share link (`?code=`) to copy, share through
// the device's sheet or send through a social app. Every figure is counted by the server.
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { formatMoney } from '../../../contract/money.ts'
import { celebrateCredit } from '../../lib/coins.ts'
import { messageOf } from '../../lib/http.ts'
import { PromotionGate } from '../../lib/PromotionGate.tsx'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { claimInviteRewards, getInviteStats, getShareLink } from './api.ts'
import './invite.css'
import { LoadFailed } from '../../lib/LoadFailed.tsx'

export default function InvitePage() {
  return (
    <PromotionGate part="invites">
      <Invite />
    </PromotionGate>
  )
}

function Invite() {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const claimButton = useRef<HTMLButtonElement>(null)

  const {
    data,
    error,
    reload: load,
  } = useApiData(() => Promise.all([getInviteStats(), getShareLink()]), [], {
    reloadOn: ['invite'],
    failure: t`Não foi possível carregar os convites.`,
  })
  const [stats, share] = data ?? [null, null]

  async function claim() {
    if (busy) return
    setBusy(true)
    try {
      const credit = await claimInviteRewards({ requestId: crypto.randomUUID() })
      showToast(t`Recompensa recebida: +${formatMoney(credit.amount)} de bônus.`)
      await celebrateCredit(claimButton.current)
      await load()
    } catch (error) {
      showToast(messageOf(error, t`Não foi possível receber a recompensa.`))
    } finally {
      setBusy(false)
    }
  }

  async function copy() {
    if (!share) return
    try {
      await navigator.clipboard.writeText(share.shareUrl)
      showToast(t`Copiado`)
    } catch {
      showToast(t`Não foi possível copiar. Selecione o link e copie.`)
    }
  }

  async function shareSheet() {
    if (!share) return
    await navigator
      .share?.({ title: 'Jogo Limpo', text: t`Jogue comigo no Jogo Limpo`, url: share.shareUrl })
      .catch(() => undefined)
  }

  if ((!stats || !share) && error !== null)
    return (
      <LoadFailed onRetry={() => void load()} testId="invite-load-failed">
        <Trans>Não foi possível carregar os convites. Verifique a conexão.</Trans>
      </LoadFailed>
    )
  if (!stats || !share) return <div className="page-loading" aria-busy="true" />
  const url = encodeURIComponent(share.shareUrl)
  const text = encodeURIComponent(t`Jogue comigo no Jogo Limpo`)
  // The brands' darker shades: white text on each reaches 4.5:1 (WCAG AA).
  const socials = [
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${url}`, color: '#075e54' },
    { name: 'Telegram', href: `https://t.me/share/url?url=${url}&text=${text}`, color: '#0b6ea8' },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, color: '#0866ff' },
    { name: 'X', href: `https://x.com/intent/post?url=${url}&text=${text}`, color: '#111' },
  ]
  return (
    <div className="invite">
      <section className="card">
        <h2>
          <Trans>Como funciona</Trans>
        </h2>
        <p data-testid="invite-rule">
          <Trans>
            Você ganha {formatMoney(stats.rewardPerInvite)} de bônus por amigo que abrir o app pelo seu link, verificar
            o CPF e fizer o primeiro depósito. Contas da mesma pessoa (mesmo CPF) e o seu próprio link não contam. O
            bônus precisa ser apostado {stats.wageringMultiplier}× para virar dinheiro sacável; sem prazo de validade.
          </Trans>
        </p>
      </section>
      <section className="card invite-stats">
        <table>
          <thead>
            <tr>
              <th />
              <th>
                <Trans>Hoje</Trans>
              </th>
              <th>
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>
                <Trans>Cadastros</Trans>
              </th>
              <td data-testid="signups-today">{stats.today.signUps}</td>
              <td data-testid="signups-total">{stats.total.signUps}</td>
            </tr>
            <tr>
              <th>
                <Trans>Amigos válidos</Trans>
              </th>
              <td>{stats.today.qualified}</td>
              <td data-testid="qualified-total">{stats.total.qualified}</td>
            </tr>
            <tr>
              <th>
                <Trans>Recompensas</Trans>
              </th>
              <td>{formatMoney(stats.today.rewards)}</td>
              <td>{formatMoney(stats.total.rewards)}</td>
            </tr>
          </tbody>
        </table>
        <p>
          <Trans>Para receber:</Trans> <strong data-testid="invite-claimable">{formatMoney(stats.claimable)}</strong> ·{' '}
          <Trans>Já recebido:</Trans> <span data-testid="invite-received">{formatMoney(stats.received)}</span>
        </p>
        {stats.claimable > 0 ? (
          <button ref={claimButton} type="button" className="button" onClick={() => void claim()} disabled={busy}>
            <Trans>Receber {formatMoney(stats.claimable)}</Trans>
          </button>
        ) : (
          <p className="hint">
            <Trans>Nada para receber agora.</Trans>
          </p>
        )}
      </section>
      <section className="card">
        <h2>
          <Trans>Seu link</Trans>
        </h2>
        <input className="share-link" readOnly value={share.shareUrl} aria-label={t`Seu link de convite`} />
        <div className="row">
          <button type="button" className="button" onClick={() => void copy()}>
            <Trans>Copiar link</Trans>
          </button>
          {'share' in navigator && (
            <button type="button" className="button secondary" onClick={() => void shareSheet()}>
              <Trans>Compartilhar</Trans>
            </button>
          )}
        </div>
        <ul className="socials">
          {socials.map((social) => (
            <li key={social.name}>
              <a href={social.href} target="_blank" rel="noopener noreferrer" style={{ background: social.color }}>
                {social.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
