// The promotions tab (`/event`, `/activity`): every active promotion with its terms — amount,
// wagering requirement, expiry (none) — stated before it is accepted, from the server's config.
// When promotions are off, or the player is on a break, the page says so.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import type { PromotionKey } from '../../../contract/promotion-keys.ts'
import type { PromotionTerms } from '../../../contract/rewards.ts'
import { signInDays, signInWeekTotal } from '../../../contract/sign-in.ts'
import { LoadFailed } from '../../lib/LoadFailed.tsx'
import { formatTime } from '../../lib/time.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getPromotions } from './api.ts'

const titles: Record<PromotionKey, MessageDescriptor> = {
  first_deposit: msg`Bônus de primeiro depósito`,
  gift: msg`Presente de boas-vindas`,
  sign_in: msg`Check-in diário`,
  wheel: msg`Roleta grátis`,
  tasks: msg`Tarefas de jogo`,
  invites: msg`Convide amigos`,
  download: msg`Bônus por instalar o app`,
}

const targets: Partial<Record<PromotionKey, string>> = {
  first_deposit: '/pay',
  sign_in: '/sign',
  tasks: '/task',
  invites: '/invite',
}

export default function PromotionsPage() {
  const { t, i18n } = useLingui()
  const {
    data: view,
    error,
    reload,
  } = useApiData(getPromotions, [], { failure: t`Não foi possível carregar as promoções.` })

  return (
    <section>
      <h1 className="page-title">
        <Trans>Promoções</Trans>
      </h1>
      {!view && error !== null && (
        <LoadFailed onRetry={() => void reload()} testId="promotions-load-failed">
          <Trans>Não foi possível carregar as promoções. Verifique a conexão.</Trans>
        </LoadFailed>
      )}
      {!view && error === null && <div className="page-loading" aria-busy="true" />}
      {view && !view.enabled && (
        <p className="empty-state" data-testid="promotion-off">
          <Trans>As promoções estão desligadas nesta operação. Nenhum bônus é oferecido agora.</Trans>
        </p>
      )}
      {view?.enabled && view.selfExcluded && (
        <p className="empty-state" data-testid="promotion-off">
          {view.blockedUntil ? (
            <Trans>
              Durante a sua pausa não há promoções. Elas voltam em {formatTime(view.blockedUntil, i18n.locale)}.
            </Trans>
          ) : (
            <Trans>Durante a sua pausa não há promoções. Saques continuam liberados.</Trans>
          )}
        </p>
      )}
      {view?.enabled && !view.selfExcluded && view.promotions.length === 0 && (
        <p className="empty-state">
          <Trans>Nenhuma promoção ativa no momento.</Trans>
        </p>
      )}
      {view?.promotions.map((promotion) => (
        <article key={promotion.key} className="card promotion" data-testid={`promotion-${promotion.key}`}>
          <h2>{i18n._(titles[promotion.key])}</h2>
          <p data-testid={`promotion-${promotion.key}-terms`}>
            <PromotionAmount terms={promotion} locale={i18n.locale} />
          </p>
          <p className="hint">
            <Trans>
              Vem como bônus: aposte {promotion.wageringMultiplier}× o valor para virar dinheiro sacável. Sem prazo de
              validade.
            </Trans>
          </p>
          {targets[promotion.key] && (
            <Link href={targets[promotion.key] as string} className="button small">
              <Trans>Ver</Trans>
            </Link>
          )}
        </article>
      ))}
    </section>
  )
}

function PromotionAmount({ terms, locale }: { terms: PromotionTerms; locale: string }) {
  const money = (amount: number | undefined) => formatMoney(amount ?? 0)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
  switch (terms.key) {
    case 'first_deposit':
      return (
        <Trans>
          {terms.rate}× o primeiro depósito, contando até {money(terms.maxDeposit)} (bônus de até{' '}
          {money(terms.amounts[0])}
          ). Só se você aceitar a oferta ao depositar.
        </Trans>
      )
    case 'gift':
      return <Trans>{money(terms.amounts[0])} uma vez por conta (e por CPF), no primeiro acesso.</Trans>
    case 'sign_in':
      return (
        <Trans>
          De {money(Math.min(...terms.amounts))} a {money(Math.max(...terms.amounts))} por dia, e o 7º dia seguido soma{' '}
          {money(terms.streakBonus)} de bônus: 7 dias seguidos somam{' '}
          {money(signInWeekTotal(signInDays(terms.amounts, terms.streakBonus ?? 0)))}. O dia vira à meia-noite de
          Brasília.
        </Trans>
      )
    case 'wheel':
      return (
        <>
          <Trans>Uma rodada a cada {Math.round((terms.intervalSeconds ?? 0) / 60)} minutos. Prêmios e chances:</Trans>{' '}
          {terms.amounts
            .map((amount, index) => `${money(amount)} (${percent.format(terms.probabilities?.[index] ?? 0)})`)
            .join(' · ')}
        </>
      )
    case 'tasks':
      return <Trans>{money(terms.amounts[0])} por tarefa concluída (rodadas reais do jogo indicado).</Trans>
    case 'invites':
      return (
        <Trans>
          {money(terms.amounts[0])} por amigo que se cadastrar pelo seu link, verificar o CPF e fizer o primeiro
          depósito.
        </Trans>
      )
    case 'download':
      return <Trans>{money(terms.amounts[0])} uma vez, ao abrir o app instalado na tela inicial.</Trans>
  }
}
