// Names of ledger entry kinds, statement lines and accounts, as the statement shows them.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StatementAccount, StatementEntryView } from '../../../contract/statement.ts'
import type { TransferKind } from '../../../contract/transfers.ts'

export const kindLabels: Record<TransferKind, MessageDescriptor> = {
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

export const accountLabels: Record<StatementAccount, MessageDescriptor> = {
  cash: msg`Dinheiro`,
  bonus: msg`Bônus`,
  withdrawal_hold: msg`Reservado para saque`,
}

const roundLabel = msg`Rodada`
const returnLabel = msg`Retorno`
const withdrawalPaid = msg`Saque pago`
const withdrawalNotPaid = msg`Saque não concluído`

/**
 * A leg's name within its line: a round's win is a prize only when it paid more than the bet;
 * less, or the bet itself, is a return (never shown as a win).
 */
export function legLabel(line: StatementEntryView, kind: TransferKind): MessageDescriptor {
  if (kind === 'win' && line.kind === 'round' && line.amount <= 0) return returnLabel
  return kindLabels[kind]
}

/** A line's name: a spin is a round; a withdrawal's hold says how it ended. */
export function lineLabel(line: StatementEntryView): MessageDescriptor {
  if (line.kind === 'round') return roundLabel
  if (line.kind === 'withdrawal_hold' && line.resolution === 'withdrawal_post') return withdrawalPaid
  if (line.kind === 'withdrawal_hold' && line.resolution === 'withdrawal_void') return withdrawalNotPaid
  return kindLabels[line.kind]
}
