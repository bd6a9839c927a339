// The games: switch one off with the reason players read in the lobby (in their language) — it
// cannot be opened and an open game cannot spin on — and back on. Each switch asks for a note,
// which goes to the audit log with who and when.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type GameOffReason, type GameSwitchView, gameOffReasons } from '../../../contract/ops.ts'
import { dateTime } from '../../lib/format.ts'
import { useCall } from '../../lib/useCall.ts'
import { listGames, switchGame } from './api.ts'

/** What the operator picks; the player app says each in the player's words and language. */
const reasonNames: Record<GameOffReason, MessageDescriptor> = {
  maintenance: msg`Manutenção`,
  fault: msg`Falha em análise`,
  regulator: msg`Determinação regulatória`,
  review: msg`Em revisão`,
}

export default function GamesPage() {
  const list = useCall(() => listGames(), [])
  return (
    <section className="panel">
      <h1>
        <Trans>Jogos</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Um jogo desligado aparece indisponível no lobby com o motivo, não abre e não gira mais, nem em quem já está
          jogando. O saldo dos jogadores não muda.
        </Trans>
      </p>
      {list.error && (
        <p className="form-error" role="alert">
          {list.error.message}
        </p>
      )}
      <ul className="cards">
        {list.data?.games.map((game) => (
          <GameCard key={game.id} game={game} onDone={list.reload} />
        ))}
      </ul>
    </section>
  )
}

function GameCard({ game, onDone }: { game: GameSwitchView; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const [reason, setReason] = useState('')
  const [offReason, setOffReason] = useState<GameOffReason>('maintenance')
  const [error, setError] = useState<string>()
  const toggle = async () => {
    setError(undefined)
    try {
      await switchGame(
        game.off ? { gameId: game.id, on: true, reason } : { gameId: game.id, on: false, offReason, reason },
      )
      setReason('')
      onDone()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  return (
    <li className="card" data-testid={`game-${game.id}`}>
      <h3>{game.name}</h3>
      <p>
        <span className={`state-badge ${game.off ? 'closed' : 'active'}`}>{game.off ? t`Desligado` : t`Ligado`}</span>{' '}
        <span className="muted">{game.group}</span>
      </p>
      {game.off && (
        <p>
          <Trans>
            {i18n._(reasonNames[game.off.reason])} — por {game.off.by} em {dateTime(game.off.at)}
          </Trans>
        </p>
      )}
      <form
        className="card-actions"
        onSubmit={(event) => {
          event.preventDefault()
          void toggle()
        }}
      >
        {!game.off && (
          <label className="field">
            <span>
              <Trans>Motivo para os jogadores</Trans>
            </span>
            <select value={offReason} onChange={(event) => setOffReason(event.target.value as GameOffReason)}>
              {gameOffReasons.map((code) => (
                <option key={code} value={code}>
                  {i18n._(reasonNames[code])}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>
            <Trans>Nota para a auditoria</Trans>
          </span>
          <input required maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
        <button type="submit" className={game.off ? 'button small' : 'button small danger'} disabled={!reason.trim()}>
          {game.off ? <Trans>Religar {game.name}</Trans> : <Trans>Desligar {game.name}</Trans>}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
