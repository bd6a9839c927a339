// Names the console gives the money watch's codes: each rule, each decision, and each figure a
// rule names in its reasons (amounts in reais, percentages, counts), so a case reads as words.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CaseDecision, FlagReasons, WatchRule } from '../../contract/money-watch.ts'
import { money } from './format.ts'

const rules: Record<WatchRule, MessageDescriptor> = {
  little_play: msg`Depósito sacado com pouco ou nenhum jogo`,
  many_payers: msg`Muitos pagadores`,
  many_payout_keys: msg`Muitas chaves de saque`,
  rapid_cycles: msg`Ciclos rápidos de depósito e saque`,
  structuring: msg`Saques logo abaixo do limite de revisão`,
  stake_change: msg`Mudança brusca de aposta`,
  promotion_only: msg`Saque pago só com dinheiro de promoções`,
  linked_accounts: msg`Contas ligadas (mesmo aparelho, endereço, pagador ou conta de saque)`,
}

const decisions: Record<CaseDecision, MessageDescriptor> = {
  cleared: msg`Liberado (nada a comunicar)`,
  reported: msg`Comunicado ao COAF`,
  held: msg`Conta retida`,
}

export const ruleText = (i18n: I18n, rule: string) => {
  const name = rules[rule as WatchRule]
  return name ? i18n._(name) : rule
}

export const decisionText = (i18n: I18n, decision: string) => {
  const name = decisions[decision as CaseDecision]
  return name ? i18n._(name) : decision
}

/** Each reason's label and how its value reads. */
const figures: Record<string, { label: MessageDescriptor; kind: 'money' | 'percent' | 'count' | 'days' | 'factor' }> = {
  deposits: { label: msg`Depósitos`, kind: 'count' },
  deposited: { label: msg`Depositado`, kind: 'money' },
  staked: { label: msg`Apostado desde os depósitos`, kind: 'money' },
  withdrawn: { label: msg`Pedido de saque`, kind: 'money' },
  minPlayPercent: { label: msg`Jogo mínimo exigido`, kind: 'percent' },
  lookbackDays: { label: msg`Janela`, kind: 'days' },
  payers: { label: msg`Pagadores diferentes`, kind: 'count' },
  notThePlayer: { label: msg`Pagadores que não são o jogador`, kind: 'count' },
  maxPayers: { label: msg`Limite de pagadores`, kind: 'count' },
  keys: { label: msg`Chaves de saque diferentes`, kind: 'count' },
  maxPayoutKeys: { label: msg`Limite de chaves`, kind: 'count' },
  cycles: { label: msg`Ciclos depósito → saque`, kind: 'count' },
  hours: { label: msg`Em horas`, kind: 'count' },
  cyclesPerDay: { label: msg`Limite de ciclos em 24 h`, kind: 'count' },
  justUnder: { label: msg`Saques logo abaixo do limite`, kind: 'count' },
  total: { label: msg`Total desses saques`, kind: 'money' },
  from: { label: msg`A partir de`, kind: 'money' },
  reviewAbove: { label: msg`Limite de revisão`, kind: 'money' },
  structuringCount: { label: msg`Quantos bastam`, kind: 'count' },
  averageStakeToday: { label: msg`Aposta média hoje`, kind: 'money' },
  roundsToday: { label: msg`Rodadas hoje`, kind: 'count' },
  usualStake: { label: msg`Aposta média antes`, kind: 'money' },
  usualRounds: { label: msg`Rodadas antes`, kind: 'count' },
  stakeJumpFactor: { label: msg`Fator que alerta`, kind: 'factor' },
  depositedEver: { label: msg`Depositado desde sempre`, kind: 'money' },
  withdrawnEver: { label: msg`Sacado desde sempre (com este pedido)`, kind: 'money' },
  promotions: { label: msg`Recebido de promoções`, kind: 'money' },
  beyondDeposits: { label: msg`Saque além do depositado`, kind: 'money' },
  linked: { label: msg`Outras contas ligadas`, kind: 'count' },
  viaDevice: { label: msg`Pelo mesmo aparelho`, kind: 'count' },
  viaAddress: { label: msg`Pelo mesmo endereço de rede`, kind: 'count' },
  viaPayer: { label: msg`Pelo mesmo pagador de depósitos`, kind: 'count' },
  viaPayoutAccount: { label: msg`Pela mesma conta de saque`, kind: 'count' },
  linkedAccounts: { label: msg`Limite de contas ligadas`, kind: 'count' },
  accounts: { label: msg`Contas ligadas (ids)`, kind: 'count' },
}

/** The reasons as label–value pairs, in the order the rule gave them. */
export function reasonsText(i18n: I18n, reasons: FlagReasons): { key: string; label: string; value: string }[] {
  return Object.entries(reasons).map(([key, value]) => {
    const figure = figures[key]
    if (!figure || typeof value !== 'number')
      return { key, label: figure ? i18n._(figure.label) : key, value: String(value) }
    const shown =
      figure.kind === 'money'
        ? money(value)
        : figure.kind === 'percent'
          ? `${value}%`
          : figure.kind === 'days'
            ? i18n._(msg`${value} dias`)
            : figure.kind === 'factor'
              ? `${value}×`
              : String(value)
    return { key, label: i18n._(figure.label), value: shown }
  })
}
