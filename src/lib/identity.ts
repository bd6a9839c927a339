// What the app says about verification in the player's language: why an operator is looking at
// their details (each of the identity bureau's unsettled answers), and each refusal of the bureau
// or of the rules (a suspended or deceased CPF, under 18, barred from betting).
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { VERIFICATION_REVIEW_MINUTES, type VerificationReviewReason } from '../../contract/identity.ts'
import { ApiError } from './http.ts'
import { formatMinute } from './time.ts'

export const reviewReasonTexts: Record<VerificationReviewReason, MessageDescriptor> = {
  name_mismatch: msg`O nome informado não é o mesmo registrado no seu CPF na Receita Federal. Nossa equipe vai conferir e avisar aqui; até lá, os depósitos esperam.`,
  birth_date_mismatch: msg`A data de nascimento informada não é a registrada no seu CPF. Nossa equipe vai conferir e avisar aqui; até lá, os depósitos esperam.`,
  pep: msg`Seu CPF consta como pessoa politicamente exposta (PEP). Nesse caso a lei pede que nossa equipe confira o cadastro antes do primeiro depósito; avisaremos aqui.`,
  bureau_unavailable: msg`Não conseguimos consultar a Receita Federal agora. Nossa equipe vai conferir seus dados e avisar aqui; até lá, os depósitos esperam.`,
  barred_list: msg`Sua conta está em análise pela nossa equipe. Fale com o atendimento se tiver dúvidas.`,
  // Said as neutrally as a barred-list hold: the law forbids telling someone they are being looked at for this.
  sanctions: msg`Sua conta está em análise pela nossa equipe. Fale com o atendimento se tiver dúvidas.`,
  cpf_contested: msg`Outra conta informou este CPF e aguarda análise. Nossa equipe vai conferir quem é o titular e avisar aqui; até lá, os depósitos esperam.`,
  face_mismatch: msg`A verificação de rosto não confirmou que você é o titular do CPF. Nossa equipe vai conferir e avisar aqui; até lá, os depósitos esperam.`,
  face_liveness: msg`A verificação de rosto não ficou clara. Nossa equipe vai conferir e avisar aqui; até lá, os depósitos esperam.`,
  face_unavailable: msg`Não conseguimos conferir seu rosto agora. Nossa equipe vai conferir seus dados e avisar aqui; até lá, os depósitos esperam.`,
  face_no_camera: msg`Sem câmera, nossa equipe confere seus dados por outro meio e avisa aqui; até lá, os depósitos esperam.`,
}

/**
 * How long our team takes, from the queue's own clock (VERIFICATION_REVIEW_MINUTES): by when the
 * answer is due, or, once that has passed, that it is late and still coming.
 */
export function reviewWaitText(dueAt: number, now: number, i18n: I18n): string {
  const hours = Math.round(VERIFICATION_REVIEW_MINUTES / 60)
  const time = formatMinute(dueAt, i18n.locale)
  return now <= dueAt
    ? i18n._(
        msg`Nossa equipe responde em até ${plural(hours, { one: '# hora', other: '# horas' })}: até ${time}. A resposta aparece aqui.`,
      )
    : i18n._(
        msg`O prazo de ${plural(hours, { one: '# hora', other: '# horas' })} (até ${time}) passou: sua verificação continua na fila da nossa equipe e a resposta aparece aqui. Se precisar, fale com o atendimento.`,
      )
}

const refusalTexts: Record<string, MessageDescriptor> = {
  identity_under_age: msg`Apostas são só para maiores de 18 anos: pela data de nascimento, você ainda não pode abrir uma conta.`,
  identity_barred: msg`Este CPF está impedido de apostar aqui (Lei 14.790/2023, art. 26: sócios, funcionários e pessoas impedidas). Fale com o atendimento se for um engano.`,
  identity_cpf_suspended: msg`Seu CPF está suspenso na Receita Federal. Regularize-o (gov.br ou uma agência) e tente de novo.`,
  identity_cpf_deceased: msg`A Receita Federal registra este CPF como de uma pessoa falecida. Não é possível verificar a conta com ele.`,
  verification_pending: msg`Seus dados estão em análise por nossa equipe. Avisaremos aqui assim que for decidido; depois disso você pode depositar.`,
  reward_verification_required: msg`Promoções são só para contas verificadas: informe nome completo, CPF e data de nascimento em Depositar.`,
}

/** The refusal in the player's language when it is one of verification's, else the server's words or `fallback`. */
export function verificationRefusalText(error: unknown, i18n: I18n, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  const text = refusalTexts[error.msgCode]
  return text ? i18n._(text) : error.message
}

/** `15/01/1990` (as typed, digits grouped) → `1990-01-15`, or null when it is no calendar date. */
export function isoBirthDate(typed: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim())
  if (!match) return null
  const [, day, month, year] = match
  const iso = `${year}-${month}-${day}`
  const date = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso && iso >= '1900-01-01' ? iso : null
}

/** Groups a date of birth as it is typed: `15011990` → `15/01/1990`. */
export function groupDateInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/')
}
