// Names the console gives verification's codes: why a verification waits for an operator, and the
// barred list's categories.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BarredCategory, VerificationReviewReason } from '../../contract/identity.ts'

const reviewReasons: Record<VerificationReviewReason, MessageDescriptor> = {
  name_mismatch: msg`Nome diferente do registrado no CPF`,
  birth_date_mismatch: msg`Data de nascimento diferente da registrada`,
  pep: msg`Pessoa politicamente exposta (PEP)`,
  bureau_unavailable: msg`Consulta ao CPF sem resposta`,
  barred_list: msg`CPF na lista de impedidos`,
  cpf_contested: msg`CPF também informado por outra conta em análise`,
  face_mismatch: msg`Rosto diferente do registrado no CPF`,
  face_liveness: msg`Prova de vida abaixo do mínimo`,
  face_unavailable: msg`Verificação de rosto sem resposta`,
  face_no_camera: msg`Sem câmera: rosto não verificado`,
  sanctions: msg`Nome na lista de sanções do Conselho de Segurança da ONU`,
}

const categories: Record<BarredCategory, MessageDescriptor> = {
  owner: msg`sócios e donos`,
  staff: msg`funcionários`,
  other: msg`outros impedidos`,
}

export const reviewReasonText = (i18n: I18n, reason: VerificationReviewReason) => i18n._(reviewReasons[reason])
export const barredCategoryText = (i18n: I18n, category: BarredCategory) => i18n._(categories[category])
