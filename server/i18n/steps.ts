// The tracker's step texts in the player's language, as message descriptors translated in
// locales/*/server.po. None asks the player to pay anything: the only action a step can ask for
// is correcting the PIX key, which is free.
import type { Language } from '../../contract/languages.ts'
import type { ReviewDecision } from '../../contract/ops.ts'
import {
  isWithdrawalFailReason,
  TrackerStep,
  type TrackerStepCode,
  type WithdrawalFailReason,
} from '../../contract/withdrawals.ts'
import { type MessageDescriptor, say, type TextValues } from './catalog.ts'

/** What a step recorded when it happened (kept as the step's argsJson). */
export interface StepArgs {
  review?: boolean
  /** Steps recorded before the review SLA was in minutes. */
  expectedHours?: number
  expectedMinutes?: number
  decision?: ReviewDecision
  /** When the operator decided (the review step's time from then on). */
  decidedAt?: number
  reason?: string | null
  endToEndId?: string | null
  payoutId?: string
  /** The first withdrawal to a new key waits until then: a device just signed in to the account (which had money) or was removed. */
  coolOffUntil?: number
}

/** A step's text and its values, formatted; `time` formats an instant in the market's zone. */
type StepText = (
  args: StepArgs,
  time: (epochMs: number) => string,
  language: Language,
) => [MessageDescriptor, TextValues?]

/** Why a payout failed, in the player's words; a bank's own words are shown as they are. */
const failReasons: Record<WithdrawalFailReason, MessageDescriptor> = {
  cancelled_by_player: /*i18n*/ { id: 'failReason.cancelled_by_player', message: 'cancelado por você' },
  rejected_in_review: /*i18n*/ { id: 'failReason.rejected_in_review', message: 'recusado na revisão' },
  pix_key_not_owned: /*i18n*/ {
    id: 'failReason.pix_key_not_owned',
    message: 'o banco informou que a chave PIX não está no seu CPF',
  },
  account_closing: /*i18n*/ {
    id: 'failReason.account_closing',
    message: 'a conta está sendo encerrada, e o saldo é pago pelo encerramento',
  },
  failed: /*i18n*/ { id: 'failReason.failed', message: 'o banco recusou o pagamento' },
}

function checksText(args: StepArgs, time: (epochMs: number) => string): ReturnType<StepText> {
  if (args.review && args.decision === 'approve' && args.coolOffUntil !== undefined) {
    return [
      /*i18n*/ {
        id: 'step.checks.approvedAfterCoolOff',
        message:
          'Revisão concluída: aprovado. Por segurança, depois de uma mudança de senha ou aparelho, o envio ao banco segue às {at}. Nada a pagar.',
      },
      { at: time(args.coolOffUntil) },
    ]
  }
  if (args.coolOffUntil !== undefined && !args.review) {
    return [
      /*i18n*/ {
        id: 'step.checks.coolOff',
        message:
          'Primeiro saque para esta chave depois que a senha foi trocada ou outro aparelho entrou na conta ou saiu dela: por segurança, ele segue às {at}. Nada a pagar.',
      },
      { at: time(args.coolOffUntil) },
    ]
  }
  if (!args.review) return [/*i18n*/ { id: 'step.checks.automatic', message: 'Verificações automáticas concluídas.' }]
  if (args.decision === 'approve') {
    return [/*i18n*/ { id: 'step.checks.approved', message: 'Revisão concluída: aprovado.' }]
  }
  if (args.decision === 'reject') {
    return [/*i18n*/ { id: 'step.checks.declined', message: 'Revisão concluída: recusado.' }]
  }
  return [
    /*i18n*/ {
      id: 'step.checks.inReview',
      message: 'Saques deste valor passam por revisão de um operador, em até {minutes} minutos. Nada a pagar.',
    },
    { minutes: args.expectedMinutes ?? (args.expectedHours ?? 0) * 60 },
  ]
}

const steps: Record<TrackerStepCode, StepText> = {
  [TrackerStep.accepted]: () => [
    /*i18n*/ { id: 'step.accepted', message: 'Pedido aceito: o valor foi reservado do seu saldo.' },
  ],
  [TrackerStep.checks]: checksText,
  [TrackerStep.sent]: () => [/*i18n*/ { id: 'step.sent', message: 'Enviado pela rede PIX.' }],
  [TrackerStep.keyRejected]: (args) => [
    /*i18n*/ {
      id: 'step.keyRejected',
      comment: "reason: the bank's own words",
      message: 'O banco recusou a chave PIX ({reason}). Corrija a chave para reenviar — é grátis.',
    },
    { reason: String(args.reason) },
  ],
  [TrackerStep.resent]: () => [/*i18n*/ { id: 'step.resent', message: 'Reenviado com a chave corrigida.' }],
  [TrackerStep.paid]: (args) => [
    /*i18n*/ { id: 'step.paid', message: 'Pago. Comprovante PIX (ID fim a fim): {endToEndId}' },
    { endToEndId: String(args.endToEndId) },
  ],
  [TrackerStep.failed]: (args, _time, language) => {
    const reason = args.reason ?? ''
    return [
      /*i18n*/ {
        id: 'step.failed',
        comment: "reason: why the payout failed (a failReason.* text) or the bank's own words",
        message: 'Não foi possível pagar ({reason}). O valor já voltou para o seu saldo.',
      },
      { reason: isWithdrawalFailReason(reason) ? say(language, failReasons[reason]) : reason },
    ]
  },
}

/** A step's text in the player's language; `time` formats an instant in the market's zone. */
export function stepMessage(
  code: TrackerStepCode,
  args: StepArgs,
  language: Language,
  time: (epochMs: number) => string,
): string {
  const step = steps[code]
  if (!step) return ''
  const [text, values] = step(args, time, language)
  return say(language, text, values)
}
