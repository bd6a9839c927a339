// Account closure through the app, on each engine, against the sandbox register, bank and mailbox:
// a player the sweep finds on the register is closed — play and deposits stop at once, the bonus is
// forfeited, the whole balance is paid to a key in their own CPF with its own ledger kind, the
// account closes, e-mail and SMS say why, and the login says it too; a payout the bank refuses puts
// the closure on the console's worklist with its due clock, where an operator closes it (audited);
// a player closes their own account from the app with a balance (paid first, then closed) and the
// same CPF cannot open another account during the wait unless an operator reopens it (audited);
// spins and deposits racing a closure never leave money behind or pay twice, and the ledger holds.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import type { TransferKind } from '../../contract/transfers.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  mailboxOf,
  sandboxOf,
  sandboxRegisterOf,
  TEST_OPS_TOKEN,
  TEST_PASSWORD,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { parseBrCode } from '../payments/brcode.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const DAY = 86_400_000
const DELAY = 1000

describe.each(engines)('account closure on %s', { timeout: 300_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(
      testDb.db,
      { SANDBOX_PAYOUT_DELAY_MS: String(DELAY), CLOSURE_POLL_MS: '3600000', MAIL_POLL_MS: '600000' },
      clock,
    )
  }, 120_000)
  afterEach(async () => {
    await app?.close()
    await testDb?.drop()
  }, 120_000)

  const db = () => testDb.db.kysely
  const balances = (userId: number) => readPlayerBalances(db(), userId)
  const ops = (path: string, payload: object) =>
    app
      .inject({ method: 'POST', url: `/api/ops${path}`, headers: { 'x-ops-token': TEST_OPS_TOKEN }, payload })
      .then((r) => r.json())
  /**
   * The bank settles what is due and the app reads it, then the closures take a pass — three
   * rounds, so a payout whose first call got no answer (a loaded machine) is sent again and settled.
   */
  const settle = async () => {
    for (let round = 0; round < 3; round++) {
      clock.time += DELAY
      await sandboxOf(app).settleDuePayouts()
      await app.payments.withdrawals.reconcile()
      await app.closure.runDue()
    }
  }
  const transfersOf = (kind: TransferKind) =>
    db().selectFrom('ledger_transfers').select(['id', 'amount']).where('kind', '=', kind).execute()
  const closureOrders = (userId: number) =>
    db()
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('player_id', '=', userId)
      .where('purpose', '=', 'closure')
      .execute()
  const audits = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()
  /** Confirmed contacts, as the contact flow leaves them (its own test covers the codes). */
  const contacts = async (userId: number, email: string, phone: string) => {
    for (const [kind, value] of [
      ['email', email],
      ['phone', phone],
    ] as const)
      await db()
        .insertInto('player_contacts')
        .values({
          player_id: userId,
          kind,
          value,
          confirmed_at: START,
          pending_value: null,
          code_hash: null,
          code_expires_at: null,
          code_attempts: 0,
          updated_at: START,
        })
        .execute()
  }
  const player = (options: { cash?: number; bonus?: number; cpf?: string; verified?: boolean } = {}) =>
    loginPlayer(app, {
      ageConfirmed: true,
      bound: true,
      verified: options.verified === false ? false : options.cpf ? { cpf: options.cpf } : true,
      cash: options.cash,
      bonus: options.bonus,
    })
  const spin = async (sessionToken: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId: randomUUID() },
      })
    ).json()
  const passwordLogin = (p: TestPlayer) =>
    app
      .inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userName: p.userName, password: TEST_PASSWORD, apiType: 1 },
      })
      .then((r) => r.json())

  it('a register hit found by the sweep stops play, pays the balance to the own CPF, closes the account and says why', async () => {
    const ana = await player({ cash: 5000, bonus: 1200 })
    await contacts(ana.userId, 'ana@exemplo.com', '+5511987654321')
    const { sessionToken } = await openGameSession(app, ana.call)
    expect((await spin(sessionToken)).success).toBe(true)
    const cashBefore = (await balances(ana.userId)).cash

    // The register names her later; 15 days on, the sweep that is due finds it (this call runs it,
    // unless the app's own timer got there first).
    sandboxRegisterOf(app).add(ana.cpf, 'self_excluded')
    clock.time = START + 15 * DAY
    expect(['done', 'busy']).toContain(await app.sigap.sweep.run())
    await expect
      .poll(async () => (await db().selectFrom('account_closures').select('state').executeTakeFirst())?.state, {
        timeout: 60_000,
      })
      .toBe('paying')

    // At once: no play, no deposit, no withdrawal; the bonus is gone, the cash is on its way out.
    expect((await spin(sessionToken)).success).toBe(false)
    expect(await ana.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).toMatchObject({
      success: false,
    })
    const closing = (await ana.call('/v1/account/closure/info', {})).data
    expect(closing.closure).toMatchObject({ cause: 'barred', state: 'paying', dueAt: START + 18 * DAY })
    expect(closing.closure.payout).toMatchObject({ amount: cashBefore })
    expect(await balances(ana.userId)).toMatchObject({ cash: 0, bonus: 0, withdrawalHold: cashBefore })

    await settle()
    expect(await balances(ana.userId)).toMatchObject({ cash: 0, bonus: 0, withdrawalHold: 0 })
    const [payout] = await closureOrders(ana.userId)
    expect(payout).toMatchObject({ status: 'paid', key_type: 'cpf', pix_key: ana.cpf })
    expect((await transfersOf('closure_payout')).map((t) => Number(t.amount))).toEqual([cashBefore])
    expect((await transfersOf('withdrawal_post')).length).toBe(0)
    expect((await transfersOf('bonus_forfeit')).map((t) => Number(t.amount))).toEqual([1200])
    const paidAtBank = await db()
      .selectFrom('sandbox_payouts')
      .selectAll()
      .where('pix_key', '=', ana.cpf)
      .executeTakeFirstOrThrow()
    expect(paidAtBank).toMatchObject({ status: 'paid', owner_cpf: ana.cpf })
    expect(Number(paidAtBank.amount)).toBe(cashBefore)

    const closure = await db().selectFrom('account_closures').selectAll().executeTakeFirstOrThrow()
    expect(closure).toMatchObject({ cause: 'barred', state: 'closed', closed_by: 'payout' })
    expect(Number(closure.paid_amount)).toBe(cashBefore)
    expect(Number(closure.forfeited_bonus)).toBe(1200)
    expect(Number(closure.answer_id)).toBeGreaterThan(0)

    // Told by e-mail and SMS, in plain words, and by the app's login.
    await app.mail.deliverDue()
    const mails = mailboxOf(app)
      .messages()
      .filter((m) => m.to.includes('ana@exemplo.com'))
    const subject = (s: string) => mails.find((m) => m.subject === s)?.text ?? ''
    expect(mails).toHaveLength(2)
    expect(subject('Sua conta no Jogo Limpo vai ser encerrada')).toContain('cadastro de pessoas impedidas de apostar')
    expect(subject('Sua conta no Jogo Limpo vai ser encerrada')).toContain('O bônus de R$')
    expect(subject('Sua conta no Jogo Limpo foi encerrada')).toContain('Pagamos R$')
    const texts = mailboxOf(app)
      .sms()
      .filter((s) => s.to === '+5511987654321')
    expect(texts).toHaveLength(2)
    expect(texts.some((t) => t.body.includes('sua conta foi encerrada'))).toBe(true)
    expect(await passwordLogin(ana)).toMatchObject({ success: false, msgCode: 'account_closed_barred' })
    expect(await ana.call('/v1/account/closure/info', {})).toMatchObject({ success: false, msgCode: 'token_invalid' })

    expect(await audits('closure.begin')).toHaveLength(1)
    expect(await audits('closure.close')).toHaveLength(1)
    // A later pass (or the same hit heard again) changes nothing.
    await app.closure.runDue()
    expect(await closureOrders(ana.userId)).toHaveLength(1)
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('a payout the bank refuses puts the closure on the worklist with its due clock; the operator closes it there', async () => {
    const bia = await player({ cash: 4000 })
    await sandboxOf(app).setPayoutRule(bia.cpf, 'reject', bia.cpf)
    sandboxRegisterOf(app).add(bia.cpf, 'court_order')
    // The first login of the next local day asks the register.
    clock.time = START + DAY
    await loginPlayer(app, { device: { deviceId: bia.deviceId, deviceSecret: bia.deviceSecret } })
    await settle()
    expect(await balances(bia.userId)).toMatchObject({ cash: 4000, withdrawalHold: 0 })

    const listed = await ops('/closures/list', {})
    expect(listed.data.items).toEqual([
      expect.objectContaining({
        userId: bia.userId,
        cause: 'barred',
        state: 'stuck',
        stuckReason: 'payout_refused',
        cash: 4000,
        dueAt: START + DAY + 3 * DAY,
        overdue: false,
      }),
    ])
    clock.time = START + 4 * DAY + 1
    expect((await ops('/closures/list', {})).data.items[0]).toMatchObject({ overdue: true })
    expect(await audits('closure.stuck')).toHaveLength(1)

    // Retried, the bank refuses again; closed from the worklist, the cash stays owed in the ledger.
    const closureId = listed.data.items[0].closureId
    await ops('/closures/retry', { closureId, reason: 'banco pediu nova tentativa' })
    await settle()
    expect((await ops('/closures/list', {})).data.items[0]).toMatchObject({ state: 'stuck' })
    expect(await closureOrders(bia.userId)).toHaveLength(2)
    const closed = await ops('/closures/close', { closureId, reason: 'sem conta para devolver; saldo em aberto' })
    expect(closed).toMatchObject({ success: true, data: { items: [] } })
    const [row] = await audits('closure.close')
    expect(JSON.parse(String(row?.after))).toMatchObject({ owedLeft: 4000, paid: 0 })
    expect(row?.reason).toBe('sem conta para devolver; saldo em aberto')
    expect(await ops('/closures/close', { closureId, reason: 'de novo' })).toMatchObject({
      success: false,
      msgCode: 'closure_not_open',
    })
    expect((await transfersOf('closure_payout')).length).toBe(0)
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('a player who never verified a CPF has no key to pay: the worklist says so', async () => {
    const caio = await player({ verified: false, cash: 1500 })
    await ops('/players/close', { userId: caio.userId, reason: 'pedido por telefone' })
    const [item] = (await ops('/closures/list', {})).data.items
    expect(item).toMatchObject({ userId: caio.userId, cause: 'operator', state: 'stuck', stuckReason: 'not_verified' })
    expect((await caio.call('/v1/account/closure/info', {})).data.closure).toMatchObject({ state: 'stuck' })
  })

  it('the player closes their own account: confirmed with the password, paid first, closed, and the CPF waits', async () => {
    const dora = await player({ cash: 7300, bonus: 500 })
    await contacts(dora.userId, 'dora@exemplo.com', '+5521987654321')
    const info = (await dora.call('/v1/account/closure/info', {})).data
    expect(info).toMatchObject({
      cash: 7300,
      bonus: 500,
      withdrawalInFlight: false,
      hasPassword: true,
      reopenDays: 30,
      closeDays: 3,
      closure: null,
    })
    expect(info.cpfMasked).toMatch(/^\*\*\*\.\*\*\*\.\*\d\d-\d\d$/)

    expect(await dora.call('/v1/account/closure/request', { password: 'errada-123', confirm: true })).toMatchObject({
      success: false,
      msgCode: 'password_wrong',
    })
    expect(await balances(dora.userId)).toMatchObject({ cash: 7300, bonus: 500 })
    const asked = await dora.call('/v1/account/closure/request', { password: TEST_PASSWORD, confirm: true })
    expect(asked.data).toMatchObject({ cause: 'self', state: 'paying', forfeitedBonus: 500, payout: { amount: 7300 } })
    // Asked again: the same closure, nothing paid twice.
    const again = await dora.call('/v1/account/closure/request', { password: TEST_PASSWORD, confirm: true })
    expect(again.data.closureId).toBe(asked.data.closureId)
    expect(
      await dora.call('/withdraw/create/order', {
        accountNumber: dora.cpf,
        payType: 'cpf',
        amount: 100,
        requestId: randomUUID(),
        password: TEST_PASSWORD,
      }),
    ).toMatchObject({ success: false, msgCode: 'account_closing' })

    await settle()
    expect((await transfersOf('closure_payout')).map((t) => Number(t.amount))).toEqual([7300])
    expect(await balances(dora.userId)).toMatchObject({ cash: 0, bonus: 0, withdrawalHold: 0 })
    expect(await passwordLogin(dora)).toMatchObject({ success: false, msgCode: 'account_closed_self' })
    await app.mail.deliverDue()
    const mail = mailboxOf(app)
      .messages()
      .find((m) => m.to.includes('dora@exemplo.com') && m.subject === 'Sua conta no Jogo Limpo foi encerrada')
    expect(mail?.text).toContain('Você pediu o encerramento')
    expect(mail?.text).toMatch(/R\$\s73,00/)

    // The same CPF cannot open another account during the wait...
    const other = await loginPlayer(app, { ageConfirmed: true, bound: true })
    const refused = await other.call('/charge/amount/saveUserAccountInfo', {
      fullName: 'Ana Souza',
      cpf: dora.cpf,
      birthDate: '1990-01-15',
    })
    const closedAt = Number(
      (await db().selectFrom('account_closures').select('closed_at').executeTakeFirstOrThrow()).closed_at,
    )
    expect(refused).toMatchObject({
      success: false,
      msgCode: 'cpf_account_closed',
      data: { reopenFrom: closedAt + 30 * DAY },
    })
    expect(refused.msg).toContain('não pode ser reaberta nem substituída')
    // The console's closed tab lists it (no clock left to run), the open one no longer.
    expect((await ops('/closures/list', {})).data.items).toEqual([])
    const closedTab = (await ops('/closures/list', { status: 'closed' })).data
    expect(closedTab.now).toBe(clock.time)
    expect(closedTab.items).toEqual([
      expect.objectContaining({
        userId: dora.userId,
        state: 'closed',
        cause: 'self',
        paidAmount: 7300,
        overdue: false,
      }),
    ])
    // ...unless an operator reopens it (audited, with the reason).
    const reopened = await ops('/closures/reopen', {
      userId: dora.userId,
      reason: 'pedido da titular, identidade conferida',
    })
    expect(reopened).toMatchObject({ success: true, data: { closure: { state: 'reopened' } } })
    expect(await audits('closure.reopen')).toHaveLength(1)
    expect((await ops('/closures/list', { status: 'closed' })).data.items).toEqual([])
    expect(await passwordLogin(dora)).toMatchObject({ success: true })
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('spins and a deposit racing a closure leave no money behind and pay nothing twice', async () => {
    const eva = await player({ cash: 20_000 })
    const { sessionToken } = await openGameSession(app, eva.call)
    const charge = (await eva.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).data
    const txid = parseBrCode(charge.payCode).url?.split('/').pop() ?? ''
    // Spins, the PIX paid for the charge and the closure's start, all at once.
    const spins = Array.from({ length: 8 }, () => spin(sessionToken))
    const paid = sandboxOf(app).pay(txid)
    const begun = app.closure.begin({ playerId: eva.userId, cause: 'self', actor: { id: null, name: 'test', ip: '-' } })
    await Promise.all([...spins, paid.catch(() => null), begun])
    // Several passes at once (the poll, another caller) make one payout at a time.
    await Promise.all([app.closure.runDue(), app.closure.runDue(), app.closure.advance((await begun).closure.id)])
    for (let i = 0; i < 4; i++) await settle()

    const orders = await closureOrders(eva.userId)
    expect(orders.every((o) => o.status === 'paid')).toBe(true)
    const paidOut = (await transfersOf('closure_payout')).reduce((sum, t) => sum + Number(t.amount), 0)
    expect(paidOut).toBe(orders.reduce((sum, o) => sum + Number(o.amount), 0))
    expect(await balances(eva.userId)).toMatchObject({ cash: 0, withdrawalHold: 0 })
    const closure = await db().selectFrom('account_closures').selectAll().executeTakeFirstOrThrow()
    expect(closure.state).toBe('closed')
    expect(Number(closure.paid_amount)).toBe(paidOut)
    // Everything the player had is accounted for: paid out, lost at play, or the PIX returned.
    expect((await auditLedger(db())).ok).toBe(true)
  })

  it('a new registration with a barred CPF is refused in neutral words', async () => {
    const cpf = randomCpf()
    sandboxRegisterOf(app).add(cpf, 'social_benefit')
    const fresh = await loginPlayer(app, { ageConfirmed: true, bound: true })
    const refused = await fresh.call('/charge/amount/saveUserAccountInfo', {
      fullName: 'Ana Souza',
      cpf,
      birthDate: '1990-01-15',
    })
    expect(refused).toMatchObject({ success: false, msgCode: 'regulatory_check' })
    expect(await db().selectFrom('account_closures').selectAll().execute()).toEqual([])
  })
})
