// `/transparencia`: how Jogo Limpo pays, in public, from its own ledger (no account needed):
// withdrawals paid and how fast, deposits sent back, each game's published RTP beside what it
// really returned over 30 days, the jackpot, support and safer play — every figure as the server
// computed it (server/transparency), with the time it was computed (offline: the device's copy).
// Its last section checks the hash chain of frozen days here in the browser.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { RefundReason } from '../../../contract/deposits.ts'
import { formatMoney, formatPercent } from '../../../contract/money.ts'
import type { DepositReturnFigures, HoldFigures, TransparencyView } from '../../../contract/transparency.ts'
import type { WithdrawalFailReason } from '../../../contract/withdrawal-values.ts'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { onlineAtom } from '../../lib/network.ts'
import { useAtomValue } from '../../lib/store.ts'
import { formatMinute } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { checkChain, getTransparency, type WitnessCheck } from './api.ts'
import './transparency.css'

/** The app's own reasons; `null`: the bank refused (said with the code, as a bank's own words are). */
const withdrawalReasons: Record<WithdrawalFailReason, MessageDescriptor | null> = {
  pix_key_not_owned: msg`a chave PIX não era do jogador`,
  rejected_in_review: msg`recusado na análise`,
  cancelled_by_player: msg`cancelado pelo jogador`,
  account_closing: msg`conta encerrada, saldo pago no encerramento`,
  failed: null,
}

/** The three returns every player should know about, always listed; others when they happen. */
const depositReasons: Record<RefundReason, MessageDescriptor> = {
  overpaid: msg`pagamento acima do valor da cobrança`,
  payer_not_player: msg`PIX de um CPF que não é o do jogador`,
  self_excluded: msg`PIX durante uma pausa do jogador`,
  underpaid: msg`pagamento abaixo do valor da cobrança`,
  already_paid: msg`cobrança já paga`,
  account_held: msg`conta em análise ou encerrada`,
  deposit_limit: msg`acima do limite de depósito do jogador`,
  payer_unknown: msg`pagador não identificado`,
  unknown_charge: msg`cobrança desconhecida`,
}
const alwaysShown: RefundReason[] = ['overpaid', 'payer_not_player', 'self_excluded']

function reasonLabel<R extends string>(
  labels: Record<R, MessageDescriptor | null>,
  reason: string,
  i18n: I18n,
): string | null {
  const label = reason in labels ? labels[reason as R] : null
  return label ? i18n._(label) : null
}

function useDuration(locale: string) {
  const unit = (u: 'second' | 'minute' | 'hour', n: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 0 }).format(n)
  return (ms: number | null) => {
    if (ms === null) return '—'
    if (ms < 60_000) return unit('second', Math.round(ms / 1000))
    const minutes = Math.round(ms / 60_000)
    if (minutes < 60) return unit('minute', minutes)
    const rest = minutes % 60
    return rest ? `${unit('hour', Math.floor(minutes / 60))} ${unit('minute', rest)}` : unit('hour', minutes / 60)
  }
}

const share = (part: number, whole: number, locale: string) =>
  whole > 0 ? formatPercent((part / whole) * 100, 1, 0, locale) : '—'

function dayLabel(day: string, locale: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  )
}

function monthLabel(month: string, locale: string) {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, 15),
  )
}

export default function TransparencyPage() {
  const { t, i18n } = useLingui()
  const online = useAtomValue(onlineAtom)
  const { data, error, reload } = useApiData(getTransparency, [], {
    failure: t`Não foi possível carregar. Verifique a conexão.`,
  })

  return (
    <section className="transparency">
      <h1 className="page-title">
        <Trans>Transparência</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Como o Jogo Limpo paga, contado do próprio livro-caixa, sem dados pessoais. Cada dia é congelado à meia-noite
          numa cadeia de hashes que ninguém consegue reescrever sem que se perceba.
        </Trans>
      </p>
      {!data && error === null && <div className="page-loading" aria-busy="true" />}
      {!data && error !== null && (
        <LoadFailed onRetry={() => void reload()} testId="transparency-load-failed">
          <Trans>Não foi possível carregar. Verifique a conexão.</Trans>
        </LoadFailed>
      )}
      {data && (
        <>
          <p className={online ? 'computed-at' : 'computed-at offline'} data-testid="computed-at">
            {online ? (
              <Trans>
                Números calculados em {formatMinute(data.computedAt, i18n.locale)} (atualizados a cada 5 minutos).
              </Trans>
            ) : (
              <Trans>
                Sem conexão: números guardados neste aparelho, calculados em{' '}
                {formatMinute(data.computedAt, i18n.locale)}.
              </Trans>
            )}
          </p>
          <Withdrawals view={data} />
          <DepositReturns rows={data.depositReturns} />
          <Games view={data} />
          <Jackpot view={data} />
          <SupportAndSaferPlay view={data} />
          <Liabilities view={data} />
          <Chain view={data} />
        </>
      )}
    </section>
  )
}

function Withdrawals({ view }: { view: TransparencyView }) {
  const { t, i18n } = useLingui()
  const duration = useDuration(i18n.locale)
  const w = view.withdrawals
  const hold = (label: string, h: HoldFigures) => (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {h.count === 0 ? (
          <Trans>nenhum</Trans>
        ) : (
          <Trans>
            {h.count} (espera mediana {duration(h.medianWaitMs)}, a mais longa {duration(h.longestWaitMs)})
          </Trans>
        )}
      </td>
    </tr>
  )
  return (
    <section className="card" aria-labelledby="t-withdrawals" data-testid="t-withdrawals">
      <h2 id="t-withdrawals">
        <Trans>Saques</Trans>
      </h2>
      <dl className="figures">
        <div>
          <dt>
            <Trans>Pagos em 24 h</Trans>
          </dt>
          <dd data-testid="paid-24h">{view.paid.last24h}</dd>
        </div>
        <div>
          <dt>
            <Trans>Pagos em 7 dias</Trans>
          </dt>
          <dd>{view.paid.last7d}</dd>
        </div>
        <div>
          <dt>
            <Trans>Pagos em 30 dias</Trans>
          </dt>
          <dd data-testid="paid-30d">{view.paid.last30d}</dd>
        </div>
      </dl>
      <p className="hint">
        <Trans>Do pedido do jogador até o banco confirmar o pagamento, nos últimos 30 dias:</Trans>
      </p>
      <table className="t-table">
        <tbody>
          <tr>
            <th scope="row">
              <Trans>Mediana</Trans>
            </th>
            <td data-testid="payout-median">{duration(w.medianMs)}</td>
          </tr>
          <tr>
            <th scope="row">
              <Trans>95% pagos em até</Trans>
            </th>
            <td>{duration(w.p95Ms)}</td>
          </tr>
          <tr>
            <th scope="row">
              <Trans>O mais lento</Trans>
            </th>
            <td>{duration(w.slowestMs)}</td>
          </tr>
          <tr>
            <th scope="row">
              <Trans>Em até 5 minutos</Trans>
            </th>
            <td>{share(w.within5Min, w.paid, i18n.locale)}</td>
          </tr>
          <tr>
            <th scope="row">
              <Trans>Em até 120 minutos</Trans>
            </th>
            <td>{share(w.within120Min, w.paid, i18n.locale)}</td>
          </tr>
          {hold(t`Esperaram análise`, w.review)}
          {hold(t`Esperaram o prazo de segurança`, w.coolOff)}
        </tbody>
      </table>
      <h3>
        <Trans>Devolvidos ao saldo</Trans>
      </h3>
      {w.returned.length === 0 ? (
        <p>
          <Trans>Nenhum nos últimos 30 dias.</Trans>
        </p>
      ) : (
        <ul className="t-list">
          {w.returned.map((r) => (
            <li key={r.reason}>
              <span>{reasonLabel(withdrawalReasons, r.reason, i18n) ?? t`falha no banco (${r.reason})`}</span>
              <span>
                <strong>{r.count}</strong> · {formatMoney(r.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="fees" data-testid="fee-steps">
        <Trans>
          Taxas cobradas: <strong>{w.feeSteps}</strong> — conferido em{' '}
          <Plural value={w.paid} one="# saque pago" other="cada um dos # saques pagos" />: o valor que saiu do
          livro-caixa é o valor pedido.
        </Trans>
      </p>
    </section>
  )
}

function DepositReturns({ rows }: { rows: DepositReturnFigures[] }) {
  const { i18n } = useLingui()
  const duration = useDuration(i18n.locale)
  const shown = [
    ...alwaysShown.map(
      (reason) =>
        rows.find((r) => r.reason === reason) ?? {
          reason,
          count: 0,
          amount: 0,
          returned: 0,
          medianReturnMs: null,
          slowestReturnMs: null,
        },
    ),
    ...rows.filter((r) => !alwaysShown.some((reason) => reason === r.reason)),
  ]
  return (
    <section className="card" aria-labelledby="t-deposits" data-testid="t-deposits">
      <h2 id="t-deposits">
        <Trans>Depósitos devolvidos</Trans>
      </h2>
      <p className="hint">
        <Trans>PIX que o app não creditou e mandou de volta a quem pagou, nos últimos 30 dias.</Trans>
      </p>
      <ul className="t-list">
        {shown.map((r) => (
          <li key={r.reason}>
            <span>{reasonLabel(depositReasons, r.reason, i18n) ?? r.reason}</span>
            <span>
              <Trans>
                <strong>{r.count}</strong> · {formatMoney(r.amount)} · devolvidos em {duration(r.medianReturnMs)}{' '}
                (mediana)
              </Trans>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Games({ view }: { view: TransparencyView }) {
  const { i18n } = useLingui()
  const pct = (value: number) => formatPercent(value, 2, 2, i18n.locale)
  return (
    <section className="card" aria-labelledby="t-games" data-testid="t-games">
      <h2 id="t-games">
        <Trans>Jogos: retorno publicado e retorno real</Trans>
      </h2>
      <p className="hint">
        <Trans>
          Desde {dayLabel(view.gamesSince, i18n.locale)} (30 dias). O retorno real é o que as rodadas pagaram dividido
          pelo que foi apostado, sem o jackpot (que tem sua própria seção); a faixa de 95% vem da variância exata de
          cada jogo.
        </Trans>
      </p>
      <ul className="t-games">
        {view.games.map((g) => (
          <li key={`${g.gameId}@${g.version}`} data-testid={`t-game-${g.gameId}-${g.version}`}>
            <h3>
              {g.name} <span className="version">v{g.version}</span>
            </h3>
            <p>
              <Trans>
                Publicado: {pct(g.publishedRtp)} ({pct(g.publishedGameRtp)} sem o jackpot). Real:{' '}
                <strong>{g.realisedRtp === null ? '—' : pct(g.realisedRtp)}</strong> em{' '}
                <Plural value={g.rounds} one="# rodada" other="# rodadas" />.
              </Trans>
            </p>
            <p className="verdict">
              {g.interval === null ? (
                <Trans>Ainda são poucas rodadas para dizer algo: o acaso pesa mais que o jogo.</Trans>
              ) : g.realisedRtp !== null && g.realisedRtp >= g.interval.low && g.realisedRtp <= g.interval.high ? (
                <Trans>
                  Dentro do esperado: com essas apostas, 95% das vezes o retorno real fica entre {pct(g.interval.low)} e{' '}
                  {pct(g.interval.high)}.
                </Trans>
              ) : (
                <Trans>
                  Fora da faixa de 95% ({pct(g.interval.low)} a {pct(g.interval.high)}): acontece 1 vez em 20 por acaso,
                  e vale acompanhar.
                </Trans>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Jackpot({ view }: { view: TransparencyView }) {
  const { i18n } = useLingui()
  const j = view.jackpot
  return (
    <section className="card" aria-labelledby="t-jackpot" data-testid="t-jackpot">
      <h2 id="t-jackpot">
        <Trans>Jackpot</Trans>
      </h2>
      <table className="t-table">
        <tbody>
          <tr>
            <th scope="row">
              <Trans>Prêmio agora</Trans>
            </th>
            <td data-testid="jackpot-pool">{formatMoney(j.pool)}</td>
          </tr>
          <tr>
            <th scope="row">
              <Trans>Entrou em 30 dias</Trans>
            </th>
            <td>{formatMoney(Math.round(j.contributed30d))}</td>
          </tr>
          <tr>
            <th scope="row">
              <Trans>Pago em 30 dias</Trans>
            </th>
            <td>
              {formatMoney(j.won30d)} ({j.wins30d})
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        <Trans>
          Regra: {formatPercent(j.rule.shareBps / 100, 2, 0, i18n.locale)} de cada aposta entra no prêmio; ele recomeça
          em {formatMoney(j.rule.seed)}, pagos pela casa. Cada rodada ganha o prêmio inteiro com chance proporcional à
          aposta.
        </Trans>
      </p>
      {j.lastWins.length > 0 && (
        <>
          <h3>
            <Trans>Últimos ganhadores</Trans>
          </h3>
          <ul className="t-list">
            {j.lastWins.map((w) => (
              <li key={`${w.at}-${w.player}`}>
                <span>
                  {w.player} · {w.gameName}
                </span>
                <span>
                  {formatMoney(w.amount)} · {formatMinute(w.at, i18n.locale)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function SupportAndSaferPlay({ view }: { view: TransparencyView }) {
  const { i18n } = useLingui()
  const duration = useDuration(i18n.locale)
  return (
    <section className="card" aria-labelledby="t-support" data-testid="t-support">
      <h2 id="t-support">
        <Trans>Atendimento e jogo responsável</Trans>
      </h2>
      <p>
        <Trans>
          Primeira resposta de uma pessoa no chat: <strong>{duration(view.support.medianFirstAnswerMs)}</strong>{' '}
          (mediana; {view.support.answered} de {view.support.conversations} conversas abertas em 30 dias já
          respondidas).
        </Trans>
      </p>
      <table className="t-table months">
        <caption>
          <Trans>Pausas e limites pedidos, por mês</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Mês</Trans>
            </th>
            <th scope="col">
              <Trans>Autoexclusões e pausas</Trans>
            </th>
            <th scope="col">
              <Trans>Mudanças de limite</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.saferPlay.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month, i18n.locale)}</th>
              <td>{m.selfExclusions}</td>
              <td>{m.limitChanges}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Liabilities({ view }: { view: TransparencyView }) {
  const { i18n } = useLingui()
  const proof = view.liabilities
  return (
    <section className="card liabilities" aria-labelledby="t-liabilities" data-testid="t-liabilities">
      <h2 id="t-liabilities">
        <Trans>O dinheiro dos jogadores</Trans>
      </h2>
      {proof === null ? (
        <p>
          <Trans>A primeira prova de saldos é feita quando o dia fecha, depois da meia-noite.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>
              Todo dia, ao fechar, somamos o saldo de cada jogador numa árvore de hashes: cada um confere em Perfil que
              o seu saldo está na soma, sem ver o de ninguém.
            </Trans>
          </p>
          <dl>
            <dt>
              <Trans>Devido aos jogadores em {dayLabel(proof.day, i18n.locale)}</Trans>
            </dt>
            <dd data-testid="liabilities-total">
              {formatMoney(proof.total)} · <Plural value={proof.players} one="# jogador" other="# jogadores" />
            </dd>
            <dt>
              <Trans>Guardado para os jogadores no banco (PSP)</Trans>
            </dt>
            <dd data-testid="liabilities-held">
              {proof.held ? (
                <Trans>
                  {formatMoney(proof.held.amount)} em {dayLabel(proof.held.asOf, i18n.locale)} ({proof.held.source})
                </Trans>
              ) : (
                <Trans>ainda não informado</Trans>
              )}
            </dd>
            {proof.ratio !== null && (
              <>
                <dt>
                  <Trans>Guardado ÷ devido</Trans>
                </dt>
                <dd data-testid="liabilities-ratio">{formatPercent(proof.ratio * 100, 1, 0, i18n.locale)}</dd>
              </>
            )}
          </dl>
          <p className="hint">
            <Trans>
              Raiz da árvore: <code className="hash">{proof.root}</code>
            </Trans>
          </p>
        </>
      )}
    </section>
  )
}

function Chain({ view }: { view: TransparencyView }) {
  const { i18n } = useLingui()
  const [check, setCheck] = useState<WitnessCheck | 'checking' | 'unavailable'>('checking')
  const head = view.chain.head
  useEffect(() => {
    let live = true
    checkChain(head)
      .then((result) => live && setCheck(result))
      .catch(() => live && setCheck('unavailable'))
    return () => {
      live = false
    }
  }, [head])
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <section className="card" aria-labelledby="t-chain" data-testid="t-chain">
      <h2 id="t-chain">
        <Trans>Registro que não se reescreve</Trans>
      </h2>
      {typeof check === 'object' && check.rewritten && (
        <p className="chain-rewritten" role="alert" data-testid="chain-rewritten">
          <strong>
            <Trans>O histórico publicado foi alterado desde {dayLabel(check.rewritten.day, i18n.locale)}.</Trans>
          </strong>{' '}
          <Trans>
            Este aparelho viu outro registro daquele dia. A prova (o registro que vimos e o de agora) foi enviada ao
            relatório público.
          </Trans>
        </p>
      )}
      {head === null ? (
        <p>
          <Trans>Nenhum dia congelado ainda: o primeiro congela à meia-noite.</Trans>
        </p>
      ) : (
        <>
          <p className="chain-status" data-testid="chain-status" aria-live="polite">
            {check === 'checking' && <Trans>Verificando a cadeia neste aparelho…</Trans>}
            {check === 'unavailable' && <Trans>Não foi possível baixar os dias para verificar agora.</Trans>}
            {typeof check === 'object' && check.ok && check.head && !check.rewritten && (
              <strong className="ok">
                <Trans>
                  ✓ cadeia verificada até {dayLabel(check.head.day, i18n.locale)} (
                  <Plural value={check.days} one="# dia" other="# dias" />)
                </Trans>
              </strong>
            )}
            {typeof check === 'object' && !check.ok && (
              <strong className="broken">
                <Trans>✗ a cadeia não confere no dia {dayLabel(check.day, i18n.locale)}: algo foi reescrito.</Trans>
              </strong>
            )}
          </p>
          <p>
            <Trans>
              Cabeça da cadeia ({dayLabel(head.day, i18n.locale)}): <code className="hash">{head.hash}</code>
            </Trans>
          </p>
          <p>
            <Trans>
              Cada dia: <a href={`/api/transparency/snapshots/${head.day}.json`}>JSON</a> ·{' '}
              <a href={`/api/transparency/snapshots/${head.day}.csv`}>CSV</a> (troque a data na URL para outro dia;
              todos ficam publicados para sempre).
            </Trans>
          </p>
          <p className="hint">
            <Trans>Para conferir por conta própria:</Trans> <code>npm run transparency:verify -- {origin}</code>
          </p>
        </>
      )}
    </section>
  )
}
