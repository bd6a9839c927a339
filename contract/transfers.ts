// Ledger transfer kinds (TigerBeetle's `code`): what a movement of money is. The ledger accepts
// only these, the statement reports them, and the app names each one — a new kind without a
// label does not compile.
export const transferKinds = [
  'adjustment',
  'deposit',
  'bet',
  'win',
  'bet_rollback',
  'withdrawal_hold',
  'withdrawal_post',
  'withdrawal_void',
  'bonus_conversion',
  'first_deposit_bonus',
  'new_player_gift',
  'sign_in_reward',
  'sign_in_streak_bonus',
  'wheel_prize',
  'task_reward',
  'invite_reward',
  'download_reward',
  'jackpot_seed',
  'jackpot_share',
  'jackpot_won',
  'pix_refund',
] as const

export type TransferKind = (typeof transferKinds)[number]
