// The finance and regulatory reports on each engine. Two local days of real activity (deposits
// through the sandbox bank, a withdrawal paid, spins on two games, a bonus, adjustments each way,
// registrations), placed either side of the market's midnight, which is the same UTC date: every
// figure of the report, its CSV, the transfers file and the regulatory files is recomputed here
// from the raw rows (ledger_transfers, ledger_accounts, game_rounds, pix_payments,
// withdrawal_orders, player_verifications) and compared; a device that never verified a CPF is no
// registration. Also: roles (support refused, and the refusal
// audited), downloads audited, personal data masked unless asked for by a role that may see it,
// the period's bounds, the rate limit, and a long period of many transfers streamed page by page.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxBankOf,
  sandboxOf,
  TEST_OPS_TOKEN,
  type TestDb,
} from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { transfersBetween } from '../ledger/reports.ts'
import { createOperator } from './operators.ts'
import { REPORTS_PER_MINUTE } from './report-routes.ts'

const TIME_ZONE = 'America/Sao_Paulo'
/** 23:40 on 20 Nov in São Paulo (UTC−3): 02:40 UTC on the 21st. */
const DAY_ONE_LATE = Date.UTC(2026, 10, 21, 2, 40)
/** 00:20 on 21 Nov in São Paulo: 03:20 UTC, the same UTC date as the above. */
const DAY_TWO_EARLY = Date.UTC(2026, 10, 21, 3, 20)
const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'
const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE })

/** RFC 4180 as the reports write it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  if (cell !== '' || row.length > 0) throw new Error('the file does not end with CRLF')
  return rows
}

/** A CSV's lines as objects keyed by its header. */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text)
  return rows.map((r) => Object.fromEntries((header as string[]).map((h, i) => [h, r[i] as string])))
}

const reais = (centavos: number) =>
  `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`

describe.each(engines)('finance and regulatory reports on %s', { timeout: 240_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(DAY_ONE_LATE)
  let ip = 0
  const players: { userId: number; cpf: string; fullName: string }[] = []
  /** Players who never registered (no CPF verified). */
  const deviceOnly: number[] = []

  async function operator(role: OperatorRole) {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    await createOperator(
      testDb.db.kysely,
      { email, role, name: `${role} op`, password: OPERATOR_PASSWORD },
      clock.now(),
    )
    const address = `198.51.100.${++ip}`
    const login = await app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password: OPERATOR_PASSWORD },
      remoteAddress: address,
    })
    const cookie = String((login.headers['set-cookie'] as string[])[0]).split(';')[0] as string
    return {
      post: (path: string, payload: object) =>
        app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { cookie }, payload, remoteAddress: address }),
      get: (path: string, query: Record<string, string>) =>
        app.inject({
          method: 'GET',
          url: `/api/ops/${path}?${new URLSearchParams(query).toString()}`,
          headers: { cookie },
          remoteAddress: address,
        }),
    }
  }

  const spin = async (sessionToken: string, bet: number) => {
    const answer = (
      await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet, requestId: randomUUID() },
      })
    ).json()
    expect(answer.success, JSON.stringify(answer)).toBe(true)
  }

  async function deposit(player: Awaited<ReturnType<typeof loginPlayer>>, amount: number) {
    const order = (await player.call('/charge/create/order', { amount, requestId: randomUUID() })).data
    const paid = await sandboxBankOf(app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.payCode },
      headers: { 'content-type': 'application/json' },
    })
    expect(paid.json().data).toMatchObject({ paid: true })
  }

  const adjust = async (userId: number, amount: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ops/adjust',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { requestId: randomUUID(), userId, amount, reason: '=HYPERLINK("x"), ajuste' },
    })
    expect(res.json().success, res.body).toBe(true)
  }

  beforeAll(async () => {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: '1000' }, clock)
    // Day one, late evening: a verified player gets cash, a bonus, deposits and plays two games.
    const ana = await loginPlayer(app, {
      ageConfirmed: true,
      bound: true,
      verified: { fullName: 'Ana Maria Souza' },
      cash: 20_000,
      bonus: 1_000,
    })
    players.push({ userId: ana.userId, cpf: ana.cpf, fullName: 'Ana Maria Souza' })
    await deposit(ana, 5_000)
    const fruta = await openGameSession(app, ana.call, { gameId: 'fruta-fina' })
    for (let i = 0; i < 6; i++) await spin(fruta.sessionToken, 100)
    const sete = await openGameSession(app, ana.call, { gameId: 'sete-da-sorte' })
    for (let i = 0; i < 4; i++) await spin(sete.sessionToken, 200)
    // Two devices that have not registered (no CPF verified): one never does, the other
    // registers on day two.
    deviceOnly.push((await loginPlayer(app, { ageConfirmed: true })).userId)
    const carla = await loginPlayer(app, { ageConfirmed: true })

    // Day two, just after midnight (the same UTC date): another player, a deposit, a withdrawal
    // paid, an adjustment taken back, more spins.
    clock.time = DAY_TWO_EARLY
    const bia = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: { fullName: 'Beatriz Lima' } })
    players.push({ userId: bia.userId, cpf: bia.cpf, fullName: 'Beatriz Lima' })
    await deposit(bia, 2_000)
    const carlaCpf = randomCpf()
    const registered = await carla.call('/charge/amount/saveUserAccountInfo', {
      fullName: 'Carla Dias',
      cpf: carlaCpf,
      birthDate: '1990-01-15',
    })
    expect(registered.data.status).toBe('verified')
    players.push({ userId: carla.userId, cpf: carlaCpf, fullName: 'Carla Dias' })
    const withdrawn = await ana.call('/withdraw/create/order', {
      accountNumber: ana.cpf,
      payType: 'cpf',
      amount: 3_000,
      requestId: randomUUID(),
      password: ana.password,
    })
    expect(withdrawn.success, JSON.stringify(withdrawn)).toBe(true)
    clock.time += 2_000
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    await adjust(bia.userId, 500)
    await adjust(bia.userId, -300)
    const fruta2 = await openGameSession(app, bia.call, { gameId: 'fruta-fina' })
    for (let i = 0; i < 5; i++) await spin(fruta2.sessionToken, 100)
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  /** The finance figures per local day, worked out here from every raw transfer and round. */
  async function recomputedFinance() {
    const db = testDb.db.kysely
    const accounts = new Map(
      (await db.selectFrom('ledger_accounts').selectAll().execute()).map((a) => [Number(a.id), a]),
    )
    const games = new Map(
      (await db.selectFrom('game_rounds').select(['id', 'game_id']).execute()).map((r) => [r.id, r.game_id]),
    )
    const days = new Map<string, ReturnType<typeof emptyDay>>()
    function emptyDay() {
      const figure = () => ({ amount: 0, count: 0 })
      return {
        deposits: figure(),
        withdrawals: figure(),
        refunds: figure(),
        bonuses: figure(),
        adjustmentsCredited: figure(),
        adjustmentsDebited: figure(),
        games: {} as Record<string, { stakes: number; wins: number }>,
      }
    }
    const bonusKinds = new Set([
      'first_deposit_bonus',
      'new_player_gift',
      'sign_in_reward',
      'sign_in_streak_bonus',
      'wheel_prize',
      'task_reward',
      'invite_reward',
      'download_reward',
    ])
    for (const t of await db.selectFrom('ledger_transfers').selectAll().execute()) {
      const date = localDay.format(Number(t.created_at))
      const day = days.get(date) ?? emptyDay()
      days.set(date, day)
      const amount = Number(t.amount)
      const count = (figure: { amount: number; count: number }) => {
        figure.amount += amount
        figure.count += 1
      }
      if (t.kind === 'deposit') count(day.deposits)
      if (t.kind === 'withdrawal_post') count(day.withdrawals)
      if (t.kind === 'pix_refund') count(day.refunds)
      if (bonusKinds.has(t.kind)) count(day.bonuses)
      if (t.kind === 'adjustment')
        count(
          accounts.get(Number(t.credit_account_id))?.player_id === null
            ? day.adjustmentsDebited
            : day.adjustmentsCredited,
        )
      if (['bet', 'bet_rollback', 'win'].includes(t.kind)) {
        const game = games.get(String(t.reference).replace(/^round:/, '')) ?? ''
        const g = day.games[game] ?? { stakes: 0, wins: 0 }
        day.games[game] = g
        if (t.kind === 'bet') g.stakes += amount
        else if (t.kind === 'bet_rollback') g.stakes -= amount
        else g.wins += amount
      }
    }
    return days
  }

  it('counts each local day of the market from the ledger: every figure matches the raw transfers', async () => {
    const payments = await operator('payments')
    const res = await payments.post('reports/finance', { from: '2026-11-20', to: '2026-11-21' })
    const report = res.json().data
    expect(report).toMatchObject({ from: '2026-11-20', to: '2026-11-21', timeZone: TIME_ZONE })
    expect(report.days.map((d: { date: string }) => d.date)).toEqual(['2026-11-20', '2026-11-21'])
    const raw = await recomputedFinance()
    // Both days happened on the same UTC date, yet each is its own local day.
    expect([...raw.keys()].sort()).toEqual(['2026-11-20', '2026-11-21'])
    for (const day of report.days) {
      const expected = raw.get(day.date) as NonNullable<ReturnType<typeof raw.get>>
      for (const key of [
        'deposits',
        'withdrawals',
        'refunds',
        'bonuses',
        'adjustmentsCredited',
        'adjustmentsDebited',
      ] as const)
        expect(day[key], `${day.date} ${key}`).toEqual(expected[key])
      const games = Object.entries(expected.games)
        .map(([gameId, g]) => ({ gameId, stakes: g.stakes, wins: g.wins, ggr: g.stakes - g.wins }))
        .sort((a, b) => a.gameId.localeCompare(b.gameId))
      expect(day.games).toEqual(games)
      expect(day.stakes).toBe(games.reduce((s, g) => s + g.stakes, 0))
      expect(day.ggr).toBe(day.stakes - day.wins)
    }
    // What happened, as the test made it happen.
    const [one, two] = report.days
    expect(one.deposits).toEqual({ amount: 5_000, count: 1 })
    expect(one.bonuses).toEqual({ amount: 1_000, count: 1 })
    expect(one.adjustmentsCredited).toEqual({ amount: 20_000, count: 1 })
    expect(one.games.map((g: { gameId: string }) => g.gameId)).toEqual(['fruta-fina', 'sete-da-sorte'])
    expect(one.stakes).toBe(6 * 100 + 4 * 200)
    expect(two.deposits).toEqual({ amount: 2_000, count: 1 })
    expect(two.withdrawals).toEqual({ amount: 3_000, count: 1 })
    expect(two.adjustmentsCredited).toEqual({ amount: 500, count: 1 })
    expect(two.adjustmentsDebited).toEqual({ amount: 300, count: 1 })
    expect(two.stakes).toBe(5 * 100)
    expect(report.totals.deposits).toEqual({ amount: 7_000, count: 2 })
    expect(report.totals.ggr).toBe(one.ggr + two.ggr)
  })

  it('writes the same figures as CSV, and the dashboard shows today counted the same way', async () => {
    const payments = await operator('payments')
    const json = (await payments.post('reports/finance', { from: '2026-11-20', to: '2026-11-21' })).json().data
    const res = await payments.get('reports/finance.csv', { from: '2026-11-20', to: '2026-11-21' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="jogo-limpo-financeiro-2026-11-20_2026-11-21.csv"',
    )
    const lines = records(res.body)
    expect(Object.keys(lines[0] ?? {})).toEqual(['date', 'item', 'game_id', 'count', 'amount_brl'])
    for (const day of json.days) {
      const of = (item: string, game = '') =>
        lines.find((l) => l.date === day.date && l.item === item && l.game_id === game)
      expect(of('deposits')).toMatchObject({
        count: String(day.deposits.count),
        amount_brl: reais(day.deposits.amount),
      })
      expect(of('adjustments_debited')?.amount_brl).toBe(reais(day.adjustmentsDebited.amount))
      expect(of('ggr')?.amount_brl).toBe(reais(day.ggr))
      for (const g of day.games) expect(of('game_ggr', g.gameId)?.amount_brl).toBe(reais(g.ggr))
    }

    const dashboard = (
      await app.inject({
        method: 'POST',
        url: '/api/ops/dashboard',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: {},
      })
    ).json().data
    const today = json.days[1]
    expect(dashboard).toMatchObject({
      deposits: today.deposits,
      withdrawals: today.withdrawals,
      refunds: today.refunds,
      bonuses: today.bonuses,
      adjustmentsCredited: today.adjustmentsCredited,
      adjustmentsDebited: today.adjustmentsDebited,
      games: today.games,
      bets: today.stakes,
      ggr: today.ggr,
    })
  })

  it('lists every transfer of the period once, with its accounts, as the ledger holds it; formulas stay text', async () => {
    const payments = await operator('payments')
    const res = await payments.get('reports/transfers.csv', { from: '2026-11-20', to: '2026-11-21' })
    const lines = records(res.body)
    const db = testDb.db.kysely
    const accounts = new Map(
      (await db.selectFrom('ledger_accounts').selectAll().execute()).map((a) => [Number(a.id), a]),
    )
    const raw = await db.selectFrom('ledger_transfers').selectAll().orderBy('created_at').orderBy('seq').execute()
    expect(raw.length).toBeGreaterThan(20)
    expect(lines.map((l) => l.transfer_id)).toEqual(raw.map((t) => t.id))
    for (const [i, t] of raw.entries()) {
      const line = lines[i] as Record<string, string>
      const debit = accounts.get(Number(t.debit_account_id))
      const credit = accounts.get(Number(t.credit_account_id))
      expect(line).toEqual({
        date: localDay.format(Number(t.created_at)),
        time_local: expect.stringMatching(/^2026-11-2[01] \d\d:\d\d:\d\d$/),
        time_utc: new Date(Number(t.created_at)).toISOString(),
        seq: String(t.seq),
        transfer_id: t.id,
        kind: t.kind,
        debit_account: debit?.code,
        debit_player_id: debit?.player_id === null ? '' : String(debit?.player_id),
        credit_account: credit?.code,
        credit_player_id: credit?.player_id === null ? '' : String(credit?.player_id),
        amount_brl: reais(Number(t.amount)),
        // An operator's reason starting with = is written as text, not a formula.
        reference: t.reference?.startsWith('=') ? `'${t.reference}` : (t.reference ?? ''),
      })
    }
    expect(lines.some((l) => l.reference === `'=HYPERLINK("x"), ajuste`)).toBe(true)
    // A period with nothing in it is just the header.
    const empty = await payments.get('reports/transfers.csv', { from: '2026-11-22', to: '2026-11-22' })
    expect(parseCsv(empty.body)).toHaveLength(1)
  })

  it('exports bets, payments and registrations per day, personal data masked unless asked for by a role that may see it', async () => {
    const risk = await operator('risk')
    const db = testDb.db.kysely
    const period = { from: '2026-11-20', to: '2026-11-21' }

    const bets = records((await risk.get('reports/regulatory.csv', { dataset: 'bets', ...period })).body)
    const rounds = await db.selectFrom('game_rounds').selectAll().orderBy('created_at').orderBy('id').execute()
    expect(bets).toEqual(
      rounds.map((r) => ({
        date: localDay.format(Number(r.created_at)),
        time_local: expect.stringMatching(/^2026-11-2[01] /),
        time_utc: new Date(Number(r.created_at)).toISOString(),
        round_id: r.id,
        player_id: String(r.player_id),
        game_id: r.game_id,
        game_version: String(r.game_version),
        stake_brl: reais(Number(r.bet)),
        win_brl: reais(Number(r.win)),
        jackpot_win_brl: reais(Number(r.jackpot_win)),
      })),
    )

    const masked = await risk.get('reports/regulatory.csv', { dataset: 'payments', ...period })
    const pix = await db.selectFrom('pix_payments').selectAll().execute()
    const paid = await db.selectFrom('withdrawal_orders').selectAll().where('status', '=', 'paid').execute()
    const payments = records(masked.body)
    expect(payments.filter((p) => p.type === 'pix_in').map((p) => [p.id, p.amount_brl])).toEqual(
      pix.sort((a, b) => Number(a.paid_at) - Number(b.paid_at)).map((p) => [p.end_to_end_id, reais(Number(p.amount))]),
    )
    expect(payments.filter((p) => p.type === 'pix_out').map((p) => [p.id, p.amount_brl, p.status])).toEqual(
      paid.map((w) => [w.id, reais(Number(w.amount)), 'paid']),
    )
    // Registrations are accounts whose CPF was verified, on the day it was: a device alone is none.
    const registrations = await db
      .selectFrom('player_verifications')
      .selectAll()
      .orderBy('verified_at')
      .orderBy('player_id')
      .execute()
    const maskedPeople = await risk.get('reports/regulatory.csv', { dataset: 'registrations', ...period })
    const people = records(maskedPeople.body)
    expect(people.map((p) => [p.date, p.player_id])).toEqual(
      registrations.map((p) => [localDay.format(Number(p.verified_at)), String(p.player_id)]),
    )
    expect(people.map((p) => p.player_id)).not.toContain(String(deviceOnly[0]))
    const carla = people.find((p) => p.player_id === String(players[2]?.userId))
    expect(carla).toMatchObject({ date: '2026-11-21', account_created_local: expect.stringMatching(/^2026-11-20 /) })
    expect(people.every((p) => p.cpf !== '')).toBe(true)
    // Masked by default: no CPF or full name anywhere in either file.
    for (const { cpf, fullName } of players)
      for (const body of [masked.body, maskedPeople.body]) {
        expect(body).not.toContain(cpf)
        expect(body).not.toContain(fullName)
      }
    const ana = people.find((p) => p.player_id === String(players[0]?.userId))
    expect(ana).toMatchObject({
      cpf: `***.***.*${players[0]?.cpf.slice(7, 9)}-${players[0]?.cpf.slice(9)}`,
      full_name: 'Ana M**** S****',
    })

    // Whole, when a role that may see personal data asks.
    const whole = await risk.get('reports/regulatory.csv', {
      dataset: 'registrations',
      ...period,
      personalData: 'true',
    })
    const wholePeople = records(whole.body)
    for (const p of players)
      expect(wholePeople.find((r) => r.player_id === String(p.userId))).toMatchObject({
        cpf: p.cpf,
        full_name: p.fullName,
      })

    // Each download is in the audit log: who, which file, which period, whether it was whole.
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'report.download')
      .where('object_id', 'like', 'regulatory-%')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => [a.actor_name, a.object_id, JSON.parse(String(a.after))])).toEqual([
      ['risk op', 'regulatory-bets.csv', { ...period, personalData: false }],
      ['risk op', 'regulatory-payments.csv', { ...period, personalData: false }],
      ['risk op', 'regulatory-registrations.csv', { ...period, personalData: false }],
      ['risk op', 'regulatory-registrations.csv', { ...period, personalData: true }],
    ])
  })

  it('refuses roles without the reports (audited) and periods out of bounds, naming the problem', async () => {
    const support = await operator('support')
    const before = Number(
      (
        await testDb.db.kysely
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('action', '=', 'access.refused')
          .executeTakeFirstOrThrow()
      ).n,
    )
    const refusedFile = await support.get('reports/regulatory.csv', {
      dataset: 'registrations',
      from: '2026-11-20',
      to: '2026-11-20',
    })
    expect(refusedFile.statusCode).toBe(403)
    expect(refusedFile.json()).toMatchObject({ success: false, msgCode: 'ops_forbidden' })
    expect((await support.post('reports/finance', { from: '2026-11-20', to: '2026-11-20' })).statusCode).toBe(403)
    const refused = await testDb.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'access.refused')
      .orderBy('id')
      .execute()
    expect(refused.slice(before).map((r) => r.object_id)).toEqual([
      'GET /api/ops/reports/regulatory.csv',
      'POST /api/ops/reports/finance',
    ])
    expect(
      await testDb.db.kysely
        .selectFrom('audit_log')
        .select('id')
        .where('actor_name', '=', 'support op')
        .where('action', '=', 'report.download')
        .execute(),
    ).toEqual([])

    const admin = await operator('admin')
    const backwards = await admin.post('reports/finance', { from: '2026-11-21', to: '2026-11-20' })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json()).toMatchObject({
      msgCode: 'report_period_invalid',
      msg: 'Escolha um período de até 92 dias, com a data inicial antes da final.',
    })
    const tooLong = await admin.get('reports/transfers.csv', { from: '2025-01-01', to: '2026-11-20' })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({ msgCode: 'report_period_invalid', data: { maxDays: 366 } })
    const notADate = await admin.get('reports/finance.csv', { from: '2026-02-30', to: '2026-03-01' })
    expect(notADate.statusCode).toBe(400)
    expect(notADate.json()).toMatchObject({ msgCode: 'invalid_request' })
    // Nothing refused was recorded as a download.
    const downloads = await testDb.db.kysely
      .selectFrom('audit_log')
      .select('object_id')
      .where('action', '=', 'report.download')
      .where('after', 'like', '%2025-01-01%')
      .execute()
    expect(downloads).toEqual([])
  })

  it(`lets one operator make ${REPORTS_PER_MINUTE} report calls a minute, then answers 429`, async () => {
    const admin = await operator('admin')
    const period = { from: '2026-11-22', to: '2026-11-22' }
    for (let i = 0; i < REPORTS_PER_MINUTE; i++)
      expect((await admin.post('reports/finance', period)).statusCode).toBe(200)
    const limited = await admin.get('reports/finance.csv', period)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ success: false, msgCode: 'rate_limited' })
  })

  it('streams a long period of many transfers in pages: every one once, in order, ties in time included', async () => {
    const db = testDb.db.kysely
    const house = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'code'])
      .where('player_id', 'is', null)
      .where('code', 'in', ['adjustments', 'promotions'])
      .execute()
    const [a, b] = house.map((h) => Number(h.id)) as [number, number]
    // 12 000 transfers over 300 days of 2025, many sharing a millisecond (written straight into the
    // table: the report reads, it never checks balances).
    const start = Date.UTC(2025, 0, 1, 12)
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      id: `bulk:${i}`,
      debit_account_id: a,
      credit_account_id: b,
      amount: 1 + (i % 97),
      kind: 'adjustment' as const,
      reference: null,
      resolves_id: null,
      debit_balance_after: 0,
      credit_balance_after: 0,
      created_at: start + Math.floor(i / 40) * 86_400_000 + (i % 3),
    }))
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('ledger_transfers')
        .values(rows.slice(i, i + 500))
        .execute()

    // The page reader straight: pages of 7 split many runs of equal times.
    const seen: string[] = []
    for await (const t of transfersBetween(db, start, start + 300 * 86_400_000, 7)) seen.push(t.id)
    const expected = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'like', 'bulk:%')
      .orderBy('created_at')
      .orderBy('seq')
      .execute()
    expect(seen).toEqual(expected.map((r) => r.id))

    const admin = await operator('admin')
    const res = await admin.get('reports/transfers.csv', { from: '2025-01-01', to: '2025-12-31' })
    expect(res.statusCode).toBe(200)
    // Streamed: no length known up front, sent in chunks.
    expect(res.headers['content-length']).toBeUndefined()
    expect(res.headers['transfer-encoding']).toBe('chunked')
    const lines = records(res.body)
    expect(lines).toHaveLength(12_000)
    expect(lines.map((l) => l.transfer_id)).toEqual(expected.map((r) => r.id))
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l.amount_brl) * 100), 0)).toBe(
      rows.reduce((sum, r) => sum + r.amount, 0),
    )
  })
})
