// A player at a glance, beside a worklist item: identity (masked unless the role may see it),
// verification, balances and the last withdrawals — every figure as the server read it.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { formatCpf } from '../../contract/cpf.ts'
import type { PlayerView } from '../../contract/ops.ts'
import { dateTime, money } from '../lib/format.ts'
import { phaseText } from '../lib/labels.ts'

export function PlayerSummary({ view }: { view: PlayerView }) {
  const { i18n } = useLingui()
  const { identity, balances, wagering, withdrawals, selfExclusion } = view
  return (
    <div className="player-summary" data-testid="player-summary">
      <h3>
        <Link href={`/players/${identity.userId}`}>
          #{identity.userId}
          {identity.userName !== null && ` ${identity.userName}`}
        </Link>
      </h3>
      <dl className="facts">
        <dt>
          <Trans>Nome verificado</Trans>
        </dt>
        <dd>{identity.fullName ?? <Trans>não verificado</Trans>}</dd>
        <dt>CPF</dt>
        <dd className="cpf">{identity.cpf === null ? '—' : formatCpf(identity.cpf)}</dd>
        <dt>
          <Trans>Conta desde</Trans>
        </dt>
        <dd>{dateTime(identity.createdAt)}</dd>
        <dt>
          <Trans>Saldo em dinheiro</Trans>
        </dt>
        <dd>{money(balances.cash)}</dd>
        <dt>
          <Trans>Bônus</Trans>
        </dt>
        <dd>
          {money(balances.bonus)}
          {wagering.remaining > 0 && (
            <>
              {' '}
              <Trans>(faltam {money(wagering.remaining)} em apostas)</Trans>
            </>
          )}
        </dd>
        <dt>
          <Trans>Reservado para saque</Trans>
        </dt>
        <dd>{money(balances.withdrawalHold)}</dd>
        <dt>
          <Trans>Autoexclusão</Trans>
        </dt>
        <dd>
          {selfExclusion === null ? (
            <Trans>nenhuma</Trans>
          ) : selfExclusion.until === null ? (
            <Trans>permanente</Trans>
          ) : (
            <Trans>até {dateTime(selfExclusion.until)}</Trans>
          )}
        </dd>
      </dl>
      <h4>
        <Trans>Últimos saques</Trans>
      </h4>
      {withdrawals.length === 0 ? (
        <p className="muted" data-testid="summary-no-withdrawals">
          <Trans>Nenhum saque ainda.</Trans>
        </p>
      ) : (
        <ul className="compact-list" data-testid="summary-withdrawals">
          {withdrawals.slice(0, 5).map((w) => (
            <li key={w.id} data-testid={`summary-withdrawal-${w.id}`}>
              {dateTime(w.createdAt)} · {money(w.amount)} · {phaseText(i18n, w.phase, w.sendAfter)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
