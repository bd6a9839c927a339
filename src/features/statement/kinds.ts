// Names of statement lines and their legs, as the statement shows them; a ledger kind's and an
// account's name are the kind table's (contract/transfers.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StatementEntryView } from '../../../contract/statement.ts'
import { type TransferKind, transferKindFacts } from '../../../contract/transfers.ts'

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
  return transferKindFacts[kind].label
}

/** A line's name: a spin is a round; a withdrawal's hold says how it ended. */
export function lineLabel(line: StatementEntryView): MessageDescriptor {
  if (line.kind === 'round') return roundLabel
  if (line.kind === 'withdrawal_hold' && line.resolution === 'withdrawal_post') return withdrawalPaid
  if (line.kind === 'withdrawal_hold' && line.resolution === 'withdrawal_void') return withdrawalNotPaid
  if (line.kind === 'withdrawal_hold' && line.resolution === 'closure_payout')
    return transferKindFacts.closure_payout.label
  return transferKindFacts[line.kind].label
}
