// The market's rules on promotions, through HTTP on each engine: in Brazil the first-deposit bonus
// (a bonus conditioned on a deposit, given to bet with: Portaria SPA/MF 1.231/2024 art. 42 § 1º I
// and II) cannot be switched on, and is neither offered nor credited even when a setting stored
// before says it is on; the other rewards still work. Money assertions read the ledger.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxBankOf,
  TEST_OPS_TOKEN,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'

// 12:00 in São Paulo on Sunday 22 November 2026.
const START = Date.UTC(2026, 10, 22, 15, 0)
const RULE = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, I e II'

describe.each(engines)('market rules on promotions on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)

  async function start(env: Record<string, string> = {}) {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, env, clock)
  }
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const ops = (path: string, payload: object, language?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/ops/${path}`,
      headers: { 'x-ops-token': TEST_OPS_TOKEN, ...(language ? { 'accept-language': language } : {}) },
      payload,
    })
  const enableFirstDeposit = (language?: string) =>
    ops('settings/set', { key: 'promotions.disabled', value: [], reason: 'campanha' }, language)

  /** A setting written before the market's rules existed: the first-deposit bonus stored as on. */
  async function storeFirstDepositOn() {
    await testDb.db.kysely
      .insertInto('runtime_settings')
      .values({ key: 'promotions.disabled', value: '[]', updated_at: START, updated_by: 'antes' })
      .execute()
    await app.settings.load()
  }

  async function player() {
    return loginPlayer(app, { ageConfirmed: true, verified: true })
  }
  async function depositAcceptingOffer(call: Awaited<ReturnType<typeof player>>['call'], amount: number) {
    const order = await call('/charge/create/order', { amount, requestId: randomUUID(), acceptOffer: true })
    expect(order.success, JSON.stringify(order)).toBe(true)
    const paid = await sandboxBankOf(app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })
    expect(paid.json()).toMatchObject({ success: true, data: { paid: true } })
    return order.data.orderId as number
  }
  const bonusTransfers = () =>
    testDb.db.kysely.selectFrom('ledger_transfers').selectAll().where('kind', '=', 'first_deposit_bonus').execute()

  it('refuses switching the first-deposit bonus on in Brazil, names the rule in three languages, and audits the attempt', async () => {
    await start()
    const view = (await ops('settings/get', {})).json().data
    expect(view.unavailable).toEqual([{ key: 'first_deposit', rule: RULE }])
    expect(view.values['promotions.disabled']).toEqual(['first_deposit'])

    const refused = await enableFirstDeposit()
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      success: false,
      msgCode: 'market_rule_forbids',
      data: { promotion: 'first_deposit', rule: RULE },
    })
    expect(refused.json().msg).toBe(
      `As regras deste mercado não permitem esta recompensa (${RULE}): ela não pode ser ligada.`,
    )
    expect((await enableFirstDeposit('en')).json().msg).toBe(
      `This market's rules do not allow this reward (${RULE}): it cannot be switched on.`,
    )
    expect((await enableFirstDeposit('hi')).json().msg).toContain('इस बाज़ार के नियम')
    // Nothing stored; each attempt is in the audit log as a refused action with the rule.
    expect(await testDb.db.kysely.selectFrom('runtime_settings').selectAll().execute()).toEqual([])
    const audited = await testDb.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'access.refused')
      .execute()
    expect(audited).toHaveLength(3)
    expect(JSON.parse(String(audited[0]?.after))).toMatchObject({
      msgCode: 'market_rule_forbids',
      data: { promotion: 'first_deposit', rule: RULE },
    })

    // Switching another reward off and on again still works (the list keeps the forbidden one).
    const off = await ops('settings/set', {
      key: 'promotions.disabled',
      value: ['first_deposit', 'wheel'],
      reason: 'pausa',
    })
    expect(off.json().data.values['promotions.disabled']).toEqual(['first_deposit', 'wheel'])
    const on = await ops('settings/set', { key: 'promotions.disabled', value: ['first_deposit'], reason: 'volta' })
    expect(on.json().success).toBe(true)
  })

  it('neither offers nor credits the first-deposit bonus in Brazil when the stored setting says it is on', async () => {
    await start()
    await storeFirstDepositOn()
    const { call, userId } = await player()
    expect((await call('/charge/amount/list')).data.firstDepositOffer).toBeNull()
    expect((await call('/activity/summary')).data.prompts.firstDeposit).toBeNull()
    const keys = (await call('/activity/list')).data.promotions.map((p: { key: string }) => p.key)
    expect(keys).not.toContain('first_deposit')
    expect((await call('/v1/bus/accountInfo')).data.chargeItem ?? null).toBeNull()

    // The order's offer flag is ignored: the deposit is credited as cash, with no bonus transfer.
    const orderId = await depositAcceptingOffer(call, 5000)
    expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 5000, bonus: 0 })
    expect(await bonusTransfers()).toEqual([])
    expect((await call('/charge/order/detail', { orderId })).data.bonusAmount).toBe(0)
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it('keeps the other rewards working in Brazil', async () => {
    await start()
    await storeFirstDepositOn()
    const { call, userId } = await player()
    expect((await call('/activity/openNewPlayerGift')).success).toBe(true)
    expect((await call('/activity/drawSignReward')).success).toBe(true)
    expect((await call('/activity/wheel/spin', { requestId: randomUUID() })).success).toBe(true)
    const keys = (await call('/activity/list')).data.promotions.map((p: { key: string }) => p.key)
    expect(keys).toEqual(['gift', 'sign_in', 'wheel', 'tasks', 'invites', 'download'])
    expect((await readPlayerBalances(testDb.db.kysely, userId)).bonus).toBeGreaterThan(0)
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it('offers and credits it in a market whose rules allow it (Mexico), where it can be switched off and on', async () => {
    await start({ MARKET_COUNTRY: 'MX', MARKET_CURRENCY: 'MXN' })
    expect((await ops('settings/get', {})).json().data.unavailable).toEqual([])
    const off = await ops('settings/set', { key: 'promotions.disabled', value: ['first_deposit'], reason: 'x' })
    expect(off.json().success).toBe(true)
    expect((await enableFirstDeposit()).json().success).toBe(true)
    const { call, userId } = await player()
    expect((await call('/charge/amount/list')).data.firstDepositOffer).not.toBeNull()
    await depositAcceptingOffer(call, 5000)
    expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 5000, bonus: 10000 })
    expect(await bonusTransfers()).toHaveLength(1)
  })
})
