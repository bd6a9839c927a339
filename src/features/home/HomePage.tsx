// The home tab: banners, the reward and help row, then — once the catalog and the live figures
// are in, with a skeleton of the same shape until then — the jackpot meter and win ticker (real
// figures only) and the game lobby; the first-deposit offer last. Nothing above the lobby waits
// for the network, so nothing the player sees moves when it arrives. Live figures reload every
// 15 s, on the `jackpot` and `win` pushes, after the socket reconnects, and when the tab is
// tapped again or a game closes.
import { Trans } from '@lingui/react/macro'
import { startTransition, useEffect, useState } from 'react'
import { onPush } from '../../lib/push.ts'
import { tabReloadAtom } from '../../lib/reload.ts'
import { appStore, useAtomValue } from '../../lib/store.ts'
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
      <BannerCarousel />
      <RewardDock />
      {!settled ? (
        <LobbySkeleton />
      ) : list ? (
        <>
          <JackpotMeter />
          <WinTicker />
          <GameLobby list={list} />
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
