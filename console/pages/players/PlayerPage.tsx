// One player's whole picture: identity and verification, balances and wagering, limits with
// pending changes, self-exclusion and reality-check answers, deposits and withdrawals with their
// steps, statement, rounds, devices and sessions, notes — and the actions the role allows: a
// note, a cash adjustment (a second operator approves large ones), ending the player's sessions,
// lengthening an exclusion, freezing / unfreezing the account (a risk hold) and closing it.
// Every action asks for a reason and is audited; the action forms are in PlayerForms.tsx.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useParams } from 'wouter'
import type { Permission } from '../../../contract/ops.ts'
import { TableScroll } from '../../components/TableScroll.tsx'
import { dateTime, minutesLeft, money } from '../../lib/format.ts'
import { accountText, failReasonText, limitEventText, phaseText, stepText, transferKindText } from '../../lib/labels.ts'
import { viewPlayer } from '../../lib/players.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useSession } from '../../lib/session.ts'
import { statusText } from '../../lib/status.ts'
import { useCall } from '../../lib/useCall.ts'
import { AdjustForm, CloseForm, ExclusionForm, FreezeForm, LogoutForm, NoteForm } from './PlayerForms.tsx'

function Section({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'panel wide' : 'panel'}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

export default function PlayerPage() {
  const { t, i18n } = useLingui()
  const { me } = useSession()
  const userId = Number(useParams<{ userId: string }>().userId)
  const view = useCall(() => viewPlayer(userId), [userId])
  useOpsPush((push) => {
    if (push.playerId === userId) view.reload()
  })
  const can = (permission: Permission) => me.permissions.includes(permission)
  const periodName: Record<string, string> = { day: t`dia`, week: t`semana`, month: t`mês` }
  if (view.error)
    return (
      <p className="form-error" role="alert">
        {view.error.message}
      </p>
    )
  if (!view.data)
    return (
      <p aria-busy="true">
        <Trans>Carregando…</Trans>
      </p>
    )
  const v = view.data
  const { limits } = v
  return (
    <div className="player-page">
      <Section title={t`Jogador #${v.identity.userId}`}>
        <p className="account-state" data-testid="account-state">
          {v.holds.closedAt !== null ? (
            <span className="state-badge closed">
              <Trans>Conta encerrada em {dateTime(v.holds.closedAt)}</Trans>
            </span>
          ) : v.holds.frozenAt !== null ? (
            <span className="state-badge frozen">
              <Trans>Conta congelada desde {dateTime(v.holds.frozenAt)}</Trans>
            </span>
          ) : (
            <span className="state-badge active">
              <Trans>Conta ativa</Trans>
            </span>
          )}
        </p>
        <dl className="facts">
          <dt>
            <Trans>Usuário</Trans>
          </dt>
          <dd data-testid="player-username">{v.identity.userName ?? '—'}</dd>
          <dt>
            <Trans>Nome verificado</Trans>
          </dt>
          <dd>{v.identity.fullName ?? <Trans>não verificado</Trans>}</dd>
          <dt>CPF</dt>
          <dd>{v.identity.cpf ?? '—'}</dd>
          <dt>
            <Trans>Verificado em</Trans>
          </dt>
          <dd>{v.identity.verifiedAt ? dateTime(v.identity.verifiedAt) : '—'}</dd>
          <dt>
            <Trans>Conta desde</Trans>
          </dt>
          <dd>{dateTime(v.identity.createdAt)}</dd>
          <dt>
            <Trans>Idioma</Trans>
          </dt>
          <dd>{v.identity.language}</dd>
        </dl>
        {v.holds.closedAt === null && can('players.freeze') && (
          <FreezeForm userId={userId} frozen={v.holds.frozenAt !== null} onDone={view.reload} />
        )}
        {v.holds.closedAt === null && can('players.close') && <CloseForm userId={userId} onDone={view.reload} />}
      </Section>
      <Section title={t`Saldos`}>
        <dl className="facts" data-testid="player-balances">
          <dt>
            <Trans>Dinheiro</Trans>
          </dt>
          <dd>{money(v.balances.cash)}</dd>
          <dt>
            <Trans>Bônus</Trans>
          </dt>
          <dd>{money(v.balances.bonus)}</dd>
          <dt>
            <Trans>Apostas que faltam para liberar o bônus</Trans>
          </dt>
          <dd>{money(v.wagering.remaining)}</dd>
          <dt>
            <Trans>Reservado para saque</Trans>
          </dt>
          <dd>{money(v.balances.withdrawalHold)}</dd>
        </dl>
        {can('players.adjust') && <AdjustForm userId={userId} onDone={view.reload} />}
      </Section>
      <Section title={t`Limites e autoexclusão`}>
        <TableScroll label={t`Limites`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Limite</Trans>
                </th>
                <th scope="col">
                  <Trans>Valor</Trans>
                </th>
                <th scope="col">
                  <Trans>Mudança pendente</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {limits.deposit.map((l) => (
                <tr key={`d-${l.period}`}>
                  <td>
                    <Trans>Depósito</Trans> ({periodName[l.period]})
                  </td>
                  <td>{l.amount === null ? '—' : money(l.amount)}</td>
                  <td>
                    {l.pending
                      ? `${l.pending.amount === null ? '—' : money(l.pending.amount)} · ${dateTime(l.pending.from)}`
                      : ''}
                  </td>
                </tr>
              ))}
              {limits.loss.map((l) => (
                <tr key={`l-${l.period}`}>
                  <td>
                    <Trans>Perda</Trans> ({periodName[l.period]})
                  </td>
                  <td>
                    {l.amount === null ? '—' : money(l.amount)}{' '}
                    {l.amount !== null && <Trans>(perdido: {money(l.lossSoFar)})</Trans>}
                  </td>
                  <td>
                    {l.pending
                      ? `${l.pending.amount === null ? '—' : money(l.pending.amount)} · ${dateTime(l.pending.from)}`
                      : ''}
                  </td>
                </tr>
              ))}
              <tr>
                <td>
                  <Trans>Tempo por dia</Trans>
                </td>
                <td>{limits.session.daily.minutes === null ? '—' : `${limits.session.daily.minutes} min`}</td>
                <td>{limits.session.daily.pending ? dateTime(limits.session.daily.pending.from) : ''}</td>
              </tr>
              <tr>
                <td>
                  <Trans>Tempo por sessão</Trans>
                </td>
                <td>{limits.session.perSession.minutes === null ? '—' : `${limits.session.perSession.minutes} min`}</td>
                <td>{limits.session.perSession.pending ? dateTime(limits.session.perSession.pending.from) : ''}</td>
              </tr>
              <tr>
                <td>
                  <Trans>Alerta de tempo (reality check)</Trans>
                </td>
                <td>{limits.realityCheck.minutes} min</td>
                <td>{limits.realityCheck.pending ? dateTime(limits.realityCheck.pending.from) : ''}</td>
              </tr>
            </tbody>
          </table>
        </TableScroll>
        <p data-testid="self-exclusion">
          <Trans>Autoexclusão:</Trans>{' '}
          {v.selfExclusion === null ? (
            <Trans>nenhuma</Trans>
          ) : v.selfExclusion.until === null ? (
            <Trans>permanente, desde {dateTime(v.selfExclusion.startedAt)}</Trans>
          ) : (
            <Trans>até {dateTime(v.selfExclusion.until)}</Trans>
          )}
        </p>
        {can('players.exclusion') && <ExclusionForm userId={userId} onDone={view.reload} />}
        <h3>
          <Trans>Respostas aos alertas de tempo</Trans>
        </h3>
        <ul className="compact-list">
          {v.realityChecks.map((r) => (
            <li key={`${r.sessionId}-${r.at}`}>
              {dateTime(r.at)} · {r.answer === 'stop' ? t`Parar` : t`Continuar`} · {minutesLeft(r.playedMs)} ·{' '}
              {money(r.net)}
            </li>
          ))}
          {v.realityChecks.length === 0 && (
            <li className="muted">
              <Trans>Nenhuma.</Trans>
            </li>
          )}
        </ul>
        <h3>
          <Trans>Histórico de limites</Trans>
        </h3>
        <ul className="compact-list">
          {v.limitHistory.map((e) => (
            <li key={`${e.kind}-${e.at}`}>
              {dateTime(e.at)} · {limitEventText(i18n, e)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Saques`} wide>
        <TableScroll label={t`Saques`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Pedido</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Valor</Trans>
                </th>
                <th scope="col">
                  <Trans>Situação</Trans>
                </th>
                <th scope="col">
                  <Trans>Chave</Trans>
                </th>
                <th scope="col">
                  <Trans>Etapas</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {v.withdrawals.map((w) => (
                <tr key={w.id}>
                  <td>
                    {w.id}
                    <br />
                    <span className="muted">{dateTime(w.createdAt)}</span>
                  </td>
                  <td className="num">{money(w.amount)}</td>
                  <td data-testid={`withdrawal-phase-${w.id}`}>
                    {phaseText(i18n, w.phase, w.sendAfter)}
                    {w.failReason ? ` · ${failReasonText(i18n, w.failReason)}` : ''}
                  </td>
                  <td>{w.key}</td>
                  <td>
                    <ol className="steps" data-testid={`withdrawal-steps-${w.id}`}>
                      {w.steps.map((step) => (
                        <li key={`${step.code}-${step.at}`}>{stepText(i18n, step)}</li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>
      <Section title={t`Depósitos`} wide>
        <TableScroll label={t`Depósitos`}>
          <table className="table" data-testid="player-deposits">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Pedido</Trans>
                </th>
                <th scope="col">
                  <Trans>Pedido em</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Valor</Trans>
                </th>
                <th scope="col">
                  <Trans>Situação</Trans>
                </th>
                <th scope="col">
                  <Trans>Pagador (CPF)</Trans>
                </th>
                <th scope="col">
                  <Trans>Bônus</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {v.deposits.map((d) => (
                <tr key={d.id}>
                  <td>{d.id}</td>
                  <td>{dateTime(d.createdAt)}</td>
                  <td className="num">{money(d.amount)}</td>
                  <td>{statusText(i18n, d.status)}</td>
                  <td data-testid={`deposit-payer-${d.id}`}>
                    {d.payers.length === 0
                      ? '—'
                      : d.payers
                          .map((p) => (p.isPlayer ? t`${p.cpf} (o próprio jogador)` : t`${p.cpf} (outra pessoa)`))
                          .join(', ')}
                  </td>
                  <td>{d.bonusAmount > 0 ? money(d.bonusAmount) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>
      <Section title={t`Extrato (últimos 30)`} wide>
        <TableScroll label={t`Extrato`}>
          <table className="table">
            <tbody>
              {v.statement.entries.map((e) => (
                <tr key={e.transferId}>
                  <td>{dateTime(e.time)}</td>
                  <td>{transferKindText(i18n, e.kind)}</td>
                  <td>{[...new Set(e.legs.map((leg) => accountText(i18n, leg.account)))].join(' + ')}</td>
                  <td className="num">{money(e.amount)}</td>
                  <td className="num">{money(e.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>
      <Section title={t`Rodadas (últimas 20 de ${v.rounds.total})`}>
        <TableScroll label={t`Rodadas`}>
          <table className="table">
            <tbody>
              {v.rounds.rounds.map((r) => (
                <tr key={r.roundId}>
                  <td>{dateTime(r.createdAt)}</td>
                  <td>{r.gameName}</td>
                  <td className="num">{money(r.bet)}</td>
                  <td className="num">{money(r.win + r.jackpotWin)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>
      <Section title={t`Aparelhos e sessões`}>
        <p>
          <Trans>Sessões abertas: {v.openSessions}</Trans>
        </p>
        <ul className="compact-list">
          {v.devices.map((d) => (
            <li key={d.id}>
              {d.label} · <Trans>visto em {dateTime(d.lastSeenAt)}</Trans>
              {d.revoked ? ` · ${t`desconectado`}` : ''}
            </li>
          ))}
        </ul>
        {can('players.logout') && <LogoutForm userId={userId} onDone={view.reload} />}
      </Section>
      <Section title={t`Notas`}>
        <ul className="compact-list" data-testid="notes">
          {v.notes.map((n) => (
            <li key={n.id}>
              {dateTime(n.createdAt)} · <strong>{n.author}</strong>: {n.body}
            </li>
          ))}
        </ul>
        {can('players.note') && <NoteForm userId={userId} onDone={view.reload} />}
      </Section>
    </div>
  )
}
