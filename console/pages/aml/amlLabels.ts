// Names the AML pages give the module's codes: the classes, each reason with its figures in words,
// the review outcomes and the screening statuses.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
  AmlClass,
  AmlReason,
  AmlReviewOutcome,
  ScreeningStatus,
  ScreeningStrength,
} from '../../../contract/aml.ts'
import { money } from '../../lib/format.ts'

const classes: Record<AmlClass, MessageDescriptor> = {
  low: msg`Baixo`,
  medium: msg`Médio`,
  high: msg`Alto`,
}

const outcomes: Record<AmlReviewOutcome, MessageDescriptor> = {
  keep: msg`Manter o relacionamento`,
  escalate_coaf: msg`Levar ao COAF (abrir caso)`,
  exit_relationship: msg`Encerrar o relacionamento`,
}

const statuses: Record<ScreeningStatus, MessageDescriptor> = {
  open: msg`Aguardando análise`,
  frozen: msg`Conta congelada, na fila de verificações`,
  cleared: msg`Outra pessoa (descartada)`,
  confirmed: msg`Confirmada: conta congelada`,
}

const strengths: Record<ScreeningStrength, MessageDescriptor> = {
  strong: msg`Forte`,
  weak: msg`Fraca`,
}

export const classText = (i18n: I18n, cls: AmlClass) => i18n._(classes[cls])
export const outcomeText = (i18n: I18n, outcome: AmlReviewOutcome) => i18n._(outcomes[outcome])
export const screeningStatusText = (i18n: I18n, status: ScreeningStatus) => i18n._(statuses[status])
export const strengthText = (i18n: I18n, strength: ScreeningStrength) => i18n._(strengths[strength])

const n = (value: number | string | undefined) => Number(value ?? 0)

/** One reason with its figures, as an operator reads it. */
export function reasonText(i18n: I18n, reason: AmlReason): string {
  const f = reason.figures
  switch (reason.code) {
    case 'pep':
      return i18n._(msg`Pessoa politicamente exposta (consulta do CPF)`)
    case 'volume':
      return i18n._(msg`Depósitos de ${money(n(f.deposited))} em ${n(f.days)} dias (${n(f.deposits)} depósitos)`)
    case 'volume_over_profile':
      return i18n._(msg`Depósitos de ${money(n(f.deposited))} acima do perfil declarado (${money(n(f.profile))})`)
    case 'payers':
      return i18n._(msg`${n(f.otherPayers)} pagadores além do próprio jogador`)
    case 'payout_keys':
      return i18n._(msg`Saques para ${n(f.payoutKeys)} chaves PIX diferentes`)
    case 'money_watch':
      return i18n._(
        msg`Alertas de monitoramento: ${n(f.flags)} no período, ${n(f.open)} abertos, ${n(f.reported)} comunicados ao COAF`,
      )
    case 'country':
      return i18n._(msg`Acesso a partir de jurisdição de alto risco: ${String(f.countries ?? '')}`)
    case 'sanctions_review':
      return i18n._(msg`Coincidência com a lista de sanções da ONU em análise`)
  }
}
