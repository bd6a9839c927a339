// Ledger transfer kinds (TigerBeetle's `code`): what a movement of money is, and every fact about
// each kind in one table — the finance report's figure it adds to, how it moves the player's
// balance, the server module that writes it, and its name on the statement and in the console.
// The reports, the ledger's typed entry points and both apps' labels are derived from the table;
// a kind missing from it, or a fact missing from a kind, does not compile. Zod-free: the browser
// imports it for the labels.
import type { MessageDescriptor } from '@lingui/core'

export const transferKinds = [
  'adjustment',
  'deposit',
  'bet',
  'win',
  'bet_rollback',
  'withdrawal_hold',
  'withdrawal_post',
  'withdrawal_void',
  'closure_payout',
  'bonus_forfeit',
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

/**
 * The finance report's figures a kind can add to (`FinanceFigures` in `ops.ts`); `adjustments`
 * splits into credited and debited by the side the player is on. `none`: the kind moves money
 * within the books (a hold, a bonus turning into cash, the jackpot's pool) and no report counts it.
 */
export type ReportFigureName = 'deposits' | 'withdrawals' | 'refunds' | 'bonuses' | 'adjustments' | 'stakes' | 'wins'

/**
 * How the kind moves the player's balance (cash + bonus, the header's figure): `+` credits it,
 * `-` debits it, `0` leaves it (house accounts only, or between a player's own accounts), `±`
 * either way (an operator's adjustment). A game figure counts the money in its own direction: a
 * stake is money from the player (so a bet rolled back, `+`, lowers the stakes), a win money
 * towards players. server/ledger/kind-signs.test.ts checks every sign against the ledger's rows.
 */
export type BalanceSign = '+' | '-' | '0' | '±'

/** The server module that writes the kind (its ledger entry point accepts only that module's kinds). */
export type KindWriter = 'payments' | 'games' | 'rewards' | 'ops' | 'closure' | 'ledger'

export interface TransferKindFacts {
  report: ReportFigureName | 'none'
  sign: BalanceSign
  by: KindWriter
  /** Its name on the player's statement and in the console (both catalogs extract this file). */
  label: MessageDescriptor
}

export const transferKindFacts = {
  adjustment: {
    report: 'adjustments',
    sign: '±',
    by: 'ops',
    label: /*i18n*/ { id: 'kind.adjustment', message: 'Ajuste do operador' },
  },
  deposit: {
    report: 'deposits',
    sign: '+',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.deposit', message: 'Depósito PIX' },
  },
  bet: { report: 'stakes', sign: '-', by: 'games', label: /*i18n*/ { id: 'kind.bet', message: 'Aposta' } },
  win: { report: 'wins', sign: '+', by: 'games', label: /*i18n*/ { id: 'kind.win', message: 'Prêmio' } },
  bet_rollback: {
    report: 'stakes',
    sign: '+',
    by: 'games',
    label: /*i18n*/ { id: 'kind.bet_rollback', message: 'Aposta estornada' },
  },
  withdrawal_hold: {
    report: 'none',
    sign: '-',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.withdrawal_hold', message: 'Saque reservado' },
  },
  // A hold's money leaving for the bank: counted when it is paid, not when it is set aside.
  withdrawal_post: {
    report: 'withdrawals',
    sign: '0',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.withdrawal_post', message: 'Saque pago' },
  },
  withdrawal_void: {
    report: 'none',
    sign: '+',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.withdrawal_void', message: 'Saque devolvido' },
  },
  // A balance paid out when an account closes is a withdrawal to the regulator and the books.
  closure_payout: {
    report: 'withdrawals',
    sign: '0',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.closure_payout', message: 'Saldo pago no encerramento da conta' },
  },
  bonus_forfeit: {
    report: 'none',
    sign: '-',
    by: 'closure',
    label: /*i18n*/ { id: 'kind.bonus_forfeit', message: 'Bônus perdido no encerramento da conta' },
  },
  bonus_conversion: {
    report: 'none',
    sign: '0',
    by: 'ledger',
    label: /*i18n*/ { id: 'kind.bonus_conversion', message: 'Bônus convertido em dinheiro' },
  },
  first_deposit_bonus: {
    report: 'bonuses',
    sign: '+',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.first_deposit_bonus', message: 'Bônus de primeiro depósito' },
  },
  new_player_gift: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.new_player_gift', message: 'Presente de boas-vindas' },
  },
  sign_in_reward: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.sign_in_reward', message: 'Check-in diário' },
  },
  sign_in_streak_bonus: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.sign_in_streak_bonus', message: 'Bônus de 7 dias seguidos' },
  },
  wheel_prize: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.wheel_prize', message: 'Roleta grátis' },
  },
  task_reward: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.task_reward', message: 'Tarefa de jogo' },
  },
  invite_reward: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.invite_reward', message: 'Convite de amigo' },
  },
  download_reward: {
    report: 'bonuses',
    sign: '+',
    by: 'rewards',
    label: /*i18n*/ { id: 'kind.download_reward', message: 'Bônus por instalar o app' },
  },
  jackpot_seed: {
    report: 'none',
    sign: '0',
    by: 'games',
    label: /*i18n*/ { id: 'kind.jackpot_seed', message: 'Semente do jackpot' },
  },
  jackpot_share: {
    report: 'none',
    sign: '0',
    by: 'games',
    label: /*i18n*/ { id: 'kind.jackpot_share', message: 'Contribuição ao jackpot' },
  },
  // Paid from the pool into the game house (house accounts only): the player is paid by the round's
  // win, which carries it, and the wins figure counts it there — counted here too, a jackpot would
  // be a prize twice and GGR short by the pool.
  jackpot_won: {
    report: 'none',
    sign: '0',
    by: 'games',
    label: /*i18n*/ { id: 'kind.jackpot_won', message: 'Jackpot ganho' },
  },
  // A received PIX the app must not credit, returned to its payer: house accounts only.
  pix_refund: {
    report: 'refunds',
    sign: '0',
    by: 'payments',
    label: /*i18n*/ { id: 'kind.pix_refund', message: 'PIX devolvido ao pagador' },
  },
} as const satisfies Record<TransferKind, TransferKindFacts>

type Facts = typeof transferKindFacts

/** The kinds whose facts match `F` (e.g. `KindsWhere<{ report: 'bonuses' }>`). */
export type KindsWhere<F extends Partial<TransferKindFacts>> = {
  [K in TransferKind]: Facts[K] extends F ? K : never
}[TransferKind]

/** Promotional credit handed to players (a grant; a bonus turning into cash is not one). */
export type BonusGrantKind = KindsWhere<{ report: 'bonuses' }>

/** A reward the rewards module credits: a bonus grant it writes. */
export type RewardKind = KindsWhere<{ report: 'bonuses'; by: 'rewards' }>

/** The player's ledger accounts the statement shows, and their names (statement and console). */
export const statementAccounts = ['cash', 'bonus', 'withdrawal_hold'] as const
export type StatementAccount = (typeof statementAccounts)[number]

export const statementAccountLabels = {
  cash: /*i18n*/ { id: 'account.cash', message: 'Dinheiro' },
  bonus: /*i18n*/ { id: 'account.bonus', message: 'Bônus' },
  withdrawal_hold: /*i18n*/ { id: 'account.withdrawal_hold', message: 'Reservado para saque' },
} as const satisfies Record<StatementAccount, MessageDescriptor>

/** The kinds a report figure adds up, in the table's order. */
export function kindsOf<R extends ReportFigureName>(report: R): KindsWhere<{ report: R }>[] {
  return transferKinds.filter((kind) => transferKindFacts[kind].report === report) as KindsWhere<{ report: R }>[]
}
