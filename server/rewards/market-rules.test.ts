// The market's rules on promotions, through HTTP on each engine: in Brazil the first-deposit bonus
// (a bonus conditioned on a deposit, given to bet with: Portaria SPA/MF 1.231/2024 art. 42 § 1º I
// and II), the welcome gift and the install reward (bonus before any bet, to bet with: § 1º II) and
// invites (paid on the invitee's deposit: § 1º I) cannot be switched on, and are neither offered
// nor credited even when a setting stored before says they are on; the wheel, sign-in and tasks
// still work. A market whose rules allow them (Mexico) offers and credits them. Money assertions
// read the ledger.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { TransferKind } from '../../contract/transfers.ts'
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
import { inviteCode } from './invites.ts'

// 12:00 in São Paulo on Sunday 22 November 2026.
const START = Date.UTC(2026, 10, 22, 15, 0)
const RULE = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, I e II'
/** Conditioned on a bettor's deposit (invites). */
const RULE_I = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, I'
/** A bonus before any bet, to bet with (the gift, the install reward). */
const RULE_II = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, II'
const BRAZIL_BANS = [
  { key: 'first_deposit', rule: RULE },
  { key: 'gift', rule: RULE_II },
  { key: 'invites', rule: RULE_I },
  { key: 'download', rule: RULE_II },
]
const BANNED_KEYS = BRAZIL_BANS.map((ban) => ban.key)

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
    ops(
      'settings/set',
      { key: 'promotions.disabled', value: BANNED_KEYS.filter((key) => key !== 'first_deposit'), reason: 'campanha' },
      language,
    )

  /** A setting written before the market's rules existed: every reward stored as on. */
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
  /** A paid sandbox deposit, with or without the first-deposit offer accepted; its order id. */
  async function deposit(call: Awaited<ReturnType<typeof player>>['call'], amount: number, acceptOffer = false) {
    const order = await call('/charge/create/order', {
      amount,
      requestId: randomUUID(),
      ...(acceptOffer ? { acceptOffer: true } : {}),
    })
    expect(order.success, JSON.stringify(order)).toBe(true)
    const paid = await sandboxBankOf(app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })
    expect(paid.json()).toMatchObject({ success: true, data: { paid: true } })
    return order.data.orderId as number
  }
  const depositAcceptingOffer = (call: Awaited<ReturnType<typeof player>>['call'], amount: number) =>
    deposit(call, amount, true)
  const transfersOf = (kind: TransferKind) =>
    testDb.db.kysely.selectFrom('ledger_transfers').selectAll().where('kind', '=', kind).execute()
  const bonusTransfers = () => transfersOf('first_deposit_bonus')

  it('refuses switching the first-deposit bonus on in Brazil, names the rule in three languages, and audits the attempt', async () => {
    await start()
    const view = (await ops('settings/get', {})).json().data
    expect(view.unavailable).toEqual(BRAZIL_BANS)
    expect(view.values['promotions.disabled']).toEqual(BANNED_KEYS)

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

    // Switching another reward off and on again still works (the list keeps the forbidden ones).
    const off = await ops('settings/set', {
      key: 'promotions.disabled',
      value: [...BANNED_KEYS, 'wheel'],
      reason: 'pausa',
    })
    expect(off.json().data.values['promotions.disabled']).toEqual([...BANNED_KEYS, 'wheel'])
    const on = await ops('settings/set', { key: 'promotions.disabled', value: BANNED_KEYS, reason: 'volta' })
    expect(on.json().success).toBe(true)
  })

  it('refuses switching the welcome gift, the install reward or invites on in Brazil, each with its rule', async () => {
    await start()
    for (const { key, rule } of BRAZIL_BANS.filter((ban) => ban.key !== 'first_deposit')) {
      const value = BANNED_KEYS.filter((banned) => banned !== key)
      const refused = await ops('settings/set', { key: 'promotions.disabled', value, reason: 'campanha' })
      expect(refused.statusCode, key).toBe(403)
      expect(refused.json(), key).toMatchObject({
        success: false,
        msgCode: 'market_rule_forbids',
        data: { promotion: key, rule },
      })
      expect(refused.json().msg).toBe(
        `As regras deste mercado não permitem esta recompensa (${rule}): ela não pode ser ligada.`,
      )
    }
    // All at once, as a console that knew only the first-deposit bonus would send: the first
    // forbidden one left out is named.
    const all = await ops('settings/set', { key: 'promotions.disabled', value: ['first_deposit'], reason: 'x' })
    expect(all.json()).toMatchObject({ msgCode: 'market_rule_forbids', data: { promotion: 'gift', rule: RULE_II } })
    expect(await testDb.db.kysely.selectFrom('runtime_settings').selectAll().execute()).toEqual([])
    const audited = await testDb.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'access.refused')
      .execute()
    expect(audited).toHaveLength(4)
  })

  it('neither offers nor credits the welcome gift, the install reward or an invite in Brazil when the stored setting says they are on', async () => {
    await start({ PROMOTIONS_DISABLED: '' })
    await storeFirstDepositOn()
    expect(app.config.promotions.disabled).toEqual([])
    const ana = await player()

    // Nothing offers them: the summary, the promotions list and the invite screen's data.
    const summary = (await ana.call('/activity/summary')).data
    expect(summary).toMatchObject({ enabled: true, gift: null, invites: null, download: null })
    expect(summary.forbidden).toEqual(BRAZIL_BANS)
    expect(summary.signIn).not.toBeNull()
    const keys = (await ana.call('/activity/list')).data.promotions.map((p: { key: string }) => p.key)
    expect(keys).toEqual(['sign_in', 'wheel', 'tasks'])
    // Each refusal names the rule that forbids it, in the player's words (not a switch that is off).
    for (const path of ['/v1/bus/getUserShareUrlAndExtensionCode', '/v1/bus/statInviteInfo']) {
      expect(await ana.call(path), path).toMatchObject({
        success: false,
        msgCode: 'promotion_forbidden',
        msg: `As regras deste mercado proíbem esta promoção (${RULE_I}): ela não é oferecida aqui.`,
        data: { promotion: 'invites', rule: RULE_I },
      })
    }
    expect(await ana.call('/v1/bus/statInviteInfo', {}, 'en')).toMatchObject({
      msgCode: 'promotion_forbidden',
      msg: `This market's rules forbid this promotion (${RULE_I}): it is not offered here.`,
    })

    // Nothing credits them: the gift, through both clients' paths, and the install reward after
    // an accepted install.
    for (const path of ['/activity/openNewPlayerGift', '/v1/rewards/gift/open']) {
      expect(await ana.call(path), path).toMatchObject({
        msgCode: 'promotion_forbidden',
        data: { promotion: 'gift', rule: RULE_II },
      })
    }
    expect((await ana.call('/user/installAccepted')).success).toBe(true)
    for (const path of ['/activity/drawDownloadReward', '/v1/rewards/downloadReward/claim']) {
      expect(await ana.call(path), path).toMatchObject({
        msgCode: 'promotion_forbidden',
        data: { promotion: 'download', rule: RULE_II },
      })
    }

    // An invite: Ana's code (issued before the rule), Bruno arrives with it, verifies and makes a
    // paid first deposit — Ana earns nothing, and an invite reward recorded before the rule is not
    // paid either.
    const code = await inviteCode(app.rewards.context, ana.userId)
    const bruno = await loginPlayer(app, { ageConfirmed: true, verified: true, login: { extensionCode: code } })
    await deposit(bruno.call, 5000)
    expect(await testDb.db.kysely.selectFrom('invite_rewards').selectAll().execute()).toEqual([])
    const carla = await player()
    await testDb.db.kysely
      .insertInto('invite_rewards')
      .values({ invitee_id: carla.userId, inviter_id: ana.userId, amount: 800, qualified_at: START, claim_id: null })
      .execute()
    for (const path of ['/v1/bus/receiveInviteRewards', '/v1/rewards/invites/claim']) {
      expect((await ana.call(path, { requestId: randomUUID() })).msgCode, path).toBe('promotion_forbidden')
    }
    expect((await ana.call('/v1/bus/receiveInviteRewards', {})).msgCode).toBe('promotion_forbidden')

    // The ledger: no transfer of those kinds, no claim, Ana's balance untouched, Bruno's deposit
    // credited as cash alone.
    for (const kind of ['new_player_gift', 'download_reward', 'invite_reward'] as const) {
      expect(await transfersOf(kind), kind).toEqual([])
    }
    expect(await testDb.db.kysely.selectFrom('reward_claims').selectAll().execute()).toEqual([])
    expect(await readPlayerBalances(testDb.db.kysely, ana.userId)).toMatchObject({ total: 0, cash: 0, bonus: 0 })
    expect(await readPlayerBalances(testDb.db.kysely, bruno.userId)).toMatchObject({ cash: 5000, bonus: 0 })
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it('offers and credits the welcome gift, the install reward and invites in a market whose rules allow them (Mexico)', async () => {
    await start({ MARKET_COUNTRY: 'MX' })
    expect((await ops('settings/get', {})).json().data.unavailable).toEqual([])
    // The console's amount is the one credited.
    const amount = await ops('settings/set', { key: 'promotions.giftAmount', value: 2_500, reason: 'campanha' })
    expect(amount.json().success).toBe(true)
    const ana = await player()
    const summary = (await ana.call('/activity/summary')).data
    expect(summary.forbidden).toEqual([])
    expect(summary.gift).toMatchObject({ available: true, amount: 2_500 })
    expect(summary.download).toMatchObject({ claimed: false, amount: 200 })
    expect(summary.invites).toEqual({ claimable: 0 })

    expect((await ana.call('/activity/openNewPlayerGift')).data).toMatchObject({ amount: 2_500 })
    expect((await ana.call('/user/installAccepted')).success).toBe(true)
    expect((await ana.call('/activity/drawDownloadReward')).data).toMatchObject({ amount: 200 })
    const share = (await ana.call('/v1/bus/getUserShareUrlAndExtensionCode')).data
    const bruno = await loginPlayer(app, { ageConfirmed: true, verified: true, login: { extensionCode: share.code } })
    await deposit(bruno.call, 5000)
    expect((await ana.call('/v1/bus/statInviteInfo')).data).toMatchObject({ claimable: 800 })
    expect((await ana.call('/v1/bus/receiveInviteRewards', { requestId: randomUUID() })).data).toMatchObject({
      amount: 800,
    })

    for (const kind of ['new_player_gift', 'download_reward', 'invite_reward'] as const) {
      expect(await transfersOf(kind), kind).toHaveLength(1)
    }
    expect(await readPlayerBalances(testDb.db.kysely, ana.userId)).toMatchObject({ cash: 0, bonus: 3_500 })
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
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

  it('keeps the wheel, sign-in and tasks working in Brazil', async () => {
    await start()
    await storeFirstDepositOn()
    const { call, userId } = await player()
    expect((await call('/activity/drawSignReward')).success).toBe(true)
    expect((await call('/activity/wheel/spin', { requestId: randomUUID() })).success).toBe(true)
    const keys = (await call('/activity/list')).data.promotions.map((p: { key: string }) => p.key)
    expect(keys).toEqual(['sign_in', 'wheel', 'tasks'])
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
