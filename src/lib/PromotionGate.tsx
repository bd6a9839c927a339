// Says why a reward screen has nothing to offer (promotions off, a self-exclusion break, a frozen account, this
// reward switched off, or forbidden by the market's rules, with the rule) instead of showing buttons that cannot work; and, above the reward, that
// promotions credit only verified players, with the way to verify (and back: the deposit screen
// offers the return to the reward the player came from, reopening its dialog), and only once the
// registration's daily limits are set, asked for here with the deposit screen's own limits sheet.
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { Link, useLocation, useSearch } from 'wouter'
import type { PromotionKey } from '../../contract/promotion-keys.ts'
import type { RewardsSummary } from '../../contract/rewards.ts'
import { AccountSheet } from './AccountSheet.tsx'
import { forbiddenRule, loadRewardsSummary, type RewardDialog, rewardsSummaryAtom } from './rewards.ts'
import { useAtomValue } from './store.ts'

type RewardPart = 'gift' | 'signIn' | 'wheel' | 'tasks' | 'invites'
const partKeys: Record<RewardPart, PromotionKey> = {
  gift: 'gift',
  signIn: 'sign_in',
  wheel: 'wheel',
  tasks: 'tasks',
  invites: 'invites',
}

/** A reward dialog the deposit screen's way back opens again. */
export type ReturnDialog = Extract<RewardDialog['kind'], 'welcome' | 'wheel' | 'sign'>
const returnDialogs: readonly ReturnDialog[] = ['welcome', 'wheel', 'sign']

/** Where verification leads: the deposit screen, opening the form, told where the player was. */
export function verifyHref(back: string, dialog?: ReturnDialog): string {
  const query = new URLSearchParams({ verify: '1', back })
  if (dialog) query.set('reopen', dialog)
  return `/rechargeMall?${query}`
}

/** The way back the deposit screen was given (only a path of this app, and a known dialog). */
export function verifyReturn(search: string): { back: string; dialog: ReturnDialog | null } | null {
  const query = new URLSearchParams(search)
  const back = query.get('back')
  // A browser reads `//host` and `/\host` as another site.
  if (!back?.startsWith('/') || back.startsWith('//') || back.includes('\\')) return null
  const reopen = query.get('reopen')
  const dialog = returnDialogs.find((kind) => kind === reopen) ?? null
  return { back, dialog }
}

export function PromotionGate({
  part,
  dialog,
  onGo,
  children,
}: {
  part: RewardPart
  /** The dialog this gate is in (reopened on the way back from verifying), and how to close it. */
  dialog?: ReturnDialog
  onGo?: () => void
  children: ReactNode
}) {
  const summary = useAtomValue(rewardsSummaryAtom)
  const [unreachable, setUnreachable] = useState(false)
  useEffect(() => {
    void loadRewardsSummary().catch(() => setUnreachable(true))
  }, [])
  // Offline with nothing known: the reward screen shows what the device kept (the server still
  // refuses anything the rules do not allow).
  if (!summary) return unreachable ? children : <div className="page-loading" aria-busy="true" />
  // Not "for now": this market's rules never allow it, whatever a setting says.
  const rule = forbiddenRule(summary, partKeys[part])
  if (rule)
    return (
      <p className="empty-state" data-testid="promotion-forbidden">
        <Trans>Esta promoção não é oferecida aqui: as regras deste mercado não a permitem ({rule}).</Trans>
      </p>
    )
  const reason = offReason(summary, part)
  if (!reason && !summary.verified)
    return (
      <>
        <VerifyToCollect dialog={dialog} onGo={onGo} />
        {children}
      </>
    )
  if (!reason && !summary.limitsSet)
    return (
      <>
        <LimitsToCollect />
        {children}
      </>
    )
  if (!reason) return <>{children}</>
  return (
    <p className="empty-state" data-testid="promotion-off">
      {reason === 'promotions_off' && (
        <Trans>As promoções estão desligadas nesta operação. Nenhum bônus é oferecido agora.</Trans>
      )}
      {reason === 'self_excluded' && <Trans>Durante a sua pausa não há promoções. Saques continuam liberados.</Trans>}
      {reason === 'account_frozen' && (
        <Trans>Sua conta está em análise: não há promoções até a análise terminar. Fale com o atendimento.</Trans>
      )}
      {reason === 'part_off' && <Trans>Esta promoção não está ativa no momento.</Trans>}
    </p>
  )
}

function offReason(summary: RewardsSummary, part: RewardPart) {
  if (summary.blocked) return summary.blocked
  return summary[part] === null ? 'part_off' : null
}

/** Promotions wait for the registration's daily limits: says so, and asks for them in place. */
function LimitsToCollect() {
  const [asking, setAsking] = useState(false)
  return (
    <div className="card verify-to-collect" role="status" data-testid="limits-to-collect">
      <p>
        <Trans>
          Antes de receber promoções e jogar, defina seu limite diário de perda e seu limite diário de tempo de jogo
          (obrigatórios por lei).
        </Trans>
      </p>
      <button type="button" className="button secondary" onClick={() => setAsking(true)}>
        <Trans>Definir meus limites</Trans>
      </button>
      {/* Out of the reward's own sheet: a sheet is a full-screen layer of its own. */}
      {asking &&
        createPortal(
          <AccountSheet
            limitsOnly
            onClose={() => setAsking(false)}
            onSaved={() => {
              setAsking(false)
              void loadRewardsSummary()
            }}
          />,
          document.body,
        )}
    </div>
  )
}

/** Promotions credit only verified players: says so, and leads to verification (on the deposit screen). */
export function VerifyToCollect({
  dialog,
  onGo,
}: {
  dialog?: ReturnDialog | undefined
  onGo?: (() => void) | undefined
}) {
  const [location] = useLocation()
  const search = useSearch()
  const here = search ? `${location}?${search}` : location
  return (
    <div className="card verify-to-collect" role="status" data-testid="verify-to-collect">
      <p>
        <Trans>
          Promoções são só para contas verificadas. Confirme nome completo, CPF e data de nascimento para receber bônus;
          os jogos continuam abertos.
        </Trans>
      </p>
      <Link className="button secondary" href={verifyHref(here, dialog)} onClick={onGo}>
        <Trans>Verificar conta</Trans>
      </Link>
    </div>
  )
}
