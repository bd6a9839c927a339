// Managing from the console, on each engine: an admin creates operators whose setup link, at the
// server's address, is e-mailed to them (read back from the sandbox mailbox), changes roles, disables (ending sessions at once) and enables, resets the
// password and second factor; nobody changes their own role and the last admin cannot be locked
// out (refusals audited); the four-eyes queue lists who asked, the player, amount, reason and
// age, and a second person decides with a reason (checked against the ledger); a game switched
// off is unavailable in the lobby with its reason, cannot be launched and cannot spin on; reward
// amounts and switches change what players are credited.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  mailboxOf,
  TEST_OPS_TOKEN,
  type TestDb,
} from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { createOperator } from './operators.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'
const NEW_PASSWORD = 'Azul-Anil-Cerrado-77'
const PUBLIC_URL = 'https://console.jogolimpo.example'

// Operator and player passwords each cost a scrypt run (~0.5 s of a core) on a shared machine.
describe.each(engines)('console management on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  let ip = 0

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { PUBLIC_URL, OPS_FOUR_EYES_ABOVE: '50000' }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function login(email: string, password = OPERATOR_PASSWORD) {
    return app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password },
      remoteAddress: `192.0.2.${++ip}`,
    })
  }

  function as(cookie: string) {
    const post = (path: string, payload: object = {}) =>
      app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { cookie }, payload })
    return { post, call: async (path: string, payload: object = {}) => (await post(path, payload)).json() }
  }

  const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
    String((res.headers['set-cookie'] as string[])[0]).split(';')[0] as string

  async function operator(role: OperatorRole, name = `${role} ${randomUUID().slice(0, 4)}`) {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    const { id } = await createOperator(
      testDb.db.kysely,
      { email, role, name, password: OPERATOR_PASSWORD },
      clock.now(),
    )
    const res = await login(email)
    expect(res.json().success).toBe(true)
    return { id, email, name, ...as(cookieOf(res)) }
  }

  const service = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { 'x-ops-token': TEST_OPS_TOKEN }, payload })

  /** The latest setup link the sandbox mailbox received for `email` (over SMTP, from the outbox). */
  async function mailedLink(email: string, on: FastifyInstance = app) {
    await on.mail.deliverDue()
    const mail = mailboxOf(on)
      .messages()
      .find((m) => m.to.includes(email))
    return /https?:\/\/\S+\/console\/setup#[\w-]{43}/.exec(mail?.text ?? '')?.[0] ?? ''
  }

  const audit = async (action: string) =>
    testDb.db.kysely
      .selectFrom('audit_log')
      .select(['actor_name', 'object_id', 'before', 'after', 'reason'])
      .where('action', '=', action)
      .orderBy('id')
      .execute()

  it('an admin creates an operator whose one-time link, at the public address, is e-mailed to them; it sets the password once', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const created = await ana.call('operators/create', { email: 'Bia@Empresa.com.br', name: 'Bia', role: 'payments' })
    expect(created).toMatchObject({
      success: true,
      data: { sentTo: 'bia@empresa.com.br', expiresAt: START + 24 * 3600_000 },
    })
    expect(created.data.setupLink).toBeUndefined()
    const link = await mailedLink('bia@empresa.com.br')
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/console/setup#[\\w-]{43}$`))
    const token = link.split('#')[1] as string
    const info = await app.inject({ method: 'POST', url: '/api/ops/session/setupInfo', payload: { token } })
    expect(info.json().data).toMatchObject({ email: 'bia@empresa.com.br', name: 'Bia', role: 'payments' })
    const setup = { token, password: NEW_PASSWORD }
    expect((await app.inject({ method: 'POST', url: '/api/ops/session/setup', payload: setup })).json().success).toBe(
      true,
    )
    expect((await app.inject({ method: 'POST', url: '/api/ops/session/setup', payload: setup })).json()).toMatchObject({
      success: false,
      msgCode: 'ops_setup_link_invalid',
    })
    expect((await login('bia@empresa.com.br', NEW_PASSWORD)).json()).toMatchObject({ data: { role: 'payments' } })
    const listed = (await ana.call('operators/list')).data.operators
    expect(listed).toContainEqual(
      expect.objectContaining({ email: 'bia@empresa.com.br', role: 'payments', disabled: false, hasPassword: true }),
    )
    expect(await audit('operator.create')).toMatchObject([{ actor_name: 'Ana Admin' }])
    // The same e-mail twice is refused by name.
    const twice = await ana.call('operators/create', { email: 'bia@empresa.com.br', name: 'Bia', role: 'risk' })
    expect(twice).toMatchObject({ success: false, msgCode: 'ops_operator_exists' })
  })

  it('without PUBLIC_URL the link carries the address and port the console called', async () => {
    const bare = await buildTestApp(testDb.db, {}, clock)
    try {
      const created = await bare.inject({
        method: 'POST',
        url: '/api/ops/operators/create',
        headers: { 'x-ops-token': TEST_OPS_TOKEN, host: '127.0.0.1:8241' },
        payload: { email: 'caio@empresa.com.br', name: 'Caio', role: 'support' },
      })
      expect(created.json().data).toMatchObject({ sentTo: 'caio@empresa.com.br' })
      expect(await mailedLink('caio@empresa.com.br', bare)).toMatch(
        /^http:\/\/127\.0\.0\.1:8241\/console\/setup#[\w-]{43}$/,
      )
    } finally {
      await bare.close()
    }
  })

  it('only admins manage operators; every other role is refused with 403 and the refusal is audited', async () => {
    const ana = await operator('admin')
    for (const role of ['support', 'payments', 'risk'] as const) {
      const someone = await operator(role, `Someone ${role}`)
      const tried = await someone.post('operators/role', { operatorId: ana.id, role: 'support', reason: 'tentativa' })
      expect(tried.statusCode).toBe(403)
      expect(tried.json().msgCode).toBe('ops_forbidden')
      expect((await someone.post('operators/list')).statusCode).toBe(403)
    }
    const refused = await audit('access.refused')
    expect(refused.map((r) => r.after && JSON.parse(r.after).permission)).toEqual(Array(6).fill('operators.manage'))
    expect((await readRole(ana.id)).role).toBe('admin')
  })

  const readRole = (id: number) =>
    testDb.db.kysely
      .selectFrom('operators')
      .select(['role', 'disabled_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('changes a role with a reason; nobody changes their own, and the last admin is never demoted or disabled', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const bruno = await operator('admin', 'Bruno')
    const own = await ana.post('operators/role', { operatorId: ana.id, role: 'support', reason: 'teste' })
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({ msgCode: 'ops_own_account' })
    expect(
      await ana.call('operators/role', { operatorId: bruno.id, role: 'risk', reason: 'mudou de área' }),
    ).toMatchObject({ success: true })
    expect((await readRole(bruno.id)).role).toBe('risk')
    // The new role is in force at Bruno's next call: he no longer manages operators.
    expect((await bruno.post('operators/list')).statusCode).toBe(403)
    expect(await audit('operator.role')).toMatchObject([
      { actor_name: 'Ana Admin', before: '{"role":"admin"}', after: '{"role":"risk"}', reason: 'mudou de área' },
    ])
    // Ana is now the only active admin: the scripts' account cannot demote, disable or reset her.
    for (const [path, body] of [
      ['operators/role', { operatorId: ana.id, role: 'payments', reason: 'x' }],
      ['operators/disable', { operatorId: ana.id, disabled: true, reason: 'x' }],
      ['operators/reset', { operatorId: ana.id, reason: 'x' }],
    ] as const) {
      const res = await service(path, body)
      expect(res.statusCode, path).toBe(403)
      expect(res.json().msgCode).toBe('ops_last_admin')
    }
    expect(await readRole(ana.id)).toMatchObject({ role: 'admin', disabled_at: null })
    const refusals = (await audit('access.refused')).map((r) => JSON.parse(r.after ?? '{}').msgCode)
    expect(refusals).toEqual(['ops_own_account', 'ops_forbidden', 'ops_last_admin', 'ops_last_admin', 'ops_last_admin'])
  })

  it('disabling ends the operator’s sessions at once; enabling lets them log in again', async () => {
    const ana = await operator('admin')
    const paula = await operator('payments', 'Paula')
    expect((await paula.post('session/me')).statusCode).toBe(200)
    const disabled = await ana.call('operators/disable', { operatorId: paula.id, disabled: true, reason: 'saiu' })
    expect(disabled).toMatchObject({ success: true, data: { sessionsEnded: 1 } })
    expect((await paula.post('session/me')).statusCode).toBe(401)
    expect((await login(paula.email)).json()).toMatchObject({ success: false, msgCode: 'ops_login_failed' })
    await ana.call('operators/disable', { operatorId: paula.id, disabled: false, reason: 'voltou' })
    expect((await login(paula.email)).json()).toMatchObject({ success: true })
    expect((await audit('operator.disable')).map((r) => r.reason)).toEqual(['saiu'])
    expect((await audit('operator.enable')).map((r) => r.reason)).toEqual(['voltou'])
    const self = await ana.post('operators/disable', { operatorId: ana.id, disabled: true, reason: 'x' })
    expect(self.statusCode).toBe(403)
  })

  it('a reset clears the password and second factor, ends the sessions and e-mails a new setup link', async () => {
    const ana = await operator('admin')
    const rita = await operator('risk', 'Rita')
    await testDb.db.kysely
      .updateTable('operators')
      .set({ totp_secret: 'sealed', totp_enabled_at: START, totp_last_step: 1 })
      .where('id', '=', rita.id)
      .execute()
    const reset = await ana.call('operators/reset', { operatorId: rita.id, reason: 'perdeu o celular' })
    expect(reset.data).toEqual({ operatorId: rita.id, sentTo: rita.email, expiresAt: START + 24 * 3600_000 })
    const mailed = await mailedLink(rita.email)
    expect(mailed).toMatch(new RegExp(`^${PUBLIC_URL}/console/setup#[\\w-]{43}$`))
    expect((await rita.post('session/me')).statusCode).toBe(401)
    expect((await login(rita.email)).json()).toMatchObject({ success: false, msgCode: 'ops_login_failed' })
    const row = await testDb.db.kysely
      .selectFrom('operators')
      .select(['password_hash', 'totp_secret', 'totp_enabled_at'])
      .where('id', '=', rita.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ password_hash: null, totp_secret: null, totp_enabled_at: null })
    const token = mailed.split('#')[1]
    const setup = await app.inject({
      method: 'POST',
      url: '/api/ops/session/setup',
      payload: { token, password: NEW_PASSWORD },
    })
    expect(setup.json().success).toBe(true)
    expect((await login(rita.email, NEW_PASSWORD)).json()).toMatchObject({
      success: true,
      data: { totpEnabled: false },
    })
    expect(await audit('operator.reset')).toMatchObject([{ reason: 'perdeu o celular' }])
  })

  it('the four-eyes queue: who asked, the player, amount, reason and age; another person decides with a reason', async () => {
    const player = await loginPlayer(app, { ageConfirmed: true, verified: { fullName: 'Maria Clara Souza' } })
    const paula = await operator('payments', 'Paula')
    const ana = await operator('admin', 'Ana Admin')
    const support = await operator('support')
    for (const [requestId, amount] of [
      ['big-1', 80_000],
      ['big-2', 60_000],
    ] as const) {
      const asked = await paula.call('adjust', { requestId, userId: player.userId, amount, reason: 'acordo' })
      expect(asked.data.status).toBe('pending')
    }
    clock.time += 7 * 60_000
    const listed = await ana.call('adjustments/list')
    expect(listed.data.now).toBe(START + 7 * 60_000)
    expect(listed.data.requests).toEqual([
      expect.objectContaining({
        id: 'big-1',
        playerId: player.userId,
        playerName: 'Maria Clara Souza',
        amount: 80_000,
        reason: 'acordo',
        requestedBy: 'Paula',
        requestedById: paula.id,
        requestedAt: START,
      }),
      expect.objectContaining({ id: 'big-2' }),
    ])
    // Support neither adjusts nor sees the queue.
    expect((await support.post('adjustments/list')).statusCode).toBe(403)

    const own = await paula.post('adjustments/decide', { id: 'big-1', decision: 'approve', reason: 'ok' })
    expect(own.statusCode).toBe(403)
    expect(own.json().msgCode).toBe('four_eyes_same_operator')
    const noReason = await ana.call('adjustments/decide', { id: 'big-1', decision: 'reject' })
    expect(noReason).toMatchObject({ success: false, msgCode: 'invalid_request' })

    const rejected = await ana.call('adjustments/decide', {
      id: 'big-2',
      decision: 'reject',
      reason: 'sem comprovante',
    })
    expect(rejected).toMatchObject({ success: true, data: { status: 'rejected', balance: { cash: 0 } } })
    const approved = await ana.call('adjustments/decide', { id: 'big-1', decision: 'approve', reason: 'conferido' })
    expect(approved).toMatchObject({ success: true, data: { status: 'approved', balance: { cash: 80_000 } } })
    const late = await ana.call('adjustments/decide', { id: 'big-2', decision: 'approve', reason: 'mudei de ideia' })
    expect(late).toMatchObject({ success: false, msgCode: 'adjustment_taken' })

    expect((await readPlayerBalances(testDb.db.kysely, player.userId)).cash).toBe(80_000)
    const transfers = await testDb.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'adjustment')
      .execute()
    expect(transfers.map((t) => t.id)).toEqual(['ops:big-1'])
    expect(await audit('player.adjust_rejected')).toMatchObject([
      { actor_name: 'Ana Admin', reason: 'sem comprovante' },
    ])
    expect(await audit('player.adjust_approved')).toMatchObject([{ actor_name: 'Ana Admin', reason: 'conferido' }])
    expect((await ana.call('adjustments/list')).data.requests).toEqual([])
    // Every open console heard each request and decision (the queue re-reads on them).
    const pushes = await testDb.db.kysely.selectFrom('outbox').select('payload').where('topic', '=', 'ops').execute()
    expect(
      pushes
        .map((row) => JSON.parse(row.payload) as { topic: string; id: string; status: string })
        .filter((push) => push.topic === 'adjustment')
        .map((push) => `${push.id} ${push.status}`),
    ).toEqual(['big-1 pending', 'big-2 pending', 'big-2 rejected', 'big-1 approved'])
    const refused = await audit('access.refused')
    expect(refused.map((r) => JSON.parse(r.after ?? '{}').msgCode)).toEqual([
      'ops_forbidden',
      'four_eyes_same_operator',
    ])
  })

  it('a game switched off shows unavailable with its reason, cannot be launched or spun, and comes back when on', async () => {
    const rita = await operator('risk', 'Rita')
    const support = await operator('support')
    const player = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
    const { sessionToken } = await openGameSession(app, player.call)
    const spin = (requestId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken, 'accept-language': 'en' },
        payload: { bet: 100, requestId: `spin-${requestId}` },
      })
    expect((await spin('before')).json().success).toBe(true)

    expect(
      (await support.post('games/switch', { gameId: 'fruta-fina', on: false, offReason: 'fault', reason: 'x' }))
        .statusCode,
    ).toBe(403)
    const off = await rita.call('games/switch', {
      gameId: 'fruta-fina',
      on: false,
      offReason: 'fault',
      reason: 'pagamentos errados relatados',
    })
    expect(off.data.games).toContainEqual({
      id: 'fruta-fina',
      name: expect.any(String),
      group: expect.any(String),
      off: { reason: 'fault', at: START, by: 'Rita' },
    })

    const lobby = (await app.inject({ method: 'GET', url: '/api/game/list' })).json().data.games
    expect(lobby.find((g: { id: string }) => g.id === 'fruta-fina').unavailable).toBe('fault')
    expect(lobby.filter((g: { unavailable: string | null }) => g.unavailable !== null)).toHaveLength(1)

    const launch = await player.call('/game/forward', { id: 'fruta-fina' }, 'en')
    expect(launch).toMatchObject({ success: false, msgCode: 'game_switched_off', data: { reason: 'fault' } })
    expect(launch.msg).toBe(
      'This game has a fault being looked into and is unavailable now. Your balance is safe; choose another game.',
    )
    const pt = await player.call('/game/forward', { id: 'fruta-fina' }, 'pt-BR')
    expect(pt.msg).toMatch(/^Este jogo está com uma falha em análise e está indisponível agora/)

    const refusedSpin = (await spin('after')).json()
    expect(refusedSpin).toMatchObject({ success: false, msgCode: 'game_switched_off' })
    // The spin before still answers the same when replayed; nothing was bet after.
    expect((await spin('before')).json()).toMatchObject({ success: true, data: { replayed: true } })
    const rounds = await testDb.db.kysely.selectFrom('game_rounds').select('request_id').execute()
    expect(rounds.map((r) => r.request_id)).toEqual(['spin-before'])

    await rita.call('games/switch', { gameId: 'fruta-fina', on: true, reason: 'corrigido' })
    expect((await spin('again')).json().success).toBe(true)
    expect(await audit('game.switch_off')).toMatchObject([
      { actor_name: 'Rita', object_id: 'fruta-fina', reason: 'pagamentos errados relatados' },
    ])
    expect(await audit('game.switch_on')).toMatchObject([{ actor_name: 'Rita', reason: 'corrigido' }])
    // An unknown game is refused by name.
    const unknown = await rita.call('games/switch', { gameId: 'no-such-game', on: true, reason: 'x' })
    expect(unknown).toMatchObject({ success: false, msgCode: 'game_not_found' })
  })

  it('reward amounts and switches from the settings change what players are credited', async () => {
    // The sign-in's amounts: a reward Brazil's rules allow (the welcome gift's amount is changed
    // and credited in a market that allows it: server/rewards/market-rules.test.ts).
    const ana = await operator('admin')
    const set = (key: string, value: unknown) => ana.call('settings/set', { key, value, reason: 'campanha' })
    expect(await set('promotions.signInDaily', [250, 200, 300, 400, 500, 600, 700])).toMatchObject({ success: true })
    expect(await set('promotions.signInDaily', [100])).toMatchObject({ success: false, msgCode: 'invalid_request' })
    expect(await set('games.off', {})).toMatchObject({ success: false })
    // Promotions credit verified players only.
    const signed = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const signIn = (await signed.call('/activity/getSignInfo')).data
    expect(JSON.stringify(signIn)).toContain('700')
    expect((await signed.call('/activity/drawSignReward')).data).toMatchObject({ amount: 250 })
    expect((await readPlayerBalances(testDb.db.kysely, signed.userId)).bonus).toBe(250)

    expect(await set('promotions.enabled', false)).toMatchObject({ success: true })
    const late = await loginPlayer(app, { ageConfirmed: true, verified: true })
    expect(await late.call('/activity/drawSignReward')).toMatchObject({ success: false, msgCode: 'promotions_off' })
    expect((await readPlayerBalances(testDb.db.kysely, late.userId)).bonus).toBe(0)
    expect((await audit('settings.set')).map((r) => r.object_id)).toEqual([
      'promotions.signInDaily',
      'promotions.enabled',
    ])
  })
})
