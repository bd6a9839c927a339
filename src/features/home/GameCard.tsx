// One game in the lobby grid: its illustrated cover, name (two lines at most), published RTP and
// volatility and its real rounds in the last 7 days — and a star that keeps it among the
// player's favourites.
// The skeleton has the same boxes, so nothing moves when the catalog arrives.
import { Trans, useLingui } from '@lingui/react/macro'
import type { GameSummary } from '../../../contract/games/api.ts'
import { formatPercent } from '../../../contract/money.ts'

interface GameCardProps {
  game: GameSummary
  favourite: boolean
  opening: boolean
  /** The player is on a pause: the card says the game is blocked (a tap still explains why). */
  blocked: boolean
  /** The first row loads at once (it is what the player sees first); the rest when scrolled to. */
  eager: boolean
  onOpen: () => void
  onToggleFavourite: () => void
}

export function GameCard({ game, favourite, opening, blocked, eager, onOpen, onToggleFavourite }: GameCardProps) {
  const { t, i18n } = useLingui()
  const volatility = { low: t`baixa`, medium: t`média`, high: t`alta` }
  // Switched off by the operator: the card says why; a tap still asks, and the refusal explains.
  const offReasons = {
    maintenance: t`Indisponível: em manutenção`,
    fault: t`Indisponível: falha em análise`,
    regulator: t`Indisponível por ordem regulatória`,
    review: t`Indisponível: em revisão`,
  }
  const unavailable = game.unavailable ? offReasons[game.unavailable] : null
  return (
    <li className="game-cell">
      <button
        type="button"
        className={blocked || unavailable ? 'game-card blocked' : 'game-card'}
        data-testid={`game-${game.id}`}
        aria-busy={opening}
        onClick={onOpen}
      >
        <img src={game.iconUrl} alt="" width="104" height="104" loading={eager ? 'eager' : 'lazy'} />
        <strong>{game.name}</strong>
        <small>RTP {formatPercent(game.rtp, 2, 2, i18n.locale)}</small>
        <small>
          <Trans>Vol. {volatility[game.volatility]}</Trans>
        </small>
        {unavailable ? (
          <small className="plays blocked-note" data-testid="game-unavailable">
            {unavailable}
          </small>
        ) : blocked ? (
          <small className="plays blocked-note" data-testid="game-blocked">
            <Trans>Bloqueado na pausa</Trans>
          </small>
        ) : (
          <small className="plays">
            {game.plays7d > 0 && <Trans>Rodadas em 7 dias: {i18n.number(game.plays7d)}</Trans>}
          </small>
        )}
      </button>
      <button
        type="button"
        className="favourite-toggle"
        data-testid={`favourite-${game.id}`}
        aria-pressed={favourite}
        aria-label={t`Favorito: ${game.name}`}
        onClick={onToggleFavourite}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
        </svg>
      </button>
    </li>
  )
}

/** Three rows of the grid: what a phone shows first. */
const SKELETON_CARDS = [1, 2, 3, 4, 5, 6, 7, 8, 9]

export function LobbySkeleton() {
  return (
    <section className="lobby" aria-busy="true" data-testid="lobby-skeleton">
      <p className="lobby-status">
        <Trans>Carregando jogos…</Trans>
      </p>
      <div className="lobby-search skeleton-block" />
      <div className="lobby-tabs" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="lobby-tab skeleton-block" />
        ))}
      </div>
      <ul className="game-grid" aria-hidden="true">
        {SKELETON_CARDS.map((i) => (
          <li key={i} className="game-cell">
            <span className="game-card skeleton">
              <span className="skeleton-cover" />
              <strong>&nbsp;</strong>
              <small>&nbsp;</small>
              <small>&nbsp;</small>
              <small className="plays">&nbsp;</small>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
