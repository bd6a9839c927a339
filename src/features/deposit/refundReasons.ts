// Why a PIX was returned to the payer, as the deposit screens say it (the server sends the code).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RefundReason, RefundStatus } from '../../../contract/deposits.ts'

export const refundReasonLabels: Record<RefundReason, MessageDescriptor> = {
  overpaid: msg`pagamento acima do valor da cobrança`,
  underpaid: msg`pagamento abaixo do valor da cobrança`,
  already_paid: msg`esta cobrança já tinha sido paga`,
  self_excluded: msg`sua conta está em pausa`,
  account_held: msg`sua conta está em análise`,
  deposit_limit: msg`passaria do seu limite de depósito`,
  payer_not_player: msg`o PIX veio de um CPF que não é o seu`,
  payer_unknown: msg`o banco não informou o CPF de quem pagou`,
  unknown_charge: msg`cobrança desconhecida`,
}

export const refundStatusLabels: Record<RefundStatus, MessageDescriptor> = {
  pending: msg`devolução pedida ao banco`,
  processing: msg`devolução a caminho`,
  returned: msg`devolvido`,
  failed: msg`devolução não realizada — fale com o atendimento`,
}
