// One player's whole picture: identity and verification, the registration data (address,
// gender, sign-up address and device; masked for a role without personal data), balances and
// wagering, limits with pending changes, self-exclusion and reality-check answers, deposits and
// withdrawals with their steps, statement, rounds, devices and sessions, notes — and the actions
// the role allows: a note, a cash adjustment (a second operator approves large ones), ending the
// player's sessions, lengthening an exclusion, freezing / unfreezing the account (a risk hold)
// and closing it. Every action asks for a reason and is audited; the action forms are in
// PlayerForms.tsx.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useParams } from 'wouter'
import { formatCpf } from '../../../contract/cpf.ts'
import type { Gender } from '../../../contract/face-values.ts'
import type { LimitPeriod } from '../../../contract/limit-values.ts'
import type { Permission } from '../../../contract/ops.ts'
import { DataTable } from '../../components/DataTable.tsx'
import { dateTime, minutesLeft, money } from '../../lib/format.ts'
import { accountText, failReasonText, limitEventText, phaseText, stepText, transferKindText } from '../../lib/labels.ts'
import { viewPlayer } from '../../lib/players.ts'
import { useOpsPush } from '../../lib/push.ts'
import { useSession } from '../../lib/session.ts'
import { statusText } from '../../lib/status.ts'
import { useCall } from '../../lib/useCall.ts'
import {
  AdjustForm,
  CloseForm,
  ExclusionForm,
  FreezeForm,
  LogoutForm,
  NoteForm,
  PasswordResetForm,
} from './PlayerForms.tsx'

/** What the server puts in place of a field the role may not see. */
const MASKED = '***'

/** "01310100" → "01310-100"; a masked CEP ("01***-***") as it came. */
const formatCep = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep)

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
  const periodName: Record<LimitPeriod, string> = { day: t`dia`, week: t`semana`, month: t`mês` }
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
  const reg = v.registration
  const genderName: Record<Gender, string> = {
    female: t`Feminino`,
    male: t`Masculino`,
    other: t`Outro`,
    not_informed: t`Não informado`,
  }
  // Masked, the street, number, complement and district are each `***`: shown once.
  const streetParts = [reg.street, reg.number, reg.complement].filter((part) => part !== null)
  const allHidden = streetParts.length > 0 && streetParts.every((part) => part === MASKED)
  const street = allHidden ? MASKED : streetParts.join(', ')
  const district = allHidden && reg.district === MASKED ? null : reg.district
  const place = [district, reg.city && reg.state ? `${reg.city}/${reg.state}` : reg.city].filter(Boolean)
  const addressLine = street || place.length > 0 ? [street, ...place].filter(Boolean).join(' · ') : null
  const pendingAmount = (pending: { amount: number | null; from: number } | null) =>
    pending ? `${pending.amount === null ? '—' : money(pending.amount)} · ${dateTime(pending.from)}` : ''
  const pendingFrom = (pending: { from: number } | null) => (pending ? dateTime(pending.from) : '')
  const sessionMinutes = (minutes: number | null) => (minutes === null ? '—' : `${minutes} min`)
  const limitRows: { key: string; name: ReactNode; value: ReactNode; pending: ReactNode }[] = [
    ...limits.deposit.map((l) => ({
      key: `d-${l.period}`,
      name: (
        <>
          <Trans>Depósito</Trans> ({periodName[l.period]})
        </>
      ),
      value: l.amount === null ? '—' : money(l.amount),
      pending: pendingAmount(l.pending),
    })),
    ...limits.loss.map((l) => ({
      key: `l-${l.period}`,
      name: (
        <>
          <Trans>Perda</Trans> ({periodName[l.period]})
        </>
      ),
      value: (
        <>
          {l.amount === null ? '—' : money(l.amount)}{' '}
          {l.amount !== null && <Trans>(perdido: {money(l.lossSoFar)})</Trans>}
        </>
      ),
      pending: pendingAmount(l.pending),
    })),
    {
      key: 'session-daily',
      name: <Trans>Tempo por dia</Trans>,
      value: sessionMinutes(limits.session.daily.minutes),
      pending: pendingFrom(limits.session.daily.pending),
    },
    {
      key: 'session-each',
      name: <Trans>Tempo por sessão</Trans>,
      value: sessionMinutes(limits.session.perSession.minutes),
      pending: pendingFrom(limits.session.perSession.pending),
    },
    {
      key: 'reality-check',
      name: <Trans>Alerta de tempo (reality check)</Trans>,
      value: `${limits.realityCheck.minutes} min`,
      pending: pendingFrom(limits.realityCheck.pending),
    },
  ]
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
          <dd className="cpf">{v.identity.cpf === null ? '—' : formatCpf(v.identity.cpf)}</dd>
          <dt>
            <Trans>E-mail confirmado</Trans>
          </dt>
          <dd data-testid="player-email">{v.identity.email ?? '—'}</dd>
          <dt>
            <Trans>Celular confirmado</Trans>
          </dt>
          <dd data-testid="player-phone">{v.identity.phone ?? '—'}</dd>
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
      <Section title={t`Cadastro`}>
        <dl className="facts" data-testid="player-registration">
          <dt>
            <Trans>Endereço</Trans>
          </dt>
          <dd data-testid="registration-address">{addressLine ?? '—'}</dd>
          <dt>CEP</dt>
          <dd data-testid="registration-cep">{reg.cep === null ? '—' : formatCep(reg.cep)}</dd>
          <dt>
            <Trans>Gênero</Trans>
          </dt>
          <dd data-testid="registration-gender">{reg.gender === null ? '—' : genderName[reg.gender]}</dd>
          <dt>
            <Trans>IP do cadastro</Trans>
          </dt>
          <dd data-testid="registration-ip">{reg.signupAddress ?? '—'}</dd>
          <dt>
            <Trans>Aparelho do cadastro</Trans>
          </dt>
          <dd data-testid="registration-device">{reg.signupDevice ?? '—'}</dd>
        </dl>
        {!can('players.personalData') && (
          <p className="hint">
            <Trans>Endereço, gênero e IP aparecem mascarados: seu papel não vê dados pessoais.</Trans>
          </p>
        )}
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
        <DataTable
          label={t`Limites`}
          rows={limitRows}
          rowKey={(row) => row.key}
          columns={[
            { header: <Trans>Limite</Trans>, cell: (row) => row.name },
            { header: <Trans>Valor</Trans>, cell: (row) => row.value },
            { header: <Trans>Mudança pendente</Trans>, cell: (row) => row.pending },
          ]}
        />
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
        <DataTable
          label={t`Saques`}
          rows={v.withdrawals}
          rowKey={(w) => w.id}
          empty={<Trans>Nenhum.</Trans>}
          columns={[
            {
              header: <Trans>Pedido</Trans>,
              cell: (w) => (
                <>
                  {w.id}
                  <br />
                  <span className="muted">{dateTime(w.createdAt)}</span>
                </>
              ),
            },
            { header: <Trans>Valor</Trans>, numeric: true, cell: (w) => money(w.amount) },
            {
              header: <Trans>Situação</Trans>,
              testId: (w) => `withdrawal-phase-${w.id}`,
              cell: (w) => (
                <>
                  {phaseText(i18n, w.phase, w.sendAfter)}
                  {w.failReason ? ` · ${failReasonText(i18n, w.failReason)}` : ''}
                </>
              ),
            },
            { header: <Trans>Chave</Trans>, cell: (w) => w.key },
            {
              header: <Trans>Etapas</Trans>,
              cell: (w) => (
                <ol className="steps" data-testid={`withdrawal-steps-${w.id}`}>
                  {w.steps.map((step) => (
                    <li key={`${step.code}-${step.at}`}>{stepText(i18n, step)}</li>
                  ))}
                </ol>
              ),
            },
          ]}
        />
      </Section>
      <Section title={t`Depósitos`} wide>
        <DataTable
          label={t`Depósitos`}
          testId="player-deposits"
          rows={v.deposits}
          rowKey={(d) => d.id}
          empty={<Trans>Nenhum.</Trans>}
          columns={[
            { header: <Trans>Pedido</Trans>, cell: (d) => d.id },
            { header: <Trans>Pedido em</Trans>, cell: (d) => dateTime(d.createdAt) },
            { header: <Trans>Valor</Trans>, numeric: true, cell: (d) => money(d.amount) },
            { header: <Trans>Situação</Trans>, cell: (d) => statusText(i18n, d.status) },
            {
              header: <Trans>Pagador (CPF)</Trans>,
              testId: (d) => `deposit-payer-${d.id}`,
              cell: (d) =>
                d.payers.length === 0
                  ? '—'
                  : d.payers
                      .map((p) =>
                        p.isPlayer ? t`${formatCpf(p.cpf)} (o próprio jogador)` : t`${formatCpf(p.cpf)} (outra pessoa)`,
                      )
                      .join(', '),
            },
            { header: <Trans>Bônus</Trans>, cell: (d) => (d.bonusAmount > 0 ? money(d.bonusAmount) : '') },
          ]}
        />
      </Section>
      <Section title={t`Extrato (últimos 30)`} wide>
        <DataTable
          label={t`Extrato`}
          rows={v.statement.entries}
          rowKey={(e) => e.transferId}
          empty={<Trans>Nenhum.</Trans>}
          columns={[
            { header: <Trans>Quando</Trans>, cell: (e) => dateTime(e.time) },
            { header: <Trans>Lançamento</Trans>, cell: (e) => transferKindText(i18n, e.kind) },
            {
              header: <Trans>Contas</Trans>,
              cell: (e) => [...new Set(e.legs.map((leg) => accountText(i18n, leg.account)))].join(' + '),
            },
            { header: <Trans>Valor</Trans>, numeric: true, cell: (e) => money(e.amount) },
            { header: <Trans>Saldo depois</Trans>, numeric: true, cell: (e) => money(e.balanceAfter) },
          ]}
        />
      </Section>
      <Section title={t`Rodadas (últimas 20 de ${v.rounds.total})`}>
        <DataTable
          label={t`Rodadas`}
          rows={v.rounds.rounds}
          rowKey={(r) => r.roundId}
          empty={<Trans>Nenhuma.</Trans>}
          columns={[
            { header: <Trans>Quando</Trans>, cell: (r) => dateTime(r.createdAt) },
            { header: <Trans>Jogo</Trans>, cell: (r) => r.gameName },
            { header: <Trans>Aposta</Trans>, numeric: true, cell: (r) => money(r.bet) },
            { header: <Trans>Prêmio</Trans>, numeric: true, cell: (r) => money(r.win + r.jackpotWin) },
          ]}
        />
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
        {/* Only an account with a name and password has one to forget. */}
        {can('players.passwordReset') && v.identity.userName !== null && v.holds.closedAt === null && (
          <PasswordResetForm userId={userId} onDone={view.reload} />
        )}
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
