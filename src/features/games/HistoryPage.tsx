// Game history (/history): the player's rounds, newest first, each with bet, what it paid, time
// and a link to recompute it on /verify. Only more than the bet back is a win; less, or the bet
// itself, is said plainly as a return (as the game says it), never marked as won.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import { messageOf } from '../../lib/http.ts'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { formatTime } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getRounds } from './api.ts'
import './games.css'

const PAGE_SIZE = 20

export default function HistoryPage() {
  const { t, i18n } = useLingui()
  const [size, setSize] = useState(PAGE_SIZE)
  const {
    data: page,
    error,
    reload,
    keptAt,
  } = useApiData(() => getRounds({ pageNum: 1, pageSize: Math.min(size, 100) }), [size], { keep: 'rounds' })

  if (error && !page)
    return (
      <LoadFailed onRetry={() => void reload()} testId="history-load-failed">
        {messageOf(error, t`Não foi possível carregar o histórico.`)}
      </LoadFailed>
    )
  if (!page)
    return (
      <p className="empty-state" aria-busy="true">
        …
      </p>
    )
  if (page.total === 0) {
    return (
      <>
        <KeptNote at={keptAt} />
        <p className="empty-state" data-testid="history-empty">
          <Trans>Nenhuma rodada ainda. Suas jogadas aparecem aqui, cada uma verificável.</Trans>
        </p>
      </>
    )
  }
  return (
    <section className="round-history">
      <KeptNote at={keptAt} />
      <ul className="rounds" data-testid="rounds">
        {page.rounds.map((round) => (
          <li key={round.roundId} className="card round" data-testid="round">
            <div>
              <strong>{round.gameName}</strong>
              <small>{formatTime(round.createdAt, i18n.locale)}</small>
            </div>
            <div className="round-money">
              <span>
                <Trans>Aposta {formatMoney(round.bet)}</Trans>
              </span>
              <RoundResult paid={round.win + round.jackpotWin} bet={round.bet} />
            </div>
            <Link href={`/verify?round=${round.roundId}`} className="link" data-testid="verify-link">
              <Trans>Verificar</Trans>
            </Link>
          </li>
        ))}
      </ul>
      {page.rounds.length < page.total && size < 100 && (
        <button type="button" className="button secondary" onClick={() => setSize((s) => s + PAGE_SIZE)}>
          <Trans>Carregar mais</Trans>
        </button>
      )}
    </section>
  )
}

function RoundResult({ paid, bet }: { paid: number; bet: number }) {
  if (paid > bet) {
    return (
      <span className="won" data-testid="round-win" data-result="win">
        <Trans>Ganho {formatMoney(paid)}</Trans>
      </span>
    )
  }
  if (paid > 0) {
    return (
      <span data-testid="round-win" data-result="return">
        <Trans>Retorno {formatMoney(paid)}</Trans>
      </span>
    )
  }
  return (
    <span data-testid="round-win" data-result="loss">
      <Trans>Sem retorno</Trans>
    </span>
  )
}
