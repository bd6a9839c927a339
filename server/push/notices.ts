// What a Web Push notification says, in the player's language (descriptors translated in
// locales/*/server.po), for the events a player wants to hear about with the app closed: a
// deposit credited, a withdrawal paid, a support reply, a password changed. Built from the outbox events the ledger
// committed, so a notice says only what the records say.
import { type Currency, formatMoney } from '../../contract/money.ts'
import { say } from '../i18n/catalog.ts'
import type { OutboxEvent } from './outbox.ts'
import type { Notice } from './web-push.ts'

export function depositCredited(amount: number, currency: Currency): Notice {
  const money = formatMoney(amount, currency)
  return (language) => ({
    title: say(language, /*i18n*/ { id: 'push.deposit.title', message: 'Depósito creditado' }),
    body: say(language, /*i18n*/ { id: 'push.deposit.body', message: '{money} já está no seu saldo.' }, { money }),
    url: '/',
    tag: 'deposit',
  })
}

export function withdrawalPaid(orderId: string): Notice {
  return (language) => ({
    title: say(language, /*i18n*/ { id: 'push.withdrawal.title', message: 'Saque pago' }),
    body: say(
      language,
      /*i18n*/ { id: 'push.withdrawal.body', message: 'Seu saque foi enviado por PIX. Toque para ver o comprovante.' },
    ),
    url: `/withdrawalTracker?orderId=${encodeURIComponent(orderId)}`,
    tag: `order-${orderId}`,
  })
}

/** For the support module: an operator answered the player's chat. */
export function supportReplied(): Notice {
  return (language) => ({
    title: say(language, /*i18n*/ { id: 'push.support.title', message: 'Resposta do atendimento' }),
    body: say(language, /*i18n*/ { id: 'push.support.body', message: 'Você tem uma nova mensagem no atendimento.' }),
    url: '/servicePage',
    tag: 'support',
  })
}

/** For the accounts module: the account's password was changed (by the player or with a reset code). */
export function passwordChanged(): Notice {
  return (language) => ({
    title: say(language, /*i18n*/ { id: 'push.password.title', message: 'Sua senha foi trocada' }),
    body: say(
      language,
      /*i18n*/ {
        id: 'push.password.body',
        message: 'Os outros aparelhos saíram da conta. Se não foi você, fale com o atendimento agora.',
      },
    ),
    url: '/security',
    tag: 'password',
  })
}

/** The notices a committed batch of outbox events calls for. */
export function noticesFor(events: readonly OutboxEvent[], currency: Currency): { playerId: number; notice: Notice }[] {
  const notices: { playerId: number; notice: Notice }[] = []
  for (const event of events) {
    if (event.playerId === null) continue
    if (event.topic === 'deposit') {
      const { amount } = event.payload as { amount: number }
      notices.push({ playerId: event.playerId, notice: depositCredited(amount, currency) })
    }
    if (event.topic === 'order' && (event.payload as { status: string }).status === 'paid') {
      notices.push({ playerId: event.playerId, notice: withdrawalPaid((event.payload as { orderId: string }).orderId) })
    }
  }
  return notices
}
