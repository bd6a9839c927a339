// The game lobby: a search by name (accents and case ignored), then tabs — Popular (all games,
// most played in the last 7 days first), the player's favourites (kept on this device), what
// they played recently (from their own rounds on the server) and one tab per provider group with
// the real number of players with a game open now. A card shows the game's published RTP and
// volatility before anyone bets.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { GameList, GameSummary } from '../../../contract/games/api.ts'
import { openGame } from '../../lib/gameFrame.ts'
import { useAtomValue } from '../../lib/store.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getLatestRounds } from './api.ts'
import { favouritesAtom, loadFavourites, toggleFavourite } from './favourites.ts'
import { GameCard } from './GameCard.tsx'
import { liveAtom } from './lobby.ts'
import { matchesSearch, recentGameIds } from './search.ts'

const POPULAR = '__popular'
const FAVOURITES = '__favourites'
const RECENT = '__recent'
const RECENT_GAMES = 9
/** One row of the 3-column grid loads its covers at once. */
const EAGER_COVERS = 3

const tabTestId: Record<string, string> = { [POPULAR]: 'popular', [FAVOURITES]: 'favourites', [RECENT]: 'recent' }

export function GameLobby({ list, blocked }: { list: GameList; blocked: boolean }) {
  const live = useAtomValue(liveAtom)
  const favourites = useAtomValue(favouritesAtom)
  // Read again when a game closes (the tab reload), so the game just played is first.
  const recent = useApiData(async () => recentGameIds((await getLatestRounds()).rounds, RECENT_GAMES), [])
  const [tab, setTab] = useState(POPULAR)
  const [query, setQuery] = useState('')
  const [opening, setOpening] = useState<string | null>(null)
  const { t, i18n } = useLingui()

  useEffect(() => {
    void loadFavourites().catch(() => undefined)
  }, [])

  const byId = new Map(list.games.map((g) => [g.id, g]))
  const pick = (ids: readonly string[]) => ids.map((id) => byId.get(id)).filter((g): g is GameSummary => !!g)
  const searching = query.trim() !== ''
  const shown = searching
    ? list.games.filter((g) => matchesSearch(g.name, query, i18n.locale))
    : tab === POPULAR
      ? pick(list.popular)
      : tab === FAVOURITES
        ? pick(favourites)
        : tab === RECENT
          ? pick(recent.data ?? [])
          : list.games.filter((g) => g.title === tab)
  const playersIn = (key: string) => (key === POPULAR ? live?.playersNow.popular : live?.playersNow.groups[key]) ?? 0
  // The catalog's groups are Portuguese words; the tabs speak the player's language.
  const groupNames: Record<string, string> = { Clássicos: t`Clássicos`, Aventura: t`Aventura`, Brasil: t`Brasil` }
  const label = (key: string) =>
    key === POPULAR
      ? t`Populares`
      : key === FAVOURITES
        ? t`Favoritos`
        : key === RECENT
          ? t`Recentes`
          : (groupNames[key] ?? key)

  async function open(game: GameSummary) {
    if (opening) return
    setOpening(game.id)
    await openGame(game.id, t`Não foi possível abrir o jogo.`)
    setOpening(null)
  }

  return (
    <section className="lobby" aria-label={t`Jogos`}>
      <input
        type="search"
        className="lobby-search"
        data-testid="lobby-search"
        placeholder={t`Buscar jogo`}
        aria-label={t`Buscar jogo pelo nome`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="lobby-tabs" role="tablist" aria-label={t`Categorias`}>
        {[POPULAR, FAVOURITES, RECENT, ...list.groups].map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={!searching && tab === key}
            className={!searching && tab === key ? 'lobby-tab active' : 'lobby-tab'}
            data-testid={`lobby-tab-${tabTestId[key] ?? key}`}
            onClick={() => {
              setQuery('')
              setTab(key)
            }}
          >
            {label(key)}
            {playersIn(key) > 0 && (
              <span className="players-now" data-testid="players-now">
                <Trans>{playersIn(key)} jogando</Trans>
              </span>
            )}
          </button>
        ))}
      </div>
      <p className="lobby-status" role="status">
        {searching && (
          // Portuguese counts 0 as singular ("0 jogo"): none found is said in words.
          <Plural
            value={shown.length}
            _0="Nenhum jogo encontrado"
            one="# jogo encontrado"
            other="# jogos encontrados"
          />
        )}
      </p>
      {shown.length === 0 && (
        <p className="empty-state" data-testid="lobby-empty">
          {searching ? (
            <Trans>Nenhum jogo com “{query.trim()}” no nome.</Trans>
          ) : tab === FAVOURITES ? (
            <Trans>Toque na estrela de um jogo para guardá-lo aqui (só neste aparelho).</Trans>
          ) : tab === RECENT ? (
            <Trans>Os jogos em que você jogar aparecem aqui.</Trans>
          ) : (
            <Trans>Nenhum jogo aqui ainda.</Trans>
          )}
        </p>
      )}
      <ul className="game-grid" data-testid="game-grid">
        {shown.map((game, index) => (
          <GameCard
            key={game.id}
            game={game}
            favourite={favourites.includes(game.id)}
            opening={opening === game.id}
            blocked={blocked}
            eager={index < EAGER_COVERS}
            onOpen={() => void open(game)}
            onToggleFavourite={() => void toggleFavourite(game.id)}
          />
        ))}
      </ul>
    </section>
  )
}
