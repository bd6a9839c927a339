// Transparency bench: do the public page's queries stay flat as history grows? First a crowd's
// last 30 days — CROWD players (default 3 000) with rounds, withdrawals (steps and ledger posts),
// returned deposits, support conversations and limit changes, written in bulk — then the page is
// computed (the due days frozen first) and timed: the page's whole computation (median of
// several runs), one day's freeze, and the cached answer over HTTP. Then history is added: the
// growth bench's player with 100 k rounds (a year to a month ago) and five older months of the
// crowd's withdrawals, returns, conversations and limit changes; the chain is frozen again from
// the ledger's new first day (a year of days, timed), and the same figures are taken again, with
// the ratio (gate ≤ 1.5 on the page, a day's freeze and the cached answer; each part of the page
// is shown beside them, not gated: a few milliseconds move with the machine's load) and the
// load average.
//
//   npm run bench:transparency                              # SQLite
//   npm run bench:transparency -- postgres://postgres@127.0.0.1:5432/test
//   CROWD=1000 npm run bench:transparency                   # a smaller crowd
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { gameVersions } from '../contract/games/catalog.ts'
import { StepState, TrackerStep } from '../contract/withdrawals.ts'
import { saferPlayFigures } from '../server/accounts/transparency-queries.ts'
import { throughAppendOnly } from '../server/audit/append-only.ts'
import { lastJackpotWins, roundFigures } from '../server/games/transparency-queries.ts'
import { localDate } from '../server/lib/periods.ts'
import { depositReturnFigures, withdrawalFigures } from '../server/payments/transparency-queries.ts'
import { postTransferId } from '../server/payments/withdrawal-orders.ts'
import { supportFigures } from '../server/support/transparency-queries.ts'
import { addDays, dayFigures, dayPeriod } from '../server/transparency/figures.ts'
import { addSpinHistory } from '../tests/support/history.ts'
import { createTestApp, loginPlayer } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

const CROWD = Number(process.env.CROWD ?? 3000)
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 100_000)
const RUNS = Number(process.env.GROWTH_RUNS ?? 7)
const { positionals } = cliArgs({ allowPositionals: true }, 'usage: npm run bench:transparency [-- <postgres url>]')
if (positionals.length > 1) {
  console.error('usage: npm run bench:transparency [-- <postgres url>]')
  process.exit(2)
}
const pgUrl = positionals[0] ?? process.env.BENCH_DATABASE_URL
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl
const engine = pgUrl ? 'postgres' : 'sqlite'
const DAY = 24 * 3600_000
const MINUTE = 60_000

const t = await createTestApp(engine, { API_RATE_LIMIT_PER_MINUTE: '1000000' })
const { app } = t
const k = t.db.kysely
const now = app.clock.now()
const timeZone = app.config.market.timeZone

// A deterministic generator: the same rows on both engines.
let state = 12345
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0
  return state / 2 ** 32
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

async function bulk<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size))
}

const anchor = await loginPlayer(app, { cash: 10_000 })
const accounts = await app.ledger.accounts.playerAccountIds(k, anchor.userId)
const players: number[] = []
const seeds: number[] = []

async function writeCrowd() {
  const rows = Array.from({ length: CROWD }, (_, i) => ({
    device_id: `bench-${i}`,
    user_name: `bench${i}x`,
    language: 'pt-BR',
    created_at: now - 400 * DAY,
  }))
  await bulk(rows, async (chunk) => {
    const ids = await k.insertInto('players').values(chunk).returning('id').execute()
    players.push(...ids.map((r) => Number(r.id)))
  })
  await bulk(players, async (chunk) => {
    const ids = await k
      .insertInto('fair_seeds')
      .values(
        chunk.map((player_id) => ({
          player_id,
          server_seed: 's',
          server_seed_hash: 'h',
          client_seed: 'c',
          next_nonce: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute()
    seeds.push(...ids.map((r) => Number(r.id)))
  })
}

let serial = 0
/** The crowd's activity between `from` and `to`: `withRounds` adds 40 rounds a player. */
async function writeActivity(from: number, to: number, withRounds: boolean) {
  const at = () => from + Math.floor(random() * (to - from))
  if (withRounds) {
    const versions = gameVersions.slice(0, 8)
    const rounds = []
    for (let i = 0; i < players.length * 40; i++) {
      const p = i % players.length
      const game = pick(versions)
      const bet = pick([100, 200, 500, 1000])
      serial++
      rounds.push({
        id: `b-${serial}`,
        player_id: players[p] as number,
        session_id: 's',
        request_id: `b${serial}`,
        game_id: game.id,
        game_version: game.version,
        bet,
        stops: '[]',
        free_spins: '[]',
        win: random() < 0.4 ? Math.floor(random() * bet * 4.7) : 0,
        jackpot_win: random() < 0.0002 ? 25_000 : 0,
        jackpot_contribution: bet / 50,
        balance_before: 0,
        balance_after: 0,
        seed_id: seeds[p] as number,
        server_seed_hash: 'h',
        client_seed: 'c',
        nonce: serial,
        created_at: at(),
      })
    }
    await bulk(rounds, (chunk) => k.insertInto('game_rounds').values(chunk).execute(), 400)
  }
  // Two withdrawals a player: most paid (some after a review or a cool-off), some returned.
  const orders = []
  const steps = []
  const posts = []
  for (let i = 0; i < players.length * 2; i++) {
    serial++
    const id = `WB${String(serial).padStart(18, '0')}`
    const created = at()
    const amount = pick([2000, 5000, 10_000])
    const hold = pick(['none', 'none', 'none', 'review', 'coolOff'] as const)
    const paid = random() < 0.9
    const end = Math.min(created + Math.floor(random() * 60 * MINUTE), to - 1)
    orders.push({
      id,
      player_id: players[i % players.length] as number,
      request_id: id,
      amount,
      key_type: 'cpf' as const,
      pix_key: '00000000000',
      holder_name: 'x',
      status: paid ? ('paid' as const) : ('failed' as const),
      attempt: 1,
      sent_attempt: 1,
      end_to_end_id: null,
      fail_reason: paid ? null : pick(['pix_key_not_owned', 'Conta de destino encerrada']),
      created_at: created,
      updated_at: end,
      send_after: null,
    })
    const args =
      hold === 'review'
        ? { review: true }
        : hold === 'coolOff'
          ? { review: false, coolOffUntil: end }
          : { review: false }
    steps.push(
      { order_id: id, code: TrackerStep.accepted, state: StepState.success, args: '{}', created_at: created },
      {
        order_id: id,
        code: TrackerStep.checks,
        state: StepState.success,
        args: JSON.stringify(args),
        created_at: created,
      },
      { order_id: id, code: TrackerStep.sent, state: StepState.success, args: '{}', created_at: end },
      {
        order_id: id,
        code: paid ? TrackerStep.paid : TrackerStep.failed,
        state: paid ? StepState.success : StepState.failed,
        args: '{}',
        created_at: end,
      },
    )
    if (paid)
      posts.push({
        id: postTransferId(id),
        debit_account_id: accounts.withdrawal_hold,
        credit_account_id: accounts.cash,
        amount,
        kind: 'withdrawal_post' as const,
        reference: id,
        resolves_id: null,
        debit_balance_after: 0,
        credit_balance_after: 0,
        created_at: end,
      })
  }
  await bulk(orders, (chunk) => k.insertInto('withdrawal_orders').values(chunk).execute())
  await bulk(steps, (chunk) => k.insertInto('withdrawal_steps').values(chunk).execute())
  await bulk(posts, (chunk) => k.insertInto('ledger_transfers').values(chunk).execute())
  const refunds = Array.from({ length: Math.ceil(players.length / 5) }, () => {
    serial++
    const created = at()
    return {
      id: `RB${serial}`,
      end_to_end_id: `EB${serial}`,
      txid: `tb${serial}`,
      order_id: null,
      player_id: pick(players),
      amount: pick([1000, 2500]),
      reason: pick(['overpaid', 'payer_not_player', 'self_excluded'] as const),
      status: 'returned' as const,
      return_id: null,
      provider_reason: null,
      created_at: created,
      updated_at: created,
      returned_at: created + Math.floor(random() * 20 * MINUTE),
    }
  })
  await bulk(refunds, (chunk) => k.insertInto('pix_refunds').values(chunk).execute())
  const events = Array.from({ length: players.length }, () => ({
    player_id: pick(players),
    kind: pick(['self_exclusion', 'deposit_day', 'loss_week'] as const),
    detail: '{}',
    actor: 'player' as const,
    created_at: at(),
  }))
  await bulk(events, (chunk) => k.insertInto('limit_events').values(chunk).execute())
}

/** One conversation a player (the table allows one), opened in [from, to), half of them now. */
async function writeConversations(from: number, to: number, share: number, offset: number) {
  const mine = players.slice(offset, offset + Math.floor(players.length * share))
  await bulk(mine, async (chunk) => {
    const created = chunk.map(() => from + Math.floor(random() * (to - from)))
    const ids = await k
      .insertInto('support_conversations')
      .values(
        chunk.map((player_id, i) => ({
          player_id,
          status: 'open' as const,
          language: 'pt-BR',
          last_message_at: created[i] as number,
          created_at: created[i] as number,
        })),
      )
      .returning('id')
      .execute()
    await k
      .insertInto('support_messages')
      .values(
        ids.flatMap((row, i) => [
          {
            conversation_id: row.id,
            author: 'player' as const,
            text: 'x',
            request_id: `p${row.id}`,
            created_at: created[i] as number,
          },
          {
            conversation_id: row.id,
            author: 'operator' as const,
            text: 'x',
            request_id: `o${row.id}`,
            created_at: (created[i] as number) + Math.floor(random() * 30 * MINUTE),
          },
        ]),
      )
      .execute()
  })
}

async function median(run: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await run()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

async function measure() {
  const yesterday = addDays(localDate(now, timeZone), -1)
  // Frozen days are append-only in the database: the bench's own copy is emptied the one audited way.
  await throughAppendOnly(
    k,
    {
      actor: { id: null, name: 'bench', ip: '-' },
      reason: 'bench: freeze the whole chain again',
      tables: ['transparency_snapshots'],
    },
    Date.now(),
    async (trx) => ({
      rows: Number((await trx.deleteFrom('transparency_snapshots').executeTakeFirst()).numDeletedRows),
    }),
  )
  const freezeAll = await timed(() => app.transparency.freezeDue())
  const days = Number(
    (
      await k
        .selectFrom('transparency_snapshots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const period = dayPeriod(yesterday, timeZone)
  const month = { from: now - 30 * DAY, to: now + 1 }
  const parts = {
    'withdrawals, 30 days': await median(() => withdrawalFigures(k, month)),
    'deposits returned, 30 days': await median(() => depositReturnFigures(k, month)),
    'rounds, one day': await median(() => roundFigures(k, period)),
    'support, 30 days': await median(() => supportFigures(k, month)),
    'safer play, 30 days': await median(() => saferPlayFigures(k, month)),
    'last jackpot wins': await median(() => lastJackpotWins(k, 5)),
  }
  return {
    days,
    freezeAll,
    parts,
    page: await median(() => app.transparency.refresh()),
    day: await median(() => dayFigures(k, dayPeriod(yesterday, timeZone))),
    http: await median(() => app.inject({ method: 'GET', url: '/api/transparency' })),
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const loadBefore = load()
let started = performance.now()
await writeCrowd()
await writeActivity(now - 30 * DAY, now, true)
await writeConversations(now - 30 * DAY, now, 0.5, 0)
const written30 = performance.now() - started
const recent = await measure()

started = performance.now()
const veteran = await loginPlayer(app, { cash: 10_000 })
await addSpinHistory(t.db, app.ledger.accounts, {
  playerId: veteran.userId,
  rounds: ROUNDS,
  from: now - 365 * DAY,
  stepMs: Math.floor((334 * DAY) / ROUNDS),
})
for (let month = 1; month <= 5; month++)
  await writeActivity(now - (30 * month + 30) * DAY, now - 30 * month * DAY, false)
await writeConversations(now - 180 * DAY, now - 30 * DAY, 0.5, Math.floor(players.length * 0.5))
const writtenOld = performance.now() - started
const grown = await measure()

const count = async (table: 'game_rounds' | 'withdrawal_orders' | 'ledger_transfers') =>
  Number(
    (
      await k
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
console.log(
  `\ntransparency bench on ${engine}: ${CROWD.toLocaleString('en')} players' last 30 days (written in ${(written30 / 1000).toFixed(1)} s), then a ${ROUNDS.toLocaleString('en')}-round player and five older months (written in ${(writtenOld / 1000).toFixed(1)} s)`,
)
console.log(
  `rows at the end: ${(await count('game_rounds')).toLocaleString('en')} rounds, ${(await count('withdrawal_orders')).toLocaleString('en')} withdrawals, ${(await count('ledger_transfers')).toLocaleString('en')} ledger transfers; median of ${RUNS} runs, ms\n`,
)
const pad = (s: string, n: number) => s.padEnd(n)
console.log(`${pad('', 44)}${'30 days'.padStart(10)}${'+history'.padStart(10)}${'ratio'.padStart(8)}  gate ≤ 1.5`)
let failed = 0
const row = (name: string, a: number, b: number, gated: boolean) => {
  const ratio = b / Math.max(a, 0.01)
  if (gated && ratio > 1.5) failed++
  console.log(
    `${pad(name, 44)}${a.toFixed(2).padStart(10)}${b.toFixed(2).padStart(10)}${ratio.toFixed(2).padStart(8)}  ${gated ? (ratio <= 1.5 ? 'ok' : 'OVER') : '(not gated)'}`,
  )
}
row('the page (freeze check + every figure)', recent.page, grown.page, true)
row('one day frozen (yesterday)', recent.day, grown.day, true)
row('GET /api/transparency (cached)', recent.http, grown.http, true)
for (const [name, ms] of Object.entries(recent.parts))
  row(`  ${name}`, ms, grown.parts[name as keyof typeof grown.parts], false)
row(`freezing every day (${recent.days} then ${grown.days} days)`, recent.freezeAll, grown.freezeAll, false)
console.log(`\nload average before: ${loadBefore}; after: ${load()} (2 cores shared)`)
await t.close()
process.exitCode = failed > 0 ? 1 : 0
