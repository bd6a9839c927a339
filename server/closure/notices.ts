// What a closure tells the player by e-mail and SMS, per language: when it begins (why, what happens
// to the balance and the bonus, by when the account closes) and when the account is closed (what
// was paid, to which key, and whether it can be reopened). Values reach the texts already formatted.
import { isLanguage, type Language } from '../../contract/languages.ts'
import { type Currency, formatMoney } from '../../contract/money.ts'
import type { PlayerNotice } from '../accounts/contacts.ts'
import type { ClosureCause } from '../db/schema.ts'
import { say } from '../i18n/catalog.ts'

const begun = {
  subject: /*i18n*/ { id: 'mail.closure_begun.subject', message: 'Sua conta no Jogo Limpo vai ser encerrada' },
  body: /*i18n*/ {
    id: 'mail.closure_begun.body',
    comment: 'cause: barred (the SIGAP register named the player), self (the player asked) or operator',
    message:
      '{cause, select, barred {Consultamos o cadastro de pessoas impedidas de apostar, mantido pelo Ministério da Fazenda (SIGAP), e o seu CPF consta nele. Por isso a lei (Lei 14.790/2023) não nos deixa manter a sua conta.} self {Recebemos o seu pedido para encerrar a sua conta.} other {O Jogo Limpo vai encerrar a sua conta.}}\n\nApostas, depósitos, saques e prêmios pararam agora. O seu saldo de {cash} será pago automaticamente numa chave PIX no seu CPF: você não precisa fazer nada. {hasBonus, select, yes {O bônus de {bonus} foi perdido, como dizem as regras do bônus: era crédito para jogar, não dinheiro para sacar. } other {}}A conta será encerrada até {dueAt}.\n\nDúvidas: fale com o atendimento no app.',
  },
  sms: /*i18n*/ {
    id: 'sms.closure_begun',
    message:
      'Jogo Limpo: {cause, select, barred {seu CPF consta no cadastro de impedidos de apostar (SIGAP); sua conta} self {a seu pedido, sua conta} other {sua conta}} será encerrada até {dueAt}. O saldo de {cash} será pago numa chave PIX no seu CPF.',
  },
}

const closed = {
  subject: /*i18n*/ { id: 'mail.closure_closed.subject', message: 'Sua conta no Jogo Limpo foi encerrada' },
  body: /*i18n*/ {
    id: 'mail.closure_closed.body',
    comment: 'cause: barred, self or operator; paidTo: yes when a payout was made',
    message:
      'Sua conta no Jogo Limpo foi encerrada em {closedAt}. {paidTo, select, yes {Pagamos {paid} na sua chave PIX {key}.} other {Não havia saldo a pagar.}}\n\n{cause, select, barred {Motivo: o seu CPF consta no cadastro de pessoas impedidas de apostar, mantido pelo Ministério da Fazenda (SIGAP).} self {Você pediu o encerramento. A conta só pode ser reaberta pelo atendimento, e não antes de {reopenFrom}.} other {A conta foi encerrada pelo Jogo Limpo.}}\n\nGuardamos os registros da conta pelo tempo que a lei exige (5 anos). Dúvidas: fale com o atendimento.',
  },
  sms: /*i18n*/ {
    id: 'sms.closure_closed',
    message:
      'Jogo Limpo: sua conta foi encerrada. {paidTo, select, yes {Pagamos {paid} na chave PIX {key}.} other {Não havia saldo a pagar.}}',
  },
}

export interface BegunValues {
  cause: ClosureCause
  cash: number
  bonus: number
  dueAt: number
}

export interface ClosedValues {
  cause: ClosureCause
  paid: number
  keyMasked: string | null
  closedAt: number
  reopenFrom: number
}

const when = (language: Language, at: number, timeZone: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(at)

export const languageOf = (value: string): Language => (isLanguage(value) ? value : 'pt-BR')

/** The market's time zone and currency the values are written in. */
export interface NoticeMarket {
  timeZone: string
  currency: Currency
}

export function begunNotice(language: Language, v: BegunValues, market: NoticeMarket): PlayerNotice {
  const values = {
    cause: v.cause,
    cash: formatMoney(v.cash, market.currency),
    bonus: formatMoney(v.bonus, market.currency),
    hasBonus: v.bonus > 0 ? 'yes' : 'no',
    dueAt: when(language, v.dueAt, market.timeZone),
  }
  return {
    subject: say(language, begun.subject),
    text: say(language, begun.body, values),
    sms: say(language, begun.sms, values),
  }
}

export function closedNotice(language: Language, v: ClosedValues, market: NoticeMarket): PlayerNotice {
  const values = {
    cause: v.cause,
    paid: formatMoney(v.paid, market.currency),
    paidTo: v.paid > 0 && v.keyMasked ? 'yes' : 'no',
    key: v.keyMasked ?? '',
    closedAt: when(language, v.closedAt, market.timeZone),
    reopenFrom: when(language, v.reopenFrom, market.timeZone),
  }
  return {
    subject: say(language, closed.subject),
    text: say(language, closed.body, values),
    sms: say(language, closed.sms, values),
  }
}
