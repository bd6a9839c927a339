// Role names as the console shows them.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OperatorRole } from '../../contract/ops.ts'

export const roleName: Record<OperatorRole, MessageDescriptor> = {
  support: msg`Atendimento`,
  payments: msg`Pagamentos`,
  risk: msg`Risco`,
  admin: msg`Administração`,
}
