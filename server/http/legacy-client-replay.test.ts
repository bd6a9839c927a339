// The legacy client replayed call by call: every call of the legacy client's table, in the order its
// screens make them, with the legacy client's payloads as it sends them (no requestId, numeric payType and
// game id, its full withdraw form, `lang: 'IN'`, empty task calls, `receiveAmount`), each checked
// for every field the legacy client reads — besides the project's own fields, which stay. One test
// per call, so the count of calls that pass is the test count. Where the law or safety forbids what
// the legacy client expects (no 18+ confirmation, registration limits missing, a device login by id alone)
// the answer is the legacy client's envelope with a clear message. Money is read from the ledger.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { MsgCode } from '../../contract/envelope.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openLaunch } from '../../tests/support/game-session.ts'
import {
  createTestApp,
  engines,
  fundPlayer,
  loginPlayer,
  REGISTRATION_LIMITS_FOR_TESTS,
  sandboxBankOf,
  TEST_PASSWORD,
  type TestApp,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'

// 15:00 UTC is 12:00 in São Paulo, the market's time zone.
const START = Date.UTC(2026, 10, 20, 15, 0)
const START_LOCAL = '2026-11-20 12:00:00'

interface Answer {
  status: number
  success: boolean
  msgCode: string
  msg: string
  // biome-ignore lint/suspicious/noExplicitAny: the legacy client reads the answer untyped
  data: any
  languageVersion: string
}

/** The legacy client's HTTP client: POST with a JSON body and the token in `access-token`, reading the envelope. */
function legacyClient(app: FastifyInstance) {
  let token = ''
  const send = async (method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> => {
    const res = await app.inject({
      method,
      url: `/api${path}`,
      headers: token ? { 'access-token': token } : {},
      ...(method === 'POST' ? { payload: body ?? {} } : {}),
    })
    return { status: res.statusCode, ...res.json() }
  }
  return {
    post: (path: string, body: object = {}) => send('POST', path, body),
    get: (path: string) => send('GET', path),
    useToken: (value: string) => (token = value),
  }
}

/** What the legacy client tests on every answer: HTTP 200, the envelope, success and msgCode 'success'. */
function expectLegacySuccess(answer: Answer) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true, msgCode: 'success' })
  expect(answer.languageVersion).toEqual(expect.any(String))
}

/** An honest refusal in the legacy client's envelope: HTTP 200, success false, the msgCode and a readable message. */
function expectLegacyRefusal(answer: Answer, msgCode: string) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: false, msgCode })
  expect(answer.msg.length).toBeGreaterThan(15)
  expect(answer.languageVersion).toEqual(expect.any(String))
}

const isMoney = expect.any(Number)

describe.each(engines)('the legacy client replayed call by call on %s', (engine) => {
  let t: TestApp
  const clock = manualClock(START)
  const legacy = () => client
  let client: ReturnType<typeof legacyClient>
  const deviceId = randomUUID()
  const cpf = randomCpf()
  const userName = `oldreplay${String(Date.now()).slice(-4)}`
  let userId = 0
  let deviceSecret = ''
  let depositOrderId = ''
  let withdrawOrderId = ''

  beforeAll(async () => {
    // A market whose rules allow the first-deposit offer (Brazil's do not), so `chargeItem` is filled.
    t = await createTestApp(engine, { MARKET_COUNTRY: 'MX' }, clock)
    client = legacyClient(t.app)
  })
  afterAll(async () => {
    expect((await auditLedger(t.db.kysely)).ok).toBe(true)
    await t.close()
  })
  const balances = () => readPlayerBalances(t.db.kysely, userId)

  /** Real rounds of a game, as the game page plays them (opened from the legacy client's game/forward). */
  async function playRounds(gameId: string, count: number) {
    const forward = await legacy().post('/game/forward', { id: gameId })
    const { sessionToken } = await openLaunch(t.app, forward)
    for (let i = 0; i < count; i++) {
      const spin = await t.app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 50, requestId: randomUUID() },
      })
      expect(spin.json().success, spin.body).toBe(true)
    }
    await legacy().post('/game/close', { sessionId: forward.data.sessionId })
  }

  it('/user/login — the device login: deviceId, extensionCode, registChannel, apiType 2', async () => {
    const login = await legacy().post('/user/login', {
      deviceId,
      extensionCode: '',
      registChannel: 'zn/abc',
      apiType: 2,
      loginType: 1,
    })
    expectLegacySuccess(login)
    expect(login.data).toMatchObject({ gold: 0, isRegister: 1, deviceId, language: 'pt-BR' })
    expect(login.data.token).toEqual(expect.any(String))
    expect(login.data.userId).toEqual(expect.any(Number))
    userId = login.data.userId
    deviceSecret = login.data.deviceSecret
    legacy().useToken(login.data.token)
  })

  it("/user/setLang — the legacy client's code `IN`", async () => {
    const lang = await legacy().post('/user/setLang', { lang: 'IN' })
    expectLegacySuccess(lang)
    expect(lang.data).toMatchObject({ language: 'hi', lang: 'hi' })
    // Back to the market's language for the messages below.
    expectLegacySuccess(await legacy().post('/user/setLang', { lang: 'pt_BR' }))
  })

  it('GET /cache/getLangList — languages and version', async () => {
    const langs = await legacy().get('/cache/getLangList')
    expectLegacySuccess(langs)
    expect(langs.data.languages.map((l: { code: string }) => l.code)).toEqual(['pt-BR', 'en', 'hi'])
    expect(langs.data.version).toEqual(expect.any(String))
  })

  it('/user/bindLoginAccount — name and password, no confirmation', async () => {
    const bind = await legacy().post('/user/bindLoginAccount', { userName, password: TEST_PASSWORD })
    expectLegacySuccess(bind)
    expect(bind.data.userName).toBe(userName)
  })

  it('/user/login — name and password, apiType 1', async () => {
    const login = await legacy().post('/user/login', { userName, password: TEST_PASSWORD, apiType: 1, loginType: 2 })
    expectLegacySuccess(login)
    expect(login.data).toMatchObject({ userId, isRegister: 0, gold: 0 })
    expect(login.data.token).toEqual(expect.any(String))
    legacy().useToken(login.data.token)
  })

  it('/v1/bus/accountInfo — data.result, chargeItem {gold, firstRate}', async () => {
    const info = await legacy().post('/v1/bus/accountInfo', {})
    expectLegacySuccess(info)
    expect(info.data.result).toMatchObject({
      userId,
      accountGold: 0,
      gold: 0,
      firstCharge: 1,
      chargeItem: { gold: 15000, firstRate: 2 },
      chargeValidNum: 0,
      rewardAmount: 0,
      reloginFlag: 0,
      processOrderId: null,
      payType: null,
    })
    // The project's own names stay beside the legacy client's.
    expect(info.data.result.chargeItem).toMatchObject({ amount: 15000, rate: 2, rewardAmount: 30000 })
    expect(info.data.balance).toMatchObject({ total: 0, cash: 0, bonus: 0 })
  })

  it('/charge/amount/list — the deposit amounts', async () => {
    const amounts = await legacy().post('/charge/amount/list', {})
    expectLegacySuccess(amounts)
    expect(amounts.data.amounts).toContain(5000)
  })

  it('/charge/amount/getUserAccountInfo — data.userAccount', async () => {
    const before = await legacy().post('/charge/amount/getUserAccountInfo', {})
    expectLegacySuccess(before)
    expect(before.data).toHaveProperty('userAccount', null)
    expect(before.data.verified).toBe(false)
  })

  it('/charge/amount/saveUserAccountInfo — the account form (CPF in accountNumber, payType 1)', async () => {
    const saved = await legacy().post('/charge/amount/saveUserAccountInfo', {
      userName: 'Ana Souza',
      accountNumber: cpf,
      phone: '11987654321',
      email: 'ana@example.com',
      payType: 1,
    })
    expectLegacySuccess(saved)
    expect(saved.data.userAccount).toMatchObject({ userName: 'Ana Souza', payType: 1 })
    expect(saved.data.userAccount.accountNumber).toMatch(/^\*\*\*\.\*\*\*\.\*\d{2}-\d{2}$/)
    expect(JSON.stringify(saved.data)).not.toContain(cpf)
  })

  it('/charge/create/order — {amount, payType}, no requestId', async () => {
    // What the law asks first, done once on the product's own screens (the legacy client has none): the
    // 18+ confirmation and the registration's daily loss and time limits.
    const gate = await legacy().post('/user/login', { deviceId, deviceSecret, ageConfirmed: true })
    legacy().useToken(gate.data.token)
    await legacy().post('/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS)

    const order = await legacy().post('/charge/create/order', { amount: 5000, payType: 1 })
    expectLegacySuccess(order)
    expect(order.data).toMatchObject({ amount: 5000, status: 'pending' })
    for (const field of ['orderId', 'payCode', 'qrcodeUrl', 'payUrl'])
      expect(order.data[field]).toEqual(expect.any(String))
    // A double tap replays the same order; nothing is created twice.
    expect((await legacy().post('/charge/create/order', { amount: 5000, payType: 1 })).data.orderId).toBe(
      order.data.orderId,
    )
    depositOrderId = order.data.orderId
    const paid = await sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })
    expect(paid.json().data).toMatchObject({ paid: true })
    expect(await balances()).toMatchObject({ cash: 5000 })
  })

  it('/withdraw/channel/list — data.list', async () => {
    const channels = await legacy().post('/withdraw/channel/list', {})
    expectLegacySuccess(channels)
    expect(channels.data.list).toEqual(t.app.config.withdrawals.presets.map((amount, i) => ({ id: i + 1, amount })))
  })

  const withdrawForm = () => ({
    userName: 'Ana Souza',
    accountNumber: cpf,
    payType: 1,
    amount: 2000,
    bankName: 'PIX',
    ifscCode: '',
    showPixType: 'CPF',
    phone: '11987654321',
    email: 'ana@example.com',
  })

  it('/withdraw/create/order — the full form, no requestId: the password every withdrawal asks for', async () => {
    // The product confirms every withdrawal with the account's password; the legacy client's form has none.
    if ((await balances()).cash < 2000) await fundPlayer(t.app, userId, { cash: 5000 })
    const refused = await legacy().post('/withdraw/create/order', withdrawForm())
    expectLegacyRefusal(refused, 'password_required')
    expect((await balances()).cash).toBeGreaterThanOrEqual(2000)
  })

  it('/withdraw/create/order — the full form with the password: data.payType is the legacy code', async () => {
    if ((await balances()).cash < 2000) await fundPlayer(t.app, userId, { cash: 5000 })
    const cashBefore = (await balances()).cash
    const withdrawal = await legacy().post('/withdraw/create/order', { ...withdrawForm(), password: TEST_PASSWORD })
    expectLegacySuccess(withdrawal)
    expect(withdrawal.data).toMatchObject({ amount: 2000, payType: 1 })
    expect(withdrawal.data.orderId).toEqual(expect.any(String))
    withdrawOrderId = withdrawal.data.orderId
    // A double tap replays the same order: the money leaves the balance once.
    const again = await legacy().post('/withdraw/create/order', { ...withdrawForm(), password: TEST_PASSWORD })
    expectLegacySuccess(again)
    expect(again.data.orderId).toBe(withdrawOrderId)
    expect((await balances()).cash).toBe(cashBefore - 2000)
  })

  it('/v1/bus/withdrawInfo — {id, pageNum, pageSize}: the state in msgCode, data.result', async () => {
    const info = await legacy().post('/v1/bus/withdrawInfo', { id: 1, pageNum: 1, pageSize: 10 })
    // The legacy client derives the screen's state from msgCode; an order in flight is `withdrawProcessing`.
    expect(info).toMatchObject({ status: 200, success: true, msgCode: 'withdrawProcessing' })
    expect(info.data.result).toMatchObject({ processOrderId: withdrawOrderId, gold: isMoney, minAmount: isMoney })
    expect(info.data.result.orderList.map((o: { orderId: string }) => o.orderId)).toEqual([withdrawOrderId])
    expect(info.data).toMatchObject({ state: 'withdraw_processing', orderId: withdrawOrderId })
  })

  it('/v1/bus/getWithdrawProcess — userName, orderAmount, processDetail', async () => {
    const process = await legacy().post('/v1/bus/getWithdrawProcess', { orderId: withdrawOrderId })
    expectLegacySuccess(process)
    expect(process.data).toMatchObject({ userName: 'Ana Souza', orderAmount: 2000, amount: 2000 })
    expect(process.data.processDetail).toMatchObject({ withdrawSuccessNum: 0 })
    const steps = JSON.parse(process.data.processDetail.processJson)
    expect(steps[0]).toMatchObject({ processCode: 1000, state: 1, createTime: START })
    expect(process.data.steps).toEqual(steps)
  })

  it('/v1/bus/getAllWithdrawOrders — items with type, createTimeStr, state', async () => {
    const all = await legacy().post('/v1/bus/getAllWithdrawOrders', { pageNum: 1, pageSize: 10 })
    expectLegacySuccess(all)
    expect(all.data.orderList).toHaveLength(1)
    expect(all.data.orderList[0]).toMatchObject({
      orderId: withdrawOrderId,
      amount: 2000,
      type: 1,
      createTimeStr: START_LOCAL,
      state: 1,
    })
  })

  it("/v1/bus/updateCpf — accountNumber, orderId: refused in words while the key wasn't rejected", async () => {
    expectLegacyRefusal(
      await legacy().post('/v1/bus/updateCpf', { orderId: withdrawOrderId, accountNumber: cpf, payType: 1 }),
      'order_not_correctable',
    )
  })

  it('/v1/bus/getUserShareUrlAndExtensionCode — shareUrl and code', async () => {
    const share = await legacy().post('/v1/bus/getUserShareUrlAndExtensionCode', {})
    expectLegacySuccess(share)
    expect(share.data.shareUrl).toContain(`?code=${share.data.code}`)
    // A friend arrives with the code, verifies and pays a first deposit: the invite qualifies.
    const friend = await loginPlayer(t.app, { ageConfirmed: true, login: { extensionCode: share.data.code } })
    await friend.call('/charge/amount/saveUserAccountInfo', { fullName: 'Bia Lima Costa', cpf: randomCpf() })
    const order = await friend.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })
    await sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })
  })

  it('/v1/bus/statInviteInfo — data.result under the legacy names', async () => {
    const stats = await legacy().post('/v1/bus/statInviteInfo', {})
    expectLegacySuccess(stats)
    expect(stats.data.result).toMatchObject({
      todayInviteNum: 1,
      todayValidInviteNum: 1,
      todayInviteRewards: 800,
      totalInviteNum: 1,
      totalValidInviteNum: 1,
      totalInviteRewards: 800,
      canReceiveRewards: 800,
    })
  })

  it('/v1/bus/receiveInviteRewards — {receiveAmount}: the server pays what was earned', async () => {
    const bonusBefore = (await balances()).bonus
    const claim = await legacy().post('/v1/bus/receiveInviteRewards', { receiveAmount: 800 })
    expectLegacySuccess(claim)
    expect(claim.data.amount).toBe(800)
    expect((await balances()).bonus).toBe(bonusBefore + 800)
    // The legacy client's amount is never what is paid: a second claim finds nothing left.
    expectLegacyRefusal(await legacy().post('/v1/bus/receiveInviteRewards', { receiveAmount: 800 }), 'nothing_to_claim')
    expect((await balances()).bonus).toBe(bonusBefore + 800)
  })

  it('/v1/bus/getTaskProcess — items with currentProcess, maxProcess, taskType, flag, id', async () => {
    const tasks = await legacy().post('/v1/bus/getTaskProcess', {})
    expectLegacySuccess(tasks)
    expect(tasks.data.taskItemList.length).toBeGreaterThan(0)
    for (const item of tasks.data.taskItemList) {
      expect(item).toMatchObject({
        id: item.taskId,
        currentProcess: item.progress,
        maxProcess: item.target,
        taskType: expect.any(Number),
        flag: item.gotFlag,
      })
      expect(item.iconUrl).toMatch(/\.svg$/)
    }
  })

  it('/v1/bus/taskOne — the empty payload: the task the screen shows', async () => {
    const one = await legacy().post('/v1/bus/taskOne', {})
    expectLegacySuccess(one)
    const list = (await legacy().post('/v1/bus/getTaskProcess', {})).data.taskItemList
    const shown = list.find((item: { flag: number }) => item.flag !== 2) ?? list[0]
    expect(one.data).toMatchObject({ id: shown.id, taskId: shown.taskId, currentProcess: 0, maxProcess: shown.target })
  })

  it('/v1/bus/taskOneGot — the empty payload: the first claimable task, refused in words while none is done', async () => {
    const got = await legacy().post('/v1/bus/taskOneGot', {})
    expectLegacyRefusal(got, 'task_incomplete')
  })

  it('/v1/bus/taskOneGot — the empty payload claims the first claimable task once it is done', async () => {
    // The player plays the first newcomer task's game to its target (5 real rounds).
    const list = (await legacy().post('/v1/bus/getTaskProcess', {})).data.taskItemList
    const task = list.find((item: { taskId: string }) => item.taskId === 'green-gol-de-placa-5')
    await playRounds(task.gameId, task.maxProcess)
    const bonusBefore = (await balances()).bonus
    const got = await legacy().post('/v1/bus/taskOneGot', {})
    expectLegacySuccess(got)
    expect(got.data.task).toMatchObject({ id: task.id, flag: 2, currentProcess: task.maxProcess })
    expect(got.data.amount).toBe(300)
    expect((await balances()).bonus).toBe(bonusBefore + 300)
  })

  it('/v1/bus/notifyShowTaskFlagSuccess', async () => {
    expectLegacySuccess(await legacy().post('/v1/bus/notifyShowTaskFlagSuccess', {}))
  })

  it('/activity/getSignInfo', async () => {
    expectLegacySuccess(await legacy().post('/activity/getSignInfo', {}))
  })

  it('/activity/drawSignReward', async () => {
    expectLegacySuccess(await legacy().post('/activity/drawSignReward', {}))
  })

  it('/user/installAccepted', async () => {
    expectLegacySuccess(await legacy().post('/user/installAccepted', {}))
  })

  it('/activity/drawDownloadReward', async () => {
    expectLegacySuccess(await legacy().post('/activity/drawDownloadReward', {}))
  })

  it('/activity/wheel/info', async () => {
    expectLegacySuccess(await legacy().post('/activity/wheel/info', {}))
  })

  it('/activity/wheel/spin — no requestId: the server draws the prize', async () => {
    const spin = await legacy().post('/activity/wheel/spin', {})
    expectLegacySuccess(spin)
    expect([100, 300, 700]).toContain(spin.data.amount)
  })

  it('GET /game/list', async () => {
    const games = await legacy().get('/game/list')
    expectLegacySuccess(games)
    expect(games.data.games[0].id).toEqual(expect.any(String))
  })

  it("/game/forward — the legacy client's numeric id of its new-player game", async () => {
    const forward = await legacy().post('/game/forward', { id: 66121 })
    expectLegacySuccess(forward)
    expect(forward.data.openGameUrl).toEqual(expect.any(String))
    await legacy().post('/game/close', { sessionId: forward.data.sessionId })
  })

  it('/v1/bus/getFbRechargeRecords — fbRechargeRecords and isFirstRecharge', async () => {
    const records = await legacy().post('/v1/bus/getFbRechargeRecords', {})
    expectLegacySuccess(records)
    // Nothing is recorded without the player's consent to attribution.
    expect(records.data).toMatchObject({ enableFlag: 0, fbRechargeRecords: [], isFirstRecharge: 0, list: [] })
    expect(depositOrderId).not.toBe('')
  })
})

describe.each(engines)('what the law forbids the legacy client, in its envelope, on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses a deposit and a game without the 18+ confirmation, then without the registration limits', async () => {
    const legacy = legacyClient(t.app)
    const deviceId = randomUUID()
    const login = await legacy.post('/user/login', { deviceId, extensionCode: '', registChannel: '', apiType: 2 })
    legacy.useToken(login.data.token)
    // The legacy client has no age step: nothing is deposited or played until the player confirms.
    const deposit = await legacy.post('/charge/create/order', { amount: 5000, payType: 1 })
    expectLegacyRefusal(deposit, 'age_not_confirmed')
    expect(deposit.msg).toContain('18 anos')
    expectLegacyRefusal(await legacy.post('/game/forward', { id: 66121 }), 'age_not_confirmed')
    // Confirmed on the product's age gate, the registration's daily limits are the next step.
    const gate = await legacy.post('/user/login', {
      deviceId,
      deviceSecret: login.data.deviceSecret,
      ageConfirmed: true,
    })
    legacy.useToken(gate.data.token)
    await legacy.post('/charge/amount/saveUserAccountInfo', {
      userName: 'Davi Rocha',
      accountNumber: randomCpf(),
      payType: 1,
    })
    const limits = await legacy.post('/charge/create/order', { amount: 5000, payType: 1 })
    expectLegacyRefusal(limits, 'registration_limits_required')
    expect(limits.msg).toContain('limite diário de perda')
    expect(await t.db.kysely.selectFrom('deposit_orders').select('id').execute()).toEqual([])
  })

  it('refuses a device login by id alone and says how to get in, in the language asked', async () => {
    const legacy = legacyClient(t.app)
    const deviceId = randomUUID()
    const first = await legacy.post('/user/login', { deviceId, apiType: 2, loginType: 1 })
    expectLegacySuccess(first)
    // The first login's answer is the one time the device's secret is given.
    expect(first.data.deviceSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const again = await legacy.post('/user/login', { deviceId, apiType: 2, loginType: 1 })
    expectLegacyRefusal(again, 'device_login_failed')
    expect(again.msg).toContain('código secreto')
    expect(again.msg).toContain('nome de usuário e senha')
    expect(again.data).toBeNull()
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'en' },
      payload: { deviceId, apiType: 2 },
    })
    expect(english.json().msg).toContain('secret code')
    // With the secret kept beside the id, the same device logs in again.
    expectLegacySuccess(
      await legacy.post('/user/login', { deviceId, deviceSecret: first.data.deviceSecret, apiType: 2 }),
    )
  })

  it("names withdrawInfo's state in msgCode as the legacy client reads it, never a VIP or task step", async () => {
    const info = async (player: Awaited<ReturnType<typeof loginPlayer>>) =>
      player.call('/v1/bus/withdrawInfo', { id: 1, pageNum: 1, pageSize: 10 })
    const cash = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 5000 })
    expect(await info(cash)).toMatchObject({ success: true, msgCode: 'success', data: { state: 'ok' } })
    // Only bonus, with its wagering still to do: the legacy client's "play more" state.
    const bonus = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, bonus: 5000 })
    const wagering = await info(bonus)
    expect(wagering).toMatchObject({
      success: true,
      msgCode: 'needPlayGame',
      data: { state: 'bonus_wagering_incomplete' },
    })
    expect(wagering.data.result.needPlayAmount).toBe(wagering.data.wagering.remaining)
    expect(wagering.data.result.needPlayAmount).toBeGreaterThan(0)
    expect(wagering.msg).toContain('bônus')
    // Unbound and unverified: the project's state, and a plain success for the legacy client.
    const fresh = await loginPlayer(t.app, { ageConfirmed: true })
    expect(await info(fresh)).toMatchObject({
      success: true,
      msgCode: 'success',
      data: { state: 'needs_verification' },
    })
    expect(Object.values(MsgCode)).not.toContain('needUpgradeVip')
    expect(Object.values(MsgCode)).not.toContain('needFinishTask')
  })

  it('answers fbRechargeRecords with the first deposit marked once the player consented', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    await player.call('/user/attributionConsent', { granted: true })
    await player.call('/charge/amount/saveUserAccountInfo', { fullName: 'Caio Prado Lima', cpf: randomCpf() })
    for (const amount of [2000, 3000]) {
      const order = await player.call('/charge/create/order', { amount, requestId: randomUUID() })
      await sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code: order.data.payCode },
      })
    }
    const records = await player.call('/v1/bus/getFbRechargeRecords', {})
    expect(records).toMatchObject({ success: true, msgCode: 'success', data: { enableFlag: 1, isFirstRecharge: 1 } })
    expect(
      records.data.fbRechargeRecords.map((r: { amount: number; isFirstRecharge: number }) => [
        r.amount,
        r.isFirstRecharge,
      ]),
    ).toEqual([
      [3000, 0],
      [2000, 1],
    ])
    expect(records.data.list).toHaveLength(2)
  })
})
