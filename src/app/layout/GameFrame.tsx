// The full-screen game frame over the app. Balance changes from the game page arrive by
// postMessage, accepted only from this frame's window on the app's own origin; so does the
// game's sound switch, which is the app's one switch (and the app tells the game when it
// changes). The app's music waits while a game is open. The frame's second load event means the
// game navigated away: the frame closes, and an unbound player is reminded to bind the account
//.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useRef } from 'react'
import { useLocation } from 'wouter'
import { accountAtom, applyBalance, type PushedBalance } from '../../lib/account.ts'
import { markPlayed } from '../../lib/firstVisit.ts'
import { closeGame, openGameAtom } from '../../lib/gameFrame.ts'
import { pauseMusic, setSound, soundOnAtom } from '../../lib/sound.ts'
import { appStore, useAtomValue } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'

interface FrameMessage {
  type?: unknown
  balance?: PushedBalance
  on?: unknown
  /** With `jl:close`: why the game closed (a time limit), in the server's words. */
  message?: unknown
}

export default function GameFrame() {
  const game = useAtomValue(openGameAtom)
  const soundOn = useAtomValue(soundOnAtom)
  const frame = useRef<HTMLIFrameElement>(null)
  const loads = useRef(0)
  const [, navigate] = useLocation()
  const { t } = useLingui()

  useEffect(() => {
    if (!game) return
    loads.current = 0
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return
      if (event.data?.type === 'jl:balance' && event.data.balance) {
        applyBalance(event.data.balance)
        markPlayed()
      }
      if (event.data?.type === 'jl:sound' && typeof event.data.on === 'boolean') void setSound(event.data.on)
      // The player chose "parar" at a reality check, or a time limit was reached.
      if (event.data?.type === 'jl:close') {
        void closeGame()
        if (typeof event.data.message === 'string') showToast(event.data.message)
      }
      if (event.data?.type === 'jl:deposit') {
        void closeGame()
        navigate('/rechargeMall')
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [game, navigate])

  useEffect(() => {
    pauseMusic(game !== null)
  }, [game])

  // The switch's state when the game opens; later changes go by message, not by reloading the game.
  const src = useMemo(() => (game ? `${game.url}&sound=${appStore.get(soundOnAtom) ? 'on' : 'off'}` : ''), [game])

  useEffect(() => {
    frame.current?.contentWindow?.postMessage({ type: 'jl:sound', on: soundOn }, window.location.origin)
  }, [soundOn])

  if (!game) return null

  function onLoad() {
    loads.current++
    if (loads.current < 2) return
    void closeGame()
    if (appStore.get(accountAtom)?.bound === false) {
      showToast(t`Vincule nome e senha em Perfil para não perder sua conta.`)
    }
  }

  return (
    <div className="game-frame" data-testid="game-frame" role="dialog" aria-modal="true" aria-label={t`Jogo aberto`}>
      <div className="game-frame-bar">
        <button
          type="button"
          className="game-frame-close"
          data-testid="game-frame-close"
          onClick={() => void closeGame()}
        >
          <Trans>Fechar jogo</Trans>
        </button>
        {/* Limits and a pause one tap away while playing (reachable from anywhere). */}
        <button
          type="button"
          className="game-frame-close"
          data-testid="game-frame-limits"
          onClick={() => {
            void closeGame()
            navigate('/limits')
          }}
        >
          {t`Limites e controle`}
        </button>
      </div>
      <iframe ref={frame} title={game.gameId} src={src} onLoad={onLoad} allow="autoplay; clipboard-write" />
    </div>
  )
}
