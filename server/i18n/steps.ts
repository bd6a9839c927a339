// The tracker's step texts (SPEC 5.3) in the player's language. None asks the player to pay
// anything: the only action a step can ask for is correcting the PIX key, which is free.
import type { Language } from '../../contract/languages.ts'

type StepArgs = { review?: boolean; expectedHours?: number; decision?: string; reason?: string; endToEndId?: string }

const reasons: Record<string, Record<Language, string>> = {
  cancelled_by_player: { 'pt-BR': 'cancelado por você', en: 'cancelled by you', hi: 'आपने रद्द किया' },
  rejected_in_review: { 'pt-BR': 'recusado na revisão', en: 'declined in review', hi: 'समीक्षा में अस्वीकृत' },
  pix_key_not_owned: {
    'pt-BR': 'o banco informou que a chave PIX não está no seu CPF',
    en: 'the bank reported that the PIX key is not registered to your CPF',
    hi: 'बैंक ने बताया कि PIX कुंजी आपके CPF पर पंजीकृत नहीं है',
  },
}

const reasonText = (reason: string | undefined, language: Language) =>
  (reason && reasons[reason]?.[language]) ?? reason ?? ''

export function stepMessage(code: number, args: StepArgs, language: Language): string {
  const pt = language === 'pt-BR'
  const en = language === 'en'
  switch (code) {
    case 1000:
      return pt
        ? 'Pedido aceito: o valor foi reservado do seu saldo.'
        : en
          ? 'Request accepted: the amount was reserved from your balance.'
          : 'अनुरोध स्वीकार: राशि आपके बैलेंस से आरक्षित की गई।'
    case 1100:
      if (!args.review) {
        return pt ? 'Verificações automáticas concluídas.' : en ? 'Automatic checks passed.' : 'स्वचालित जाँच पूरी हुई।'
      }
      if (args.decision === 'approve') {
        return pt ? 'Revisão concluída: aprovado.' : en ? 'Review finished: approved.' : 'समीक्षा पूरी: स्वीकृत।'
      }
      if (args.decision === 'reject') {
        return pt ? 'Revisão concluída: recusado.' : en ? 'Review finished: declined.' : 'समीक्षा पूरी: अस्वीकृत।'
      }
      return pt
        ? `Saques deste valor passam por revisão de um operador, em até ${args.expectedHours} horas. Nada a pagar.`
        : en
          ? `Withdrawals of this size are reviewed by an operator, within ${args.expectedHours} hours. Nothing to pay.`
          : `इस राशि की निकासी की समीक्षा एक ऑपरेटर ${args.expectedHours} घंटे के भीतर करता है। कुछ भी भुगतान नहीं करना है।`
    case 1200:
      return pt ? 'Enviado pela rede PIX.' : en ? 'Sent through the PIX network.' : 'PIX नेटवर्क से भेजा गया।'
    case 2000:
      return pt
        ? `O banco recusou a chave PIX (${args.reason}). Corrija a chave para reenviar — é grátis.`
        : en
          ? `The bank rejected the PIX key (${args.reason}). Correct the key to send again — it is free.`
          : `बैंक ने PIX कुंजी अस्वीकार की (${args.reason})। दोबारा भेजने के लिए कुंजी सुधारें — यह मुफ़्त है।`
    case 2100:
      return pt
        ? 'Reenviado com a chave corrigida.'
        : en
          ? 'Sent again with the corrected key.'
          : 'सुधारी गई कुंजी से दोबारा भेजा गया।'
    case 2200:
      return pt
        ? `Pago. Comprovante PIX (ID fim a fim): ${args.endToEndId}`
        : en
          ? `Paid. PIX receipt (end-to-end id): ${args.endToEndId}`
          : `भुगतान हो गया। PIX रसीद (एंड-टू-एंड आईडी): ${args.endToEndId}`
    case 2300:
      return pt
        ? `Não foi possível pagar (${reasonText(args.reason, language)}). O valor já voltou para o seu saldo.`
        : en
          ? `The payout could not be made (${reasonText(args.reason, language)}). The amount is already back in your balance.`
          : `भुगतान नहीं हो सका (${reasonText(args.reason, language)})। राशि आपके बैलेंस में वापस आ गई है।`
    default:
      return ''
  }
}
