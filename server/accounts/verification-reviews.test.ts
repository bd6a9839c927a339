// The verification queue cannot be flooded or squatted, on each engine: one account's concurrent
// submissions open one review (a partial unique index keeps it, not a check before the insert); a
// CPF only claimed by another account's review still in the queue sends its real holder to the
// queue, not away with `cpf_taken`; one client address opens at most
// VERIFICATION_REVIEWS_PER_ADDRESS_DAY reviews per local day, however many arrive at once.
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { buildTestApp, createTestDb, engines, loginPlayer, type TestDb } from '../../tests/support/server.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { SANDBOX_REGISTERED_NAME, sandboxCpf } from './identity-sandbox.ts'

// 15:00 in São Paulo on 20 November 2026.
const START = Date.UTC(2026, 10, 20, 18, 0)
const SAVE = '/api/charge/amount/saveUserAccountInfo'
const CAP = 3
/** Someone other than the name the sandbox registers to its name-mismatch CPFs: sent to review. */
const squatter = { fullName: 'Fulano de Tal', birthDate: '1990-01-15' }

describe.each(engines)('verification reviews on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { VERIFICATION_REVIEWS_PER_ADDRESS_DAY: String(CAP) }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const openReviews = () =>
    testDb.db.kysely.selectFrom('verification_reviews').selectAll().where('status', '=', 'open').orderBy('id').execute()
  /** Submits account details as the player from a client address. */
  const save = (token: string, body: object, address: string) =>
    app.inject({ method: 'POST', url: SAVE, headers: { 'access-token': token }, payload: body, remoteAddress: address })

  it('20 concurrent submissions of 20 CPFs from one account open one review; the others wait for it', async () => {
    const player = await loginPlayer(app, { ageConfirmed: true })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(player.token, { ...squatter, cpf: sandboxCpf('name_mismatch', 10 + i) }, '203.0.113.1'),
      ),
    )
    const bodies = answers.map((a) => a.json())
    expect(bodies.filter((b) => b.success)).toHaveLength(1)
    expect(bodies.filter((b) => b.success)[0]).toMatchObject({ data: { status: 'review' } })
    expect(bodies.filter((b) => !b.success).map((b) => b.msgCode)).toEqual(
      Array.from({ length: 19 }, () => 'verification_pending'),
    )
    const open = await openReviews()
    expect(open).toHaveLength(1)
    expect(open[0]).toMatchObject({ player_id: player.userId, address: '203.0.113.1' })
  })

  it("a CPF another account's open review claims sends its real holder to the queue, where an operator settles it", async () => {
    const cpf = sandboxCpf('name_mismatch', 40)
    const squatting = await loginPlayer(app, { ageConfirmed: true })
    expect((await save(squatting.token, { ...squatter, cpf }, '203.0.113.2')).json()).toMatchObject({
      data: { status: 'review', reviewReason: 'name_mismatch' },
    })
    const holder = await loginPlayer(app, { ageConfirmed: true })
    const real = { fullName: SANDBOX_REGISTERED_NAME, birthDate: '1990-01-15', cpf }
    const answer = (await save(holder.token, real, '203.0.113.3')).json()
    expect(answer).toMatchObject({ success: true, data: { status: 'review', reviewReason: 'cpf_contested' } })
    expect((await openReviews()).map((r) => [Number(r.player_id), r.reason])).toEqual([
      [squatting.userId, 'name_mismatch'],
      [holder.userId, 'cpf_contested'],
    ])
    // The operator verifies the real holder; the squatter's claim can no longer be approved.
    const risk = await signedInOperator(app, testDb.db.kysely, 'risk', clock.now(), '192.0.2.9')
    const [first, second] = await openReviews()
    expect(await risk.call('verifications/decide', { id: Number(second?.id), decision: 'approve' })).toMatchObject({
      success: true,
    })
    expect(await risk.call('verifications/decide', { id: Number(first?.id), decision: 'approve' })).toMatchObject({
      success: false,
      msgCode: 'cpf_taken',
    })
    const verified = await testDb.db.kysely.selectFrom('player_verifications').selectAll().execute()
    expect(verified.map((v) => [Number(v.player_id), v.cpf])).toEqual([[holder.userId, cpf]])
  })

  it(`one address opens at most ${CAP} reviews a local day, also when 20 arrive at once; other addresses and the next day are not held`, async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => loginPlayer(app, { ageConfirmed: true })))
    const answers = await Promise.all(
      players.map((p, i) => save(p.token, { ...squatter, cpf: sandboxCpf('name_mismatch', 50 + i) }, '203.0.113.7')),
    )
    const bodies = answers.map((a) => a.json())
    expect(bodies.filter((b) => b.success)).toHaveLength(CAP)
    expect(bodies.filter((b) => !b.success).map((b) => b.msgCode)).toEqual(
      Array.from({ length: 20 - CAP }, () => 'verification_review_limit'),
    )
    expect(bodies.find((b) => !b.success)?.msg).toBe(
      'Muitas verificações foram enviadas desta rede hoje. Tente de novo amanhã ou fale com o suporte.',
    )
    expect(await openReviews()).toHaveLength(CAP)
    // Which submissions won is up to the race: the players below are among those refused.
    const refused = players.filter((_, i) => !bodies[i].success)
    // A regular CPF is verified at once from the same address: the cap counts reviews only.
    const regular = refused[0]
    expect(
      (await save(String(regular?.token), { ...squatter, cpf: sandboxCpf('regular', 50) }, '203.0.113.7')).json(),
    ).toMatchObject({ success: true, data: { status: 'verified' } })
    // Another address, and the same one on the next local day, open reviews again.
    const later = refused.slice(1, 3)
    expect(
      (
        await save(String(later[0]?.token), { ...squatter, cpf: sandboxCpf('name_mismatch', 80) }, '203.0.113.8')
      ).json(),
    ).toMatchObject({ success: true, data: { status: 'review' } })
    clock.time = START + 12 * 3600_000
    expect(
      (
        await save(String(later[1]?.token), { ...squatter, cpf: sandboxCpf('name_mismatch', 81) }, '203.0.113.7')
      ).json(),
    ).toMatchObject({ success: true, data: { status: 'review' } })
  })
})

describe.each(engines)('the one-open-review migration on %s', { timeout: 60_000 }, (engine) => {
  it('closes all but the oldest of an account’s open reviews as duplicates, then refuses a second one', async () => {
    const testDb = await createTestDb(engine, '0040-report-indexes')
    try {
      const db = testDb.db.kysely
      // Written as the schema of that time was (raw SQL: today's types describe later columns).
      const [player] = (
        await sql<{ id: number }>`insert into players (device_id, language, created_at)
          values ('migration-test', 'pt-BR', ${START}) returning id`.execute(db)
      ).rows
      const review = (cpf: string, status: 'open' | 'rejected') => ({
        player_id: Number(player?.id),
        cpf,
        full_name: 'Fulano de Tal',
        birth_date: null,
        reason: 'bureau_unavailable' as const,
        bureau_name: null,
        bureau_birth_date: null,
        status,
        created_at: START,
        decided_at: null,
        decided_by: null,
        decision_reason: null,
      })
      // As the race left them: several open reviews for one account (the column `address` comes later).
      await sql`insert into verification_reviews (player_id, cpf, full_name, reason, status, created_at) values
        (${player?.id}, '1', 'F', 'bureau_unavailable', 'open', ${START}),
        (${player?.id}, '2', 'F', 'bureau_unavailable', 'open', ${START}),
        (${player?.id}, '3', 'F', 'bureau_unavailable', 'rejected', ${START}),
        (${player?.id}, '4', 'F', 'bureau_unavailable', 'open', ${START})`.execute(db)
      await migrateToLatest(testDb.db)
      const rows = await db.selectFrom('verification_reviews').select(['cpf', 'status']).orderBy('id').execute()
      expect(rows).toEqual([
        { cpf: '1', status: 'open' },
        { cpf: '2', status: 'rejected' },
        { cpf: '3', status: 'rejected' },
        { cpf: '4', status: 'rejected' },
      ])
      await expect(
        db
          .insertInto('verification_reviews')
          .values({ ...review('5', 'open'), address: null })
          .execute(),
      ).rejects.toThrow()
      await db
        .insertInto('verification_reviews')
        .values({ ...review('6', 'rejected'), address: null })
        .execute()
    } finally {
      await testDb.drop()
    }
  })
})
