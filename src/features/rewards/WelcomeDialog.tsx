// The one-time welcome: the red envelope with the new-player gift — tap to open, coins
// fly to the balance, the amount and its wagering requirement are stated — then an offer to
// open a first game. An unverified player is told the gift is for verified accounts, with the way
// to verify. Without a gift on offer (promotions off, or a market whose rules forbid a bonus before
// any bet, which it then says), the welcome is the way to a first game: verify, then deposit, then
// play — the next step the player has not taken yet.
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { Link } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { RewardCredit } from '../../../contract/rewards.ts'
import { accountAtom } from '../../lib/account.ts'
import { celebrateCredit } from '../../lib/coins.ts'
import { openGame } from '../../lib/gameFrame.ts'
import { messageOf } from '../../lib/http.ts'
import { VerifyToCollect } from '../../lib/PromotionGate.tsx'
import { forbiddenRule, rewardsSummaryAtom } from '../../lib/rewards.ts'
import { Sheet } from '../../lib/Sheet.tsx'
import { useAtomValue } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'
import { openNewPlayerGift } from './api.ts'

const FIRST_GAME = { id: 'gol-de-placa', name: 'Gol de Placa' }

export function WelcomeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const summary = useAtomValue(rewardsSummaryAtom)
  const gift = summary?.gift?.available ? summary.gift : null
  const [credit, setCredit] = useState<RewardCredit | null>(null)
  const [busy, setBusy] = useState(false)
  const envelope = useRef<HTMLButtonElement>(null)

  async function open() {
    if (busy) return
    setBusy(true)
    try {
      const result = await openNewPlayerGift()
      setCredit(result)
      await celebrateCredit(envelope.current)
    } catch (error) {
      showToast(messageOf(error, t`Não foi possível abrir o presente.`))
    } finally {
      setBusy(false)
    }
  }

  async function play() {
    onClose()
    await openGame(FIRST_GAME.id, t`Não foi possível abrir o jogo.`)
  }

  const showGift = gift && !credit
  if (!showGift && !credit) return <FirstSteps onClose={onClose} onPlay={() => void play()} />
  if (showGift && summary?.verified === false)
    return (
      <Sheet className="welcome" title={t`Presente de boas-vindas`}>
        <p className="hint">
          <Trans>
            Bônus de {formatMoney(gift.amount)} para contas verificadas. Para virar dinheiro sacável, aposte{' '}
            {formatMoney(gift.amount * gift.wageringMultiplier)} ({gift.wageringMultiplier}× o bônus).
          </Trans>
        </p>
        <VerifyToCollect dialog="welcome" onGo={onClose} />
        <div className="row">
          <button type="button" className="button secondary" onClick={onClose}>
            {t`Depois`}
          </button>
        </div>
      </Sheet>
    )
  return (
    <Sheet className="welcome" title={showGift || credit ? t`Presente de boas-vindas` : t`Seu primeiro jogo`}>
      {showGift && (
        <>
          <button
            ref={envelope}
            type="button"
            className="red-envelope"
            data-testid="red-envelope"
            onClick={() => void open()}
            disabled={busy}
          >
            <span className="red-envelope-seal" aria-hidden="true">
              R$
            </span>
            {/* Its name is what it says (a name other than the visible words misleads voice control). */}
            <span>
              <Trans>Toque para abrir o envelope</Trans>
            </span>
          </button>
          <p className="hint">
            <Trans>
              Bônus de {formatMoney(gift.amount)}. Para virar dinheiro sacável, aposte{' '}
              {formatMoney(gift.amount * gift.wageringMultiplier)} ({gift.wageringMultiplier}× o bônus). Sem prazo de
              validade.
            </Trans>
          </p>
        </>
      )}
      {credit && (
        <div className="welcome-credit" data-testid="gift-credit">
          <p className="welcome-amount">+{formatMoney(credit.amount)}</p>
          <p>
            <Trans>
              Bônus creditado. Aposte mais {formatMoney(credit.wageringAdded)} para ele virar dinheiro sacável.
            </Trans>
          </p>
        </div>
      )}
      {!showGift && <FirstGameHint />}
      <div className="row">
        {!showGift && (
          <button type="button" className="button" onClick={() => void play()}>
            <Trans>Jogar {FIRST_GAME.name}</Trans>
          </button>
        )}
        <button type="button" className="button secondary" onClick={onClose}>
          {showGift ? t`Depois` : t`Fechar`}
        </button>
      </div>
    </Sheet>
  )
}

/**
 * The welcome without a gift: what stands between the player and a first game, in order — a
 * verified account (deposits need it), money (a PIX deposit), then the game. Where the market's
 * rules forbid a bonus before any bet it says there is none, and why.
 */
function FirstSteps({ onClose, onPlay }: { onClose: () => void; onPlay: () => void }) {
  const { t } = useLingui()
  const summary = useAtomValue(rewardsSummaryAtom)
  const account = useAtomValue(accountAtom)
  const rule = forbiddenRule(summary, 'gift')
  const step = summary?.verified === false ? 'verify' : (account?.total ?? 0) > 0 ? 'play' : 'deposit'
  return (
    <Sheet className="welcome" title={t`Seu primeiro jogo`}>
      {rule && (
        <p className="hint" data-testid="no-welcome-bonus">
          <Trans>
            Aqui não há bônus de boas-vindas: as regras deste mercado não permitem bônus antes da primeira aposta (
            {rule}).
          </Trans>
        </p>
      )}
      {step === 'verify' && (
        <p data-testid="first-step">
          <Trans>
            Para depositar e jogar, confirme seu nome completo, CPF e data de nascimento. Depois, deposite por PIX e
            escolha um jogo.
          </Trans>
        </p>
      )}
      {step === 'deposit' && (
        <p data-testid="first-step">
          <Trans>
            Sua conta está verificada. Para jogar, deposite por PIX: o valor cai no saldo assim que o pagamento é
            confirmado.
          </Trans>
        </p>
      )}
      <FirstGameHint />
      <div className="row">
        {step === 'verify' && (
          // The deposit screen, its form open: once verified, the next step (a deposit) is right there.
          <Link className="button" href="/rechargeMall?verify=1" onClick={onClose}>
            <Trans>Verificar conta</Trans>
          </Link>
        )}
        {step === 'deposit' && (
          <Link className="button" href="/rechargeMall" onClick={onClose}>
            <Trans>Depositar</Trans>
          </Link>
        )}
        {step === 'play' && (
          <button type="button" className="button" onClick={onPlay}>
            <Trans>Jogar {FIRST_GAME.name}</Trans>
          </button>
        )}
        <button type="button" className="button secondary" onClick={onClose}>
          {t`Fechar`}
        </button>
      </div>
    </Sheet>
  )
}

/** What the first game offered shows before any bet. */
function FirstGameHint() {
  return (
    <p>
      <Trans>
        Experimente {FIRST_GAME.name}: as regras, o RTP e a tabela de prêmios aparecem antes da primeira aposta.
      </Trans>
    </p>
  )
}
