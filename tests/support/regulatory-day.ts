// A day of play written straight into the tables for the daily regulatory files (server tests and
// the console spec): players registered that day, a few thousand rounds with their bets and wins
// in the ledger, deposits, withdrawals paid and PIX returned — and a few rows just outside the
// day, which no file may hold. The same rows for the same day and seed on both engines.
import type { Insertable } from 'kysely'
import type { Db } from '../../server/db/database.ts'
import type { Database } from '../../server/db/schema.ts'
import { localDayBounds } from '../../server/lib/periods.ts'

function prng(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

export interface WrittenDay {
  start: number
  end: number
  rounds: number
}

export async function writeRegulatoryDay(
  db: Db,
  day: string,
  options: { rounds: number; timeZone?: string } = { rounds: 5000 },
): Promise<WrittenDay> {
  const { start, end } = localDayBounds(day, options.timeZone ?? 'America/Sao_Paulo')
  const k = db.kysely
  const random = prng(7)
  const within = () => start + Math.floor(random() * (end - start))
  const players: number[] = []
  for (let i = 0; i < 20; i++) {
    const row = await k
      .insertInto('players')
      .values({ device_id: `reg-device-${i}`, user_name: `apostador${i}`, language: 'pt-BR', created_at: start - 1000 })
      .returning('id')
      .executeTakeFirstOrThrow()
    players.push(Number(row.id))
    // Most registered on the day; two the day before, one just after it ends.
    const verifiedAt = i < 2 ? start - 5000 : i === 2 ? end : within()
    await k
      .insertInto('player_verifications')
      .values({
        player_id: Number(row.id),
        full_name: `Apostador Número ${i}`,
        cpf: String(10_000_000_000 + i * 7919).padStart(11, '0'),
        verified_at: verifiedAt,
        birth_date: '1990-01-15',
      })
      .execute()
    // Every other player has given the registration data the rules ask (address and gender).
    if (i % 2 === 0)
      await k
        .insertInto('player_registration')
        .values({
          player_id: Number(row.id),
          cep: '01310100',
          street: 'Avenida Paulista',
          number: String(1000 + i),
          complement: null,
          district: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          gender: i % 4 === 0 ? 'female' : 'male',
          signup_address: null,
          signup_device: null,
          updated_at: start - 1000,
        })
        .execute()
  }
  const cash = new Map<number, number>()
  for (const player of players) {
    const row = await k
      .insertInto('ledger_accounts')
      .values({ player_id: player, code: 'cash', balance: 0, created_at: start - 1000 })
      .returning('id')
      .executeTakeFirstOrThrow()
    cash.set(player, Number(row.id))
  }
  const house = async (code: string) =>
    Number(
      (
        await k
          .insertInto('ledger_accounts')
          .values({ player_id: null, code, balance: 0, created_at: start - 1000 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  const game = await house('game')
  const clearing = await house('pix_clearing')
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
        created_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    seeds.set(player, Number(seed.id))
  }
  const rounds = []
  const transfers: Insertable<Database['ledger_transfers']>[] = []
  const transfer = (
    id: string,
    debit: number,
    credit: number,
    amount: number,
    kind: string,
    ref: string | null,
    at: number,
  ) =>
    transfers.push({
      id,
      debit_account_id: debit,
      credit_account_id: credit,
      amount,
      kind: kind as 'bet',
      reference: ref,
      resolves_id: null,
      debit_balance_after: 0,
      credit_balance_after: 0,
      created_at: at,
    })
  // Deposits first (house pix_clearing → cash), some the day before.
  for (let i = 0; i < 200; i++) {
    const player = players[i % players.length] as number
    const at = i < 5 ? start - 1 - i : within()
    transfer(`dep-${i}`, clearing, cash.get(player) as number, 5000 + (i % 7) * 100, 'deposit', `D${i}`, at)
  }
  for (let i = 0; i < options.rounds; i++) {
    const player = players[Math.floor(random() * players.length)] as number
    const bet = [100, 200, 500, 1000][Math.floor(random() * 4)] as number
    const win = random() < 0.5 ? Math.floor(random() * bet * 3) + 1 : 0
    // The last two rounds fall just outside the day, one at each edge.
    const at = i === options.rounds - 1 ? end : i === options.rounds - 2 ? start - 1 : within()
    const id = `rr-${String(i).padStart(6, '0')}`
    rounds.push({
      id,
      player_id: player,
      session_id: 's',
      request_id: `q${i}`,
      game_id: 'fruta-fina',
      game_version: 1,
      bet,
      stops: '[]',
      free_spins: '[]',
      win,
      jackpot_win: 0,
      jackpot_contribution: 0,
      balance_before: 0,
      balance_after: 0,
      seed_id: seeds.get(player) as number,
      server_seed_hash: 'h',
      client_seed: 'c',
      nonce: i,
      created_at: at,
    })
    transfer(`bet-${id}`, cash.get(player) as number, game, bet, 'bet', `round:${id}`, at)
    if (win > 0) transfer(`win-${id}`, game, cash.get(player) as number, win, 'win', `round:${id}`, at)
  }
  for (let i = 0; i < rounds.length; i += 300)
    await k
      .insertInto('game_rounds')
      .values(rounds.slice(i, i + 300))
      .execute()
  transfers.sort((a, b) => a.created_at - b.created_at)
  for (let i = 0; i < transfers.length; i += 300)
    await k
      .insertInto('ledger_transfers')
      .values(transfers.slice(i, i + 300))
      .execute()
  // Withdrawals paid on the day (one the day after) and PIX set aside to return.
  for (let i = 0; i < 40; i++) {
    const at = i === 0 ? end + 10 : within()
    await k
      .insertInto('withdrawal_orders')
      .values({
        id: `W${String(i).padStart(19, '0')}`,
        player_id: players[i % players.length] as number,
        request_id: `wr${i}`,
        amount: 2000 + i * 10,
        key_type: 'cpf',
        pix_key: '00000000000',
        holder_name: 'Fulano',
        status: i % 5 === 4 ? 'failed' : 'paid',
        attempt: 1,
        sent_attempt: 1,
        end_to_end_id: `E${i}`,
        fail_reason: null,
        created_at: at - 1000,
        updated_at: at,
      })
      .execute()
  }
  for (let i = 0; i < 10; i++)
    await k
      .insertInto('pix_refunds')
      .values({
        id: `R${i}`,
        end_to_end_id: `RE${i}`,
        txid: `t${i}`,
        order_id: null,
        player_id: players[i] as number,
        amount: 1500,
        reason: 'overpaid',
        status: 'returned',
        return_id: null,
        provider_reason: null,
        created_at: within(),
        updated_at: within(),
        returned_at: null,
      })
      .execute()
  return { start, end, rounds: options.rounds }
}
