// The console's verification queue and barred list, on each engine: who may look (support masked,
// risk and admin whole) and decide (risk and admin; refusals audited); the first decision wins;
// an approval verifies the player, who may then deposit, and a rejection tells them why; the
// barred list is uploaded as a CSV (a bad line refuses all of it), and verified players a new list
// names are frozen and queued once, until an approval lifts the freeze it placed.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { buildTestApp, createTestDb, engines, loginPlayer, type TestDb } from '../../tests/support/server.ts'
import { SANDBOX_CPF_NAME_MISMATCH, SANDBOX_CPF_PEP, SANDBOX_REGISTERED_NAME } from '../accounts/identity-sandbox.ts'
import type { OperatorRole } from '../db/schema.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const SAVE = '/charge/amount/saveUserAccountInfo'
const adult = { fullName: 'Maria da Silva', birthDate: '1990-01-15' }

describe.each(engines)('verification queue on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  let ip = 0

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, {}, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const operator = (role: OperatorRole) => signedInOperator(app, testDb.db.kysely, role, clock.now(), `192.0.2.${++ip}`)

  const auditRows = (action: string) =>
    testDb.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()

  /** A player whose verification the bureau could not settle (a different registered name). */
  async function mismatched() {
    const player = await loginPlayer(app, { ageConfirmed: true })
    const saved = await player.call(SAVE, { ...adult, cpf: SANDBOX_CPF_NAME_MISMATCH })
    expect(saved.data.status).toBe('review')
    return player
  }

  it('shows the queue with its clock to the roles allowed, masked unless they see personal data', async () => {
    const player = await mismatched()
    const risk = await operator('risk')
    const page = await risk.call('verifications/queue')
    expect(page.data).toMatchObject({ total: 1, reviewMinutes: 240, now: START })
    expect(page.data.items).toEqual([
      expect.objectContaining({
        playerId: player.userId,
        fullName: adult.fullName,
        cpf: SANDBOX_CPF_NAME_MISMATCH,
        bureauName: SANDBOX_REGISTERED_NAME,
        birthDate: adult.birthDate,
        reason: 'name_mismatch',
        status: 'open',
        createdAt: START,
        reviewDueAt: START + 240 * 60_000,
      }),
    ])
    const support = await operator('support')
    const masked = await support.call('verifications/queue')
    expect(masked.data.items[0]).toMatchObject({
      fullName: 'Maria d* S****',
      cpf: '***.***.*03-41',
      bureauName: 'Registro D********* d** S*****',
    })
    expect(JSON.stringify(masked)).not.toContain(SANDBOX_CPF_NAME_MISMATCH)
    // Support may look, not decide; payments may do neither. Each refusal is audited.
    const id = page.data.items[0].id
    expect((await support.post('verifications/decide', { id, decision: 'approve' })).statusCode).toBe(403)
    const payments = await operator('payments')
    expect((await payments.post('verifications/queue')).statusCode).toBe(403)
    expect((await payments.post('verifications/barred/upload', { csv: '', reason: 'x' })).statusCode).toBe(403)
    const refused = await auditRows('access.refused')
    expect(refused.map((row) => row.object_id)).toEqual([
      'POST /api/ops/verifications/decide',
      'POST /api/ops/verifications/queue',
      'POST /api/ops/verifications/barred/upload',
    ])
    expect((await risk.call('verifications/queue')).data.items[0].status).toBe('open')
  })

  it("masks dates of birth, the player's and the bureau's, for a role that may not see personal data", async () => {
    await mismatched()
    const support = await operator('support')
    const masked = await support.call('verifications/queue')
    expect(masked.data.items[0]).toMatchObject({ birthDate: '****-**-**', bureauBirthDate: '****-**-**' })
    expect(JSON.stringify(masked)).not.toMatch(/1990|01-15/)
    const risk = await operator('risk')
    const whole = await risk.call('verifications/queue')
    expect(whole.data.items[0]).toMatchObject({ birthDate: adult.birthDate, bureauBirthDate: adult.birthDate })
  })

  it('lets the first decision win; an approval verifies the player, who is told and may deposit', async () => {
    const player = await mismatched()
    const [risk, admin] = [await operator('risk'), await operator('admin')]
    const id = (await risk.call('verifications/queue')).data.items[0].id
    const answers = await Promise.all([
      risk.call('verifications/decide', { id, decision: 'approve' }),
      admin.call('verifications/decide', { id, decision: 'approve' }),
    ])
    const won = answers.filter((a) => a.success)
    expect(won).toHaveLength(1)
    expect(answers.filter((a) => !a.success)).toMatchObject([{ msgCode: 'verification_taken' }])
    const decisions = await auditRows('verification.approve')
    expect(decisions).toHaveLength(1)
    expect(won[0].data).toEqual({ id, status: 'approved', verified: true, unfrozen: false })
    expect(decisions[0]).toMatchObject({ object_type: 'player', object_id: String(player.userId) })
    expect((await player.call('/charge/amount/getUserAccountInfo')).data).toMatchObject({
      verified: true,
      status: 'verified',
    })
    const outbox = await testDb.db.kysely
      .selectFrom('outbox')
      .select(['topic', 'payload'])
      .where('player_id', '=', player.userId)
      .where('topic', '=', 'verification')
      .execute()
    expect(outbox.map((row) => JSON.parse(row.payload))).toEqual([{ status: 'verified' }])
    const order = await player.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })
    expect(order.success).toBe(true)
    expect((await risk.call('verifications/queue')).data.total).toBe(0)
    expect((await risk.call('verifications/queue', { status: 'decided' })).data.items[0]).toMatchObject({
      status: 'approved',
      decidedBy: decisions[0]?.actor_name,
    })
  })

  it('needs a reason to reject, tells the player why, and lets them try again', async () => {
    const player = await loginPlayer(app)
    await player.call(SAVE, { ...adult, cpf: SANDBOX_CPF_PEP })
    const risk = await operator('risk')
    const id = (await risk.call('verifications/queue')).data.items[0].id
    const noReason = await risk.call('verifications/decide', { id, decision: 'reject' })
    expect(noReason).toMatchObject({ success: false, msgCode: 'invalid_request' })
    const rejected = await risk.call('verifications/decide', {
      id,
      decision: 'reject',
      reason: 'Documento não confere',
    })
    expect(rejected.data).toMatchObject({ status: 'rejected', verified: false })
    expect((await player.call('/charge/amount/getUserAccountInfo')).data).toMatchObject({
      verified: false,
      status: 'rejected',
      rejection: 'Documento não confere',
    })
    const [audit] = await auditRows('verification.reject')
    expect(audit).toMatchObject({ reason: 'Documento não confere', object_id: String(player.userId) })
    // A second try goes to the bureau again.
    expect((await player.call(SAVE, { ...adult, cpf: randomCpf() })).data.status).toBe('verified')
  })

  it('refuses a barred list with a bad line whole, naming it, and changes nothing', async () => {
    const admin = await operator('admin')
    const good = randomCpf()
    const bad = await admin.call('verifications/barred/upload', {
      csv: `cpf,category\n${good},staff\n123.456.789-00,owner\n`,
      reason: 'lista nova',
    })
    expect(bad).toMatchObject({ success: false, msgCode: 'barred_list_invalid' })
    expect(bad.msg).toBe('A lista não foi carregada: linha 3: CPF inválido. Nada mudou.')
    const category = await admin.call('verifications/barred/upload', { csv: `${good};diretor`, reason: 'x' })
    expect(category.msg).toContain('linha 1: categoria desconhecida')
    expect((await admin.call('verifications/barred')).data.total).toBe(0)
    expect(await auditRows('barred_list.upload')).toEqual([])
  })

  it('holds verified players a new list names, queues them once, and an approval lifts only its own hold', async () => {
    const named = await loginPlayer(app, { verified: true })
    const other = await loginPlayer(app, { verified: true })
    const risk = await operator('risk')
    const staff = randomCpf()
    const csv = `cpf,category\n${formatCpf(named.cpf)},staff\n${staff},owner\n${randomCpf()}\n`
    const uploaded = await risk.call('verifications/barred/upload', { csv, reason: 'funcionários de novembro' })
    expect(uploaded.data).toMatchObject({
      total: 3,
      added: 3,
      removed: 0,
      held: [named.userId],
      byCategory: { owner: 1, staff: 1, other: 1 },
    })
    const frozenAt = async (userId: number) =>
      (await testDb.db.kysely.selectFrom('players').select('frozen_at').where('id', '=', userId).executeTakeFirst())
        ?.frozen_at
    expect(Number(await frozenAt(named.userId))).toBe(START)
    expect(await frozenAt(other.userId)).toBeNull()
    expect(await named.call('/activity/drawSignReward')).toMatchObject({ msgCode: 'account_frozen' })
    const [upload] = await auditRows('barred_list.upload')
    expect(JSON.parse(upload?.after ?? '{}')).toMatchObject({ total: 3, added: 3, held: [named.userId] })
    expect(await auditRows('verification.barred_hold')).toMatchObject([{ object_id: String(named.userId) }])
    // The same list again holds nobody twice.
    clock.time += 60_000
    const again = await risk.call('verifications/barred/upload', { csv, reason: 'de novo' })
    expect(again.data).toMatchObject({ added: 0, removed: 0, held: [] })
    const queue = (await risk.call('verifications/queue')).data
    expect(queue.items).toMatchObject([{ playerId: named.userId, reason: 'barred_list', frozen: true }])
    // A barred person signing up anew is refused.
    const newcomer = await loginPlayer(app)
    expect(await newcomer.call(SAVE, { ...adult, cpf: staff })).toMatchObject({ msgCode: 'identity_barred' })

    // While the CPF is on the list the hold cannot be approved; once removed, approval lifts it.
    const id = queue.items[0].id
    expect(await risk.call('verifications/decide', { id, decision: 'approve' })).toMatchObject({
      msgCode: 'identity_barred',
    })
    const removed = await risk.call('verifications/barred/upload', { csv: `${staff},owner`, reason: 'saiu da empresa' })
    expect(removed.data).toMatchObject({ total: 1, removed: 2 })
    const approved = await risk.call('verifications/decide', { id, decision: 'approve' })
    expect(approved.data).toEqual({ id, status: 'approved', verified: true, unfrozen: true })
    expect(await frozenAt(named.userId)).toBeNull()
  })
})
