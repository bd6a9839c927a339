// The progressive jackpot meter and the recent-wins ticker. Both show only real
// server figures — the pool account's balance and recorded wins — and hide when there are none.
import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney, formatPercent } from '../../../contract/money.ts'
import { useAtomValue } from '../../lib/store.ts'
import { liveAtom } from './lobby.ts'

export function JackpotMeter() {
  const live = useAtomValue(liveAtom)
  const { i18n } = useLingui()
  if (!live?.jackpot) return null
  return (
    <section className="jackpot-meter" data-testid="jackpot-meter">
      <span className="jackpot-label">
        <Trans>Jackpot progressivo</Trans>
      </span>
      <strong data-testid="jackpot-pool">{formatMoney(live.jackpot.pool)}</strong>
      <small>
        <Trans>
          {formatPercent(live.jackpot.shareBps / 100, 2, 0, i18n.locale)} de cada aposta entra no prêmio; recomeça em{' '}
          {formatMoney(live.jackpot.seed)}.
        </Trans>
      </small>
    </section>
  )
}

export function WinTicker() {
  const live = useAtomValue(liveAtom)
  const { t } = useLingui()
  if (!live || live.wins.length === 0) return null
  return (
    <section className="win-ticker" data-testid="win-ticker" aria-label={t`Ganhos recentes`}>
      {/* The list scrolls sideways when the wins overflow: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <ul tabIndex={0}>
        {live.wins.map((win) => (
          <li key={win.roundId}>
            {win.jackpot ? '★ ' : ''}
            <Trans>
              {win.playerName} ganhou {formatMoney(win.amount)} em {win.gameName}
            </Trans>
          </li>
        ))}
      </ul>
    </section>
  )
}
