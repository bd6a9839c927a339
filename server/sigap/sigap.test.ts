// The barred-person register (SIGAP's Módulo de Impedidos) through the app, on each engine, against
// the sandbox register over HTTP: a CPF it names is refused at registration in neutral words with
// nothing credited; the first login of each local day asks again; a CPF named later is found by
// the sweep 15 days on and barred from play, deposits and rewards at once; an unreachable register
// leaves the player unchecked (no bet, no deposit, a neutral sentence) until a retry answers; the
// sweep asks about frozen and paused accounts too, keeps to SIGAP_RATE_PER_SECOND, resumes after a
// restart, records each player once per sweep and runs on one instance of two.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxRegisterOf,
  TEST_OPS_TOKEN,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import {
  SANDBOX_REGISTER_CPF_COURT_ORDER,
  SANDBOX_REGISTER_CPF_SELF_EXCLUDED,
  SANDBOX_REGISTER_CPF_SOCIAL_BENEFIT,
  SANDBOX_REGISTER_CPF_UNAVAILABLE,
} from './sandbox/server.ts'
import { RegisterSweep } from './sweep.ts'

// 02:00 UTC on 20 November 2026 is still 19 November (23:00) in São Paulo.
const START = Date.UTC(2026, 10, 20, 2, 0)
const DAY = 86_400_000
const SAVE = '/charge/amount/saveUserAccountInfo'
const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const NEUTRAL = {
  'pt-BR':
    'Estamos concluindo verificações regulatórias exigidas por lei. Até lá, apostas, depósitos e prêmios ficam indisponíveis; avisaremos você em breve.',
  en: 'We are completing regulatory checks required by law. Until then, bets, deposits and rewards are unavailable; we will let you know soon.',
  hi: 'हम कानून द्वारा आवश्यक नियामक जाँच पूरी कर रहे हैं। तब तक दांव, जमा और पुरस्कार उपलब्ध नहीं हैं; हम आपको जल्द ही सूचित करेंगे।',
}

describe.each(engines)('barred-person register on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { METRICS_TOKEN }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const db = () => testDb.db.kysely
  const answers = (playerId: number) =>
    db().selectFrom('register_answers').selectAll().where('player_id', '=', playerId).orderBy('id').execute()
  const deposit = (player: Pick<TestPlayer, 'call'>, language?: string) =>
    player.call('/charge/create/order', { amount: 2000, requestId: randomUUID() }, language)
  const spin = async (sessionToken: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId: randomUUID() },
      })
    ).json()
  /** A later login of the player's device (what the app does when it opens). */
  const loginAgain = (player: TestPlayer) =>
    loginPlayer(app, { device: { deviceId: player.deviceId, deviceSecret: player.deviceSecret } })
  const scrape = async () =>
    (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body

  it('refuses a CPF the register names at registration, in neutral words, and credits nothing', async () => {
    for (const cpf of [
      SANDBOX_REGISTER_CPF_SOCIAL_BENEFIT,
      SANDBOX_REGISTER_CPF_SELF_EXCLUDED,
      SANDBOX_REGISTER_CPF_COURT_ORDER,
    ]) {
      const player = await loginPlayer(app)
      for (const language of ['pt-BR', 'en', 'hi'] as const) {
        const refused = await player.call(SAVE, { fullName: 'Ana Souza', cpf, birthDate: '1990-01-15' }, language)
        expect(refused).toMatchObject({ success: false, msgCode: 'regulatory_check', msg: NEUTRAL[language] })
      }
      // Not verified, so nothing to collect or deposit; the gift is refused and no money moved.
      expect((await player.call('/charge/amount/getUserAccountInfo')).data.status).toBe('none')
      expect(await player.call('/activity/openNewPlayerGift')).toMatchObject({ success: false })
      expect(await deposit(player)).toMatchObject({ success: false })
      const moved = await db()
        .selectFrom('ledger_transfers')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
        .select('ledger_transfers.id')
        .where('ledger_accounts.player_id', '=', player.userId)
        .execute()
      expect(moved).toEqual([])
      expect(await readPlayerBalances(db(), player.userId)).toMatchObject({ cash: 0, bonus: 0 })
      const recorded = await answers(player.userId)
      expect(recorded).toHaveLength(3)
      expect(recorded.every((a) => a.moment === 'registration' && a.outcome === 'barred' && a.cpf === cpf)).toBe(true)
    }
    expect(await db().selectFrom('player_verifications').select('player_id').execute()).toEqual([])
    // A CPF it does not name verifies, with the answer kept.
    const clear = await loginPlayer(app, { ageConfirmed: true, verified: true })
    expect(await answers(clear.userId)).toMatchObject([{ moment: 'registration', outcome: 'allowed' }])
    expect(await deposit(clear)).toMatchObject({ success: true })
  })

  it("asks again at the player's first login of each local day, and bars at once", async () => {
    const player = await loginPlayer(app, { ageConfirmed: true, verified: true, cash: 10_000 })
    const register = sandboxRegisterOf(app)
    const { sessionToken } = await openGameSession(app, player.call)
    expect((await spin(sessionToken)).success).toBe(true)
    register.add(player.cpf, 'social_benefit')
    // Later the same local day (00:59 in São Paulo is still the 19th... the day began at 03:00 UTC on the 19th).
    clock.time = START + 55 * 60_000
    await loginAgain(player)
    expect(register.asked.get(player.cpf)).toBe(1)
    expect((await spin(sessionToken)).success).toBe(true)
    // The next local day (03:00 UTC is midnight in São Paulo): the first login asks, and the answer bars.
    clock.time = Date.UTC(2026, 10, 20, 3, 0)
    await loginAgain(player)
    expect(register.asked.get(player.cpf)).toBe(2)
    expect((await answers(player.userId)).map((a) => [a.moment, a.outcome])).toEqual([
      ['registration', 'allowed'],
      ['daily_login', 'barred'],
    ])
    expect(await spin(sessionToken)).toMatchObject({ success: false, msgCode: 'regulatory_check' })
    expect(await deposit(player, 'en')).toMatchObject({ success: false, msgCode: 'regulatory_check', msg: NEUTRAL.en })
    expect(await player.call('/game/forward', { id: 'fruta-fina' })).toMatchObject({
      success: false,
      msgCode: 'regulatory_check',
    })
    expect(await player.call('/activity/wheel/spin', { requestId: randomUUID() })).toMatchObject({ success: false })
    // Another login that day asks nothing more.
    await loginAgain(player)
    expect(register.asked.get(player.cpf)).toBe(2)
    expect(await scrape()).toMatch(/jogolimpo_register_players_barred 1/)
  })

  it('finds a CPF the register names later at the next sweep, 15 days on, and bars it', async () => {
    const stays = await loginPlayer(app, { ageConfirmed: true, verified: true, cash: 10_000 })
    const named = await loginPlayer(app, { ageConfirmed: true, verified: true, cash: 10_000 })
    expect(await app.sigap.sweep.run()).toBe('done')
    expect(await app.sigap.sweep.progress()).toMatchObject({ total: 2, checked: 2, barred: 0, finishedAt: START })
    clock.time = START + 14 * DAY
    expect(await app.sigap.sweep.run()).toBe('idle')
    // Fifteen days on, the player logs in (asked: allowed) and opens a game.
    clock.time = START + 15 * DAY
    await loginAgain(named)
    const { sessionToken } = await openGameSession(app, named.call)
    expect((await spin(sessionToken)).success).toBe(true)
    // Then the register names them (its admin API, as a tester would), and the sweep that is due finds it.
    const register = sandboxRegisterOf(app)
    const added = await fetch(`${register.url}/sandbox/impedidos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpf: named.cpf, motivo: 'court_order' }),
    })
    expect(added.status).toBe(201)
    expect(await app.sigap.sweep.run()).toBe('done')
    expect(await app.sigap.sweep.progress()).toMatchObject({ total: 2, checked: 2, barred: 1 })
    expect(await spin(sessionToken)).toMatchObject({ success: false, msgCode: 'regulatory_check' })
    expect(await deposit(named)).toMatchObject({ success: false, msgCode: 'regulatory_check' })
    expect(await deposit(stays)).toMatchObject({ success: true })
    expect((await answers(named.userId)).map((a) => [a.moment, a.outcome, a.reasons])).toEqual([
      ['registration', 'allowed', ''],
      ['sweep', 'allowed', ''],
      ['daily_login', 'allowed', ''],
      ['sweep', 'barred', 'court_order'],
    ])
    const metrics = await scrape()
    expect(metrics).toMatch(/jogolimpo_register_sweep_checked 2/)
    expect(metrics).toMatch(/jogolimpo_register_sweep_players 2/)
    expect(metrics).toMatch(/jogolimpo_register_lookups_total\{result="answered"\} 7/)
    // The console's verification page reads the sweep beside the operator's own list.
    const overview = await app.inject({
      method: 'POST',
      url: '/api/ops/verifications/barred',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: {},
    })
    expect(overview.json().data.register).toEqual({
      sweep: {
        startedAt: START + 15 * DAY,
        finishedAt: START + 15 * DAY,
        total: 2,
        checked: 2,
        barred: 1,
        unavailable: 0,
        nextDueAt: START + 30 * DAY,
      },
      unchecked: 0,
      barred: 1,
    })
  })

  it('keeps an unchecked player from betting and depositing while the register is down, and a retry clears them', async () => {
    const register = sandboxRegisterOf(app)
    register.setDown(true)
    // The identity verifies; the register's answer is owed.
    const player = await loginPlayer(app, { ageConfirmed: true, verified: true })
    expect(await answers(player.userId)).toMatchObject([{ moment: 'registration', outcome: 'unavailable' }])
    for (const language of ['pt-BR', 'en', 'hi'] as const)
      expect(await deposit(player, language)).toMatchObject({
        success: false,
        msgCode: 'regulatory_check',
        msg: NEUTRAL[language],
      })
    expect(await player.call('/game/forward', { id: 'fruta-fina' })).toMatchObject({ msgCode: 'regulatory_check' })
    expect(await db().selectFrom('deposit_orders').select('id').execute()).toEqual([])
    // Not yet due: nothing asked. Still down when due: asked, still unchecked, the wait grows.
    expect(await app.sigap.retryDue()).toBe(0)
    clock.time += 30_000
    expect(await app.sigap.retryDue()).toBe(1)
    const standing = () =>
      db().selectFrom('register_players').selectAll().where('player_id', '=', player.userId).executeTakeFirstOrThrow()
    expect(await standing()).toMatchObject({ state: 'unchecked', attempts: 2, next_attempt_at: clock.time + 60_000 })
    // Up again: the next retry answers, and the player deposits and plays.
    register.setDown(false)
    clock.time += 60_000
    expect(await app.sigap.retryDue()).toBe(1)
    expect(await standing()).toMatchObject({ state: 'clear', attempts: 0 })
    expect(await deposit(player)).toMatchObject({ success: true })
    expect((await player.call('/game/forward', { id: 'fruta-fina' })).success).toBe(true)
    // The register's own "unavailable" CPF: 503 every time, the player stays unchecked.
    const unanswered = await loginPlayer(app, {
      ageConfirmed: true,
      verified: { cpf: SANDBOX_REGISTER_CPF_UNAVAILABLE },
    })
    expect(await deposit(unanswered)).toMatchObject({ msgCode: 'regulatory_check' })
    expect(await answers(unanswered.userId)).toMatchObject([{ outcome: 'unavailable' }])
    expect(await scrape()).toMatch(/jogolimpo_register_players_unchecked 1/)
  })

  it('records 20 answers about one player at once as one standing, every answer kept', async () => {
    const player = await loginPlayer(app, { ageConfirmed: true })
    const cpf = randomCpf()
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => app.sigap.standing.ask(player.userId, cpf, 'registration')),
    )
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'allowed'))
    const rows = await db().selectFrom('register_players').selectAll().where('player_id', '=', player.userId).execute()
    expect(rows).toMatchObject([{ cpf, state: 'clear', attempts: 0 }])
    expect(await answers(player.userId)).toHaveLength(20)
  })

  it('resumes a sweep after a restart and records every player once', async () => {
    const players = []
    for (let i = 0; i < 7; i++) players.push(await loginPlayer(app, { verified: true }))
    const register = sandboxRegisterOf(app)
    register.asked.clear()
    const sweepWith = (holder: string) =>
      new RegisterSweep({
        db: db(),
        standing: app.sigap.standing,
        now: () => clock.now(),
        everyMs: 15 * DAY,
        ratePerSecond: 1000,
        holder,
        batchSize: 2,
        onError: (error) => {
          throw error
        },
      })
    // The first instance stops after its second batch (as a restart would).
    const first = sweepWith('first')
    let asked = 0
    const stopAfter = 4
    const original = app.sigap.standing.lookup.bind(app.sigap.standing)
    app.sigap.standing.lookup = async (cpf: string) => {
      asked += 1
      if (asked === stopAfter) void first.stop()
      return original(cpf)
    }
    expect(await first.run()).toBe('stopped')
    app.sigap.standing.lookup = original
    expect(await first.progress()).toMatchObject({ checked: 4, finishedAt: null })
    // The next instance goes on after the last committed player.
    expect(await sweepWith('second').run()).toBe('done')
    const sweep = await first.progress()
    expect(sweep).toMatchObject({ total: 7, checked: 7 })
    const rows = await db()
      .selectFrom('register_answers')
      .select('player_id')
      .where('sweep_id', '=', sweep?.id as number)
      .execute()
    expect(rows.map((r) => Number(r.player_id)).sort((a, b) => a - b)).toEqual(
      players.map((p) => p.userId).sort((a, b) => a - b),
    )
    expect([...register.asked.values()].every((n) => n === 1)).toBe(true)
    expect(register.asked.size).toBe(7)
  })

  it('asks about temporarily blocked accounts too: a frozen one and a paused one, barred by the sweep', async () => {
    const frozen = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const paused = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const open = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const froze = await app.inject({
      method: 'POST',
      url: '/api/ops/players/freeze',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { userId: frozen.userId, frozen: true, reason: 'conta em análise' },
    })
    expect(froze.json()).toMatchObject({ success: true })
    expect(await paused.call('/v1/bus/selfExclude', { duration: '24h' })).toMatchObject({ success: true })
    const held = await db()
      .selectFrom('players')
      .select(['id', 'frozen_at'])
      .where('id', 'in', [frozen.userId, paused.userId])
      .execute()
    expect(held.find((p) => Number(p.id) === frozen.userId)?.frozen_at).not.toBeNull()
    const register = sandboxRegisterOf(app)
    register.add(frozen.cpf, 'court_order')
    register.add(paused.cpf, 'self_excluded')
    register.asked.clear()

    expect(await app.sigap.sweep.run()).toBe('done')
    expect(await app.sigap.sweep.progress()).toMatchObject({ total: 3, checked: 3, barred: 2 })
    expect([...register.asked.keys()].sort()).toEqual([frozen.cpf, paused.cpf, open.cpf].sort())
    expect((await answers(frozen.userId)).at(-1)).toMatchObject({
      moment: 'sweep',
      outcome: 'barred',
      reasons: 'court_order',
    })
    expect((await answers(paused.userId)).at(-1)).toMatchObject({
      moment: 'sweep',
      outcome: 'barred',
      reasons: 'self_excluded',
    })
    expect((await answers(open.userId)).at(-1)).toMatchObject({ moment: 'sweep', outcome: 'allowed' })
  })

  it('keeps to SIGAP_RATE_PER_SECOND: the sweep never asks faster than the rate', async () => {
    const rate = 25
    const paced = await buildTestApp(testDb.db, { SIGAP_RATE_PER_SECOND: String(rate) }, clock)
    try {
      for (let i = 0; i < 8; i++) await loginPlayer(app, { verified: true })
      const starts: number[] = []
      const original = paced.sigap.standing.lookup.bind(paced.sigap.standing)
      paced.sigap.standing.lookup = async (cpf: string) => {
        starts.push(performance.now())
        return original(cpf)
      }
      const began = performance.now()
      expect(await paced.sigap.sweep.run()).toBe('done')
      expect(starts).toHaveLength(8)
      // The k-th question starts no sooner than k/rate seconds after the sweep began: never ahead
      // of the pace (a timer may fire up to a millisecond early; a late one only slows it).
      const gap = 1000 / rate
      for (const [k, at] of starts.entries()) expect(at - began).toBeGreaterThanOrEqual(k * gap - 1.5)
    } finally {
      await paced.close()
    }
  })

  it('runs the sweep on one instance when two share the database', async () => {
    const other = await buildTestApp(testDb.db, {}, clock)
    try {
      for (let i = 0; i < 5; i++) await loginPlayer(app, { verified: true })
      const registers = [sandboxRegisterOf(app), sandboxRegisterOf(other)]
      for (const r of registers) r.asked.clear()
      const outcomes = await Promise.all([app.sigap.sweep.run(), other.sigap.sweep.run()])
      expect(outcomes.sort()).toSatisfy(
        (o: string[]) => JSON.stringify(o) === '["busy","done"]' || JSON.stringify(o) === '["done","idle"]',
      )
      expect(await db().selectFrom('register_sweeps').select('id').execute()).toHaveLength(1)
      const perCpf = new Map<string, number>()
      for (const r of registers) for (const [cpf, n] of r.asked) perCpf.set(cpf, (perCpf.get(cpf) ?? 0) + n)
      expect(perCpf.size).toBe(5)
      expect([...perCpf.values()].every((n) => n === 1)).toBe(true)
      // While one holds the lease the other stays out, even when a sweep is due.
      clock.time += 15 * DAY
      await db()
        .updateTable('register_leases')
        .set({ holder: 'elsewhere', until: clock.time + 60_000 })
        .execute()
      expect(await other.sigap.sweep.run()).toBe('busy')
      expect(await app.sigap.sweep.run()).toBe('busy')
    } finally {
      await other.close()
    }
  })
})
