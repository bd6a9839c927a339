// The legacy client, unchanged: every call of the legacy client's table replayed with
// the legacy client's own payloads — `loginType`, `apiType: 2`, the ad-click fields, `lang`, a bind without
// confirmation, the account form's `userName`/`accountNumber`/`phone`/`email`/`payType`, orders
// without `requestId`, withdrawInfo's `id` — checking the fields the legacy client reads and that
// `msgCode` is 'success' on success. Honest refusals stay: a client-chosen prize is never
// credited, a withdrawal without the password is refused, and no fee step exists.
// Money is read from the ledger.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import {
  createTestApp,
  engines,
  fundPlayer,
  REGISTRATION_LIMITS_FOR_TESTS,
  sandboxBankOf,
  TEST_PASSWORD,
  type TestApp,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

/** The legacy client's HTTP client: POST with a JSON body and the token in `access-token`, reading the envelope. */
function legacyClient(app: FastifyInstance) {
  let token = ''
  const post = async (path: string, body: object = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: token ? { 'access-token': token } : {},
      payload: body,
    })
    expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500)
    return { status: res.statusCode, ...res.json() }
  }
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `/api${path}`, headers: token ? { 'access-token': token } : {} })
    return { status: res.statusCode, ...res.json() }
  }
  return { post, get, useToken: (value: string) => (token = value) }
}

/** A success as the legacy client tests it. */
function expectSuccess(answer: { success: boolean; msgCode: string; msg: string; status: number }, path: string) {
  expect(answer, `${path} answered ${JSON.stringify(answer)}`).toMatchObject({ success: true, msgCode: 'success' })
  expect(answer.status).toBe(200)
}

/** A business refusal: HTTP 200, success false, the named msgCode and a readable message. */
function expectRefusal(answer: { success: boolean; msgCode: string; msg: string; status: number }, code: string) {
  expect(answer).toMatchObject({ status: 200, success: false, msgCode: code })
  expect(answer.msg.length).toBeGreaterThan(10)
}

describe.each(engines)('the legacy client on %s', (engine) => {
  let t: TestApp
  const clock = manualClock(START)
  beforeEach(async () => {
    clock.time = START
    // A market whose rules allow the first-deposit offer (Brazil's do not), so `chargeItem` is filled.
    t = await createTestApp(engine, { MARKET_COUNTRY: 'MX' }, clock)
  })
  afterEach(async () => {
    await t.close()
  })

  const balances = (userId: number) => readPlayerBalances(t.db.kysely, userId)

  it('replays every call of the legacy table with the legacy payloads and finds every field the legacy client reads', async () => {
    const legacy = legacyClient(t.app)
    const deviceId = randomUUID()
    const cpf = randomCpf()
    const userName = `oldplayer${String(Date.now()).slice(-4)}`

    // login — the legacy client's device login: apiType 2, loginType, channel and ad-click fields.
    const login = await legacy.post('/user/login', {
      deviceId,
      extensionCode: '',
      registChannel: 'zn/abc',
      apiType: 2,
      loginType: 1,
      fbc: 'fb.1.1732100000000.AbCdEf',
      fbp: 'fb.1.1732100000000.123456789',
      fbEventUrl: 'https://jogolimpo.example/?zn=abc',
      fbClientUserAgent: 'Mozilla/5.0 (Linux; Android 14)',
    })
    expectSuccess(login, '/user/login')
    expect(login.data).toMatchObject({ gold: 0, isRegister: 1, deviceId, language: 'pt-BR' })
    expect(login.data.token).toEqual(expect.any(String))
    expect(login.data.userId).toEqual(expect.any(Number))
    const userId: number = login.data.userId
    legacy.useToken(login.data.token)

    // setLang with the legacy client's `lang`.
    const lang = await legacy.post('/user/setLang', { lang: 'en' })
    expectSuccess(lang, '/user/setLang')
    expect(lang.data).toMatchObject({ language: 'en', lang: 'en' })
    expectSuccess(await legacy.post('/user/setLang', { lang: 'pt_BR' }), '/user/setLang pt_BR')

    // language list (GET).
    const langs = await legacy.get('/cache/getLangList')
    expectSuccess(langs, '/cache/getLangList')
    expect(langs.data.languages.map((l: { code: string }) => l.code)).toEqual(['pt-BR', 'en', 'hi'])

    // bind without confirmPassword (the legacy client's form has none), then the password login (apiType 1).
    const bind = await legacy.post('/user/bindLoginAccount', { userName, password: TEST_PASSWORD })
    expectSuccess(bind, '/user/bindLoginAccount')
    const relogin = await legacy.post('/user/login', { userName, password: TEST_PASSWORD, apiType: 1, loginType: 2 })
    expectSuccess(relogin, '/user/login (password)')
    expect(relogin.data).toMatchObject({ userId, isRegister: 0 })
    legacy.useToken(relogin.data.token)

    // accountInfo's data.result.
    const info = await legacy.post('/v1/bus/accountInfo', {})
    expectSuccess(info, '/v1/bus/accountInfo')
    expect(info.data.result).toMatchObject({
      accountGold: 0,
      firstCharge: 1,
      chargeItem: { amount: 15000, rate: 2, rewardAmount: 30000 },
      chargeValidNum: 0,
      rewardAmount: 0,
      reloginFlag: 0,
      processOrderId: null,
      payType: null,
      createTime: START,
      gameActivityFlag: 1,
    })

    // Deposit amounts and the account form (CPF in accountNumber, payType 1, phone and e-mail).
    const amounts = await legacy.post('/charge/amount/list', {})
    expectSuccess(amounts, '/charge/amount/list')
    expect(amounts.data.amounts).toContain(5000)
    const before = await legacy.post('/charge/amount/getUserAccountInfo', {})
    expectSuccess(before, '/charge/amount/getUserAccountInfo')
    expect(before.data).toMatchObject({ verified: false, userName: null, accountNumber: null })
    const saved = await legacy.post('/charge/amount/saveUserAccountInfo', {
      userName: 'Ana Souza',
      accountNumber: cpf,
      phone: '11987654321',
      email: 'ana@example.com',
      payType: 1,
    })
    expectSuccess(saved, '/charge/amount/saveUserAccountInfo')
    expect(saved.data).toMatchObject({ verified: true, fullName: 'Ana Souza', userName: 'Ana Souza', payType: 1 })
    expect(saved.data.accountNumber).toMatch(/^\*\*\*\.\*\*\*\.\*\d{2}-\d{2}$/)
    expect(JSON.stringify(saved.data)).not.toContain(cpf)

    // create/order without requestId. The law's 18+ confirmation and the registration's daily
    // loss and time limits (Portaria SPA/MF 2.579/2025) are the steps the legacy client lacks: refused in
    // words until the product's own screens send them.
    expectRefusal(await legacy.post('/charge/create/order', { amount: 5000 }), 'age_not_confirmed')
    const secret = login.data.deviceSecret as string
    const gate = await legacy.post('/user/login', { deviceId, deviceSecret: secret, ageConfirmed: true })
    expectSuccess(gate, '/user/login (age gate)')
    legacy.useToken(gate.data.token)
    expectRefusal(await legacy.post('/charge/create/order', { amount: 5000 }), 'registration_limits_required')
    expectSuccess(
      await legacy.post('/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS),
      '/v1/bus/setRegistrationLimits',
    )
    const order = await legacy.post('/charge/create/order', { amount: 5000 })
    expectSuccess(order, '/charge/create/order')
    expect(order.data).toMatchObject({ amount: 5000, status: 'pending' })
    for (const field of ['orderId', 'payCode', 'qrcodeUrl', 'payUrl'])
      expect(order.data[field]).toEqual(expect.any(String))
    // A double tap replays the same order (its derived requestId); nothing is charged twice.
    expect((await legacy.post('/charge/create/order', { amount: 5000 })).data.orderId).toBe(order.data.orderId)
    expect(await t.db.kysely.selectFrom('deposit_orders').select('id').execute()).toHaveLength(1)
    const paid = await sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })
    expect(paid.json().data).toMatchObject({ paid: true })
    expect(await balances(userId)).toMatchObject({ cash: 5000, total: 5000 })
    expect((await legacy.post('/v1/bus/accountInfo', {})).data.result).toMatchObject({
      accountGold: 5000,
      firstCharge: 0,
      chargeItem: null,
      chargeValidNum: 1,
    })

    // Withdraw amounts (data.list), channels, info with the legacy client's `id`.
    const channels = await legacy.post('/withdraw/channel/list', {})
    expectSuccess(channels, '/withdraw/channel/list')
    expect(channels.data.list).toEqual(t.app.config.withdrawals.presets.map((amount, i) => ({ id: i + 1, amount })))
    const banks = await legacy.post('/withdraw/bank/all/list', {})
    expectSuccess(banks, '/withdraw/bank/all/list')
    expect(banks.data.list.map((b: { payType: number | null }) => b.payType)).toEqual([1, 4, 5, null])
    const withdrawInfo = await legacy.post('/v1/bus/withdrawInfo', { id: 1, pageNum: 1, pageSize: 10 })
    expectSuccess(withdrawInfo, '/v1/bus/withdrawInfo')
    expect(withdrawInfo.data).toMatchObject({ state: 'ok', withdrawable: 5000, orderList: [] })

    // Every withdrawal is confirmed with the password — never a fee, a tax or a deposit.
    const withdrawBody = { userName: 'Ana Souza', accountNumber: cpf, payType: 1, amount: 2000 }
    expectRefusal(await legacy.post('/withdraw/create/order', withdrawBody), 'password_required')
    const requestId = randomUUID()
    expectRefusal(await legacy.post('/withdraw/create/order', { ...withdrawBody, requestId }), 'password_required')
    expect(await balances(userId)).toMatchObject({ cash: 5000 })
    const withdrawal = await legacy.post('/withdraw/create/order', {
      ...withdrawBody,
      requestId,
      password: TEST_PASSWORD,
    })
    expectSuccess(withdrawal, '/withdraw/create/order')
    expect(withdrawal.data).toMatchObject({ amount: 2000, payType: 1 })
    expect(await balances(userId)).toMatchObject({ cash: 3000 })
    const orderId: string = withdrawal.data.orderId

    const process = await legacy.post('/v1/bus/getWithdrawProcess', { orderId })
    expectSuccess(process, '/v1/bus/getWithdrawProcess')
    expect(process.data.steps[0]).toMatchObject({ processCode: 1000, state: 1, createTime: START })
    const all = await legacy.post('/v1/bus/getAllWithdrawOrders', { pageNum: 1, pageSize: 10 })
    expectSuccess(all, '/v1/bus/getAllWithdrawOrders')
    expect(all.data.orderList).toHaveLength(1)
    expect(all.data.orderList[0]).toMatchObject({
      id: orderId,
      orderId,
      amount: 2000,
      payTypeCode: 1,
      createTime: START,
    })
    expect((await legacy.post('/v1/bus/accountInfo', {})).data.result).toMatchObject({
      processOrderId: orderId,
      payType: 1,
    })
    // updateCpf with the legacy client's numeric payType: understood, refused only because the key was not rejected.
    expectRefusal(
      await legacy.post('/v1/bus/updateCpf', { orderId, accountNumber: cpf, payType: 1 }),
      'order_not_correctable',
    )

    // Invites.
    const share = await legacy.post('/v1/bus/getUserShareUrlAndExtensionCode', {})
    expectSuccess(share, '/v1/bus/getUserShareUrlAndExtensionCode')
    expect(share.data.shareUrl).toContain(`?code=${share.data.code}`)
    const stats = await legacy.post('/v1/bus/statInviteInfo', {})
    expectSuccess(stats, '/v1/bus/statInviteInfo')
    expect(stats.data.result).toMatchObject({ inviteNum: 0, validNum: 0, canReceiveAmount: 0, rewardPerInvite: 800 })
    expectRefusal(await legacy.post('/v1/bus/receiveInviteRewards', {}), 'nothing_to_claim')

    // Tasks: data.taskItemList with iconUrl.
    const tasks = await legacy.post('/v1/bus/getTaskProcess', {})
    expectSuccess(tasks, '/v1/bus/getTaskProcess')
    expect(tasks.data.taskItemList.length).toBeGreaterThan(0)
    for (const item of tasks.data.taskItemList) expect(item.iconUrl).toMatch(/\.svg$/)
    const taskId: string = tasks.data.taskItemList[0].taskId
    expectSuccess(await legacy.post('/v1/bus/taskOne', { taskId }), '/v1/bus/taskOne')
    expectRefusal(await legacy.post('/v1/bus/taskOneGot', { taskId }), 'task_incomplete')
    expectSuccess(await legacy.post('/v1/bus/notifyShowTaskFlagSuccess', {}), '/v1/bus/notifyShowTaskFlagSuccess')

    // Sign-in and download reward.
    expectSuccess(await legacy.post('/activity/getSignInfo', {}), '/activity/getSignInfo')
    const sign = await legacy.post('/activity/drawSignReward', {})
    expectSuccess(sign, '/activity/drawSignReward')
    // The download reward follows the install the app reported.
    expectSuccess(await legacy.post('/user/installAccepted', {}), '/user/installAccepted')
    expectSuccess(await legacy.post('/activity/drawDownloadReward', {}), '/activity/drawDownloadReward')

    // The wheel without requestId: one spin, the second tap waits; the server picked the prize.
    expectSuccess(await legacy.post('/activity/wheel/info', {}), '/activity/wheel/info')
    const spin = await legacy.post('/activity/wheel/spin', {})
    expectSuccess(spin, '/activity/wheel/spin')
    expect([100, 300, 700]).toContain(spin.data.amount)
    expectRefusal(await legacy.post('/activity/wheel/spin', {}), 'wheel_wait')
    const wheelCredits = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('kind', '=', 'wheel_prize')
      .execute()
    expect(wheelCredits.map((row) => Number(row.amount))).toEqual([spin.data.amount])

    // Games.
    const games = await legacy.get('/game/list')
    expectSuccess(games, '/game/list')
    const gameId: string = games.data.games[0].id
    const forward = await legacy.post('/game/forward', { id: gameId })
    expectSuccess(forward, '/game/forward')
    expect(forward.data.openGameUrl).toEqual(expect.any(String))

    // The legacy client-chosen prize: never credited.
    const bonusBefore = (await balances(userId)).bonus
    expectRefusal(await legacy.post('/charge/receiveGold', { gold: 100000, type: 1 }), 'prize_not_from_client')
    expect((await balances(userId)).bonus).toBe(bonusBefore)

    // The legacy client-side conversion records: without consent, nothing was recorded.
    const records = await legacy.post('/v1/bus/getFbRechargeRecords', {})
    expectSuccess(records, '/v1/bus/getFbRechargeRecords')
    expect(records.data).toEqual({ enableFlag: 0, list: [], fbRechargeRecords: [], isFirstRecharge: 0 })
    const update = await legacy.post('/v1/bus/updateFbRechargeRecords', {
      orderIds: [order.data.orderId],
      reportStatus: 1,
      errorCode: 0,
      enableFlag: 1,
    })
    expectSuccess(update, '/v1/bus/updateFbRechargeRecords')
    expect(update.data).toEqual({ updated: 0, enableFlag: 0 })
    expect(await t.db.kysely.selectFrom('attribution_events').selectAll().execute()).toEqual([])
    expect(await t.db.kysely.selectFrom('attribution_clicks').selectAll().execute()).toEqual([])

    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
  })

  it("pushes to the legacy client's socket: /ws with the token, ready, then the balance when it changes", async () => {
    const legacy = legacyClient(t.app)
    const login = await legacy.post('/user/login', { deviceId: randomUUID(), apiType: 2, loginType: 1 })
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`)
    const messages: { type: string; data: unknown }[] = []
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))))
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    try {
      socket.send(JSON.stringify({ type: 'auth', token: login.data.token }))
      await expect.poll(() => messages.map((m) => m.type), { timeout: 5000 }).toContain('ready')
      await fundPlayer(t.app, login.data.userId, { cash: 1234 })
      await expect
        .poll(() => messages.filter((m) => m.type === 'balance').at(-1)?.data, { timeout: 5000 })
        .toMatchObject({ total: 1234, cash: 1234 })
    } finally {
      socket.close()
    }
  })

  it("still takes the project's own shapes on the same calls", async () => {
    const legacy = legacyClient(t.app)
    const login = await legacy.post('/user/login', { deviceId: randomUUID(), ageConfirmed: true, language: 'hi' })
    expectSuccess(login, '/user/login')
    legacy.useToken(login.data.token)
    expectSuccess(await legacy.post('/user/setLang', { language: 'en' }), '/user/setLang')
    const name = `ownshape${String(Date.now()).slice(-5)}`
    const bind = { userName: name, password: TEST_PASSWORD, confirmPassword: 'Different-Pass9' }
    expect((await legacy.post('/user/bindLoginAccount', bind)).msgCode).toBe('invalid_request')
    expectSuccess(
      await legacy.post('/user/bindLoginAccount', { ...bind, confirmPassword: TEST_PASSWORD }),
      '/user/bindLoginAccount',
    )
    const cpf = randomCpf()
    expectSuccess(
      await legacy.post('/charge/amount/saveUserAccountInfo', { fullName: 'Bia Lima Costa', cpf }),
      '/charge/amount/saveUserAccountInfo',
    )
    await legacy.post('/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)
    const order = await legacy.post('/charge/create/order', { amount: 2000, requestId: randomUUID() })
    expectSuccess(order, '/charge/create/order')
    expectSuccess(await legacy.post('/v1/bus/withdrawInfo', {}), '/v1/bus/withdrawInfo')
    expectSuccess(await legacy.post('/activity/wheel/spin', { requestId: randomUUID() }), '/activity/wheel/spin')
  })

  it('refuses what the legacy form cannot verify and numeric payTypes it does not have, in words', async () => {
    const legacy = legacyClient(t.app)
    const login = await legacy.post('/user/login', { deviceId: randomUUID(), apiType: 2, loginType: 1 })
    legacy.useToken(login.data.token)
    expectRefusal(
      await legacy.post('/charge/amount/saveUserAccountInfo', {
        userName: 'Ana Souza',
        accountNumber: 'ana@example.com',
        payType: 5,
      }),
      'not_cpf_key',
    )
    const badCpf = await legacy.post('/charge/amount/saveUserAccountInfo', {
      userName: 'Ana Souza',
      accountNumber: '11111111111',
      payType: 1,
    })
    expect(badCpf).toMatchObject({ status: 400, success: false, msgCode: 'invalid_request' })
    const badType = await legacy.post('/withdraw/create/order', {
      accountNumber: '11987654321',
      payType: 9,
      amount: 2000,
      requestId: randomUUID(),
    })
    expect(badType).toMatchObject({ status: 400, success: false, msgCode: 'invalid_request' })
  })

  it('never answers a 5xx to random legacy-shaped bodies on the translated calls', async () => {
    const legacy = legacyClient(t.app)
    const login = await legacy.post('/user/login', { deviceId: randomUUID(), apiType: 2 })
    legacy.useToken(login.data.token)
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.constantFrom(1, 4, 5, 0, -1, null, true, '1', 'pt_BR', ''),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    )
    const legacyBody = fc.record(
      {
        lang: value,
        userName: value,
        accountNumber: value,
        phone: value,
        email: value,
        payType: value,
        amount: value,
        id: value,
        loginType: value,
        apiType: value,
        password: value,
        orderIds: value,
        reportStatus: value,
      },
      { requiredKeys: [] },
    )
    const paths = [
      '/user/setLang',
      '/user/bindLoginAccount',
      '/charge/amount/saveUserAccountInfo',
      '/charge/create/order',
      '/withdraw/create/order',
      '/v1/bus/withdrawInfo',
      '/v1/bus/getAllWithdrawOrders',
      '/v1/bus/updateCpf',
      '/activity/wheel/spin',
      '/v1/bus/receiveInviteRewards',
      '/v1/bus/getFbRechargeRecords',
      '/v1/bus/updateFbRechargeRecords',
      '/charge/receiveGold',
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), legacyBody, async (path, body) => {
        const answer = await legacy.post(path, body)
        expect(typeof answer.success).toBe('boolean')
        if (!answer.success) expect(answer.msg).toEqual(expect.any(String))
      }),
      { numRuns: 150 },
    )
    const login2 = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { deviceId: randomUUID(), apiType: 2, loginType: { a: 1 }, fbc: 'x'.repeat(600) },
    })
    expect(login2.statusCode).toBe(400)
  })
})
