// The operator console's server side, on each engine: operators made by the CLI's functions log
// in for a cookie session; roles decide what each may do (support cannot approve payouts or
// adjust); large adjustments need a second operator (four-eyes); sessions end when idle and
// after their absolute limit; TOTP enrolment and login (a code is used once); setup links are
// one-time; the first decision on a withdrawal wins; the worklist's 120-minute clock counts from
// the request; and every action leaves its audit row. Money is checked against the ledger.
import { randomUUID } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { clockTone, PAYOUT_LIMIT_MINUTES } from '../../contract/ops.ts'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  engines,
  loginPlayer,
  sandboxOf,
  TEST_OPS_TOKEN,
  TEST_PASSWORD,
} from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { createOperator, describeOperator, firstAdminSetupToken, type OperatorRow } from './operators.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'
const MINUTE = 60_000

// Each operator and player password costs a scrypt run (128 MiB, ~0.5 s of a core): on a shared
// machine a test with several of them needs more than the default 30 s.
describe.each(engines)('operator console on %s', { timeout: 120_000 }, (engine) => {
  const clock = manualClock(START)
  let ip = 0

  const t = appPerTest(engine, {
    env: { WITHDRAW_REVIEW_ABOVE: '100000', WITHDRAW_REVIEW_MINUTES: '30' },
    clock,
    start: START,
  })

  /** An operator as `npm run ops:operator -- create` makes one, signed in: its calls carry the cookie. */
  async function operator(role: OperatorRole, name = `${role} ${randomUUID().slice(0, 4)}`) {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    const { id } = await createOperator(t.db.kysely, { email, role, name, password: OPERATOR_PASSWORD }, clock.now())
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password: OPERATOR_PASSWORD },
      remoteAddress: `192.0.2.${++ip}`,
    })
    expect(login.json()).toMatchObject({ success: true, data: { name, role } })
    const cookies = login.headers['set-cookie'] as string[]
    // Scoped to the operator API and the console's socket; an older cookie on `/` is cleared.
    expect(cookies).toEqual([
      expect.stringMatching(/^jl_ops=[\w-]{43}; Path=\/api\/ops; HttpOnly; SameSite=Strict; Max-Age=43200$/),
      expect.stringMatching(/^jl_ops=[\w-]{43}; Path=\/ws\/ops; HttpOnly; SameSite=Strict; Max-Age=43200$/),
      'jl_ops=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0',
    ])
    const session = String(cookies[0]).split(';')[0] as string
    const post = (path: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { cookie: session }, payload })
    return {
      id,
      email,
      name,
      session,
      post,
      call: async (path: string, payload: object = {}) => (await post(path, payload)).json(),
    }
  }

  async function reviewWithdrawal(amount = 200_000) {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 250_000 })
    const order = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(order.data.status).toBe('review')
    return { player, orderId: order.data.orderId as string }
  }

  const auditActions = async () =>
    (await t.db.kysely.selectFrom('audit_log').select(['action', 'actor_name']).orderBy('id').execute()).map(
      (r) => `${r.action} by ${r.actor_name}`,
    )

  it('lets payments approve and refuses support and risk: roles decide, before anything runs', async () => {
    const { orderId, player } = await reviewWithdrawal()
    const support = await operator('support')
    const risk = await operator('risk')
    const payments = await operator('payments', 'Paula Pagamentos')
    for (const refused of [support, risk]) {
      const res = await refused.post('withdrawals/review', { orderId, decision: 'approve' })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ success: false, msgCode: 'ops_forbidden' })
    }
    const adjust = await support.post('adjust', { requestId: 'r', userId: player.userId, amount: 100, reason: 'x' })
    expect(adjust.statusCode).toBe(403)
    // Support sees the worklist and the player, with the CPF masked; payments sees it whole.
    expect((await support.call('withdrawals/queue', { status: 'review' })).data.items).toHaveLength(1)
    const masked = (await support.call('players/view', { userId: player.userId })).data.identity
    expect(masked.cpf).toMatch(/^\*\*\*\.\*\*\*\.\*\d\d-\d\d$/)
    expect(masked.fullName).toBe('Ana S****')
    expect((await payments.call('players/view', { userId: player.userId })).data.identity).toMatchObject({
      cpf: player.cpf,
      fullName: 'Ana Souza',
    })
    // Support cannot find a player by CPF either.
    expect((await support.call('players/search', { q: player.cpf })).data.hits).toEqual([])
    expect((await payments.call('players/search', { q: player.cpf })).data.hits).toMatchObject([
      { userId: player.userId, matched: 'cpf' },
    ])
    // Queries too short to be a PIX key still search names (PostgreSQL once failed on them).
    for (const q of ['hi', 'key', '#j']) {
      const res = await payments.post('players/search', { q })
      expect(res.statusCode, q).toBe(200)
      expect(res.json(), q).toMatchObject({ success: true, data: { hits: expect.any(Array) } })
    }

    const approved = await payments.call('withdrawals/review', { orderId, decision: 'approve' })
    expect(approved).toMatchObject({ success: true, data: { orderId, status: 'processing' } })
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toMatchObject({ cash: 50_000 })
    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'withdrawal.approve')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ actor_name: 'Paula Pagamentos', object_type: 'withdrawal', object_id: orderId })
    expect(JSON.parse(row.before ?? '')).toMatchObject({ status: 'review', amount: 200_000, playerId: player.userId })
  })

  it('lets the first decision win: a second operator finds the order taken, and the money moves once', async () => {
    const { orderId, player } = await reviewWithdrawal()
    const a = await operator('payments')
    const b = await operator('admin')
    const [first, second] = await Promise.all([
      a.call('withdrawals/review', { orderId, decision: 'approve' }),
      b.call('withdrawals/review', { orderId, decision: 'reject', reason: 'documento' }),
    ])
    const outcomes = [first, second].map((r) => (r.success ? 'won' : r.msgCode)).sort()
    expect(outcomes).toEqual(['withdrawal_taken', 'won'])
    const decisions = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('object_id', '=', orderId)
      .execute()
    expect(decisions).toHaveLength(1)
    // Approved: still held while the bank pays; rejected: back in cash. Never both.
    const balances = await readPlayerBalances(t.db.kysely, player.userId)
    expect([balances.cash, balances.withdrawalHold]).toEqual(first.success ? [50_000, 200_000] : [250_000, 0])
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
    // Rejecting needs a reason from a person.
    const { orderId: next } = await reviewWithdrawal()
    expect((await a.call('withdrawals/review', { orderId: next, decision: 'reject' })).msgCode).toBe('invalid_request')
  })

  it('counts the review SLA and the 120-minute payout limit from the request, oldest first', async () => {
    const first = await reviewWithdrawal()
    clock.time += 10 * MINUTE
    const second = await reviewWithdrawal()
    clock.time += 5 * MINUTE
    const support = await operator('support')
    const page = (await support.call('withdrawals/queue', { status: 'review', pageNum: 1, pageSize: 50 })).data
    expect(page).toMatchObject({ total: 2, now: clock.time, reviewMinutes: 30 })
    expect(page.items.map((i: { orderId: string }) => i.orderId)).toEqual([first.orderId, second.orderId])
    expect(page.items[0]).toMatchObject({
      createdAt: START,
      reviewDueAt: START + 30 * MINUTE,
      payoutDueAt: START + PAYOUT_LIMIT_MINUTES * MINUTE,
      amount: 200_000,
    })
    // 15 of 30 minutes gone: amber on the review clock; 105 of 120 left: fine on the payout clock.
    const item = page.items[0]
    expect(clockTone(item.reviewDueAt - page.now, 30 * MINUTE)).toBe('amber')
    expect(clockTone(item.payoutDueAt - page.now, 120 * MINUTE)).toBe('ok')
    expect(clockTone(item.payoutDueAt - (START + 95 * MINUTE), 120 * MINUTE)).toBe('red')
    expect(clockTone(-1, 120 * MINUTE)).toBe('red')
    // The player is told the same SLA, in minutes.
    const tracker = await first.player.call('/v1/bus/getWithdrawProcess', { orderId: first.orderId })
    expect(tracker.data.steps[1].msg).toContain('em até 30 minutos')
  })

  it('puts a large adjustment before a second operator (four-eyes); the requester cannot approve it', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    const paula = await operator('payments', 'Paula')
    const ana = await operator('admin', 'Ana Admin')
    const small = await paula.call('adjust', {
      requestId: 'small-1',
      userId: player.userId,
      amount: 5_000,
      reason: 'erro',
    })
    expect(small).toMatchObject({ success: true, data: { status: 'done' } })
    const large = await paula.call('adjust', {
      requestId: 'large-1',
      userId: player.userId,
      amount: 80_000,
      reason: 'acordo',
    })
    expect(large).toMatchObject({ success: true, data: { status: 'pending', requestId: 'large-1' } })
    expect((await readPlayerBalances(t.db.kysely, player.userId)).cash).toBe(5_000)
    const own = await paula.call('adjustments/decide', { id: 'large-1', decision: 'approve', reason: 'conferido' })
    expect(own).toMatchObject({ success: false, msgCode: 'four_eyes_same_operator' })
    expect((await ana.call('adjustments/list', {})).data.requests).toMatchObject([{ id: 'large-1', amount: 80_000 }])
    const approved = await ana.call('adjustments/decide', { id: 'large-1', decision: 'approve', reason: 'conferido' })
    expect(approved).toMatchObject({ success: true, data: { status: 'approved', balance: { cash: 85_000 } } })
    const again = await ana.call('adjustments/decide', { id: 'large-1', decision: 'approve', reason: 'conferido' })
    expect(again.success).toBe(false)
    const transfers = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['id', 'amount'])
      .where('kind', '=', 'adjustment')
      .where('id', 'in', ['ops:small-1', 'ops:large-1'])
      .orderBy('seq')
      .execute()
    expect(transfers.map((t) => [t.id, Number(t.amount)])).toEqual([
      ['ops:small-1', 5_000],
      ['ops:large-1', 80_000],
    ])
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'player.adjust by Paula',
        'player.adjust_requested by Paula',
        'player.adjust_approved by Ana Admin',
      ]),
    )
  })

  it('sums four-eyes over 24 h per operator and per player: split adjustments wait for a second person', async () => {
    // OPS_FOUR_EYES_ABOVE is R$ 500 by default; each of these is just under it.
    const part = 49_900
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    const other = await loginPlayer(t.app, { ageConfirmed: true })
    const paula = await operator('payments', 'Paula')
    const rita = await operator('payments', 'Rita')
    const ana = await operator('admin', 'Ana Admin')
    const cash = async (userId: number) => (await readPlayerBalances(t.db.kysely, userId)).cash

    // Twenty at once to one player: one is applied, nineteen wait.
    const split = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        paula.call('adjust', { requestId: `split-${i}`, userId: player.userId, amount: part, reason: 'acordo' }),
      ),
    )
    expect(split.every((answer) => answer.success)).toBe(true)
    expect(split.filter((answer) => answer.data.status === 'done')).toHaveLength(1)
    expect(split.filter((answer) => answer.data.status === 'pending')).toHaveLength(19)
    expect(await cash(player.userId)).toBe(part)
    // The same operator to another player: the operator's sum is spent.
    const elsewhere = await paula.call('adjust', { requestId: 'p-2', userId: other.userId, amount: 200, reason: 'x' })
    expect(elsewhere.data.status).toBe('pending')
    // Another operator to the same player: the player's sum is spent.
    const second = await rita.call('adjust', { requestId: 'r-1', userId: player.userId, amount: 200, reason: 'x' })
    expect(second.data.status).toBe('pending')
    // Rita alone to the other player is within both sums.
    const fresh = await rita.call('adjust', { requestId: 'r-2', userId: other.userId, amount: 200, reason: 'x' })
    expect(fresh.data.status).toBe('done')
    expect(await cash(player.userId)).toBe(part)
    expect(await cash(other.userId)).toBe(200)
    // A retried request answers what it did.
    const retried = await paula.call('adjust', {
      requestId: 'split-3',
      userId: player.userId,
      amount: part,
      reason: 'acordo',
    })
    expect(retried.data.status).toBe(split[3].data.status)

    // A second person approves what crossed the bound; approvals do not spend anyone's sum.
    const waiting = (await ana.call('adjustments/list', {})).data.requests as { id: string }[]
    expect(waiting).toHaveLength(21)
    const pendingId = split.find((answer) => answer.data.status === 'pending')?.data.requestId
    expect((await ana.call('adjustments/decide', { id: pendingId, decision: 'approve', reason: 'ok' })).success).toBe(
      true,
    )
    expect(await cash(player.userId)).toBe(2 * part)

    // Debits count in absolute value: removing money alone is bound too.
    const debit = await paula.call('adjust', { requestId: 'd-1', userId: player.userId, amount: -200, reason: 'x' })
    expect(debit.data.status).toBe('pending')

    // After 24 hours the window has moved on.
    clock.time += 24 * 3600_000 + 1
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email: paula.email, password: OPERATOR_PASSWORD },
      remoteAddress: `192.0.2.${++ip}`,
    })
    const cookie = String(login.headers['set-cookie']).split(';')[0] as string
    const nextDay = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ops/adjust',
        headers: { cookie },
        payload: { requestId: 'next-day', userId: player.userId, amount: part, reason: 'x' },
      })
    ).json()
    expect(nextDay.data.status).toBe('done')
    expect(await cash(player.userId)).toBe(3 * part)
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
  })

  it('ends a session after 30 idle minutes and after 12 hours in any case; logout ends it at once', async () => {
    const op = await operator('support')
    expect((await op.post('session/me')).statusCode).toBe(200)
    clock.time += 29 * MINUTE
    expect((await op.post('session/me')).statusCode).toBe(200)
    clock.time += 31 * MINUTE
    const idle = await op.post('session/me')
    expect(idle.statusCode).toBe(401)
    expect(idle.json()).toMatchObject({ msgCode: 'ops_session_invalid' })
    expect(String(idle.headers['set-cookie'])).toContain('Max-Age=0')

    const busy = await operator('support')
    for (let t = 0; t < 12 * 60; t += 20) {
      clock.time += 20 * MINUTE
      const res = await busy.post('session/me')
      expect(res.statusCode, `after ${t + 20} minutes`).toBe(t + 20 < 12 * 60 ? 200 : 401)
    }

    const leaving = await operator('risk')
    expect((await leaving.call('session/logout')).success).toBe(true)
    expect((await leaving.post('session/me')).statusCode).toBe(401)
  })

  it('enrols TOTP by a confirmed code, then asks for a fresh code at each login (a code is used once)', async () => {
    const op = await operator('admin')
    const { secret, uri } = (await op.call('session/totp/start')).data
    expect(uri).toMatch(/^otpauth:\/\/totp\/Jogo%20Limpo:/)
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    expect((await op.call('session/totp/confirm', { code: '000000' })).success).toBe(false)
    const confirmed = await op.call('session/totp/confirm', { code: totp.generate({ timestamp: clock.now() }) })
    expect(confirmed).toMatchObject({ success: true, data: { totpEnabled: true } })

    const login = (totpCode?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ops/session/login',
        payload: { email: op.email, password: OPERATOR_PASSWORD, ...(totpCode ? { totp: totpCode } : {}) },
        remoteAddress: '198.51.100.77',
      })
    expect((await login()).json()).toMatchObject({ success: false, msgCode: 'ops_totp_required' })
    clock.time += 60_000
    const code = totp.generate({ timestamp: clock.now() })
    expect((await login(code)).json()).toMatchObject({ success: true, data: { totpEnabled: true } })
    expect((await login(code)).json()).toMatchObject({ success: false, msgCode: 'ops_totp_required' })
    expect((await login('123456')).json().success).toBe(false)
    expect(await auditActions()).toEqual(expect.arrayContaining([expect.stringMatching(/^operator.totp_enabled by /)]))
  })

  it('asks admin and payments (not support or risk) for a second factor outside the sandbox', () => {
    const row = (role: OperatorRole, totp: boolean) =>
      ({ id: 1, email: 'a@b.c', name: 'A', role, totp_enabled_at: totp ? 1 : null }) as unknown as OperatorRow
    expect(describeOperator(row('admin', false), false, null)).toMatchObject({
      totpRequired: true,
      mustEnrolTotp: true,
    })
    expect(describeOperator(row('payments', false), false, null).mustEnrolTotp).toBe(true)
    expect(describeOperator(row('payments', true), false, null).mustEnrolTotp).toBe(false)
    expect(describeOperator(row('support', false), false, null).totpRequired).toBe(false)
    expect(describeOperator(row('admin', false), true, null).mustEnrolTotp).toBe(false)
  })

  it('uses a setup link once: the first admin names themself; a created operator picks a password', async () => {
    const first = (await firstAdminSetupToken(t.db.kysely, clock.now())) as string
    expect(first).toMatch(/^[\w-]{43}$/)
    const info = await t.app.inject({ method: 'POST', url: '/api/ops/session/setupInfo', payload: { token: first } })
    expect(info.json()).toMatchObject({ success: true, data: { role: 'admin', email: null } })
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/setup',
      payload: { token: first, password: 'password123', email: 'chefe@jogolimpo.example', name: 'Chefe' },
    })
    expect(weak.json()).toMatchObject({ success: false, msgCode: 'weak_password' })
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/setup',
      payload: { token: first, password: OPERATOR_PASSWORD, email: 'chefe@jogolimpo.example', name: 'Chefe' },
    })
    expect(done.json().success).toBe(true)
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/setup',
      payload: { token: first, password: OPERATOR_PASSWORD, email: 'outro@jogolimpo.example' },
    })
    expect(reused.json()).toMatchObject({ success: false, msgCode: 'ops_setup_link_invalid' })
    // Once an operator exists, start-up prints no link.
    expect(await firstAdminSetupToken(t.db.kysely, clock.now())).toBeNull()

    const created = await createOperator(t.db.kysely, { email: 'sam@jogolimpo.example', role: 'support' }, clock.now())
    const token = created.setupToken as string
    clock.time += 25 * 3600_000
    const expired = await t.app.inject({ method: 'POST', url: '/api/ops/session/setupInfo', payload: { token } })
    expect(expired.json()).toMatchObject({ success: false, msgCode: 'ops_setup_link_invalid' })
  })

  it('delays a login without a second factor after 5 wrong passwords on its e-mail', async () => {
    const op = await operator('support')
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ops/session/login',
        payload: { email: op.email, password },
        remoteAddress: `203.0.113.${++ip % 200}`,
      })
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).json().msgCode).toBe('ops_login_failed')
    // The sixth comes too soon after five failures: without a TOTP code nothing tells the owner
    // from the guesser, so it waits (1 s here), even with the right password.
    const early = await attempt(OPERATOR_PASSWORD)
    expect(early.statusCode).toBe(429)
    expect(early.headers['retry-after']).toBe('1')
    expect(early.json()).toMatchObject({ success: false, msgCode: 'ops_login_throttled' })
    clock.time += 2000
    expect((await attempt(OPERATOR_PASSWORD)).json().success).toBe(true)
  })

  it('writes an audit row for every action, the service account’s included', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    const risk = await operator('risk', 'Rita Risco')
    expect((await risk.call('players/note', { userId: player.userId, body: 'ligou pedindo ajuda' })).success).toBe(true)
    expect(
      (await risk.call('players/logout', { userId: player.userId, reason: 'conta comprometida' })).data,
    ).toMatchObject({
      sessions: 1,
    })
    const until = clock.now() + 30 * 24 * 3600_000
    expect(
      (await risk.call('players/extendExclusion', { userId: player.userId, until, reason: 'pedido' })).success,
    ).toBe(true)
    // Never shortened.
    const shorter = await risk.call('players/extendExclusion', { userId: player.userId, until: until - 1, reason: 'x' })
    expect(shorter.msgCode).toBe('exclusion_not_extended')
    const view = (await risk.call('players/view', { userId: player.userId })).data
    expect(view.notes).toMatchObject([{ author: 'Rita Risco', body: 'ligou pedindo ajuda' }])
    expect(view.selfExclusion).toMatchObject({ until })
    expect(view.limitHistory[0]).toMatchObject({ kind: 'self_exclusion', actor: 'operator' })
    await t.app.inject({
      method: 'POST',
      url: '/api/ops/disconnect',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { userId: player.userId },
    })
    expect(await auditActions()).toEqual([
      'session.login by Rita Risco',
      'player.note by Rita Risco',
      'player.force_logout by Rita Risco',
      'player.exclusion_extended by Rita Risco',
      'player.view by Rita Risco',
      'player.disconnect by service: OPS_TOKEN',
    ])
    const list = (await risk.call('audit/list', { pageNum: 1, pageSize: 3, actor: 'rita' })).data
    expect(list).toMatchObject({ total: 5, pageNum: 1 })
    expect(list.entries.map((e: { action: string }) => e.action)).toEqual([
      'player.view',
      'player.exclusion_extended',
      'player.force_logout',
    ])
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/ops/audit/export.csv?actor=rita',
      headers: { cookie: risk.session },
    })
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split('\n')
    expect(lines[0]).toBe('id,at,actor_id,actor,action,object_type,object_id,before,after,reason,ip')
    // The export is itself in the log, with its filter, before the rows it wrote (newest first).
    expect(lines).toHaveLength(7)
    expect(lines[1]).toContain('audit.export')
    expect(csv.body).toContain('conta comprometida')
    expect(await auditActions()).toContain('audit.export by Rita Risco')
    const exported = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'audit.export')
      .executeTakeFirstOrThrow()
    expect(exported).toMatchObject({ object_type: 'audit', object_id: 'audit-log.csv' })
    expect(JSON.parse(String(exported.after))).toEqual({ actor: 'rita' })
    // Support may not read the audit log, nor the PIX returned to payers (roles that read the
    // ledger's health do).
    const support = await operator('support')
    expect((await support.post('audit/list', {})).statusCode).toBe(403)
    const refunds = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/ops/refunds?limit=10', headers: { cookie } })
    expect((await refunds(support.session)).statusCode).toBe(403)
    expect((await refunds(risk.session)).json()).toMatchObject({ success: true, data: { refunds: [] } })
  })

  it('audits refused actions and every look-up by CPF or PIX key, with whom it found', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true })
    const support = await operator('support', 'Sara Suporte')
    const payments = await operator('payments', 'Paula Pagamentos')
    const auditRows = async (action: string) =>
      (await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()).map(
        (row) => ({
          actor: row.actor_name,
          objectId: row.object_id,
          after: JSON.parse(row.after ?? 'null'),
        }),
      )

    // A role without the route's permission: refused, and the attempt is on the record.
    expect((await support.post('withdrawals/review', { orderId: 'W1', decision: 'approve' })).statusCode).toBe(403)
    expect((await support.post('audit/list', {})).statusCode).toBe(403)
    expect(await auditRows('access.refused')).toEqual([
      {
        actor: 'Sara Suporte',
        objectId: 'POST /api/ops/withdrawals/review',
        after: { msgCode: 'ops_forbidden', role: 'support', permission: expect.any(String) },
      },
      {
        actor: 'Sara Suporte',
        objectId: 'POST /api/ops/audit/list',
        after: { msgCode: 'ops_forbidden', role: 'support', permission: expect.any(String) },
      },
    ])
    // A call without credentials is no actor's action (it is counted per address instead).
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/audit/list', payload: {} })).statusCode).toBe(401)
    expect(await auditRows('access.refused')).toHaveLength(2)

    // Look-ups by CPF (found, and hidden from a role that may not see CPFs) and by a PIX key;
    // the log masks the identifier it was asked for.
    expect((await payments.call('players/search', { q: player.cpf })).data.hits).toHaveLength(1)
    expect((await support.call('players/search', { q: player.cpf })).data.hits).toEqual([])
    expect((await payments.call('players/search', { q: 'Fulano@Example.com' })).data.hits).toEqual([])
    expect((await payments.call('players/search', { q: '+55 11 98765-4321' })).data.hits).toEqual([])
    // A name or a user id is not a personal identifier: no row.
    await payments.call('players/search', { q: 'Ana' })
    await payments.call('players/search', { q: String(player.userId) })
    const maskedCpf = `***.***.*${player.cpf.slice(7, 9)}-${player.cpf.slice(9)}`
    expect(await auditRows('player.search')).toEqual([
      {
        actor: 'Paula Pagamentos',
        objectId: String(player.userId),
        after: { by: 'cpf', query: maskedCpf, found: [player.userId] },
      },
      // Support was shown nothing, yet the log says whom the CPF matched (and that it was hidden).
      {
        actor: 'Sara Suporte',
        objectId: String(player.userId),
        after: { by: 'cpf', query: maskedCpf, found: [player.userId], hidden: [player.userId] },
      },
      { actor: 'Paula Pagamentos', objectId: '-', after: { by: 'pix_key', query: 'f***@example.com', found: [] } },
      { actor: 'Paula Pagamentos', objectId: '-', after: { by: 'pix_key', query: '+5511 *****-4321', found: [] } },
    ])
    // Nothing in the log spells the full CPF.
    const everything = await t.db.kysely.selectFrom('audit_log').selectAll().execute()
    expect(JSON.stringify(everything)).not.toContain(player.cpf)
  })

  it('changes settings without a restart: admin only, audited, on every instance', async () => {
    const admin = await operator('admin', 'Ana Admin')
    const support = await operator('support')
    expect(
      (await support.post('settings/set', { key: 'withdrawals.reviewAbove', value: 1, reason: 'x' })).statusCode,
    ).toBe(403)
    const view = (await support.call('settings/get')).data
    expect(view.values).toMatchObject({ 'withdrawals.reviewAbove': 100_000, 'withdrawals.reviewMinutes': 30 })
    const outOfOrder = await admin.call('settings/set', { key: 'deposits.min', value: 900_000, reason: 'x' })
    expect(outOfOrder).toMatchObject({ success: false, msgCode: 'invalid_request' })
    const tooLong = await admin.post('settings/set', { key: 'withdrawals.reviewMinutes', value: 130, reason: 'x' })
    expect(tooLong.json().success).toBe(false)
    const set = await admin.call('settings/set', {
      key: 'withdrawals.reviewAbove',
      value: 300_000,
      reason: 'fila longa',
    })
    expect(set).toMatchObject({ success: true, data: { values: { 'withdrawals.reviewAbove': 300_000 } } })
    await admin.call('settings/set', { key: 'withdrawals.reviewMinutes', value: 20, reason: 'SLA menor' })
    // At once on this instance: R$ 2.000 no longer waits for review.
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 250_000 })
    const order = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 200_000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(order.data.status).toBe('processing')
    expect((await player.call('/v1/bus/withdrawInfo')).data).toMatchObject({ reviewAbove: 300_000, reviewMinutes: 20 })
    // Another instance on the same database reads it at start (and every few seconds).
    const other = await buildTestApp(t.db, {}, clock)
    try {
      expect(other.config.withdrawals.reviewAbove).toBe(300_000)
    } finally {
      await other.close()
    }
    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.set')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      actor_name: 'Ana Admin',
      object_id: 'withdrawals.reviewAbove',
      before: '100000',
      after: '300000',
      reason: 'fila longa',
    })
  })

  it('shows today on the dashboard from the ledger: withdrawals paid, payout times, open worklists', async () => {
    const payments = await operator('payments')
    const { orderId } = await reviewWithdrawal()
    await reviewWithdrawal(150_000)
    clock.time += 10 * MINUTE
    await payments.call('withdrawals/review', { orderId, decision: 'approve' })
    clock.time += 2 * MINUTE
    await sandboxOf(t.app).settleDuePayouts()
    await t.app.payments.withdrawals.reconcile()
    const board = (await payments.call('dashboard')).data
    expect(board).toMatchObject({
      withdrawals: { amount: 200_000, count: 1 },
      deposits: { amount: 0, count: 0 },
      ggr: 0,
      playersActive: 0,
      payouts: { count: 1, medianMs: 12 * MINUTE, worstMs: 12 * MINUTE, overLimit: 0 },
      open: { review: 1, failed: 0, stuck: 0 },
    })
    expect(board.hourly.withdrawals.reduce((a: number, b: number) => a + b, 0)).toBe(200_000)
  })
})
