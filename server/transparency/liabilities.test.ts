// The proof of liabilities and the witnesses' reports, from outside, on both engines. Players are
// funded through the API, the days freeze, and the last day due carries the Merkle sum tree: its
// total is the ledger's player liabilities, a player's proof (their own only) verifies on its own,
// with the CLI and against the chain's published root; a balance changed after freezing breaks
// that proof and the root. The public report endpoint validates, keeps bounded evidence, is
// rate-limited, and the console lists what it received.
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LiabilityProof, leafNode, SumTreeBuilder, verifyLiabilityProof } from '../../contract/liabilities.ts'
import type { DayFigures, TransparencyView } from '../../contract/transparency.ts'
import { verifyChain } from '../../contract/transparency-chain.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { playerLiabilities } from '../ledger/transparency.ts'

const run = promisify(execFile)
const DAY = 24 * 60 * 60_000
// 8 March 2026, 12:00 in São Paulo.
const T0 = Date.parse('2026-03-08T15:00:00Z')
const leafScript = path.resolve(import.meta.dirname, '../../scripts/liabilities-verify.ts')
const HELD = '1500000@2026-03-10:extrato do PSP'

describe.each(engines)('proof of liabilities on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  let origin: string
  const clock = manualClock(T0)
  const players: TestPlayer[] = []
  const cash = [1_000, 2_500, 0, 1_234_567]

  const proofOf = (player: TestPlayer) =>
    app.inject({ method: 'GET', url: '/api/transparency/liabilities/proof', headers: { 'access-token': player.token } })
  const cli = (file: string, ...args: string[]) =>
    run(process.execPath, [leafScript, file, ...args]).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
    )
  const saved = (proof: unknown) => {
    const file = path.join(tmpdir(), `liability-proof-${engine}-${Math.random().toString(36).slice(2)}.json`)
    writeFileSync(file, JSON.stringify(proof))
    return file
  }

  beforeAll(async () => {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { TRANSPARENCY_HELD_FOR_PLAYERS: HELD }, clock)
    for (const amount of cash) players.push(await loginPlayer(app, { cash: amount }))
    // Bonus money is not owed (it is not withdrawable): it stays out of the tree.
    players.push(await loginPlayer(app, { cash: 700, bonus: 5_000 }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    // Three days later: 8, 9 and 10 March freeze in one catch-up.
    clock.time = T0 + 3 * DAY
    await app.transparency.refresh()
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })

  const days = async () =>
    (
      await testDb.db.kysely.selectFrom('transparency_snapshots').select(['day', 'figures']).orderBy('day').execute()
    ).map((row) => ({ day: row.day, figures: JSON.parse(row.figures) as DayFigures }))

  it('commits the tree with the last day due only, its total the ledger’s player liabilities', async () => {
    const frozen = await days()
    expect(frozen.map((d) => d.day)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10'])
    // Days frozen late in a catch-up have no tree (their balances are gone), like days frozen before it existed.
    expect(frozen.slice(0, 2).map((d) => d.figures.liabilities)).toEqual([undefined, undefined])
    const published = frozen[2]?.figures.liabilities
    const owed = await playerLiabilities(testDb.db.kysely)
    expect(owed).toBe(cash.reduce((a, b) => a + b, 0) + 700)
    expect(published).toMatchObject({ total: owed, players: players.length, depth: 3 })
    // The chain still verifies, old days and new alike.
    const snapshots = (await app.transparency.snapshots(null, 100)).snapshots
    expect(verifyChain(snapshots)).toMatchObject({ ok: true, days: 3 })
    // The page shows it, with the money held at the PSP and their ratio.
    const view = (await app.inject({ method: 'GET', url: '/api/transparency' })).json().data as TransparencyView
    expect(view.liabilities).toEqual({
      ...published,
      day: '2026-03-10',
      held: { amount: 1_500_000, asOf: '2026-03-10', source: 'extrato do PSP' },
      ratio: Number((1_500_000 / owed).toFixed(4)),
    })
  })

  it('gives each player their own leaf and path only, which verifies on its own, with the CLI and against the chain', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/transparency/liabilities/proof' })
    expect(anonymous.json()).toMatchObject({ success: false, msgCode: 'token_invalid' })
    expect(anonymous.body).not.toContain('salt')
    const salts = (await testDb.db.kysely.selectFrom('liability_leaves').select(['player_id', 'salt']).execute()).map(
      (row) => ({ player: Number(row.player_id), salt: row.salt }),
    )
    expect(new Set(salts.map((s) => s.salt)).size).toBe(players.length)
    const root = (await days())[2]?.figures.liabilities?.root
    for (const [i, player] of players.entries()) {
      const res = await proofOf(player)
      expect(res.statusCode).toBe(200)
      const proof = res.json().data as LiabilityProof
      expect(proof.balance).toBe(cash[i] ?? 700)
      expect(proof.root).toBe(root)
      expect(verifyLiabilityProof(proof)).toEqual({ ok: true })
      // No one else's secret is in it.
      for (const other of salts.filter((s) => s.player !== player.userId)) expect(res.body).not.toContain(other.salt)
      expect(res.body.length).toBeLessThan(2048)
    }
    const file = saved((await proofOf(players[3] as TestPlayer)).json())
    const offline = await cli(file)
    expect(offline.code, offline.out).toBe(0)
    expect(offline.out).toContain('saldo R$ 12345,67')
    const online = await cli(file, origin)
    expect(online.code, online.out).toBe(0)
    expect(online.out).toContain('a mesma raiz publicada na cadeia')
  })

  it('breaks the player’s proof and the root when a frozen balance is changed afterwards', async () => {
    const k = testDb.db.kysely
    const victim = players[1] as TestPlayer
    const before = (await proofOf(victim)).json().data as LiabilityProof
    expect(verifyLiabilityProof(before).ok).toBe(true)
    // Someone with the database lowers the frozen balance (owing the player less than the ledger says).
    await sql`update liability_leaves set balance = balance - 500 where player_id = ${victim.userId}`.execute(k)
    const after = (await proofOf(victim)).json().data as LiabilityProof
    expect(after.balance).toBe(before.balance - 500)
    expect(verifyLiabilityProof(after)).toEqual({ ok: false, problem: 'root' })
    const broken = await cli(saved(after), origin)
    expect(broken.code).toBe(1)
    expect(broken.out).toContain('PROOF BROKEN')
    // A neighbour's proof breaks too: its path carries the changed leaf.
    expect(verifyLiabilityProof((await proofOf(players[0] as TestPlayer)).json().data).ok).toBe(false)
    // Rebuilt from every stored leaf, the root is no longer the one the chain published.
    const day = '2026-03-10'
    const leaves = await k
      .selectFrom('liability_leaves')
      .select(['salt', 'balance'])
      .where('day', '=', day)
      .orderBy('position')
      .execute()
    const builder = new SumTreeBuilder()
    for (const leaf of leaves) builder.add(leafNode(day, leaf.salt, Number(leaf.balance)))
    const rebuilt = builder.finish().root
    const published = (await days())[2]?.figures.liabilities
    expect(rebuilt.hash).not.toBe(published?.root)
    expect(rebuilt.sum).toBe((published?.total ?? 0) - 500)
  })

  it('refuses a proof before any tree holds the player, in their language', async () => {
    const late = await loginPlayer(app, { cash: 100 })
    const res = await app.inject({
      method: 'GET',
      url: '/api/transparency/liabilities/proof',
      headers: { 'access-token': late.token, 'accept-language': 'en' },
    })
    expect(res.json()).toMatchObject({ success: false, msgCode: 'liability_proof_not_found' })
    expect(res.json().msg).toContain('after midnight')
  })
})

describe.each(engines)('witness reports on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(T0)
  const hex = (c: string) => c.repeat(64)

  beforeAll(async () => {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, {}, clock)
    await loginPlayer(app, { cash: 100 })
    clock.time = T0 + 2 * DAY
    await app.transparency.refresh()
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })

  const report = (payload: object, remoteAddress = '198.51.100.7') =>
    app.inject({ method: 'POST', url: '/api/transparency/witness', payload, remoteAddress })

  it('keeps valid evidence once per sender, refuses malformed bodies, limits the rate, and shows it in the console', async () => {
    const stored = (await app.transparency.snapshots(null, 10)).snapshots[0]
    const evidence = {
      seen: { day: stored?.day as string, hash: hex('a'), at: T0 },
      served: stored?.hash as string,
      head: { day: stored?.day as string, hash: stored?.hash as string },
    }
    expect((await report(evidence)).json()).toEqual(
      expect.objectContaining({ success: true, data: { received: true } }),
    )
    expect((await report(evidence)).statusCode).toBe(200)
    for (const bad of [
      { ...evidence, seen: { day: 'ontem', hash: hex('a') } },
      { ...evidence, served: 'not a hash' },
      { ...evidence, extra: 'x'.repeat(10_000) },
      {},
    ])
      expect((await report(bad, '198.51.100.8')).statusCode).toBe(400)
    const k = testDb.db.kysely
    const rows = await k.selectFrom('transparency_witness_reports').selectAll().execute()
    expect(rows).toHaveLength(1)
    // The sender is kept as a hash, never as its address.
    expect(JSON.stringify(rows)).not.toContain('198.51.100.7')

    // Six a minute from one address.
    const statuses: number[] = []
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await report({ ...evidence, seen: { day: `2026-01-0${i + 1}`, hash: hex('b') } }, '198.51.100.9')).statusCode,
      )
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200])
    expect(statuses.at(-1)).toBe(429)

    expect((await app.inject({ method: 'POST', url: '/api/ops/transparency/witnesses', payload: {} })).statusCode).toBe(
      401,
    )
    const support = await signedInOperator(app, k, 'support', clock.time, '192.0.2.20')
    expect((await support.post('transparency/witnesses')).statusCode).toBe(403)
    const risk = await signedInOperator(app, k, 'risk', clock.time, '192.0.2.21')
    const listed = await risk.call('transparency/witnesses')
    expect(listed.success).toBe(true)
    expect(listed.data.senders).toBe(2)
    const first = listed.data.reports.at(-1)
    expect(first).toMatchObject({
      seenDay: stored?.day,
      seenHash: hex('a'),
      servedHash: stored?.hash,
      stillDiffers: true,
    })
  })
})
