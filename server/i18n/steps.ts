// The tracker's step texts in the player's language: one table per step, typed per
// language, so a new language is a compile error until every step speaks it. None asks the
// player to pay anything: the only action a step can ask for is correcting the PIX key, which
// is free.
import type { Language } from '../../contract/languages.ts'
import { TrackerStep, type TrackerStepCode } from '../../contract/withdrawals.ts'

/** What a step recorded when it happened (kept as the step's argsJson). */
export interface StepArgs {
  review?: boolean
  /** Steps recorded before the review SLA was in minutes. */
  expectedHours?: number
  expectedMinutes?: number
  decision?: string
  /** When the operator decided (the review step's time from then on). */
  decidedAt?: number
  reason?: string | null
  endToEndId?: string | null
  payoutId?: string
  /** The first withdrawal to a new key waits until then: a device just signed in to the account (which had money) or was removed. */
  coolOffUntil?: number
}

type Texts = Record<Language, string>
type StepTexts = (args: StepArgs, language: Language, time: (epochMs: number) => string) => Texts

const reasons: Record<string, Texts> = {
  cancelled_by_player: { 'pt-BR': 'cancelado por você', en: 'cancelled by you', hi: 'आपने रद्द किया' },
  rejected_in_review: { 'pt-BR': 'recusado na revisão', en: 'declined in review', hi: 'समीक्षा में अस्वीकृत' },
  pix_key_not_owned: {
    'pt-BR': 'o banco informou que a chave PIX não está no seu CPF',
    en: 'the bank reported that the PIX key is not registered to your CPF',
    hi: 'बैंक ने बताया कि PIX कुंजी आपके CPF पर पंजीकृत नहीं है',
  },
}

const reasonText = (reason: string | null | undefined, language: Language) =>
  (reason && reasons[reason]?.[language]) ?? reason ?? ''

function checksText(args: StepArgs, _language: Language, time: (epochMs: number) => string): Texts {
  if (args.review && args.decision === 'approve' && args.coolOffUntil !== undefined) {
    const at = time(args.coolOffUntil)
    return {
      'pt-BR': `Revisão concluída: aprovado. Por segurança, depois de uma mudança de senha ou aparelho, o envio ao banco segue às ${at}. Nada a pagar.`,
      en: `Review finished: approved. For your safety, after a password or device change, it goes to the bank at ${at}. Nothing to pay.`,
      hi: `समीक्षा पूरी: स्वीकृत। पासवर्ड या डिवाइस बदलने के बाद आपकी सुरक्षा के लिए यह ${at} पर बैंक को भेजी जाएगी। कुछ भी भुगतान नहीं करना है।`,
    }
  }
  if (args.coolOffUntil !== undefined && !args.review) {
    const at = time(args.coolOffUntil)
    return {
      'pt-BR': `Primeiro saque para esta chave depois que outro aparelho entrou na conta ou saiu dela: por segurança, ele segue às ${at}. Nada a pagar.`,
      en: `First withdrawal to this key since another device signed in to or was removed from your account: for your safety it goes out at ${at}. Nothing to pay.`,
      hi: `आपके खाते में किसी दूसरे डिवाइस के लॉग इन करने या हटाए जाने के बाद इस कुंजी पर पहली निकासी: आपकी सुरक्षा के लिए यह ${at} पर भेजी जाएगी। कुछ भी भुगतान नहीं करना है।`,
    }
  }
  if (!args.review) {
    return {
      'pt-BR': 'Verificações automáticas concluídas.',
      en: 'Automatic checks passed.',
      hi: 'स्वचालित जाँच पूरी हुई।',
    }
  }
  if (args.decision === 'approve') {
    return { 'pt-BR': 'Revisão concluída: aprovado.', en: 'Review finished: approved.', hi: 'समीक्षा पूरी: स्वीकृत।' }
  }
  if (args.decision === 'reject') {
    return { 'pt-BR': 'Revisão concluída: recusado.', en: 'Review finished: declined.', hi: 'समीक्षा पूरी: अस्वीकृत।' }
  }
  const minutes = args.expectedMinutes ?? (args.expectedHours ?? 0) * 60
  return {
    'pt-BR': `Saques deste valor passam por revisão de um operador, em até ${minutes} minutos. Nada a pagar.`,
    en: `Withdrawals of this size are reviewed by an operator, within ${minutes} minutes. Nothing to pay.`,
    hi: `इस राशि की निकासी की समीक्षा एक ऑपरेटर ${minutes} मिनट के भीतर करता है। कुछ भी भुगतान नहीं करना है।`,
  }
}

const steps: Record<TrackerStepCode, StepTexts> = {
  [TrackerStep.accepted]: () => ({
    'pt-BR': 'Pedido aceito: o valor foi reservado do seu saldo.',
    en: 'Request accepted: the amount was reserved from your balance.',
    hi: 'अनुरोध स्वीकार: राशि आपके बैलेंस से आरक्षित की गई।',
  }),
  [TrackerStep.checks]: checksText,
  [TrackerStep.sent]: () => ({
    'pt-BR': 'Enviado pela rede PIX.',
    en: 'Sent through the PIX network.',
    hi: 'PIX नेटवर्क से भेजा गया।',
  }),
  [TrackerStep.keyRejected]: (args) => ({
    'pt-BR': `O banco recusou a chave PIX (${args.reason}). Corrija a chave para reenviar — é grátis.`,
    en: `The bank rejected the PIX key (${args.reason}). Correct the key to send again — it is free.`,
    hi: `बैंक ने PIX कुंजी अस्वीकार की (${args.reason})। दोबारा भेजने के लिए कुंजी सुधारें — यह मुफ़्त है।`,
  }),
  [TrackerStep.resent]: () => ({
    'pt-BR': 'Reenviado com a chave corrigida.',
    en: 'Sent again with the corrected key.',
    hi: 'सुधारी गई कुंजी से दोबारा भेजा गया।',
  }),
  [TrackerStep.paid]: (args) => ({
    'pt-BR': `Pago. Comprovante PIX (ID fim a fim): ${args.endToEndId}`,
    en: `Paid. PIX receipt (end-to-end id): ${args.endToEndId}`,
    hi: `भुगतान हो गया। PIX रसीद (एंड-टू-एंड आईडी): ${args.endToEndId}`,
  }),
  [TrackerStep.failed]: (args, language) => {
    const why = reasonText(args.reason, language)
    return {
      'pt-BR': `Não foi possível pagar (${why}). O valor já voltou para o seu saldo.`,
      en: `The payout could not be made (${why}). The amount is already back in your balance.`,
      hi: `भुगतान नहीं हो सका (${why})। राशि आपके बैलेंस में वापस आ गई है।`,
    }
  },
}

/** A step's text in the player's language; `time` formats an instant in the market's zone. */
export function stepMessage(
  code: TrackerStepCode,
  args: StepArgs,
  language: Language,
  time: (epochMs: number) => string,
): string {
  return steps[code]?.(args, language, time)[language] ?? ''
}
