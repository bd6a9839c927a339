// A transparency history written straight into the tables (server tests and the transparency
// end-to-end spec): 45 days before `now` of withdrawals with their steps and ledger posts,
// returned deposits, rounds of several game versions (one game with enough rounds for its 95 %
// range), support conversations and limit events — the same rows for the same `now` and seed.

import { rmSync } from 'node:fs'
import { findGame, gameVersions } from '../../contract/games/catalog.ts'
import { StepState, type StepStateCode, TrackerStep, type TrackerStepCode } from '../../contract/withdrawals.ts'
import { type Db, openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { postTransferId } from '../../server/payments/withdrawal-orders.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A small seeded generator, so both engines get the same history. */
function prng(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** Writes the history; the ledger's first movement is 45 days before `now`. */
export async function writeHistory(db: Db, now: number) {
  const START = now - 45 * DAY
  const k = db.kysely
  const random = prng(33)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const at = () => START + Math.floor(random() * (now - START))
  const players: number[] = []
  for (let i = 0; i < 12; i++) {
    const row = await k
      .insertInto('players')
      .values({
        device_id: `device-${i}`,
        user_name: i % 3 ? `jogador${i}x` : null,
        language: 'pt-BR',
        created_at: START,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    players.push(Number(row.id))
  }
  const [p0] = players as [number]
  const cash = await k
    .insertInto('ledger_accounts')
    .values({ player_id: p0, code: 'cash', balance: 0, created_at: START })
    .returning('id')
    .executeTakeFirstOrThrow()
  const held = await k
    .insertInto('ledger_accounts')
    .values({ player_id: p0, code: 'withdrawal_hold', balance: 0, created_at: START })
    .returning('id')
    .executeTakeFirstOrThrow()
  const transfer = (id: string, amount: number, kind: 'adjustment' | 'withdrawal_post', createdAt: number) =>
    k
      .insertInto('ledger_transfers')
      .values({
        id,
        debit_account_id: held.id,
        credit_account_id: cash.id,
        amount,
        kind,
        reference: null,
        resolves_id: null,
        debit_balance_after: 0,
        credit_balance_after: 0,
        created_at: createdAt,
      })
      .execute()
  // The ledger's first movement: the chain starts on its day.
  await transfer('history:start', 1, 'adjustment', START)

  // Withdrawals: paid (some after a review or a cool-off), failed for several reasons, still open
  // (at most one open per player, as the app allows).
  let open = 0
  for (let i = 0; i < 90; i++) {
    const id = `W${String(i).padStart(19, '0')}`
    const createdAt = at()
    const amount = pick([2000, 5000, 12_000, 50_000])
    const hold = pick(['none', 'none', 'review', 'coolOff'] as const)
    const wait = hold === 'none' ? 0 : Math.floor(random() * 90 * MINUTE)
    let fate = pick(['paid', 'paid', 'paid', 'failed', 'open'] as const)
    if (fate === 'open' && open >= players.length) fate = 'failed'
    const took = wait + Math.floor(random() * (fate === 'paid' ? 200 : 20) * MINUTE)
    const end = Math.min(createdAt + took, now - 1)
    // The app's own codes, and a bank's words as the PSP sends them.
    const reason = pick(['pix_key_not_owned', 'Conta de destino encerrada', 'rejected_in_review'])
    const status = fate === 'paid' ? 'paid' : fate === 'failed' ? 'failed' : hold === 'review' ? 'review' : 'processing'
    await k
      .insertInto('withdrawal_orders')
      .values({
        id,
        player_id: fate === 'open' ? (players[open++] as number) : pick(players),
        request_id: `r${i}`,
        amount,
        key_type: 'cpf',
        pix_key: '00000000000',
        holder_name: 'Fulano',
        status,
        attempt: 1,
        sent_attempt: 1,
        end_to_end_id: null,
        fail_reason: fate === 'failed' ? reason : null,
        created_at: createdAt,
        updated_at: fate === 'open' ? createdAt : end,
        send_after: hold === 'coolOff' ? createdAt + wait : null,
      })
      .execute()
    const step = (code: TrackerStepCode, state: StepStateCode, args: object, stepAt: number) =>
      k
        .insertInto('withdrawal_steps')
        .values({ order_id: id, code, state, args: JSON.stringify(args), created_at: stepAt })
        .execute()
    await step(TrackerStep.accepted, StepState.success, {}, createdAt)
    if (hold === 'review')
      await step(TrackerStep.checks, StepState.success, { review: true, decision: 'approve' }, createdAt)
    else if (hold === 'coolOff')
      await step(TrackerStep.checks, StepState.waiting, { review: false, coolOffUntil: createdAt + wait }, createdAt)
    else await step(TrackerStep.checks, StepState.success, { review: false }, createdAt)
    if (fate === 'open') continue
    if (fate === 'paid' || reason !== 'rejected_in_review')
      await step(TrackerStep.sent, StepState.success, {}, Math.min(createdAt + wait, end))
    if (fate === 'paid') {
      await step(TrackerStep.paid, StepState.success, {}, end)
      await transfer(postTransferId(id), amount, 'withdrawal_post', end)
    } else await step(TrackerStep.failed, StepState.failed, { reason }, end)
  }

  // Deposits sent back to the payer.
  for (let i = 0; i < 40; i++) {
    const createdAt = at()
    const status = pick(['returned', 'returned', 'processing', 'failed'] as const)
    await k
      .insertInto('pix_refunds')
      .values({
        id: `R${i}`,
        end_to_end_id: `E${i}`,
        txid: `t${i}`,
        order_id: null,
        player_id: pick([...players, null]),
        amount: pick([1000, 2500, 9999]),
        reason: pick(['overpaid', 'payer_not_player', 'self_excluded']),
        status,
        return_id: null,
        provider_reason: null,
        created_at: createdAt,
        updated_at: createdAt,
        returned_at: status === 'returned' ? createdAt + Math.floor(random() * 30 * MINUTE) : null,
      })
      .execute()
  }

  // Rounds of current and superseded versions, jackpot wins among them.
  const seeds = new Map<number, number>()
  for (const player of players) {
    const seed = await k
      .insertInto('fair_seeds')
      .values({
        player_id: player,
        server_seed: 's',
        server_seed_hash: 'h',
        client_seed: 'c',
        next_nonce: 0,
        created_at: START,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    seeds.set(player, Number(seed.id))
  }
  const versions = gameVersions.slice(0, 4).concat(gameVersions.filter((g) => g !== findGame(g.id)).slice(0, 2))
  const big = findGame('fruta-fina') as NonNullable<ReturnType<typeof findGame>>
  const rounds = []
  // 900 rounds spread over the versions, then 3 000 more of one game in the last 30 days: enough
  // for its 95 % range. Wins average about 0.94 of the bet.
  for (let i = 0; i < 3900; i++) {
    const player = pick(players)
    const game = i < 900 ? pick(versions) : big
    const bet = pick([100, 200, 500, 1000])
    rounds.push({
      id: `round-${i}`,
      player_id: player,
      session_id: 's',
      request_id: `q${i}`,
      game_id: game.id,
      game_version: game.version,
      bet,
      stops: '[]',
      free_spins: '[]',
      win: random() < 0.4 ? Math.floor(random() * bet * 4.7) : 0,
      jackpot_win: i < 900 && random() < 0.01 ? 20_000 + Math.floor(random() * 5000) : 0,
      jackpot_contribution: bet / 50,
      balance_before: 0,
      balance_after: 0,
      seed_id: seeds.get(player) as number,
      server_seed_hash: 'h',
      client_seed: 'c',
      nonce: i,
      created_at: i < 900 ? at() : now - Math.floor(random() * 29 * DAY),
    })
  }
  for (let i = 0; i < rounds.length; i += 300)
    await k
      .insertInto('game_rounds')
      .values(rounds.slice(i, i + 300))
      .execute()

  // One conversation per player: asked, then answered by a person (or not yet).
  for (const player of players) {
    const createdAt = at()
    const conversation = await k
      .insertInto('support_conversations')
      .values({
        player_id: player,
        status: 'open',
        language: 'pt-BR',
        context: null,
        assigned_to: null,
        assigned_name: null,
        waiting_since: null,
        last_message_at: createdAt,
        player_typing_at: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const message = (author: 'player' | 'operator', messageAt: number, n: number) =>
      k
        .insertInto('support_messages')
        .values({
          conversation_id: conversation.id,
          author,
          operator_id: null,
          operator_name: null,
          text: 'x',
          request_id: `m${player}-${n}`,
          created_at: messageAt,
        })
        .execute()
    await message('player', createdAt, 1)
    await message('player', createdAt + MINUTE, 2)
    if (random() < 0.8) await message('operator', createdAt + Math.floor(random() * 2 * HOUR), 3)
  }

  // Safer play over six months.
  for (let i = 0; i < 60; i++) {
    const event = {
      player_id: pick(players),
      kind: pick(['self_exclusion', 'deposit_day', 'loss_week', 'registration'] as const),
      detail: '{}',
      actor: 'player' as const,
      created_at: now - Math.floor(random() * 180 * DAY),
    }
    // A registration writes its two mandatory limits' rows with its own, at the same instant.
    const written =
      event.kind === 'registration'
        ? [{ ...event, kind: 'loss_day' as const }, { ...event, kind: 'time_day' as const }, event]
        : [event]
    await k.insertInto('limit_events').values(written).execute()
  }
}

/** A new SQLite data directory (whatever was there removed) holding the history, for a spec's own server. */
export async function historyDataDir(dataDir: string, now = Date.now()): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true })
  const db = openDatabase({ dataDir })
  try {
    await migrateToLatest(db)
    await writeHistory(db, now)
  } finally {
    await db.close()
  }
}
