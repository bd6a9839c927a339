// A year of play written straight into an empty, migrated database, in the app's own row shapes:
// players with their money accounts, verified CPFs, e-mails, registration limits and register
// standing; each player's provably fair seed pair (a real random server seed whose SHA-256 is the
// committed hash) and their game sessions; rounds whose stops and wins are `spinOutcome`'s for
// that seed, client seed and nonce, each with the spin's transfers (bet, jackpot share, jackpot
// won and re-seeded, win), its wallet bet and its day row; paid PIX deposits (order, payment,
// transfer from the clearing account, and the sandbox PSP's record of the PIX it received, so that
// the app's reconciliation finds the provider confirming each one, as a real PSP would); paid withdrawals (order, hold, post to payouts); support
// threads and money-watch flags. Every transfer carries both balances after it, in sequence, as
// the ledger writes them, and the accounts end at those balances: the ledger is conserved. Time
// runs forward through the year, a day at a time, written a chunk per transaction (bulk.ts), with
// the tables' secondary indexes made once at the end (deferred-indexes.ts).
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { withCheckDigits } from '../../contract/cpf.ts'
import { games } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { jackpotContribution, jackpotRule } from '../../contract/games/jackpot.ts'
import type { Db } from '../../server/db/database.ts'
import { ensureMonthsOfAll } from '../../server/db/partitions.ts'
import { hmacSha256 } from '../../server/games/seeds.ts'
import { AccountDirectory } from '../../server/ledger/accounts.ts'
import { BulkWriter } from './bulk.ts'
import { deferIndexes, restoreIndexes } from './deferred-indexes.ts'

export interface YearOptions {
  players: number
  rounds: number
  /** Paid deposits (default: the larger of 2 a player and one per 10 rounds). */
  deposits?: number
  /** Paid withdrawals (default: a quarter of the deposits). */
  withdrawals?: number
  /** The year ends here (default: now); it starts 365 days before. */
  end?: number
  /** Rows a transaction (default 200 000). */
  chunkRows?: number
  /** Called after each written day. */
  onDay?: (day: number, done: YearCounts) => void
}

export interface YearCounts {
  players: number
  rounds: number
  transfers: number
  deposits: number
  withdrawals: number
  conversations: number
  flags: number
}

const DAY = 86_400_000
/** America/Sao_Paulo has kept UTC−3 all year since 2019: the market's days start at 03:00 UTC. */
const MARKET_OFFSET = 3 * 3_600_000
const DEPOSITS = [2000, 3000, 5000, 5000, 10_000, 20_000, 50_000]

const HEX = '0123456789abcdef'
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Random text from a pooled buffer (a call to randomBytes per id costs more than the id). */
class Randomness {
  #buffer = randomBytes(1 << 16)
  #at = 0
  #byte() {
    if (this.#at === this.#buffer.length) {
      this.#buffer = randomBytes(1 << 16)
      this.#at = 0
    }
    return this.#buffer[this.#at++] as number
  }
  text(n: number, alphabet: string) {
    let s = ''
    for (let i = 0; i < n; i++) s += alphabet[this.#byte() % alphabet.length]
    return s
  }
  hex(bytes: number) {
    return this.text(bytes * 2, HEX)
  }
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')
const localDay = (t: number) => new Date(t - MARKET_OFFSET).toISOString().slice(0, 10)

/** The i-th player's CPF (valid; 10⁸ apart from the sandbox's test range). */
export const yearCpf = (i: number) => withCheckDigits(String(200_000_000 + i).slice(-9))
export const yearEmail = (id: number) => `jogador${id}@exemplo.com.br`
/** The i-th player's PIX key, as normalised (contract/pix-keys.ts): the four kinds in turn. */
export function yearPixKey(i: number): [type: string, key: string] {
  switch (i % 4) {
    case 0:
      return ['cpf', yearCpf(i)]
    case 1:
      return ['email', yearEmail(i + 1)]
    case 2:
      return ['phone', `+55119${String(i).padStart(8, '0')}`]
    default:
      return ['random', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`]
  }
}

export async function seedYear(db: Db, options: YearOptions): Promise<YearCounts> {
  const k = db.kysely
  const N = options.players
  const R = options.rounds
  const D = options.deposits ?? Math.max(2 * N, Math.ceil(R / 10))
  const W = options.withdrawals ?? Math.ceil(D / 4)
  const end = options.end ?? Date.now()
  const start = Math.floor((end - 365 * DAY - MARKET_OFFSET) / DAY) * DAY + MARKET_OFFSET
  const chunkRows = options.chunkRows ?? 200_000
  const rnd = new Randomness()

  const existing = await k
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  if (Number(existing.n) > 0) throw new Error('seed:year writes into an empty database (players found)')
  // The house accounts, one row each (shards a PostgreSQL app adds at start begin at zero).
  const directory = new AccountDirectory(k)
  await directory.ensureHouseAccounts(start)
  const house = (code: Parameters<AccountDirectory['houseIds']>[0]) => directory.houseIds(code)[0] as number
  const H = {
    pix: house('pix_clearing'),
    payouts: house('payouts'),
    game: house('game'),
    pool: house('jackpot_pool'),
  }
  const houseRows = await k
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', Object.values(H))
    .execute()
  const houseBalance = new Map<number, number>(houseRows.map((row) => [Number(row.id), Number(row.balance)]))
  const maxAccount = await k
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow()
  const accountBase = Number(maxAccount.id) + 1
  const cashId = (i: number) => accountBase + 3 * i
  const bonusId = (i: number) => accountBase + 3 * i + 1
  const holdAccountId = (i: number) => accountBase + 3 * i + 2
  const cash = new Float64Array(N)
  const nonce = new Uint32Array(N)
  const seeds: { server: string; hash: string; client: string }[] = []

  const w = new BulkWriter(db)
  w.table('players', {
    id: 'int8',
    device_id: 'text',
    user_name: 'text',
    password_hash: 'text',
    language: 'text',
    invite_code: 'text',
    channel: 'text',
    adult_confirmed_at: 'int8',
    created_at: 'int8',
    install_accepted_at: 'int8',
    credentials_changed_at: 'int8',
    frozen_at: 'int8',
    closed_at: 'int8',
  })
  w.table('ledger_accounts', { id: 'int8', player_id: 'int8', code: 'text', balance: 'int8', created_at: 'int8' })
  w.table('player_verifications', {
    player_id: 'int8',
    full_name: 'text',
    cpf: 'text',
    verified_at: 'int8',
    birth_date: 'text',
  })
  w.table('player_contacts', {
    player_id: 'int8',
    kind: 'text',
    value: 'text',
    confirmed_at: 'int8',
    pending_value: 'text',
    code_hash: 'text',
    code_expires_at: 'int8',
    code_attempts: 'int4',
    updated_at: 'int8',
  })
  w.table('player_limits', {
    player_id: 'int8',
    kind: 'text',
    amount: 'int8',
    pending_amount: 'int8',
    pending_from: 'int8',
    updated_at: 'int8',
  })
  w.table('register_players', {
    player_id: 'int8',
    cpf: 'text',
    state: 'text',
    checked_at: 'int8',
    checked_day: 'text',
    barred_at: 'int8',
    barred_answer_id: 'int8',
    attempts: 'int4',
    next_attempt_at: 'int8',
    updated_at: 'int8',
  })
  w.table('fair_seeds', {
    id: 'int8',
    player_id: 'int8',
    server_seed: 'text',
    server_seed_hash: 'text',
    client_seed: 'text',
    next_nonce: 'int8',
    created_at: 'int8',
    revealed_at: 'int8',
  })
  w.table('game_sessions', {
    id: 'text',
    player_id: 'int8',
    game_id: 'text',
    launch_token_hash: 'text',
    launch_expires_at: 'int8',
    session_token_hash: 'text',
    opened_at: 'int8',
    last_seen_at: 'int8',
    closed_at: 'int8',
    created_at: 'int8',
    access_token_hash: 'text',
  })
  w.table('deposit_orders', {
    id: 'text',
    player_id: 'int8',
    request_id: 'text',
    amount: 'int8',
    txid: 'text',
    pay_code: 'text',
    status: 'text',
    accept_offer: 'int4',
    created_at: 'int8',
    expires_at: 'int8',
    paid_at: 'int8',
    paid_amount: 'int8',
  })
  w.table('pix_payments', {
    end_to_end_id: 'text',
    txid: 'text',
    amount: 'int8',
    paid_at: 'int8',
    order_id: 'text',
    late: 'int4',
    received_at: 'int8',
    payer_cpf: 'text',
  })
  w.table('sandbox_received_pix', {
    end_to_end_id: 'text',
    txid: 'text',
    amount: 'int8',
    payer_cpf: 'text',
    paid_at: 'int8',
    webhook_status: 'text',
  })
  w.table('withdrawal_orders', {
    id: 'text',
    player_id: 'int8',
    request_id: 'text',
    amount: 'int8',
    key_type: 'text',
    pix_key: 'text',
    holder_name: 'text',
    status: 'text',
    attempt: 'int4',
    sent_attempt: 'int4',
    end_to_end_id: 'text',
    fail_reason: 'text',
    created_at: 'int8',
    updated_at: 'int8',
  })
  w.table('ledger_transfers', {
    id: 'text',
    debit_account_id: 'int8',
    credit_account_id: 'int8',
    amount: 'int8',
    kind: 'text',
    reference: 'text',
    resolves_id: 'text',
    debit_balance_after: 'int8',
    credit_balance_after: 'int8',
    created_at: 'int8',
  })
  w.table('wallet_bets', {
    transaction_id: 'text',
    player_id: 'int8',
    round_id: 'text',
    amount: 'int8',
    cash_part: 'int8',
    bonus_part: 'int8',
    state: 'text',
    win_transaction_id: 'text',
    win_amount: 'int8',
    created_at: 'int8',
  })
  w.table('game_rounds', {
    id: 'text',
    player_id: 'int8',
    session_id: 'text',
    request_id: 'text',
    game_id: 'text',
    game_version: 'int4',
    bet: 'int8',
    stops: 'text',
    free_spins: 'text',
    win: 'int8',
    jackpot_win: 'int8',
    jackpot_contribution: 'int8',
    balance_before: 'int8',
    balance_after: 'int8',
    seed_id: 'int8',
    server_seed_hash: 'text',
    client_seed: 'text',
    nonce: 'int8',
    created_at: 'int8',
  })
  w.table('game_play_days', {
    player_id: 'int8',
    day: 'text',
    game_id: 'text',
    rounds: 'int8',
    bets: 'int8',
    wins: 'int8',
  })
  w.table('support_conversations', {
    id: 'int8',
    player_id: 'int8',
    status: 'text',
    language: 'text',
    context: 'text',
    assigned_to: 'text',
    assigned_name: 'text',
    waiting_since: 'int8',
    last_message_at: 'int8',
    player_typing_at: 'int8',
    created_at: 'int8',
  })
  w.table('support_messages', {
    conversation_id: 'int8',
    author: 'text',
    operator_id: 'text',
    operator_name: 'text',
    text: 'text',
    request_id: 'text',
    created_at: 'int8',
  })
  w.table('risk_flags', {
    player_id: 'int8',
    rule: 'text',
    status: 'text',
    reasons: 'text',
    trigger_ref: 'text',
    hits: 'int4',
    first_at: 'int8',
    last_at: 'int8',
  })

  const counts: YearCounts = {
    players: 0,
    rounds: 0,
    transfers: 0,
    deposits: 0,
    withdrawals: 0,
    conversations: 0,
    flags: 0,
  }
  const flushIfFull = async () => {
    if (w.pending >= chunkRows) await w.flush()
  }

  /** One transfer, with both balances after it in the order written. */
  const transfer = (
    id: string,
    debit: number,
    credit: number,
    amount: number,
    kind: string,
    reference: string | null,
    at: number,
    resolves: string | null = null,
  ) => {
    const debitAfter = balanceMove(debit, -amount)
    const creditAfter = balanceMove(credit, amount)
    w.add('ledger_transfers', [id, debit, credit, amount, kind, reference, resolves, debitAfter, creditAfter, at])
    counts.transfers++
  }
  const balanceMove = (account: number, delta: number): number => {
    const h = houseBalance.get(account)
    if (h !== undefined) {
      houseBalance.set(account, h + delta)
      return h + delta
    }
    const i = (account - accountBase) / 3
    if (Number.isInteger(i)) {
      cash[i] = (cash[i] as number) + delta
      return cash[i] as number
    }
    // The withdrawal hold: money passes through it within one withdrawal, so it is back at 0 after a post.
    return delta > 0 ? delta : 0
  }

  // The players, created through the year's first eleven months (the last month's rounds are all
  // by players who were there); their accounts start at zero and are set to where the year left them.
  // Every month of the year its own partition (PostgreSQL), as the app would have made them.
  await ensureMonthsOfAll(db, start, end)
  const deferred = await deferIndexes(db, w.tableNames)
  const joinSpan = 334 * DAY
  const joinedAt = (i: number) => start + Math.floor((i / N) * joinSpan)
  const seedIdBase =
    1 +
    Number(
      (
        await k
          .selectFrom('fair_seeds')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    )
  for (let i = 0; i < N; i++) {
    const id = i + 1
    const at = joinedAt(i)
    const cpf = yearCpf(i)
    w.add('players', [id, rnd.hex(16), `jogador${id}`, null, 'pt-BR', null, null, at, at, null, null, null, null])
    w.add('ledger_accounts', [cashId(i), id, 'cash', 0, at])
    w.add('ledger_accounts', [bonusId(i), id, 'bonus', 0, at])
    w.add('ledger_accounts', [holdAccountId(i), id, 'withdrawal_hold', 0, at])
    w.add('player_verifications', [id, `Jogador ${id} da Silva`, cpf, at + 60_000, '1990-01-15'])
    w.add('player_contacts', [id, 'email', yearEmail(id), at + 120_000, null, null, null, 0, at + 120_000])
    w.add('player_limits', [id, 'loss_day', 1_000_000, null, null, at])
    w.add('player_limits', [id, 'time_day', 1440, null, null, at])
    w.add('register_players', [id, cpf, 'clear', at, localDay(at), null, null, 0, null, at])
    const server = rnd.hex(32)
    const seed = { server, hash: sha256Hex(server), client: rnd.text(12, ALNUM) }
    seeds.push(seed)
    // Each player's one pair, active all year (next_nonce set at the end).
    w.add('fair_seeds', [seedIdBase + i, id, seed.server, seed.hash, seed.client, 0, at, null])
    counts.players++
    await flushIfFull()
  }
  await w.flush()

  // An app started on a seed cut short finds its ids free.
  await moveSequences(db)
  // The pool's first seed, as the app puts it there at its first start.
  transfer('jackpot:seed:initial', H.game, H.pool, jackpotRule.seed, 'jackpot_seed', null, start)

  const visits = Math.ceil(D * 1.25)
  let visitIndex = 0
  const roundsPerVisit = R / visits
  let conversationId =
    1 +
    Number(
      (
        await k
          .selectFrom('support_conversations')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    )
  const conversationOf = new Uint32Array(N)
  const playDays = new Map<string, [number, number, number]>()

  /** A paid PIX deposit of a drawn amount into the i-th player's cash at `at`; when the player goes on. */
  const deposit = (i: number, at: number): number => {
    const id = i + 1
    const amount = DEPOSITS[Math.floor(Math.random() * DEPOSITS.length)] as number
    const orderId = `D${rnd.text(19, ALNUM)}`
    const txid = rnd.text(32, ALNUM)
    const e2e = `E99999999${new Date(at).toISOString().replace(/\D/g, '').slice(0, 12)}${rnd.text(11, ALNUM)}`
    const paidAt = at + 30_000
    w.add('deposit_orders', [
      orderId,
      id,
      rnd.hex(16),
      amount,
      txid,
      `00020126580014br.gov.bcb.pix0136${txid}5204000053039865406${(amount / 100).toFixed(2)}5802BR6304`,
      'paid',
      0,
      at,
      at + 3_600_000,
      paidAt,
      amount,
    ])
    w.add('pix_payments', [e2e, txid, amount, paidAt, orderId, 0, paidAt, yearCpf(i)])
    w.add('sandbox_received_pix', [e2e, txid, amount, yearCpf(i), paidAt, 'delivered'])
    transfer(`deposit:${e2e}`, H.pix, cashId(i), amount, 'deposit', orderId, paidAt)
    counts.deposits++
    return paidAt + 5000
  }

  for (let day = 0; day < 365; day++) {
    const dayStart = start + day * DAY
    const dayName = localDay(dayStart)
    const joined = Math.max(1, Math.min(N, Math.ceil(((dayStart + DAY - start) / joinSpan) * N)))
    const visitsToday = Math.floor(((day + 1) * visits) / 365) - Math.floor((day * visits) / 365)
    for (let v = 0; v < visitsToday; v++) {
      // Visits spread over the day's first 23 hours; regulars come more often than the rest.
      let at = dayStart + Math.floor(((v + Math.random()) / visitsToday) * 23 * 3_600_000)
      const i = Math.floor(joined * Math.random() ** 1.6)
      const id = i + 1
      const visitNo = visitIndex++
      // A deposit: when the player cannot bet, or to keep the year's count on its course.
      const depositsDue = ((visitNo + 1) / visits) * D
      if ((cash[i] as number) < 1000 || counts.deposits < depositsDue) at = deposit(i, at)
      // A session of rounds on one game.
      const game = games[(i + day) % games.length] as GameDef
      // A drawn length, plus what the sessions before fell behind the year's course, so that the
      // year holds exactly the rounds asked for; the year's last visit plays what is left.
      const behind = Math.max(0, Math.round((visitNo / visits) * R) - counts.rounds)
      const drawn = Math.max(1, Math.round(roundsPerVisit * 2 * Math.random())) + behind
      const roundsLeft = R - counts.rounds
      const want = visitNo === visits - 1 ? roundsLeft : Math.min(roundsLeft, drawn)
      const sessionId = rnd.hex(12)
      const sessionOpened = at
      const seed = seeds[i] as (typeof seeds)[number]
      // The game's own bet levels, the lower ones more often; the lowest when the cash runs short.
      const levels = game.betLevels
      const bet0 = levels[Math.floor(Math.min(levels.length, 5) * Math.random() ** 2)] as number
      const lowest = levels[0] as number
      let played = 0
      for (; played < want; played++) {
        // A player whose cash no longer covers the lowest bet pays in again and plays on.
        if ((cash[i] as number) < lowest) at = deposit(i, at)
        const bet = (cash[i] as number) >= bet0 ? bet0 : lowest
        const n = nonce[i] as number
        nonce[i] = n + 1
        const outcome = spinOutcome(
          game,
          bet,
          { serverSeed: seed.server, clientSeed: seed.client, nonce: n },
          hmacSha256,
        )
        // The app's form (newRoundId, server/games/round-views.ts): the time, then random bits.
        const roundId = `r${at.toString(16).padStart(11, '0')}${rnd.hex(6)}`
        const ref = `round:${roundId}`
        const before = cash[i] as number
        transfer(`bet:${roundId}:bet:cash`, cashId(i), H.game, bet, 'bet', ref, at)
        const share = jackpotContribution(jackpotRule, bet)
        if (share > 0) transfer(`jackpot:share:${roundId}`, H.game, H.pool, share, 'jackpot_share', ref, at)
        let jackpotWin = 0
        if (outcome.jackpotWon) {
          jackpotWin = houseBalance.get(H.pool) as number
          if (jackpotWin > 0) {
            transfer(`jackpot:won:${roundId}`, H.pool, H.game, jackpotWin, 'jackpot_won', ref, at)
            transfer(`jackpot:seed:${roundId}`, H.game, H.pool, jackpotRule.seed, 'jackpot_seed', ref, at)
          }
        }
        const paid = outcome.win + jackpotWin
        if (paid > 0) transfer(`win:${roundId}:win:cash`, H.game, cashId(i), paid, 'win', ref, at)
        w.add('wallet_bets', [`${roundId}:bet`, id, roundId, bet, bet, 0, 'placed', `${roundId}:win`, paid, at])
        w.add('game_rounds', [
          roundId,
          id,
          sessionId,
          rnd.hex(16),
          game.id,
          game.version,
          bet,
          JSON.stringify(outcome.stops),
          JSON.stringify(outcome.freeSpins.map((spin) => spin.stops)),
          outcome.win,
          jackpotWin,
          share,
          before,
          before - bet + paid,
          seedIdBase + i,
          seed.hash,
          seed.client,
          n,
          at,
        ])
        const key = `${id}|${game.id}`
        const dayRow = playDays.get(key)
        if (dayRow) {
          dayRow[0]++
          dayRow[1] += bet
          dayRow[2] += paid
        } else playDays.set(key, [1, bet, paid])
        counts.rounds++
        at += 3000 + Math.floor(Math.random() * 5000)
        if (w.pending >= chunkRows) await w.flush()
      }
      w.add('game_sessions', [
        sessionId,
        id,
        game.id,
        rnd.hex(32),
        sessionOpened + 300_000,
        rnd.hex(32),
        sessionOpened,
        at,
        at + 60_000,
        sessionOpened,
        null,
      ])
      // A withdrawal of half the cash, paid: hold, then post to the payouts account.
      const withdrawalsDue = ((visitNo + 1) / visits) * W
      if ((cash[i] as number) >= 2000 && counts.withdrawals < withdrawalsDue) {
        const amount = Math.floor((cash[i] as number) / 200) * 100
        const orderId = `W${rnd.text(19, ALNUM)}`
        const paidAt = at + 120_000
        w.add('withdrawal_orders', [
          orderId,
          id,
          rnd.hex(16),
          amount,
          ...yearPixKey(i),
          `Jogador ${id} da Silva`,
          'paid',
          1,
          1,
          `E99999999${new Date(paidAt).toISOString().replace(/\D/g, '').slice(0, 12)}${rnd.text(11, ALNUM)}`,
          null,
          at,
          paidAt,
        ])
        transfer(`withdrawal:${orderId}:hold`, cashId(i), holdAccountId(i), amount, 'withdrawal_hold', orderId, at)
        transfer(
          `withdrawal:${orderId}:post`,
          holdAccountId(i),
          H.payouts,
          amount,
          'withdrawal_post',
          orderId,
          paidAt,
          `withdrawal:${orderId}:hold`,
        )
        counts.withdrawals++
      }
      // One visit in 40 asks support something; one in 400 trips a money-watch rule.
      // A player has one support thread; a later question is another exchange in it.
      if (Math.random() < 1 / 40) {
        const known = conversationOf[i] as number
        const cid = known || conversationId++
        const closed = day < 364
        if (!known) conversationOf[i] = cid
        if (!known)
          w.add('support_conversations', [
            cid,
            id,
            closed ? 'closed' : 'open',
            'pt-BR',
            null,
            null,
            null,
            closed ? null : at,
            at + 600_000,
            null,
            at,
          ])
        w.add('support_messages', [cid, 'player', null, null, 'Meu depósito não caiu, podem ver?', rnd.hex(16), at])
        w.add('support_messages', [
          cid,
          'operator',
          'op-1',
          'Equipe',
          'Já foi creditado, confira o extrato.',
          rnd.hex(16),
          at + 600_000,
        ])
        if (!known) counts.conversations++
      }
      if (Math.random() < 1 / 400) {
        w.add('risk_flags', [id, 'little_play', 'closed', '{"seeded":true}', null, 1, at, at])
        counts.flags++
      }
      await flushIfFull()
    }
    for (const [key, [rounds, bets, wins]] of playDays) {
      const [player, gameId] = key.split('|')
      w.add('game_play_days', [Number(player), dayName, gameId as string, rounds, bets, wins])
    }
    playDays.clear()
    await w.flush()
    options.onDay?.(day, counts)
  }
  await w.flush()
  await finish(db, { accountBase, N, cash, nonce, seedIdBase, conversationId, houseBalance })
  await restoreIndexes(db, deferred)
  await sql`analyze`.execute(k)
  return counts
}

/** The accounts' balances where the year left them, the seeds' nonces, and the id sequences. */
async function finish(
  db: Db,
  s: {
    accountBase: number
    N: number
    cash: Float64Array
    nonce: Uint32Array
    seedIdBase: number
    conversationId: number
    houseBalance: Map<number, number>
  },
) {
  const k = db.kysely
  const BATCH = 50_000
  for (let from = 0; from < s.N; from += BATCH) {
    const ids: number[] = []
    const balances: number[] = []
    const seedIds: number[] = []
    const nonces: number[] = []
    for (let i = from; i < Math.min(s.N, from + BATCH); i++) {
      ids.push(s.accountBase + 3 * i)
      balances.push(s.cash[i] as number)
      seedIds.push(s.seedIdBase + i)
      nonces.push(s.nonce[i] as number)
    }
    if (db.engine === 'postgres') {
      await sql`update ledger_accounts set balance = v.b from unnest(${ids}::int8[], ${balances}::int8[]) as v(id, b) where ledger_accounts.id = v.id`.execute(
        k,
      )
      await sql`update fair_seeds set next_nonce = v.n from unnest(${seedIds}::int8[], ${nonces}::int8[]) as v(id, n) where fair_seeds.id = v.id`.execute(
        k,
      )
    } else {
      const direct = db.sqlite
      if (!direct) throw new Error('no direct SQLite connection')
      const balance = direct.prepare('update ledger_accounts set balance = ? where id = ?')
      const next = direct.prepare('update fair_seeds set next_nonce = ? where id = ?')
      direct.prepare('begin immediate').run()
      for (let j = 0; j < ids.length; j++) {
        balance.run(balances[j] as number, ids[j] as number)
        next.run(nonces[j] as number, seedIds[j] as number)
      }
      direct.prepare('commit').run()
    }
  }
  for (const [id, balance] of s.houseBalance)
    await k.updateTable('ledger_accounts').set({ balance }).where('id', '=', id).execute()
  await moveSequences(db)
}

/** PostgreSQL's id sequences past the ids written here (SQLite's rowids follow by themselves). */
async function moveSequences(db: Db) {
  if (db.engine !== 'postgres') return
  for (const table of ['players', 'ledger_accounts', 'fair_seeds', 'support_conversations'] as const)
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(
      db.kysely,
    )
}
