// Names the console gives the server's codes — ledger kinds and accounts, withdrawal steps and
// phases, failure reasons, limit events — so an operator reads words, not `withdrawal_hold` or a
// JSON object. A code the console does not know shows as it is.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { WithdrawalPhase } from '../../contract/ops.ts'
import { clockTime, dateTime, money } from './format.ts'

const named = (i18n: I18n, table: Record<string, MessageDescriptor>, code: string) => {
  const name = table[code]
  return name ? i18n._(name) : code
}

const transferKinds: Record<string, MessageDescriptor> = {
  round: msg`Rodada`,
  adjustment: msg`Ajuste do operador`,
  deposit: msg`Depósito PIX`,
  bet: msg`Aposta`,
  win: msg`Prêmio`,
  bet_rollback: msg`Aposta estornada`,
  withdrawal_hold: msg`Saque reservado`,
  withdrawal_post: msg`Saque pago`,
  withdrawal_void: msg`Saque devolvido`,
  bonus_conversion: msg`Bônus convertido em dinheiro`,
  first_deposit_bonus: msg`Bônus de primeiro depósito`,
  new_player_gift: msg`Presente de boas-vindas`,
  sign_in_reward: msg`Check-in diário`,
  sign_in_streak_bonus: msg`Bônus de 7 dias seguidos`,
  wheel_prize: msg`Roleta grátis`,
  task_reward: msg`Tarefa de jogo`,
  invite_reward: msg`Convite de amigo`,
  download_reward: msg`Bônus por instalar o app`,
  jackpot_won: msg`Jackpot ganho`,
  jackpot_seed: msg`Semente do jackpot`,
  jackpot_share: msg`Contribuição ao jackpot`,
  pix_refund: msg`PIX devolvido ao pagador`,
}

const accounts: Record<string, MessageDescriptor> = {
  cash: msg`Dinheiro`,
  bonus: msg`Bônus`,
  withdrawal_hold: msg`Reservado para saque`,
}

/** A statement line's kind ("Saque reservado", "Rodada"). */
export const transferKindText = (i18n: I18n, kind: string) => named(i18n, transferKinds, kind)

/** A player's ledger account ("Reservado para saque"). */
export const accountText = (i18n: I18n, account: string) => named(i18n, accounts, account)

const steps: Record<number, MessageDescriptor> = {
  1000: msg`Pedido aceito`,
  1100: msg`Verificações`,
  1200: msg`Enviado ao banco`,
  2000: msg`Chave recusada pelo banco`,
  2100: msg`Reenviado ao banco`,
  2200: msg`Pago`,
  2300: msg`Não pago`,
}

const stepStates: Record<number, MessageDescriptor> = {
  1: msg`concluído`,
  2: msg`falhou`,
  3: msg`erro`,
  4: msg`aguardando`,
}

const approved = msg`Revisão: aprovado`
const rejected = msg`Revisão: recusado`
const waitingReview = msg`Em revisão`

/** A withdrawal step as words: "Revisão: aprovado · 14:05:10", "Verificações · aguardando". */
export function stepText(
  i18n: I18n,
  step: { code: number; state: number; at: number; decision: string | null; coolOffUntil: number | null },
): string {
  let name = steps[step.code] ? i18n._(steps[step.code] as MessageDescriptor) : String(step.code)
  if (step.code === 1100 && step.decision === 'approve') name = i18n._(approved)
  else if (step.code === 1100 && step.decision === 'reject') name = i18n._(rejected)
  else if (step.code === 1100 && step.state === 4 && step.coolOffUntil === null) name = i18n._(waitingReview)
  const state = step.state === 4 ? ` (${i18n._(stepStates[4] as MessageDescriptor)})` : ''
  const coolOff =
    step.state === 4 && step.coolOffUntil !== null
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

const failReasons: Record<string, MessageDescriptor> = {
  rejected_in_review: msg`recusado na revisão`,
  cancelled_by_player: msg`cancelado pelo jogador`,
  pix_key_not_owned: msg`a chave PIX não está no CPF do jogador`,
  failed: msg`recusado pelo banco`,
}

/** Why a withdrawal failed (the bank's own words pass through). */
export const failReasonText = (i18n: I18n, reason: string) => named(i18n, failReasons, reason)

const limitKinds: Record<string, MessageDescriptor> = {
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

const actors: Record<string, MessageDescriptor> = { player: msg`o jogador`, operator: msg`um operador` }

/** A limit event as a sentence: what changed, to what, by whom. */
export function limitEventText(
  i18n: I18n,
  event: { kind: string; detail: Record<string, unknown>; actor: string },
): string {
  const d = event.detail
  const kind = named(i18n, limitKinds, event.kind)
  const by = named(i18n, actors, event.actor)
  const amount = (value: unknown) => (typeof value === 'number' ? money(value) : i18n._(msg`sem limite`))
  const minutes = (value: unknown) => (typeof value === 'number' ? `${value} min` : i18n._(msg`sem limite`))
  const isTime = event.kind.startsWith('time_') || event.kind === 'reality_check'
  let what: string
  if (event.kind === 'registration') {
    what = i18n._(msg`perda por dia ${amount(d.dailyLoss)}, tempo por dia ${minutes(d.dailyMinutes)}`)
  } else if (event.kind === 'self_exclusion') {
    const until = typeof d.until === 'number' ? dateTime(d.until) : i18n._(msg`permanente`)
    what = d.kept ? i18n._(msg`pedido de ${until} não encurta a atual (mantida)`) : i18n._(msg`até ${until}`)
  } else {
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
