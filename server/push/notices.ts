// What a Web Push notification says (pt-BR, en, hi) for the events a player wants to hear about
// with the app closed: a deposit credited, a withdrawal paid, a support reply. Built from the
// outbox events the ledger committed, so a notice says only what the records say.
import type { Language } from '../../contract/languages.ts'
import { type Currency, formatMoney } from '../../contract/money.ts'
import type { OutboxEvent } from './outbox.ts'
import type { Notice } from './web-push.ts'

type Texts = Record<Language, string>

export function depositCredited(amount: number, currency: Currency): Notice {
  const money = formatMoney(amount, currency)
  const title: Texts = { 'pt-BR': 'Depósito creditado', en: 'Deposit credited', hi: 'जमा राशि जुड़ गई' }
  const body: Texts = {
    'pt-BR': `${money} já está no seu saldo.`,
    en: `${money} is in your balance.`,
    hi: `${money} आपके बैलेंस में है।`,
  }
  return (language) => ({ title: title[language], body: body[language], url: '/', tag: 'deposit' })
}

export function withdrawalPaid(orderId: string): Notice {
  const title: Texts = { 'pt-BR': 'Saque pago', en: 'Withdrawal paid', hi: 'निकासी का भुगतान हो गया' }
  const body: Texts = {
    'pt-BR': 'Seu saque foi enviado por PIX. Toque para ver o comprovante.',
    en: 'Your withdrawal was sent by PIX. Tap to see the receipt.',
    hi: 'आपकी निकासी PIX से भेज दी गई। रसीद देखने के लिए टैप करें।',
  }
  return (language) => ({
    title: title[language],
    body: body[language],
    url: `/withdrawalTracker?orderId=${encodeURIComponent(orderId)}`,
    tag: `order-${orderId}`,
  })
}

/** For the support module: an operator answered the player's chat. */
export function supportReplied(): Notice {
  const title: Texts = { 'pt-BR': 'Resposta do atendimento', en: 'Support replied', hi: 'सहायता का जवाब' }
  const body: Texts = {
    'pt-BR': 'Você tem uma nova mensagem no atendimento.',
    en: 'You have a new message from support.',
    hi: 'सहायता से आपके लिए नया संदेश है।',
  }
  return (language) => ({ title: title[language], body: body[language], url: '/servicePage', tag: 'support' })
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
