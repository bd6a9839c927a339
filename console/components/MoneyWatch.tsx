// The money watch's view of a player's money, shared by the withdrawal review and the case page:
// deposits with who paid, withdrawals with their keys, rounds played (count, staked, won) and the
// distinct payers, as short lists that wrap on a phone and in the narrow review column — and the player's flags, each linking to its case for whoever may open it.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { formatCpf } from '../../contract/cpf.ts'
import type { FlagItem, WatchedActivity } from '../../contract/money-watch.ts'
import { dateTime, money } from '../lib/format.ts'
import { phaseText } from '../lib/labels.ts'
import { statusText } from '../lib/status.ts'
import { decisionText, ruleText } from '../lib/watchLabels.ts'

export function FlagList({ flags, linkCases, empty }: { flags: FlagItem[]; linkCases: boolean; empty?: string }) {
  const { i18n } = useLingui()
  if (flags.length === 0)
    return (
      <p className="muted" data-testid="no-flags">
        {empty ?? <Trans>Nenhum alerta aberto.</Trans>}
      </p>
    )
  return (
    <ul className="flag-list" data-testid="flag-list">
      {flags.map((flag) => (
        <li key={flag.id} className={`flag flag-${flag.status}`} data-testid={`flag-${flag.rule}`}>
          {linkCases ? (
            <Link href={`/watch/cases/${flag.id}`}>{ruleText(i18n, flag.rule)}</Link>
          ) : (
            <span>{ruleText(i18n, flag.rule)}</span>
          )}{' '}
          <span className="muted">
            {flag.decision ? decisionText(i18n, flag.decision) : <Trans>aberto</Trans>} · {dateTime(flag.lastAt)}
            {flag.hits > 1 && (
              <>
                {' '}
                · <Trans>{flag.hits} vezes</Trans>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}

export function WatchedMoney({ activity }: { activity: WatchedActivity }) {
  const { i18n } = useLingui()
  const { rounds } = activity
  return (
    <div className="watched-money" data-testid="watched-money">
      <h4>
        <Trans>Rodadas jogadas</Trans>
      </h4>
      <ul className="compact-list" data-testid="watched-rounds">
        <li data-testid="rounds-since-deposits">
          <Trans>
            Desde o primeiro depósito da janela: {rounds.sinceDeposits.count} rodadas · apostou{' '}
            {money(rounds.sinceDeposits.staked)} · ganhou {money(rounds.sinceDeposits.won)}
          </Trans>
        </li>
        <li data-testid="rounds-lifetime">
          <Trans>
            Desde sempre: {rounds.count} rodadas · apostou {money(rounds.staked)} · ganhou {money(rounds.won)}
          </Trans>
        </li>
      </ul>
      <h4>
        <Trans>Depósitos</Trans>
      </h4>
      {activity.deposits.length === 0 ? (
        <p className="muted">
          <Trans>Nenhum depósito na janela.</Trans>
        </p>
      ) : (
        <ul className="compact-list" data-testid="watched-deposits">
          {activity.deposits.map((d) => (
            <li key={d.id}>
              {dateTime(d.paidAt ?? d.createdAt)} · <strong>{money(d.amount)}</strong> · {statusText(i18n, d.status)}
              {d.payers.map((p) => (
                <span key={p.cpf}>
                  {' · '}
                  {p.isPlayer ? (
                    <Trans>pago por {formatCpf(p.cpf)} (o jogador)</Trans>
                  ) : (
                    <strong>
                      <Trans>pago por {formatCpf(p.cpf)} (outra pessoa)</Trans>
                    </strong>
                  )}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <h4>
        <Trans>Pagadores</Trans>
      </h4>
      {activity.payers.length === 0 ? (
        <p className="muted">—</p>
      ) : (
        <ul className="compact-list" data-testid="watched-payers">
          {activity.payers.map((p) => (
            <li key={p.cpf}>
              {formatCpf(p.cpf)} · {p.isPlayer ? <Trans>o próprio jogador</Trans> : <Trans>outra pessoa</Trans>} ·{' '}
              <Plural value={p.deposits} one="# depósito" other="# depósitos" />
            </li>
          ))}
        </ul>
      )}
      {activity.withdrawals.length > 0 && (
        <>
          <h4>
            <Trans>Saques</Trans>
          </h4>
          <ul className="compact-list" data-testid="watched-withdrawals">
            {activity.withdrawals.map((w) => (
              <li key={w.id}>
                {dateTime(w.createdAt)} · <strong>{money(w.amount)}</strong> · {phaseText(i18n, w.phase, w.sendAfter)} ·{' '}
                {w.keyType}: {w.keyType === 'cpf' ? formatCpf(w.key) : w.key}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
