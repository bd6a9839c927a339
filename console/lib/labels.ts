// Names the console gives the server's codes — ledger kinds and accounts (the kind table's names,
// contract/transfers.ts, as the statement shows them), withdrawal steps and phases, failure
// reasons, limit events — so an operator reads words, not `withdrawal_hold` or a JSON object. A
// free-form code the console does not know (a bank's reason) shows as it is.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  type LimitActor,
  type LimitEvent,
  type LimitEventKind,
  limitSettingUnits,
} from '../../contract/limit-values.ts'
import type { WithdrawalPhase, WithdrawalStepLine } from '../../contract/ops.ts'
import {
  type StatementAccount,
  statementAccountLabels,
  type TransferKind,
  transferKindFacts,
} from '../../contract/transfers.ts'
import {
  isWithdrawalFailReason,
  StepState,
  type StepStateCode,
  TrackerStep,
  type TrackerStepCode,
  type WithdrawalFailReason,
} from '../../contract/withdrawal-values.ts'
import { clockTime, dateTime, money } from './format.ts'

const roundLabel = msg`Rodada`

/** A statement line's kind ("Saque reservado", "Rodada"). */
export const transferKindText = (i18n: I18n, kind: TransferKind | 'round') =>
  i18n._(kind === 'round' ? roundLabel : transferKindFacts[kind].label)

/** A player's ledger account ("Reservado para saque"). */
export const accountText = (i18n: I18n, account: StatementAccount) => i18n._(statementAccountLabels[account])

const steps: Record<TrackerStepCode, MessageDescriptor> = {
  [TrackerStep.accepted]: msg`Pedido aceito`,
  [TrackerStep.checks]: msg`Verificações`,
  [TrackerStep.sent]: msg`Enviado ao banco`,
  [TrackerStep.keyRejected]: msg`Chave recusada pelo banco`,
  [TrackerStep.resent]: msg`Reenviado ao banco`,
  [TrackerStep.paid]: msg`Pago`,
  [TrackerStep.failed]: msg`Não pago`,
}

const stepStates: Record<StepStateCode, MessageDescriptor> = {
  [StepState.success]: msg`concluído`,
  [StepState.failed]: msg`falhou`,
  [StepState.exception]: msg`erro`,
  [StepState.waiting]: msg`aguardando`,
}

const approved = msg`Revisão: aprovado`
const rejected = msg`Revisão: recusado`
const waitingReview = msg`Em revisão`

/** A withdrawal step as words: "Revisão: aprovado · 14:05:10", "Verificações · aguardando". */
export function stepText(i18n: I18n, step: WithdrawalStepLine): string {
  const checks = step.code === TrackerStep.checks
  const waiting = step.state === StepState.waiting
  let name = i18n._(steps[step.code])
  if (checks && step.decision === 'approve') name = i18n._(approved)
  else if (checks && step.decision === 'reject') name = i18n._(rejected)
  else if (checks && waiting && step.coolOffUntil === null) name = i18n._(waitingReview)
  const state = waiting ? ` (${i18n._(stepStates[step.state])})` : ''
  const coolOff =
    waiting && step.coolOffUntil !== null
      ? ` · ${i18n._(msg`período de segurança até ${clockTime(step.coolOffUntil)}`)}`
      : ''
  return `${name}${state}${coolOff} · ${clockTime(step.at)}`
}

/** What a withdrawal is doing now, in the words an operator acts on. */
export function phaseText(i18n: I18n, phase: WithdrawalPhase, sendAfter: number | null): string {
  switch (phase) {
    case 'review':
      return i18n._(msg`em revisão`)
    case 'cool_off':
      return sendAfter === null
        ? i18n._(msg`retido: período de segurança`)
        : i18n._(msg`retido: período de segurança até ${dateTime(sendAfter)} (não enviado)`)
    case 'frozen':
      return i18n._(msg`retido: conta congelada (não enviado)`)
    case 'queued':
      return i18n._(msg`na fila para o banco (não enviado)`)
    case 'at_bank':
      return i18n._(msg`no banco, aguardando o pagamento`)
    case 'key_rejected':
      return i18n._(msg`chave recusada pelo banco`)
    case 'paid':
      return i18n._(msg`pago`)
    case 'failed':
      return i18n._(msg`não pago (valor devolvido ao saldo)`)
  }
}

const failReasons: Record<WithdrawalFailReason, MessageDescriptor> = {
  rejected_in_review: msg`recusado na revisão`,
  cancelled_by_player: msg`cancelado pelo jogador`,
  pix_key_not_owned: msg`a chave PIX não está no CPF do jogador`,
  account_closing: msg`conta em encerramento (o saldo é pago pelo encerramento)`,
  failed: msg`recusado pelo banco`,
}

/** Why a withdrawal failed (the bank's own words pass through). */
export const failReasonText = (i18n: I18n, reason: string) =>
  isWithdrawalFailReason(reason) ? i18n._(failReasons[reason]) : reason

const limitKinds: Record<LimitEventKind, MessageDescriptor> = {
  registration: msg`Limites do cadastro`,
  self_exclusion: msg`Autoexclusão`,
  deposit_day: msg`Limite de depósito (dia)`,
  deposit_week: msg`Limite de depósito (semana)`,
  deposit_month: msg`Limite de depósito (mês)`,
  loss_day: msg`Limite de perda (dia)`,
  loss_week: msg`Limite de perda (semana)`,
  loss_month: msg`Limite de perda (mês)`,
  time_day: msg`Tempo por dia`,
  time_session: msg`Tempo por sessão`,
  reality_check: msg`Alerta de tempo`,
}

const actors: Record<LimitActor, MessageDescriptor> = { player: msg`o jogador`, operator: msg`um operador` }

/** A limit event as a sentence: what changed, to what, by whom. */
export function limitEventText(i18n: I18n, event: Omit<LimitEvent, 'at'>): string {
  const d = event.detail
  const kind = i18n._(limitKinds[event.kind])
  const by = i18n._(actors[event.actor])
  const amount = (value: unknown) => (typeof value === 'number' ? money(value) : i18n._(msg`sem limite`))
  const minutes = (value: unknown) => (typeof value === 'number' ? `${value} min` : i18n._(msg`sem limite`))
  let what: string
  if (event.kind === 'registration') {
    what = i18n._(msg`perda por dia ${amount(d.dailyLoss)}, tempo por dia ${minutes(d.dailyMinutes)}`)
  } else if (event.kind === 'self_exclusion') {
    const until = typeof d.until === 'number' ? dateTime(d.until) : i18n._(msg`permanente`)
    what = d.kept ? i18n._(msg`pedido de ${until} não encurta a atual (mantida)`) : i18n._(msg`até ${until}`)
  } else {
    const isTime = limitSettingUnits[event.kind] === 'minutes'
    const value = isTime ? minutes(d.inForce) : amount(d.inForce)
    const pending = d.pending as { value: number | null; from: number } | null | undefined
    what = pending
      ? i18n._(
          msg`em vigor ${value}; ${isTime ? minutes(pending.value) : amount(pending.value)} a partir de ${dateTime(pending.from)}`,
        )
      : i18n._(msg`em vigor ${value}`)
  }
  return `${kind}: ${what} · ${by}`
}
