// The harm watch's side of "Meus limites": what it noticed, said with the player's own figures
// and the tools beside it (a message, level 1), a cool-off offered with one tap (level 2), a
// pause the team imposed with its reason (level 4), and every such notice so far. The server
// decides all of it; this only shows and answers.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import type { HarmIntervention, HarmInterventionKind, HarmNotices, HarmRuleName } from '../../../contract/harm.ts'
import { formatMoney } from '../../../contract/money.ts'

interface Props {
  notices: HarmNotices
  when: (ms: number) => string
  onAnswer: (intervention: HarmIntervention, answer: 'seen' | 'accepted' | 'declined') => void
}

/** Each marker in the player's words: why the message came. */
function useReasons(): Record<HarmRuleName, string> {
  const { t } = useLingui()
  return {
    deposits_per_day: t`muitos depósitos em um dia`,
    deposit_acceleration: t`depósitos mais frequentes que o seu normal`,
    chasing_losses: t`depósitos logo depois de perdas`,
    loss_of_limit: t`perda perto do seu limite diário`,
    night_play: t`jogo de madrugada em várias noites`,
    long_session: t`sessões de jogo muito longas`,
    session_frequency: t`muitas sessões de jogo em um dia`,
    reversed_withdrawals: t`saques que voltaram para o jogo`,
    limit_raises: t`limites aumentados ou removidos`,
    rising_stakes: t`apostas maiores que o seu normal`,
    reality_check_dismissals: t`alertas de tempo dispensados várias vezes`,
    distress_words: t`mensagens ao atendimento que nos preocuparam`,
  }
}

function useKindNames(): Record<HarmInterventionKind, string> {
  const { t } = useLingui()
  return {
    message: t`Aviso com seus números`,
    cool_off_offer: t`Pausa de 24 horas oferecida`,
    contact_task: t`Contato da nossa equipe`,
    mandatory_pause: t`Pausa obrigatória`,
  }
}

function useStatusNames(): Record<HarmIntervention['status'], string> {
  const { t } = useLingui()
  return {
    open: t`aguardando`,
    seen: t`lido`,
    accepted: t`aceita`,
    declined: t`recusada`,
    done: t`feito`,
    applied: t`aplicada`,
  }
}

export function HarmNoticeCards({ notices, when, onAnswer }: Props) {
  const reasons = useReasons()
  if (notices.open.length === 0) return null
  return (
    <div className="harm-notices">
      {/* Level by level: the message with the player's figures first, then the offer it leads to. */}
      {[...notices.open]
        .sort((a, b) => a.level - b.level)
        .map((notice) => {
          const f = notice.figures
          const why = notice.fired.map((rule) => reasons[rule]).join('; ')
          if (notice.kind === 'message')
            return (
              <article
                key={notice.id}
                className="card harm-notice"
                data-testid="harm-message"
                aria-labelledby={`harm-${notice.id}`}
              >
                <h2 id={`harm-${notice.id}`}>
                  <Trans>Uma pausa para olhar seus números</Trans>
                </h2>
                <p>
                  <Trans>
                    Hoje você fez {f.depositsToday} depósitos, somando {formatMoney(f.depositedToday)}. Nos últimos 7
                    dias: {f.deposits7d} depósitos ({formatMoney(f.deposited7d)}), perda de {formatMoney(f.loss7d)} e{' '}
                    {f.minutes7d} minutos de jogo.
                  </Trans>
                </p>
                <p>
                  <Trans>O que notamos: {why}.</Trans>
                </p>
                <p>
                  <Trans>
                    Você pode baixar seus limites abaixo, fazer a <Link href="/selfCheck">autoavaliação</Link> ou ligar
                    para o CVV (188). Uma pausa também ajuda.
                  </Trans>
                </p>
                <button type="button" className="button secondary" onClick={() => onAnswer(notice, 'seen')}>
                  <Trans>Entendi</Trans>
                </button>
              </article>
            )
          if (notice.kind === 'cool_off_offer')
            return (
              <article
                key={notice.id}
                className="card harm-notice"
                data-testid="harm-offer"
                aria-labelledby={`harm-${notice.id}`}
              >
                <h2 id={`harm-${notice.id}`}>
                  <Trans>Que tal uma pausa de 24 horas?</Trans>
                </h2>
                <p>
                  <Trans>
                    Durante a pausa ficam bloqueados jogos, depósitos e promoções. Saques, extrato e atendimento
                    continuam abertos. Ela não pode ser encurtada.
                  </Trans>
                </p>
                <button
                  type="button"
                  className="button"
                  data-testid="harm-accept"
                  onClick={() => onAnswer(notice, 'accepted')}
                >
                  <Trans>Pausar 24 horas agora</Trans>
                </button>
                <button type="button" className="link" onClick={() => onAnswer(notice, 'declined')}>
                  <Trans>Agora não</Trans>
                </button>
              </article>
            )
          return (
            <article
              key={notice.id}
              className="card harm-notice"
              data-testid="harm-pause"
              aria-labelledby={`harm-${notice.id}`}
            >
              <h2 id={`harm-${notice.id}`}>
                <Trans>Sua conta está em pausa</Trans>
              </h2>
              <p>
                <Trans>
                  Nossa equipe pausou o jogo até {when(f.pauseUntil ?? 0)} porque notamos: {why}. Saques, extrato e
                  atendimento continuam abertos.
                </Trans>
              </p>
            </article>
          )
        })}
    </div>
  )
}

export function HarmHistory({ notices, when }: Pick<Props, 'notices' | 'when'>) {
  const kinds = useKindNames()
  const statuses = useStatusNames()
  if (notices.history.length === 0) return null
  return (
    <>
      <h2>
        <Trans>Avisos de jogo responsável</Trans>
      </h2>
      <ul className="limits-history" data-testid="harm-history">
        {notices.history.map((notice) => (
          <li key={notice.id}>
            <time>{when(notice.createdAt)}</time> {kinds[notice.kind]} ({statuses[notice.status]})
          </li>
        ))}
      </ul>
    </>
  )
}
