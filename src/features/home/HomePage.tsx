// The home tab: banners, the first-deposit offer, the jackpot meter and win ticker (real
// figures only), the game lobby and the floating reward buttons. Live figures reload every
// 15 s, on the `jackpot` and `win` pushes, after the socket reconnects, and when the tab is
// tapped again or a game closes.
import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { onPush } from '../../lib/push.ts'
import { tabReloadAtom } from '../../lib/reload.ts'
import { useAtomValue } from '../../lib/store.ts'
import { BannerCarousel } from './BannerCarousel.tsx'
import { GameLobby } from './GameLobby.tsx'
import { JackpotMeter, WinTicker } from './LiveStrip.tsx'
import { applyJackpot, applyWin, gameListAtom, loadGameList, loadLive } from './lobby.ts'
import { FirstDepositCard, RewardDock } from './RewardDock.tsx'
import './home.css'

const LIVE_REFRESH_MS = 15_000

export default function HomePage() {
  const reload = useAtomValue(tabReloadAtom)
  const list = useAtomValue(gameListAtom)

  useEffect(() => {
    void reload
    void loadGameList().catch(() => undefined)
    void loadLive().catch(() => undefined)
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
      <BannerCarousel />
      <FirstDepositCard />
      <JackpotMeter />
      <WinTicker />
      <GameLobby />
      <RewardDock />
      {!list && (
        <p className="empty-state">
          <Trans>Carregando jogos…</Trans>
        </p>
      )}
    </section>
  )
}
