// The game tabs: Popular (all games, most played in the last 7 days first) and one tab per
// provider group, each with the real number of players with a game open now; up to 999 games
// a tab. A card shows the game's published RTP and volatility before anyone bets.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { GameSummary } from '../../../contract/games/api.ts'
import { openGame } from '../../lib/gameFrame.ts'
import { useAtomValue } from '../../lib/store.ts'
import { gameListAtom, liveAtom } from './lobby.ts'

const POPULAR = '__popular'
const MAX_PER_TAB = 999

export function GameLobby() {
  const list = useAtomValue(gameListAtom)
  const live = useAtomValue(liveAtom)
  const [tab, setTab] = useState(POPULAR)
  const [opening, setOpening] = useState<string | null>(null)
  const { t, i18n } = useLingui()
  if (!list) return null

  const byId = new Map(list.games.map((g) => [g.id, g]))
  const shown: GameSummary[] = (
    tab === POPULAR
      ? list.popular.map((id) => byId.get(id)).filter((g): g is GameSummary => g !== undefined)
      : list.games.filter((g) => g.title === tab)
  ).slice(0, MAX_PER_TAB)
  const playersIn = (key: string) => (key === POPULAR ? live?.playersNow.popular : live?.playersNow.groups[key]) ?? 0
  const volatility = { low: t`baixa`, medium: t`média`, high: t`alta` }

  async function open(game: GameSummary) {
    if (opening) return
    setOpening(game.id)
    await openGame(game.id, t`Não foi possível abrir o jogo.`)
    setOpening(null)
  }

  return (
    <section className="lobby">
      <div className="lobby-tabs" role="tablist">
        {[POPULAR, ...list.groups].map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? 'lobby-tab active' : 'lobby-tab'}
            data-testid={`lobby-tab-${key === POPULAR ? 'popular' : key}`}
            onClick={() => setTab(key)}
          >
            {key === POPULAR ? t`Populares` : key}
            {playersIn(key) > 0 && (
              <span className="players-now" data-testid="players-now">
                <Trans>{playersIn(key)} jogando</Trans>
              </span>
            )}
          </button>
        ))}
      </div>
      <ul className="game-grid">
        {shown.map((game) => (
          <li key={game.id}>
            <button
              type="button"
              className="game-card"
              data-testid={`game-${game.id}`}
              aria-busy={opening === game.id}
              onClick={() => void open(game)}
            >
              <img src={game.iconUrl} alt="" width="96" height="96" loading="lazy" />
              <strong>{game.name}</strong>
              <small>
                RTP {i18n.number(game.rtp, { minimumFractionDigits: 2 })}% · {volatility[game.volatility]}
              </small>
              {game.plays7d > 0 && (
                <small className="plays">
                  <Trans>{i18n.number(game.plays7d)} rodadas em 7 dias</Trans>
                </small>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
