// "Limites e controle": deposit and loss limits per day / week / month, time limits,
// the reality-check interval, a pause or self-exclusion with what it blocks and never blocks,
// and the player's history of changes. A tighter limit applies at once; a looser one is shown
// as pending with the time it takes effect. The server enforces all of it.
// The forms are in LimitForms.tsx; the history's words in useHistoryText.ts.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import {
  type LimitPeriod,
  type LimitsView,
  type SelfExclusionDuration,
  selfExclusionDurations,
} from '../../../contract/limit-values.ts'
import { formatMoney } from '../../../contract/money.ts'
import { refreshAccount } from '../../lib/account.ts'
import { messageOf } from '../../lib/http.ts'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { Sheet } from '../../lib/Sheet.tsx'
import { formatMinute } from '../../lib/time.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import {
  answerHarm,
  getHarmNotices,
  getLimits,
  helpLinks,
  selfExclude,
  setDepositLimit,
  setLossLimit,
  setRealityCheck,
  setSessionLimit,
} from './api.ts'
import { HarmHistory, HarmNoticeCards } from './HarmNotices.tsx'
import { AmountRow, RealityCheckForm, TimeForm } from './LimitForms.tsx'
import './limits.css'
import { useHistoryText } from './useHistoryText.ts'
import { usePlayedText } from './usePlayedText.ts'

export default function LimitsPage() {
  const { t, i18n } = useLingui()
  const playedText = usePlayedText()
  const {
    data: view,
    error,
    setData,
    reload,
    keptAt,
  } = useApiData(getLimits, [], { failure: t`Não foi possível carregar seus limites.`, keep: 'limits' })
  // The harm watch's notices load beside the limits: a failure there leaves the limits usable.
  const harm = useApiData(getHarmNotices, [])
  const [excluding, setExcluding] = useState<SelfExclusionDuration | null>(null)
  const labels = useLabels()
  const describe = useHistoryText()
  const when = (ms: number) => formatMinute(ms, i18n.locale)
  const periodName: Record<LimitPeriod, string> = { day: t`Por dia`, week: t`Por semana`, month: t`Por mês` }

  async function save(action: () => Promise<LimitsView>, saved: (view: LimitsView) => string = () => t`Limite salvo.`) {
    try {
      const next = await action()
      setData(next)
      showToast(saved(next))
    } catch (error) {
      showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
      void reload()
    }
  }

  if (!view && error !== null) {
    return (
      <LoadFailed onRetry={() => void reload()} testId="limits-load-failed">
        <Trans>Não foi possível carregar seus limites. Verifique a conexão.</Trans>
      </LoadFailed>
    )
  }
  if (!view) return <section className="limits" aria-busy="true" />
  return (
    <section className="limits">
      <KeptNote at={keptAt} />
      {harm.data && (
        <HarmNoticeCards
          notices={harm.data}
          when={when}
          onAnswer={(notice, answer) => {
            void (async () => {
              try {
                harm.setData(await answerHarm(notice.id, answer))
                if (answer === 'accepted') {
                  showToast(t`Pausa de 24 horas iniciada. Jogos e depósitos estão bloqueados até lá.`)
                  void refreshAccount().catch(() => undefined)
                  void reload()
                }
              } catch (error) {
                showToast(messageOf(error, t`Algo deu errado. Tente de novo.`))
                void harm.reload()
              }
            })()
          }}
        />
      )}
      <p className="limits-intro">
        <Trans>
          Limites menores valem na hora. Aumentar ou remover um limite só vale depois de 24 horas, para que a decisão
          não seja tomada no calor do jogo.
        </Trans>
      </p>
      <nav className="limits-links" aria-label={t`Mais sobre seu jogo`}>
        <Link href="/myActivity">{t`Minha atividade`}</Link>
        <Link href="/selfCheck">{t`Autoavaliação`}</Link>
      </nav>

      {!view.registrationDone && (
        <p className="card limits-required" role="status" data-testid="limits-required">
          <Trans>
            Defina um limite de perda por dia e um limite de minutos por dia: a lei (Portaria SPA/MF 2.579/2025) os pede
            a todos os jogadores, e sem eles não é possível depositar.
          </Trans>
        </p>
      )}

      {view.selfExclusion && (
        <p className="card limits-excluded" role="status" data-testid="limits-excluded">
          {view.selfExclusion.until === null ? (
            <Trans>Você está em pausa por tempo indeterminado. Saques, extrato e atendimento continuam abertos.</Trans>
          ) : (
            <Trans>
              Você está em pausa até {when(view.selfExclusion.until)}. Saques, extrato e atendimento continuam abertos.
            </Trans>
          )}
        </p>
      )}

      <h2>
        <Trans>Limite de perda</Trans>
      </h2>
      <p className="hint">
        <Trans>Perda líquida = apostas − prêmios. Uma aposta que passaria do limite é recusada.</Trans>
      </p>
      {view.loss.map((setting) => (
        <AmountRow
          key={`loss-${setting.period}`}
          testId={`loss-${setting.period}`}
          label={periodName[setting.period]}
          setting={setting}
          required={setting.period === 'day'}
          when={when}
          detail={
            setting.amount !== null ? (
              <Trans>
                Perda até agora: {formatMoney(Math.max(0, setting.lossSoFar))} · zera em {when(setting.resetsAt)}
              </Trans>
            ) : null
          }
          onSave={(amount) => save(() => setLossLimit({ period: setting.period, amount }))}
        />
      ))}

      <h2>
        <Trans>Limite de depósito</Trans>
      </h2>
      {view.deposit.map((setting) => (
        <AmountRow
          key={`deposit-${setting.period}`}
          testId={`deposit-${setting.period}`}
          label={periodName[setting.period]}
          setting={setting}
          when={when}
          detail={null}
          onSave={(amount) => save(() => setDepositLimit({ period: setting.period, amount }))}
        />
      ))}

      <h2>
        <Trans>Tempo de jogo</Trans>
      </h2>
      <p className="hint">
        <Trans>
          Hoje você jogou {playedText(view.session.playedTodayMs)}. No limite, o jogo fecha e novas jogadas ficam
          bloqueadas até o horário de volta.
        </Trans>
      </p>
      <TimeForm view={view} when={when} onSave={(input) => save(() => setSessionLimit(input))} />

      <h2>
        <Trans>Alerta de tempo (reality check)</Trans>
      </h2>
      <RealityCheckForm view={view} when={when} onSave={(minutes) => save(() => setRealityCheck({ minutes }))} />

      <h2>
        <Trans>Pausa e autoexclusão</Trans>
      </h2>
      <div className="limits-durations">
        {selfExclusionDurations.map((duration) => (
          <button
            key={duration}
            type="button"
            className="button secondary"
            data-testid={`exclude-${duration}`}
            onClick={() => setExcluding(duration)}
          >
            {labels.durations[duration]}
          </button>
        ))}
      </div>
      <p className="hint">
        <Trans>
          Você também pode se autoexcluir de todas as casas de apostas autorizadas na{' '}
          <a href={helpLinks.selfExclusion} target="_blank" rel="noreferrer">
            plataforma centralizada do governo
          </a>
          .
        </Trans>
      </p>

      <h2>
        <Trans>Ajuda</Trans>
      </h2>
      <ul className="limits-help" data-testid="limits-help">
        <li>
          <a href={helpLinks.cvv}>
            <Trans>CVV: ligue 188 (gratuito, 24 horas)</Trans>
          </a>
        </li>
        <li>
          <a href={helpLinks.problemGambling} target="_blank" rel="noreferrer">
            <Trans>Jogo responsável no site do governo</Trans>
          </a>
        </li>
        <li>
          <Link href="/selfCheck">{t`Autoavaliação`}</Link>
        </li>
      </ul>

      {view.history.length > 0 && (
        <>
          <h2>
            <Trans>Seu histórico de limites</Trans>
          </h2>
          <ul className="limits-history" data-testid="limits-history">
            {view.history.map((event) => (
              <li key={`${event.at}-${event.kind}-${JSON.stringify(event.detail)}`}>
                <time>{when(event.at)}</time> {describe(event, when)}
                {event.actor === 'operator' && <Trans> (pela equipe)</Trans>}
              </li>
            ))}
          </ul>
        </>
      )}

      {harm.data && <HarmHistory notices={harm.data} when={when} />}

      {excluding && (
        <Sheet title={<Trans>Pausa: {labels.durations[excluding]}</Trans>} testId="exclude-confirm">
          <p>
            <Trans>Durante a pausa ficam bloqueados: jogos, depósitos, promoções e mensagens de marketing.</Trans>
          </p>
          <p>
            <Trans>Nunca ficam bloqueados: saques do seu saldo, o extrato e o atendimento.</Trans>
          </p>
          <p>
            <Trans>A pausa não pode ser encurtada nem cancelada depois de confirmada.</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              const duration = excluding
              setExcluding(null)
              void save(
                async () => {
                  const next = await selfExclude({ duration })
                  // The lobby reads the pause from the account: it says so at once.
                  void refreshAccount().catch(() => undefined)
                  return next
                },
                // The toast says what was done: a pause started, and until when.
                (next) =>
                  next.selfExclusion?.until == null
                    ? t`Pausa iniciada por tempo indeterminado. Jogos e depósitos estão bloqueados.`
                    : t`Pausa iniciada até ${when(next.selfExclusion.until)}. Jogos e depósitos estão bloqueados até lá.`,
              )
            }}
          >
            <Trans>Confirmar pausa</Trans>
          </button>
          <button type="button" className="link" onClick={() => setExcluding(null)}>
            <Trans>Cancelar</Trans>
          </button>
        </Sheet>
      )}
    </section>
  )
}

/** The names of the pause lengths, in the player's language. */
function useLabels() {
  const { t } = useLingui()
  const durations: Record<SelfExclusionDuration, string> = {
    '24h': t`24 horas`,
    '7d': t`7 dias`,
    '30d': t`30 dias`,
    '6m': t`6 meses`,
    permanent: t`Permanente`,
  }
  return { durations }
}
