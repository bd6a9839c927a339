// Rewards through HTTP on each engine, with a fake clock: the gift, the sign-in streak across
// São Paulo days, the wheel's cooldown and replay, play tasks counted from real rounds, invites
// that count only after the invitee's verified first deposit, concurrent double claims that
// credit once, and the switches (master, per reward, self-exclusion) that refuse every reward.
// Money is read from the ledger, not from the answers.

import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { signInDays, signInWeekTotal } from '../../contract/sign-in.ts'
import type { TransferKind } from '../../contract/transfers.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  type DeviceCredentials,
  engines,
  loginPlayer,
  sandboxBankOf,
  TEST_BIRTH_DATE,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { inviteCode } from './invites.ts'

// 12:00 in São Paulo (UTC−3) on Sunday 22 November 2026.
const START = Date.UTC(2026, 10, 22, 15, 0)
const HOUR = 3600_000
const DAY = 24 * HOUR
/** 03:00 UTC is midnight in São Paulo. */
const SP_MIDNIGHT_AFTER_START = Date.UTC(2026, 10, 23, 3, 0)

const rewardKinds = [
  'new_player_gift',
  'sign_in_reward',
  'sign_in_streak_bonus',
  'wheel_prize',
  'task_reward',
  'invite_reward',
  'download_reward',
] as const satisfies TransferKind[]

describe.each(engines)('rewards on %s', (engine) => {
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

  /** A player (a new device's, or a kept `device`'s); verified unless `verified: false` (promotions credit only verified players). */
  async function player(options: { code?: string; device?: DeviceCredentials; verified?: boolean } = {}) {
    const { token, userId, deviceId, deviceSecret, call } = await loginPlayer(app, {
      ageConfirmed: true,
      verified: !options.device && options.verified !== false,
      ...(options.device ? { device: options.device } : {}),
      ...(options.code ? { login: { extensionCode: options.code } } : {}),
    })
    const verify = (cpf = randomCpf()) =>
      call('/charge/amount/saveUserAccountInfo', { fullName: 'Ana Souza', cpf, birthDate: TEST_BIRTH_DATE })
    const deposit = async (amount = 2_000) => {
      const order = await call('/charge/create/order', { amount, requestId: randomUUID() })
      expect(order.success, JSON.stringify(order)).toBe(true)
      const paid = await sandboxBankOf(app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code: order.data.payCode },
      })
      expect(paid.json()).toMatchObject({ success: true, data: { paid: true } })
    }
    const spins = async (gameId: string, count: number) => {
      const { sessionToken } = await openGameSession(app, call, { gameId, clientSeed: 'tarefas' })
      for (let i = 0; i < count; i++) {
        const spin = await app.inject({
          method: 'POST',
          url: '/api/game/spin',
          headers: { 'game-session': sessionToken },
          payload: { bet: 50, requestId: randomUUID() },
        })
        expect(spin.json().success, spin.body).toBe(true)
      }
    }
    return { token, userId, deviceId, deviceSecret, call, verify, deposit, spins }
  }

  const ledger = (userId: number) => readPlayerBalances(testDb.db.kysely, userId)
  const rewardTransfers = (kind: TransferKind) =>
    testDb.db.kysely.selectFrom('ledger_transfers').selectAll().where('kind', '=', kind).execute()
  const wagering = async (userId: number) =>
    testDb.db.kysely.selectFrom('bonus_wagering').selectAll().where('player_id', '=', userId).executeTakeFirst()

  it('opens the new-player gift once: R$ 100 bonus with 5× wagering, concurrent opens credit once, and a second account cannot take the CPF', async () => {
    // The gift exists only where the market's rules allow it (Brazil's do not: a bonus before any bet).
    await start({ MARKET_COUNTRY: 'MX' })
    const ana = await player({ verified: false })
    const summary = (await ana.call('/activity/summary')).data
    expect(summary.gift).toEqual({ available: true, amount: 10_000, wageringMultiplier: 5 })
    // Promotions credit only verified players.
    const cpf = randomCpf()
    expect((await ana.verify(cpf)).success).toBe(true)

    const opens = await Promise.all(Array.from({ length: 8 }, () => ana.call('/activity/openNewPlayerGift')))
    const credited = opens.filter((o) => o.success)
    expect(credited).toHaveLength(1)
    expect(credited[0].data).toMatchObject({ amount: 10_000, wageringAdded: 50_000, balance: { bonus: 10_000 } })
    for (const refused of opens.filter((o) => !o.success)) {
      expect(refused).toMatchObject({ msgCode: 'reward_claimed', msg: 'Você já recebeu esta recompensa.' })
    }
    expect(await ledger(ana.userId)).toMatchObject({ cash: 0, bonus: 10_000, total: 10_000 })
    expect(await rewardTransfers('new_player_gift')).toHaveLength(1)
    expect(await wagering(ana.userId)).toMatchObject({ required: 50_000, wagered: 0 })
    expect((await ana.call('/activity/summary')).data.gift.available).toBe(false)
    const info = (await ana.call('/v1/bus/accountInfo')).data
    expect(info.wagering).toEqual({ required: 50_000, wagered: 0, remaining: 50_000 })
    expect(info.rewardAmount).toBe(10_000)

    // Once per CPF: a second account of the same person can never be verified with that CPF, so
    // it can neither open its own envelope nor withdraw.
    const again = await player({ verified: false })
    expect((await again.call('/activity/openNewPlayerGift')).msgCode).toBe('reward_verification_required')
    expect((await again.verify(cpf)).msgCode).toBe('cpf_taken')
    expect((await again.call('/activity/openNewPlayerGift')).msgCode).toBe('reward_verification_required')
    expect(
      (
        await again.call('/withdraw/create/order', {
          accountNumber: cpf,
          payType: 'cpf',
          amount: 1_000,
          requestId: randomUUID(),
        })
      ).msgCode,
    ).toBe('needs_verification')
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('walks the 7-day sign-in streak across São Paulo days, adds R$ 28 on day 7, and restarts after a missed day', async () => {
    await start()
    const ana = await player()
    const info = (await ana.call('/activity/getSignInfo')).data
    expect(info).toMatchObject({ streak: 0, signedToday: false, todayDay: 1, dayEndsAt: SP_MIDNIGHT_AFTER_START })
    expect(info.days.map((d: { amount: number }) => d.amount)).toEqual([100, 100, 200, 200, 300, 300, 500])
    expect(info.days[6].bonus).toBe(2_800)
    expect(info.days[0].state).toBe('today')

    const first = await ana.call('/activity/drawSignReward')
    expect(first.data).toMatchObject({ day: 1, amount: 100, streakBonus: 0 })
    const again = await ana.call('/activity/drawSignReward')
    expect(again).toMatchObject({ success: false, msgCode: 'sign_in_done' })
    expect(again.msg).toContain('meia-noite de Brasília')

    // 23:59:59 in São Paulo is already the next day in UTC, and still the same sign-in day.
    clock.time = SP_MIDNIGHT_AFTER_START - 1000
    expect(new Date(clock.time).getUTCDate()).toBe(23)
    expect((await ana.call('/activity/drawSignReward')).msgCode).toBe('sign_in_done')
    clock.time = SP_MIDNIGHT_AFTER_START
    expect((await ana.call('/activity/getSignInfo')).data).toMatchObject({ todayDay: 2, streak: 1, signedToday: false })

    const amounts = [100]
    for (let day = 2; day <= 7; day++) {
      const signed = await ana.call('/activity/drawSignReward')
      expect(signed.data.day).toBe(day)
      amounts.push(signed.data.amount)
      if (day < 7) clock.time += DAY
    }
    expect(amounts).toEqual([100, 100, 200, 200, 300, 300, 500 + 2_800])
    const seventh = (await ana.call('/activity/getSignInfo')).data
    expect(seventh).toMatchObject({ streak: 7, signedToday: true, todayDay: 7 })
    expect(seventh.days.map((d: { state: string }) => d.state)).toEqual([
      'signed',
      'signed',
      'signed',
      'signed',
      'signed',
      'signed',
      'signed_today',
    ])
    const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Number(r.amount), 0)
    expect(sum(await rewardTransfers('sign_in_reward'))).toBe(1_700)
    expect(sum(await rewardTransfers('sign_in_streak_bonus'))).toBe(2_800)
    expect((await ledger(ana.userId)).bonus).toBe(4_500)
    // What the promotions screen and the calendar say a full week pays is what the ledger credited.
    const terms = (await ana.call('/activity/list')).data.promotions.find((p: { key: string }) => p.key === 'sign_in')
    expect(signInWeekTotal(signInDays(terms.amounts, terms.streakBonus))).toBe(4_500)
    expect(signInWeekTotal(seventh.days)).toBe(4_500)

    clock.time += DAY
    expect((await ana.call('/activity/drawSignReward')).data).toMatchObject({ day: 1, amount: 100 })
    clock.time += DAY
    expect((await ana.call('/activity/drawSignReward')).data).toMatchObject({ day: 2 })
    clock.time += 2 * DAY
    expect((await ana.call('/activity/getSignInfo')).data).toMatchObject({ todayDay: 1, streak: 0 })
    expect((await ana.call('/activity/drawSignReward')).data).toMatchObject({ day: 1 })

    // Ten concurrent sign-ins on a new day: one credit.
    clock.time += DAY
    const burst = await Promise.all(Array.from({ length: 10 }, () => ana.call('/activity/drawSignReward')))
    expect(burst.filter((b) => b.success)).toHaveLength(1)
    expect(burst.filter((b) => !b.success).every((b) => b.msgCode === 'sign_in_done')).toBe(true)
    expect(await rewardTransfers('sign_in_reward')).toHaveLength(11)
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('spins the wheel: the prize is one of the published ones and equals the ledger credit; the wait is 7200 s', async () => {
    await start()
    const ana = await player()
    const info = (await ana.call('/activity/wheel/info')).data
    expect(info).toMatchObject({ intervalSeconds: 7200, nextSpinAt: null, lastPrize: null })
    expect(info.prizes).toEqual([
      { amount: 100, probability: 0.8 },
      { amount: 300, probability: 0.15 },
      { amount: 700, probability: 0.05 },
    ])
    const requestId = randomUUID()
    const spin = (await ana.call('/activity/wheel/spin', { requestId })).data
    expect([100, 300, 700]).toContain(spin.amount)
    expect(spin.prizeIndex).toBe([100, 300, 700].indexOf(spin.amount))
    expect(spin.nextSpinAt).toBe(START + 7_200_000)
    const transfers = await rewardTransfers('wheel_prize')
    expect(transfers.map((t) => Number(t.amount))).toEqual([spin.amount])
    expect((await ledger(ana.userId)).bonus).toBe(spin.amount)

    const replay = (await ana.call('/activity/wheel/spin', { requestId })).data
    expect(replay).toMatchObject({ amount: spin.amount, replayed: true })
    const refused = await ana.call('/activity/wheel/spin', { requestId: randomUUID() })
    expect(refused).toMatchObject({ success: false, msgCode: 'wheel_wait', data: { nextSpinAt: START + 7_200_000 } })
    expect(refused.msg).toBe('A roleta grátis libera de novo em 02:00:00.')
    clock.time = START + 7_199_000
    expect((await ana.call('/activity/wheel/spin', { requestId: randomUUID() })).msg).toContain('00:00:01')
    expect((await ana.call('/activity/wheel/info')).data.nextSpinAt).toBe(START + 7_200_000)
    clock.time = START + 7_200_000
    expect((await ana.call('/activity/wheel/info')).data.nextSpinAt).toBeNull()

    // Twenty concurrent spins once the wait is over: one prize.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => ana.call('/activity/wheel/spin', { requestId: randomUUID() })),
    )
    expect(burst.filter((b) => b.success)).toHaveLength(1)
    expect(burst.filter((b) => !b.success).every((b) => b.msgCode === 'wheel_wait')).toBe(true)
    const all = await rewardTransfers('wheel_prize')
    expect(all).toHaveLength(2)
    expect((await ledger(ana.userId)).bonus).toBe(all.reduce((s, t) => s + Number(t.amount), 0))

    const withAmount = await app.inject({
      method: 'POST',
      url: '/api/activity/wheel/spin',
      headers: { 'access-token': ana.token },
      payload: { requestId: randomUUID(), amount: 700 },
    })
    expect(withAmount.statusCode).toBe(400)
    expect(withAmount.json().msg).toContain('campos desconhecidos (amount)')
    expect(await rewardTransfers('wheel_prize')).toHaveLength(2)
  })

  it('counts play tasks from real rounds, shows the flag once, and a claim (even concurrent) credits R$ 3 once', async () => {
    await start()
    const ana = await player()
    // Money to play with: a paid deposit.
    await ana.deposit()
    const task = async () => (await ana.call('/v1/bus/taskOne', { taskId: 'green-gol-de-placa-5' })).data
    expect(await task()).toMatchObject({ target: 5, progress: 0, gotFlag: 0, reward: 300, resetsAt: null })

    await ana.spins('gol-de-placa', 4)
    await ana.spins('fruta-fina', 3)
    expect(await task()).toMatchObject({ progress: 4, gotFlag: 0 })
    const early = await ana.call('/v1/bus/taskOneGot', { taskId: 'green-gol-de-placa-5' })
    expect(early).toMatchObject({ success: false, msgCode: 'task_incomplete' })
    expect(early.msg).toBe('Falta 1 rodada de Gol de Placa para concluir esta tarefa.')

    await ana.spins('gol-de-placa', 1)
    const process = (await ana.call('/v1/bus/getTaskProcess', {})).data
    expect(process.showFlag).toBe(1)
    expect(process.tasks.find((t: { taskId: string }) => t.taskId === 'green-gol-de-placa-5')).toMatchObject({
      progress: 5,
      gotFlag: 1,
    })
    expect(process.tasks.find((t: { taskId: string }) => t.taskId === 'green-fruta-fina-10')).toMatchObject({
      progress: 3,
      gotFlag: 0,
    })
    expect((await ana.call('/v1/bus/notifyShowTaskFlagSuccess')).success).toBe(true)
    expect((await ana.call('/v1/bus/getTaskProcess', {})).data.showFlag).toBe(0)

    const before = await ledger(ana.userId)
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => ana.call('/v1/bus/taskOneGot', { taskId: 'green-gol-de-placa-5' })),
    )
    expect(claims.filter((c) => c.success)).toHaveLength(1)
    expect(claims.filter((c) => !c.success).every((c) => c.msgCode === 'reward_claimed')).toBe(true)
    expect(await rewardTransfers('task_reward')).toHaveLength(1)
    expect((await ledger(ana.userId)).total).toBe(before.total + 300)
    expect(await task()).toMatchObject({ gotFlag: 2 })

    // Daily tasks count today's rounds only; newcomer tasks keep every round.
    const daily = async () => (await ana.call('/v1/bus/taskOne', { taskId: 'daily-noite-de-carnaval-20' })).data
    await ana.spins('noite-de-carnaval', 3)
    expect(await daily()).toMatchObject({ progress: 3, gotFlag: 0, resetsAt: SP_MIDNIGHT_AFTER_START })
    clock.time = SP_MIDNIGHT_AFTER_START
    expect(await daily()).toMatchObject({ progress: 0 })
    expect(await task()).toMatchObject({ progress: 5, gotFlag: 2 })
    const list = (await ana.call('/v1/bus/getTaskProcess', { configKey: 'GREEN_VERSION_DAILY_TASK' })).data.tasks
    expect(list.every((t: { configKey: string }) => t.configKey === 'GREEN_VERSION_DAILY_TASK')).toBe(true)
    expect((await ana.call('/v1/bus/taskOneGot', { taskId: 'no-such-task' })).msgCode).toBe('not_found')
  })

  it('counts an invitee once they verify and make a first deposit; self-invites and a reused CPF never count', async () => {
    // Invites exist only where the market's rules allow them (Brazil's do not: paid on a deposit).
    await start({ MARKET_COUNTRY: 'MX' })
    const ana = await player()
    const share = (await ana.call('/v1/bus/getUserShareUrlAndExtensionCode')).data
    expect(share.code).toMatch(/^[A-Z2-9]{8}$/)
    expect(share.shareUrl).toBe(`http://localhost:8080/?code=${share.code}`)
    expect((await ana.call('/v1/bus/getUserShareUrlAndExtensionCode')).data.code).toBe(share.code)
    await ana.verify()

    // Ana's own code on a later login of her own account is no sign-up.
    await player({ device: ana, code: share.code })
    const bruno = await player({ code: share.code.toLowerCase(), verified: false })
    let stats = (await ana.call('/v1/bus/statInviteInfo')).data
    expect(stats).toMatchObject({
      today: { signUps: 1, qualified: 0, rewards: 0 },
      total: { signUps: 1, qualified: 0, rewards: 0 },
      claimable: 0,
      received: 0,
      rewardPerInvite: 800,
    })
    expect((await ana.call('/v1/bus/receiveInviteRewards', { requestId: randomUUID() })).msgCode).toBe(
      'nothing_to_claim',
    )

    const cpf = randomCpf()
    expect((await bruno.verify(cpf)).success).toBe(true)
    expect((await ana.call('/v1/bus/statInviteInfo')).data.claimable).toBe(0)
    await bruno.deposit()
    await bruno.deposit()
    // A second account of Bruno's with the same CPF cannot verify, so it can never deposit or count.
    const brunoAgain = await player({ code: share.code, verified: false })
    expect((await brunoAgain.verify(cpf)).msgCode).toBe('cpf_taken')

    clock.time += DAY
    stats = (await ana.call('/v1/bus/statInviteInfo')).data
    expect(stats).toMatchObject({
      today: { signUps: 0, qualified: 0, rewards: 0 },
      total: { signUps: 2, qualified: 1, rewards: 800 },
      claimable: 800,
      received: 0,
    })
    expect((await ana.call('/activity/summary')).data.invites).toEqual({ claimable: 800 })

    const before = await ledger(ana.userId)
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => ana.call('/v1/bus/receiveInviteRewards', { requestId: randomUUID() })),
    )
    const won = claims.filter((c) => c.success)
    expect(won).toHaveLength(1)
    expect(won[0].data).toMatchObject({ amount: 800, wageringAdded: 4_000 })
    expect(claims.filter((c) => !c.success).every((c) => c.msgCode === 'nothing_to_claim')).toBe(true)
    expect((await ledger(ana.userId)).bonus).toBe(before.bonus + 800)
    expect(await rewardTransfers('invite_reward')).toHaveLength(1)
    stats = (await ana.call('/v1/bus/statInviteInfo')).data
    expect(stats).toMatchObject({ claimable: 0, received: 800, total: { qualified: 1, rewards: 800 } })
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('with the master switch off every reward is refused, nothing is written, and the screens are told so', async () => {
    // A market whose rules allow every reward (Brazil's forbid the gift, invites and the install
    // reward), so the master switch alone is seen refusing each.
    await start({ PROMOTIONS: 'off', MARKET_COUNTRY: 'MX' })
    const ana = await player()
    await ana.verify()
    await ana.deposit()
    await ana.spins('gol-de-placa', 5)
    // The invite screen's link is an offer too, refused; Ana's code was issued before the switch.
    expect((await ana.call('/v1/bus/getUserShareUrlAndExtensionCode')).msgCode).toBe('promotions_off')
    expect((await ana.call('/v1/bus/statInviteInfo')).msgCode).toBe('promotions_off')
    const invitee = await player({ code: await inviteCode(app.rewards.context, ana.userId) })
    await invitee.verify()
    await invitee.deposit()
    const attempts = [
      ['/activity/openNewPlayerGift', {}],
      ['/activity/drawSignReward', {}],
      ['/activity/drawDownloadReward', {}],
      ['/activity/wheel/spin', { requestId: randomUUID() }],
      ['/v1/bus/taskOneGot', { taskId: 'green-gol-de-placa-5' }],
      ['/v1/bus/receiveInviteRewards', { requestId: randomUUID() }],
    ] as const
    for (const [url, body] of attempts) {
      const answer = await ana.call(url, body)
      expect(answer, url).toMatchObject({
        success: false,
        msgCode: 'promotions_off',
        msg: 'As promoções estão desligadas. Nenhum bônus é oferecido agora.',
      })
    }
    expect(await testDb.db.kysely.selectFrom('reward_claims').selectAll().execute()).toEqual([])
    expect(await testDb.db.kysely.selectFrom('invite_rewards').selectAll().execute()).toEqual([])
    expect(await testDb.db.kysely.selectFrom('wheel_spins').selectAll().execute()).toEqual([])
    expect(await testDb.db.kysely.selectFrom('sign_ins').selectAll().execute()).toEqual([])
    for (const kind of rewardKinds) expect(await rewardTransfers(kind), kind).toEqual([])
    expect((await ana.call('/activity/list')).data).toMatchObject({ enabled: false, promotions: [] })
    const summary = (await ana.call('/activity/summary')).data
    expect(summary).toMatchObject({
      enabled: false,
      blocked: 'promotions_off',
      gift: null,
      signIn: null,
      wheel: null,
      tasks: null,
    })
    expect(summary.prompts.firstDeposit).toBeNull()
    expect((await invitee.call('/charge/amount/list')).data.firstDepositOffer).toBeNull()
  })

  it("states every promotion's terms from the config, the wheel's chances as fractions of its weights", async () => {
    // A market whose rules allow every promotion (Brazil's list only the wheel, sign-in and tasks:
    // server/rewards/market-rules.test.ts).
    await start({ WHEEL_PRIZES: '100:80,300:15,700:5', MARKET_COUNTRY: 'MX' })
    const ana = await player()
    const { promotions } = (await ana.call('/activity/list')).data as {
      promotions: { key: string; amounts: number[]; probabilities?: number[] }[]
    }
    expect(promotions.map((p) => p.key)).toEqual([
      'first_deposit',
      'gift',
      'sign_in',
      'wheel',
      'tasks',
      'invites',
      'download',
    ])
    const wheel = promotions.find((p) => p.key === 'wheel')
    expect(wheel).toMatchObject({ amounts: [100, 300, 700], probabilities: [0.8, 0.15, 0.05] })
  })

  it('a reward switched off on its own is refused while the others work; a self-excluded player gets none', async () => {
    // A market whose rules allow every reward, so the switch alone is seen refusing the install reward.
    await start({ PROMOTIONS_DISABLED: 'wheel,download', MARKET_COUNTRY: 'MX' })
    const ana = await player()
    expect((await ana.call('/activity/wheel/spin', { requestId: randomUUID() })).msgCode).toBe('promotion_off')
    expect((await ana.call('/user/installAccepted')).success).toBe(true)
    expect((await ana.call('/activity/drawDownloadReward')).msgCode).toBe('promotion_off')
    expect((await ana.call('/activity/drawSignReward')).success).toBe(true)
    const keys = (await ana.call('/activity/list')).data.promotions.map((p: { key: string }) => p.key)
    expect(keys).toEqual(['first_deposit', 'gift', 'sign_in', 'tasks', 'invites'])

    const bia = await player()
    expect((await bia.call('/v1/bus/selfExclude', { duration: '24h' })).success).toBe(true)
    for (const url of ['/activity/openNewPlayerGift', '/activity/drawSignReward']) {
      const answer = await bia.call(url)
      expect(answer.msgCode, url).toBe('self_excluded')
      expect(answer.msg).toContain('promoções')
    }
    expect((await bia.call('/activity/list')).data).toMatchObject({ selfExcluded: true, promotions: [] })
    expect((await bia.call('/activity/summary')).data).toMatchObject({ enabled: false, blocked: 'self_excluded' })
    expect(await ledger(bia.userId)).toMatchObject({ total: 0 })
  })

  it('pays the download reward once, only after the app reported an accepted install', async () => {
    // The install reward exists only where the market's rules allow it (Brazil's do not).
    await start({ MARKET_COUNTRY: 'MX' })
    const ana = await player()
    // A client that never reported an install (any API caller) gets nothing: the ledger agrees.
    const refused = await ana.call('/activity/drawDownloadReward')
    expect(refused.msgCode).toBe('install_not_reported')
    expect(refused.msg).toContain('instalar')
    expect(await rewardTransfers('download_reward')).toHaveLength(0)
    expect(await ledger(ana.userId)).toMatchObject({ total: 0 })

    expect((await ana.call('/user/installAccepted')).success).toBe(true)
    expect((await ana.call('/activity/drawDownloadReward')).data).toMatchObject({ amount: 200 })
    expect((await ana.call('/activity/drawDownloadReward')).msgCode).toBe('reward_claimed')
    expect(await rewardTransfers('download_reward')).toHaveLength(1)
    expect(await ledger(ana.userId)).toMatchObject({ total: 200 })
  })

  it('prompts show once (the first-deposit offer once a day, where the market allows it); install acceptance is kept', async () => {
    // The first-deposit bonus exists only in a market whose rules allow it (not Brazil's).
    await start({ MARKET_COUNTRY: 'MX' })
    const ana = await player()

    const offer = { rate: 2, maxDeposit: 15_000, maxBonus: 30_000, wageringMultiplier: 10 }
    let prompts = (await ana.call('/activity/summary')).data.prompts
    expect(prompts).toEqual({ newcomerGame: true, firstDeposit: offer })
    await ana.call('/activity/promptShown', { prompt: 'newcomer_game' })
    await ana.call('/activity/promptShown', { prompt: 'first_deposit' })
    prompts = (await ana.call('/activity/summary')).data.prompts
    expect(prompts).toEqual({ newcomerGame: false, firstDeposit: null })
    clock.time = SP_MIDNIGHT_AFTER_START
    expect((await ana.call('/activity/summary')).data.prompts).toEqual({ newcomerGame: false, firstDeposit: offer })
    expect((await ana.call('/activity/promptShown', { prompt: 'other' })).msg).toContain('Aviso')

    expect((await ana.call('/user/installAccepted')).success).toBe(true)
    clock.time += HOUR
    await ana.call('/user/installAccepted')
    const row = await testDb.db.kysely
      .selectFrom('players')
      .select('install_accepted_at')
      .where('id', '=', ana.userId)
      .executeTakeFirstOrThrow()
    expect(Number(row.install_accepted_at)).toBe(SP_MIDNIGHT_AFTER_START)
  })
})
