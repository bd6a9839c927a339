// The spin's rules, stated once: every check a spin passes before it moves money, in the order
// each path applies it, with the answers a refusal gives, and what a played spin writes. Three
// paths implement it — the `LedgerTx` path (rounds.ts, the only one that answers every case),
// SQLite's prepared statements (spin-sqlite.ts, with the same rule functions) and PostgreSQL's
// `ledger_spin` (its migrations re-state the checks in PL/pgSQL, which cannot call TypeScript) —
// and spin-paths.test.ts plays a case for every refusal below through every path and fails when
// one has no case, so a rule added here without a case, or changed on one path alone, is caught.
import type { MsgCode } from '../../contract/envelope.ts'

export interface SpinCheck {
  /** What is checked, in the words of the rule. */
  rule: string
  /** The answers a spin this check stops gets (or `replayed`: the earlier answer, nothing moved). */
  answers: readonly (MsgCode | 'replayed')[]
}

/** In order: a spin stopped by one is never judged by a later one. */
export const spinChecks = [
  { rule: 'the game page’s session is open (not closed, not expired)', answers: ['game_session_closed'] },
  { rule: 'the game exists and offers the bet', answers: ['game_not_found', 'invalid_bet'] },
  {
    rule: 'a requestId already played answers its round again; reused for another bet or game, it is refused',
    answers: ['replayed', 'request_id_reused'],
  },
  { rule: 'an operator has not switched the game off (a replay still answers)', answers: ['game_switched_off'] },
  { rule: 'the barred-person register has cleared the player', answers: ['regulatory_check'] },
  {
    rule: 'no hold on the account: closed, closing or frozen',
    answers: ['account_closed', 'account_closed_barred', 'account_closed_self', 'account_closing', 'account_frozen'],
  },
  { rule: 'no pause or self-exclusion running', answers: ['self_excluded'] },
  {
    rule: 'age confirmed and the registration’s limits set',
    answers: ['age_not_confirmed', 'registration_limits_required'],
  },
  {
    rule: 'within the loss and time limits, and no reality check due',
    answers: ['loss_limit_reached', 'session_limit_reached', 'reality_check_due'],
  },
  { rule: 'cash and bonus cover the bet', answers: ['insufficient_balance'] },
  { rule: 'a seed pair is active (its next nonce draws the outcome)', answers: ['seed_not_set'] },
] as const satisfies readonly SpinCheck[]

/** What a spin that passed every check writes, all in its one transaction. */
export const spinEffects = [
  'the outcome of contract/games/fair.ts from the seed pair and its next nonce, the nonce taken',
  'the bet from cash first, then bonus (wallet.ts), and the win back in the same shares',
  'the jackpot’s share of the bet to the pool; the pool paid to the player when the outcome wins it',
  'the bonus’s wagering row advanced by the bet',
  'the round (stops, free spins, balances before and after, the seed pair and nonce) and the day’s play counts',
  'a win at or above the announced minimum to the public feed (outbox), the pool’s change to everyone',
] as const

/** Every refusal a check gives. */
export const spinRefusals: readonly MsgCode[] = spinChecks
  .flatMap((check): readonly string[] => check.answers)
  .filter((answer): answer is MsgCode => answer !== 'replayed')
