// The home tab: banners, the reward and help row, then — once the catalog and the live figures
// are in, with a skeleton of the same shape until then — the jackpot meter and win ticker (real
// figures only) and the game lobby; the first-deposit offer last. Nothing above the lobby waits
// for the network, so nothing the player sees moves when it arrives. Live figures reload every
// 15 s, on the `jackpot` and `win` pushes, after the socket reconnects, and when the tab is
// tapped again or a game closes.
import { Trans, useLingui } from '@lingui/react/macro'
import { startTransition, useEffect, useState } from 'react'
import { Link } from 'wouter'
import { accountAtom } from '../../lib/account.ts'
import { onPush } from '../../lib/push.ts'
import { tabReloadAtom } from '../../lib/reload.ts'
import { appStore, useAtomValue } from '../../lib/store.ts'
import { formatMinute } from '../../lib/time.ts'
import { BannerCarousel } from './BannerCarousel.tsx'
import { LobbySkeleton } from './GameCard.tsx'
import { GameLobby } from './GameLobby.tsx'
import { JackpotMeter, WinTicker } from './LiveStrip.tsx'
import { applyJackpot, applyWin, gameListAtom, loadGameList, loadLive } from './lobby.ts'
import { FirstDepositCard, RewardDock } from './RewardDock.tsx'
import './home.css'

const LIVE_REFRESH_MS = 15_000

export default function HomePage() {
  const reload = useAtomValue(tabReloadAtom)
  const list = useAtomValue(gameListAtom)
  const { i18n } = useLingui()
  // A pause the player asked for blocks every game until it ends: the lobby says so before a tap.
  const pause = useAtomValue(accountAtom)?.selfExclusion ?? null
  const paused = pause !== null && (pause.until === null || pause.until > Date.now())
  // An operator's freeze: the account is in review, so the home says so and invites to nothing.
  const frozen = useAtomValue(accountAtom)?.frozen === true
  // A second visit shows what it has at once; the first waits for both answers (or failures).
  const [settled, setSettled] = useState(() => appStore.get(gameListAtom) !== null)

  useEffect(() => {
    void reload
    // The lobby is the page's largest render: a transition renders it in slices (see App.tsx).
    void Promise.allSettled([loadGameList(), loadLive()]).then(() => startTransition(() => setSettled(true)))
    const timer = setInterval(() => void loadLive().catch(() => undefined), LIVE_REFRESH_MS)
    const offJackpot = onPush('jackpot', applyJackpot)
    const offWin = onPush('win', applyWin)
    const offReconnect = onPush('reconnected', () => void loadLive().catch(() => undefined))
    return () => {
      clearInterval(timer)
      offJackpot()
      offWin()
      offReconnect()
    }
  }, [reload])

  return (
    <section className="home">
      <h1 className="lobby-status">Jogo Limpo</h1>
      {paused && (
        <div className="card pause-banner" role="status" data-testid="pause-banner">
          <strong>
            {pause.until === null ? (
              <Trans>Você está em pausa por tempo indeterminado: os jogos estão bloqueados.</Trans>
            ) : (
              <Trans>
                Você está em pausa até {formatMinute(pause.until, i18n.locale)}: os jogos estão bloqueados até lá.
              </Trans>
            )}
          </strong>
          <span>
            <Trans>Saques, extrato e atendimento continuam abertos.</Trans>{' '}
            <Link href="/limits">
              <Trans>Limites e ajuda</Trans>
            </Link>
          </span>
        </div>
      )}
      {frozen && (
        <div className="card pause-banner frozen-banner" role="status" data-testid="frozen-banner">
          <strong>
            <Trans>
              Sua conta está em análise pela nossa equipe: jogos, depósitos, novos saques e recompensas estão suspensos.
            </Trans>
          </strong>
          <span>
            <Trans>Seu saldo continua guardado e saques já pedidos seguem normalmente.</Trans>{' '}
            <Link href="/service">
              <Trans>Falar com o atendimento</Trans>
            </Link>
          </span>
        </div>
      )}
      <BannerCarousel />
      <RewardDock />
      {!settled ? (
        <LobbySkeleton />
      ) : list ? (
        <>
          <JackpotMeter />
          <WinTicker />
          <GameLobby list={list} blocked={paused} />
        </>
      ) : (
        <p className="empty-state" data-testid="lobby-failed">
          <Trans>Não foi possível carregar os jogos. Toque em Início para tentar de novo.</Trans>
        </p>
      )}
      <FirstDepositCard />
    </section>
  )
}
