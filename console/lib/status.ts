// Order statuses as the console names them (a status the console does not know shows as it is).
// A withdrawal is named by its phase (labels.ts `phaseText`): a stored `processing` may still be
// held at home by the cool-off or a freeze, so here it is only "em andamento", never "sent".
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const names: Record<string, MessageDescriptor> = {
  review: msg`em revisão`,
  processing: msg`em andamento`,
  key_rejected: msg`chave recusada`,
  paid: msg`pago`,
  failed: msg`falhou`,
  pending: msg`aguardando`,
  expired: msg`expirado`,
}

export const statusText = (i18n: I18n, status: string): string => {
  const name = names[status]
  return name ? i18n._(name) : status
}
