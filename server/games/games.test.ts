// Games through HTTP, on each engine: launch, the first client seed activating the committed
// server seed, spins through the ledger (money read from the ledger, not the answers), requestId
// replays, refusals, rotations that activate exactly the committed next seed, outcomes
// recomputed, free spins paid within their round, every game version still published, the
// jackpot paid and reseeded, the pool equal to its account, the lobby's live figures, and 200
// concurrent spins that never overdraw.
import { createHash, randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { findGame, gameVersions } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { jackpotRule } from '../../contract/games/jackpot.ts'
import { published } from '../../contract/games/published.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { buildTestApp, createTestDb, engines, loginPlayer, type TestDb } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { jackpotPool } from './jackpot.ts'
import { hmacSha256 } from './seeds.ts'
import { SEEN_WRITE_EVERY_MS } from './sessions.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)

describe.each(engines)('games on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)

  async function start(options: { serverSeeds?: () => string; env?: Record<string, string> } = {}) {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(
      testDb.db,
      options.env ?? {},
      clock,
      options.serverSeeds ? { serverSeeds: options.serverSeeds } : {},
    )
  }
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function player(cash = 0, userName?: string) {
    const { token, userId, call } = await loginPlayer(app, {
      ageConfirmed: true,
      bound: userName ? { userName } : false,
      cash,
    })
    /** Opens a game as the game page does, which sends a first client seed if the player has no pair. */
    const launch = async (gameId = 'fruta-fina', clientSeed = 'semente-do-navegador') => {
      const { forward, ...rest } = await openGameSession(app, call, { gameId, clientSeed })
      return { forward: forward.data, ...rest }
    }
    return { token, userId, call, launch }
  }

  const spin = async (sessionToken: string, bet: number, requestId = randomUUID()) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet, requestId },
      })
    ).json()
  const ledgerTotal = async (userId: number) => (await readPlayerBalances(testDb.db.kysely, userId)).total
  const countRounds = async () =>
    Number(
      (
        await testDb.db.kysely
          .selectFrom('game_rounds')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('launches with a one-time launch token and records each spin with the ledger moving as the round says', async () => {
    await start()
    const { userId, launch, token } = await player(10_000)
    const { forward, opened, chosen, launchToken, sessionToken } = await launch()
    expect(forward.openGameUrl).toMatch(/^\/games-client\/\?game=fruta-fina&launch=/)
    expect(forward.openGameUrl).not.toContain(token)
    expect(opened.data).toMatchObject({ gameId: 'fruta-fina', balance: { total: 10_000 }, seed: null })
    // The first pair is the server seed committed before the page sent the browser's client seed.
    expect(opened.data.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/)
    expect(chosen.data.seed).toEqual({
      serverSeedHash: opened.data.nextServerSeedHash,
      clientSeed: 'semente-do-navegador',
      nextNonce: 0,
    })
    expect(chosen.data.nextServerSeedHash).not.toBe(opened.data.nextServerSeedHash)
    const again = await app.inject({ method: 'POST', url: '/api/game/session/open', payload: { launchToken } })
    expect(again.json()).toMatchObject({ success: false, msgCode: 'launch_token_invalid' })

    let before = 10_000
    for (let i = 0; i < 5; i++) {
      const result = await spin(sessionToken, 100)
      expect(result.success).toBe(true)
      const { round } = result.data
      expect(round).toMatchObject({ gameId: 'fruta-fina', gameVersion: 1, bet: 100, nonce: i, jackpotContribution: 2 })
      expect(round.balanceBefore).toBe(before)
      expect(round.balanceAfter).toBe(before - 100 + round.win + round.jackpotWin)
      expect(await ledgerTotal(userId)).toBe(round.balanceAfter)
      expect(result.data.balance.total).toBe(round.balanceAfter)
      before = round.balanceAfter
    }
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('a repeated requestId answers with the same round and moves money once; other content is refused', async () => {
    await start()
    const { userId, launch } = await player(5_000)
    const { sessionToken } = await launch()
    const requestId = randomUUID()
    const first = await spin(sessionToken, 200, requestId)
    const replays = await Promise.all(Array.from({ length: 5 }, () => spin(sessionToken, 200, requestId)))
    for (const replay of replays) {
      expect(replay.data.round.roundId).toBe(first.data.round.roundId)
      expect(replay.data.replayed).toBe(true)
    }
    expect(await countRounds()).toBe(1)
    expect(await ledgerTotal(userId)).toBe(first.data.round.balanceAfter)
    expect(await spin(sessionToken, 500, requestId)).toMatchObject({ success: false, msgCode: 'request_id_reused' })
    expect(await countRounds()).toBe(1)
  })

  it('refuses in words, writing nothing: insufficient balance, a bet the game lacks, bad input, self-exclusion, a closed session', async () => {
    await start()
    const { userId, launch, call } = await player(150)
    const { sessionToken, forward } = await launch()
    const poor = await spin(sessionToken, 200)
    expect(poor).toMatchObject({ success: false, msgCode: 'insufficient_balance' })
    expect(poor.msg).toBe('Saldo insuficiente: a aposta é R$\u00a02,00 e seu saldo é R$\u00a01,50.')
    const odd = await spin(sessionToken, 70)
    expect(odd).toMatchObject({ success: false, msgCode: 'invalid_bet' })
    expect(odd.msg).toContain('0.5 · 1 · 2 · 5 · 10 · 20')
    const bad = await app.inject({
      method: 'POST',
      url: '/api/game/spin',
      headers: { 'game-session': sessionToken },
      payload: { bet: 'cem', requestId: 'x' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msgCode).toBe('invalid_request')
    expect(await spin('not-a-session-token', 100)).toMatchObject({ success: false, msgCode: 'game_session_closed' })
    expect((await call('/game/forward', { id: 'no-such-game' })).msgCode).toBe('game_not_found')
    expect(await countRounds()).toBe(0)
    expect(await ledgerTotal(userId)).toBe(150)

    await call('/v1/bus/selfExclude', { duration: '24h' })
    const excluded = await spin(sessionToken, 100)
    expect(excluded).toMatchObject({ success: false, msgCode: 'self_excluded' })
    expect(excluded.msg).toContain('saques continuam liberados')
    expect((await call('/game/forward', { id: 'amazonia' })).msgCode).toBe('self_excluded')
    expect(await countRounds()).toBe(0)

    expect((await call('/game/close', { sessionId: forward.sessionId })).data.closed).toBe(true)
    expect(await spin(sessionToken, 100)).toMatchObject({ success: false, msgCode: 'game_session_closed' })
  })

  it('a rotation activates exactly the previously committed seed, drawn before the client seed was known', async () => {
    const drawn: string[] = []
    await start({
      serverSeeds: () => {
        const seed = createHash('sha256').update(`seed-${drawn.length}`).digest('hex')
        drawn.push(seed)
        return seed
      },
    })
    const { launch, call } = await player(10_000)
    const sha = (text: string) => createHash('sha256').update(text).digest('hex')
    // Before any client seed: only the next server seed exists, committed by its hash.
    const first = (await call('/game/seeds')).data
    expect(first).toMatchObject({ active: null, revealed: [] })
    expect(first.nextServerSeedHash).toBe(sha(drawn[0] as string))
    const { sessionToken } = await launch('noite-de-carnaval')
    const seeds = (await call('/game/seeds')).data
    expect(seeds.active.serverSeedHash).toBe(first.nextServerSeedHash)
    const committed = seeds.nextServerSeedHash
    const drawnBeforeRotation = drawn.length
    const rounds = []
    for (let i = 0; i < 4; i++) rounds.push((await spin(sessionToken, 500)).data.round)
    expect((await call('/game/round', { roundId: rounds[0].roundId })).data.serverSeed).toBeNull()

    // A rotation naming another hash changes nothing.
    const beforeStale = (await call('/game/seeds')).data
    const stale = await call('/game/seeds/rotate', { clientSeed: 'minha-semente', nextServerSeedHash: sha('outra') })
    expect(stale).toMatchObject({ success: false, msgCode: 'seed_commitment_changed' })
    expect((await call('/game/seeds')).data).toEqual(beforeStale)

    const rotated = (await call('/game/seeds/rotate', { clientSeed: 'minha-semente', nextServerSeedHash: committed }))
      .data
    expect(rotated.active).toEqual({ serverSeedHash: committed, clientSeed: 'minha-semente', nextNonce: 0 })
    // The seed it activated was drawn before the rotation; the rotation only drew the new next one.
    expect(drawn.length).toBe(drawnBeforeRotation + 1)
    expect(sha(drawn[1] as string)).toBe(committed)
    expect(rotated.nextServerSeedHash).toBe(sha(drawn[2] as string))
    const revealed = rotated.revealed[0]
    expect(revealed).toMatchObject({ serverSeedHash: seeds.active.serverSeedHash, nonces: 4 })
    expect(sha(revealed.serverSeed)).toBe(seeds.active.serverSeedHash)
    // Revealing it in turn shows the very seed that was committed.
    const again = (
      await call('/game/seeds/rotate', { clientSeed: 'outra-vez', nextServerSeedHash: rotated.nextServerSeedHash })
    ).data
    expect(again.revealed[0]).toMatchObject({ serverSeed: drawn[1], serverSeedHash: committed, nonces: 0 })

    const history = (await call('/game/history', { pageNum: 1, pageSize: 10 })).data
    expect(history.total).toBe(4)
    const game = findGame('noite-de-carnaval') as GameDef
    for (const round of history.rounds) {
      expect(round.serverSeed).toBe(revealed.serverSeed)
      const outcome = spinOutcome(
        game,
        round.bet,
        { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce },
        hmacSha256,
      )
      expect(outcome.stops).toEqual(round.stops)
      expect(outcome.win).toBe(round.win)
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/game/seeds/rotate',
      headers: { 'access-token': (await player()).token },
      payload: { clientSeed: 'com espaço', nextServerSeedHash: committed },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('the game page sets only the first client seed; no spin is played without one', async () => {
    await start()
    const { userId, call } = await player(5_000)
    const forward = (await call('/game/forward', { id: 'amazonia' })).data
    const launchToken = new URL(forward.openGameUrl, 'http://x').searchParams.get('launch') as string
    const opened = (
      await app.inject({ method: 'POST', url: '/api/game/session/open', payload: { launchToken } })
    ).json()
    const sessionToken = opened.data.sessionToken as string
    expect(await spin(sessionToken, 100)).toMatchObject({ success: false, msgCode: 'seed_not_set' })
    expect(await countRounds()).toBe(0)
    expect(await ledgerTotal(userId)).toBe(5_000)
    const choose = (clientSeed: string, nextServerSeedHash: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/game/session/seed',
          headers: { 'game-session': sessionToken },
          payload: { clientSeed, nextServerSeedHash },
        })
        .then((r) => r.json())
    const chosen = await choose('primeira', opened.data.nextServerSeedHash)
    expect(chosen.data.seed).toMatchObject({ serverSeedHash: opened.data.nextServerSeedHash, clientSeed: 'primeira' })
    // A second page (or a retry) keeps the pair the player already has.
    const kept = await choose('segunda', chosen.data.nextServerSeedHash)
    expect(kept.data).toEqual(chosen.data)
    expect((await spin(sessionToken, 100)).data.round).toMatchObject({ clientSeed: 'primeira', nonce: 0 })
    const missing = await app.inject({
      method: 'POST',
      url: '/api/game/session/seed',
      headers: { 'game-session': sessionToken },
      payload: { clientSeed: 'x' },
    })
    expect(missing.statusCode).toBe(400)
    const closed = await app.inject({
      method: 'POST',
      url: '/api/game/session/seed',
      payload: { clientSeed: 'x', nextServerSeedHash: opened.data.nextServerSeedHash },
    })
    expect(closed.json()).toMatchObject({ success: false, msgCode: 'game_session_closed' })
  })

  it('plays the free spins a window awards inside the same round: one bet, their wins paid with it, all verifiable', async () => {
    const game = findGame('arraia-da-sorte') as GameDef
    const bet = 100
    let lucky = ''
    for (let i = 0; !lucky; i++) {
      const candidate = createHash('sha256').update(`festa-${i}`).digest('hex')
      if (
        spinOutcome(game, bet, { serverSeed: candidate, clientSeed: 'junina', nonce: 0 }, hmacSha256).freeSpins.length
      )
        lucky = candidate
    }
    await start({ serverSeeds: () => lucky })
    const { userId, launch } = await player(10_000)
    const { sessionToken } = await launch('arraia-da-sorte', 'junina')
    const result = await spin(sessionToken, bet)
    const round = result.data.round
    const outcome = spinOutcome(game, bet, { serverSeed: lucky, clientSeed: 'junina', nonce: 0 }, hmacSha256)
    expect(round.freeSpins).toEqual(outcome.freeSpins.map((f) => f.stops))
    expect(round.freeSpins.length).toBe(game.freeSpins?.awards[outcome.evaluation.scatter?.count ?? 0])
    expect(round.win).toBe(outcome.win)
    expect(round.win).toBe(outcome.baseWin + outcome.freeSpins.reduce((sum, f) => sum + f.win, 0))
    expect(await ledgerTotal(userId)).toBe(10_000 - bet + round.win + round.jackpotWin)
    expect(await countRounds()).toBe(1)
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('publishes every version of every game, so rounds of a replaced version stay verifiable', async () => {
    await start()
    for (const version of gameVersions) {
      const def = (
        await app.inject({ method: 'GET', url: `/api/game/def/${version.id}?version=${version.version}` })
      ).json()
      expect(def.data.game, `${version.id}@${version.version}`).toEqual(JSON.parse(JSON.stringify(version)))
      expect(def.data.figures).toEqual(published[`${version.id}@${version.version}`])
    }
    const current = (await app.inject({ method: 'GET', url: '/api/game/def/sete-da-sorte' })).json().data.game
    const first = (await app.inject({ method: 'GET', url: '/api/game/def/sete-da-sorte?version=1' })).json().data.game
    expect(current.version).toBeGreaterThan(1)
    expect(first.pays).not.toEqual(current.pays)
    const unknown = await app.inject({ method: 'GET', url: '/api/game/def/sete-da-sorte?version=99' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().msgCode).toBe('game_not_found')
    const bad = await app.inject({ method: 'GET', url: '/api/game/def/sete-da-sorte?version=um' })
    expect(bad.statusCode).toBe(400)
    const icon = await app.inject({ method: 'GET', url: '/api/game/icon/amazonia.svg' })
    expect(icon.statusCode).toBe(301)
    expect(icon.headers.location).toBe('/games-client/covers/amazonia.svg')
  })

  it('pays the whole pool when the jackpot draw wins, reseeds it from the house, and announces the win', async () => {
    // A server seed whose first spin at the top bet wins the jackpot (found by search, as anyone could).
    const game = findGame('fruta-fina') as GameDef
    const bet = 2000
    let winning = ''
    for (let i = 0; !winning; i++) {
      const candidate = createHash('sha256').update(`jackpot-${i}`).digest('hex')
      if (spinOutcome(game, bet, { serverSeed: candidate, clientSeed: 'sorte', nonce: 0 }, hmacSha256).jackpotWon)
        winning = candidate
    }
    // The winning seed is the next seed committed to the lucky player (also if that transaction is
    // retried), so the test does not depend on how many seeds were drawn before; their rotation
    // then activates exactly it.
    let next = 0
    let armed = false
    await start({
      serverSeeds: () => (armed ? winning : createHash('sha256').update(`s${next++}`).digest('hex')),
    })
    const other = await player(100_000)
    const otherGame = await other.launch('amazonia')
    for (let i = 0; i < 10; i++) expect((await spin(otherGame.sessionToken, 1000)).success).toBe(true)
    const lucky = await player(50_000, 'felizardo42')
    armed = true
    const { nextServerSeedHash } = (await lucky.call('/game/seeds')).data
    armed = false
    await lucky.call('/game/seeds/rotate', { clientSeed: 'sorte', nextServerSeedHash })
    const poolBefore = await jackpotPool(testDb.db.kysely)
    expect(poolBefore).toBe(jackpotRule.seed + 10 * 20)
    const { sessionToken } = await lucky.launch('fruta-fina')
    clock.time += 1000
    const result = await spin(sessionToken, bet)
    const round = result.data.round
    expect(round.jackpotWin).toBe(poolBefore + 40)
    expect(await jackpotPool(testDb.db.kysely)).toBe(jackpotRule.seed)
    expect(await ledgerTotal(lucky.userId)).toBe(50_000 - bet + round.win + round.jackpotWin)
    const live = (await lucky.call('/game/live')).data
    expect(live.jackpot.pool).toBe(jackpotRule.seed)
    expect(live.wins[0]).toMatchObject({ roundId: round.roundId, playerName: 'fe***42', jackpot: true })
    expect(live.wins[0].amount).toBe(round.win + round.jackpotWin)
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('after a burst of spins the pool shown equals the jackpot account; players now counts open sessions; Popular follows plays', async () => {
    await start({ env: { WIN_FEED_MIN: '1' } })
    const players = await Promise.all([player(100_000), player(100_000), player(100_000)])
    const sessions = await Promise.all(players.map((p, i) => p.launch(i === 0 ? 'amazonia' : 'gol-de-placa')))
    await Promise.all(
      sessions.map(async ({ sessionToken }) => {
        for (let i = 0; i < 15; i++) await spin(sessionToken, 500)
      }),
    )
    const live = (await players[0]?.call('/game/live'))?.data
    const poolAccount = await jackpotPool(testDb.db.kysely)
    expect(live.jackpot.pool).toBe(poolAccount)
    expect(live.playersNow).toEqual({ popular: 3, groups: { Clássicos: 0, Aventura: 0, Brasil: 3 } })
    for (const win of live.wins) expect(win.amount).toBeGreaterThanOrEqual(1)
    const list = (await app.inject({ method: 'GET', url: '/api/game/list' })).json().data
    expect(list.popular.slice(0, 2)).toEqual(['gol-de-placa', 'amazonia'])
    expect(list.games.find((g: { id: string }) => g.id === 'gol-de-placa').plays7d).toBe(30)
    clock.time += 3 * 60_000
    expect((await players[0]?.call('/game/live'))?.data.playersNow.popular).toBe(0)
  })

  it('200 concurrent spins from one player never overdraw the balance', async () => {
    await start({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } })
    const { userId, launch } = await player(1_000)
    const { sessionToken } = await launch('sete-da-sorte')
    const results = await Promise.all(Array.from({ length: 200 }, () => spin(sessionToken, 100)))
    const accepted = results.filter((r) => r.success).map((r) => r.data.round)
    const refused = results.filter((r) => !r.success)
    expect(accepted.length + refused.length).toBe(200)
    for (const r of refused) expect(r.msgCode).toBe('insufficient_balance')
    const total = await ledgerTotal(userId)
    expect(total).toBeGreaterThanOrEqual(0)
    // Every accepted round was covered by the balance before it, and together they explain the balance.
    const net = accepted.reduce((sum, r) => sum - r.bet + r.win + r.jackpotWin, 0)
    expect(total).toBe(1_000 + net)
    for (const r of accepted) expect(r.balanceBefore).toBeGreaterThanOrEqual(r.bet)
    expect(new Set(accepted.map((r) => r.nonce)).size).toBe(accepted.length)
    expect(await auditLedger(testDb.db.kysely)).toMatchObject({ ok: true })
  })

  it('a spin marks its session seen at most every 10 s, and time played still counts up to each spin', async () => {
    await start()
    const { launch, call } = await player(100_000)
    const { sessionToken } = await launch('fruta-fina')
    const tokenHash = createHash('sha256').update(sessionToken).digest('hex')
    const lastSeen = async () =>
      Number(
        (
          await testDb.db.kysely
            .selectFrom('game_sessions')
            .select('last_seen_at')
            .where('session_token_hash', '=', tokenHash)
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      )
    const seenAtOpen = await lastSeen()
    clock.time += SEEN_WRITE_EVERY_MS - 1
    expect((await spin(sessionToken, 100)).success).toBe(true)
    expect(await lastSeen()).toBe(seenAtOpen)
    clock.time += 1
    expect((await spin(sessionToken, 100)).success).toBe(true)
    expect(await lastSeen()).toBe(clock.time)
    // A daily time limit of one minute: the spin's own session counts up to the spin, not to its
    // last written mark. Marked at 55 s, the spin at 61 s (6 s later, no new mark) is refused.
    const set = await call('/v1/bus/setSessionLimit', { dailyMinutes: 1, sessionMinutes: null })
    expect(set.success, JSON.stringify(set)).toBe(true)
    clock.time = START + 55_000
    expect((await spin(sessionToken, 100)).success).toBe(true)
    expect(await lastSeen()).toBe(START + 55_000)
    clock.time = START + 61_000
    const refused = await spin(sessionToken, 100)
    expect(refused.msgCode).toBe('session_limit_reached')
    expect(await lastSeen()).toBe(START + 55_000)
  })
})
