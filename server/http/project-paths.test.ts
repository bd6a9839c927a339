// The project's own paths and names beside the legacy client's: a call made on the project's path
// takes and answers the project's names only (a PIX key as `{ keyType, key }`); the legacy path of the
// same call (registered from a module's legacy-shapes.ts) answers the legacy names as well, shares the
// route's rate limit, and is marked deprecated in the OpenAPI document. The invite figures carry the
// legacy client's own names.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  createTestApp,
  engines,
  loginPlayer,
  sandboxBankOf,
  TEST_PASSWORD,
  type TestApp,
} from '../../tests/support/server.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)("the project's paths beside the legacy client's on %s", (engine) => {
  let t: TestApp
  const clock = manualClock(START)
  beforeAll(async () => {
    t = await createTestApp(engine, {}, clock)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('withdraws to `{ keyType, key }` on /v1/withdrawals/*, and the legacy paths answer payType and accountMasked too', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
    // The legacy client's names are not the project's: refused on the project's path.
    const legacyShaped = await player.post('/v1/withdrawals/create', {
      accountNumber: player.cpf,
      payType: 1,
      amount: 2000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(legacyShaped.statusCode).toBe(400)
    expect(legacyShaped.json().msgCode).toBe('invalid_request')

    const created = await player.call('/v1/withdrawals/create', {
      keyType: 'cpf',
      key: player.cpf,
      amount: 2000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(created, JSON.stringify(created)).toMatchObject({ success: true })
    expect(created.data).toMatchObject({ keyType: 'cpf', keyMasked: expect.any(String), amount: 2000 })
    expect(created.data).not.toHaveProperty('payType')
    expect(created.data).not.toHaveProperty('accountMasked')
    const orderId = created.data.orderId

    const tracker = await player.call('/v1/withdrawals/tracker', { orderId })
    expect(tracker.data).toMatchObject({ orderId, keyType: 'cpf', keyMasked: created.data.keyMasked })
    expect(tracker.data).not.toHaveProperty('processDetail')
    const legacyTracker = await player.call('/v1/bus/getWithdrawProcess', { orderId })
    expect(legacyTracker.data).toMatchObject({
      orderId,
      keyType: 'cpf',
      payType: 'cpf',
      accountMasked: created.data.keyMasked,
      orderAmount: 2000,
      processDetail: { withdrawSuccessNum: 0 },
    })

    const info = await player.call('/v1/withdrawals/info', { pageNum: 1, pageSize: 10 })
    expect(info).toMatchObject({ success: true, msgCode: 'success' })
    expect(info.data).toMatchObject({ state: 'withdraw_processing', orderId })
    expect(info.data).not.toHaveProperty('result')
    expect(info.data).not.toHaveProperty('orderList')
    const legacyInfo = await player.call('/v1/bus/withdrawInfo', { id: 1, pageNum: 1, pageSize: 10 })
    expect(legacyInfo.msgCode).toBe('withdrawProcessing')
    expect(legacyInfo.data.result).toMatchObject({ processOrderId: orderId })
    expect(legacyInfo.data.orders.orders[0]).toMatchObject({ keyType: 'cpf', payType: 'cpf' })

    const options = await player.call('/v1/withdrawals/options')
    expect(options.data.keyTypes).toEqual(['cpf', 'phone', 'email', 'random'])
    expect(options.data).not.toHaveProperty('list')
    const legacyOptions = await player.call('/withdraw/channel/list')
    expect(legacyOptions.data).toMatchObject({ payTypes: options.data.keyTypes, list: expect.any(Array) })
  })

  it("answers the invite figures under the legacy client's own names on /v1/bus/statInviteInfo", async () => {
    // Invites exist only in a market whose rules allow them (Brazil's do not: a reward on another
    // bettor's deposit).
    const mx = await createTestApp(engine, { MARKET_COUNTRY: 'MX' }, clock)
    try {
      await inviteFigures(mx)
    } finally {
      await mx.close()
    }
  })

  async function inviteFigures(market: TestApp) {
    const inviter = await loginPlayer(market.app, { ageConfirmed: true, verified: true })
    const link = await inviter.call('/v1/rewards/invites/link')
    const friend = await loginPlayer(market.app, {
      ageConfirmed: true,
      login: { extensionCode: link.data.code },
      verified: { fullName: 'Bia Lima Costa' },
    })
    const order = await friend.call('/v1/deposits/create', { amount: 2000, requestId: randomUUID() })
    expect(order, JSON.stringify(order)).toMatchObject({ success: true })
    await sandboxBankOf(market.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.data.payCode },
    })

    const stats = await inviter.call('/v1/rewards/invites')
    expect(stats.data).toMatchObject({ claimable: 800, rewardPerInvite: 800 })
    expect(stats.data).not.toHaveProperty('result')
    const legacy = await inviter.call('/v1/bus/statInviteInfo', {})
    expect(legacy.data.result).toMatchObject({
      todayInviteNum: 1,
      todayInviteAllMoney: 800,
      totalInviteNum: 1,
      totalInviteAllMoney: 800,
      inviteRewardReceiveAmount: 800,
      inviteRewardAmount: 800,
      inviteConfigAmount: 800,
    })
    // Claimed: nothing left to receive, the earned figures stay.
    const claim = await inviter.call('/v1/rewards/invites/claim', { requestId: randomUUID() })
    expect(claim.data?.amount, JSON.stringify(claim)).toBe(800)
    expect((await inviter.call('/v1/bus/statInviteInfo', {})).data.result).toMatchObject({
      inviteRewardReceiveAmount: 0,
      inviteRewardAmount: 800,
      totalInviteAllMoney: 800,
    })
  }

  it('counts the project path and its legacy alias against one rate limit', async () => {
    const limited = await createTestApp(engine, { LOGIN_RATE_LIMIT_PER_MINUTE: '4' }, clock)
    try {
      const login = (url: string) =>
        limited.app.inject({ method: 'POST', url, payload: { deviceId: randomUUID() }, remoteAddress: '198.51.100.7' })
      const statuses = []
      for (const url of ['/api/v1/account/login', '/api/user/login', '/api/v1/account/login', '/api/user/login'])
        statuses.push((await login(url)).statusCode)
      expect(statuses).toEqual([200, 200, 200, 200])
      expect((await login('/api/user/login')).statusCode).toBe(429)
      expect((await login('/api/v1/account/login')).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('documents the legacy paths as deprecated aliases and the project paths without the legacy names', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const post = (path: string) => document.paths[path]?.post
    const aliases = {
      '/api/v1/withdrawals/info': '/api/v1/bus/withdrawInfo',
      '/api/v1/withdrawals/create': '/api/withdraw/create/order',
      '/api/v1/withdrawals/correctKey': '/api/v1/bus/updateCpf',
      '/api/v1/deposits/create': '/api/charge/create/order',
      '/api/v1/rewards/invites': '/api/v1/bus/statInviteInfo',
      '/api/v1/rewards/wheel/spin': '/api/activity/wheel/spin',
      '/api/v1/account/login': '/api/user/login',
      '/api/v1/account/info': '/api/v1/bus/accountInfo',
      '/api/v1/games/spin': '/api/game/spin',
      '/api/v1/limits': '/api/v1/bus/limits',
    }
    for (const [project, legacy] of Object.entries(aliases)) {
      expect(post(project), project).toBeDefined()
      expect(post(project).deprecated, project).toBeUndefined()
      expect(post(legacy)?.deprecated, legacy).toBe(true)
      expect(post(legacy).description).toContain(project.replace(/^\/api/, ''))
    }
    const createBody = JSON.stringify(post('/api/v1/withdrawals/create').requestBody)
    expect(createBody).toContain('keyType')
    expect(createBody).not.toContain('accountNumber')
    expect(JSON.stringify(post('/api/withdraw/create/order').requestBody)).toContain('accountNumber')
  })
})
