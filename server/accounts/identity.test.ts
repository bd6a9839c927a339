// Know your customer at verification, on each engine: the date of birth makes 18+ a computation in
// the market's time zone; the sandbox identity bureau's answers (regular, suspended, deceased,
// under 18, a different registered name, a politically exposed person, no answer) each verify,
// refuse in words or send to the queue; the barred list refuses; a deposit waits for a settled
// verification and promotions credit only verified players.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { buildTestApp, createTestDb, engines, loginPlayer, type TestDb } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import {
  SANDBOX_CPF_DECEASED,
  SANDBOX_CPF_NAME_MISMATCH,
  SANDBOX_CPF_PEP,
  SANDBOX_CPF_REGULAR,
  SANDBOX_CPF_SUSPENDED,
  SANDBOX_CPF_UNAVAILABLE,
  SANDBOX_CPF_UNDER_18,
  SANDBOX_REGISTERED_NAME,
} from './identity-sandbox.ts'

// 02:00 UTC on 20 November 2026 is still 19 November (23:00) in São Paulo.
const START = Date.UTC(2026, 10, 20, 2, 0)
const SAVE = '/charge/amount/saveUserAccountInfo'

describe.each(engines)('identity checks on %s', { timeout: 60_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, {}, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const verifications = () => testDb.db.kysely.selectFrom('player_verifications').selectAll().execute()
  const reviews = () => testDb.db.kysely.selectFrom('verification_reviews').selectAll().orderBy('id').execute()
  const adult = { fullName: 'Maria da Silva', birthDate: '1990-01-15' }

  it('verifies a regular CPF at once and keeps the date of birth', async () => {
    const player = await loginPlayer(app)
    const saved = await player.call(SAVE, { ...adult, cpf: SANDBOX_CPF_REGULAR })
    expect(saved).toMatchObject({
      success: true,
      data: { verified: true, status: 'verified', reviewReason: null, cpfMasked: '***.***.*07-26' },
    })
    expect(await verifications()).toMatchObject([{ cpf: SANDBOX_CPF_REGULAR, birth_date: '1990-01-15' }])
    expect(await reviews()).toEqual([])
  })

  it("computes 18+ from the date of birth on the market's calendar, not UTC's", async () => {
    // 18 in UTC (already 20 November) but 17 in São Paulo (still the 19th): refused.
    const young = await loginPlayer(app)
    const refused = await young.post(SAVE, { ...adult, cpf: randomCpf(), birthDate: '2008-11-20' }, 'en')
    expect(refused.json()).toMatchObject({ success: false, msgCode: 'identity_under_age' })
    expect(refused.json().msg).toBe(
      'Betting is only for people aged 18 and over: by the date of birth, you cannot open an account yet.',
    )
    // Born the day before: 18 today in São Paulo.
    const eighteen = await loginPlayer(app)
    expect((await eighteen.call(SAVE, { ...adult, cpf: randomCpf(), birthDate: '2008-11-19' })).data.status).toBe(
      'verified',
    )
    // A date that does not exist, or in the future, is named as the problem; nothing is saved for them.
    const typo = await young.post(SAVE, { ...adult, cpf: randomCpf(), birthDate: '1990-02-30' })
    expect(typo.statusCode).toBe(400)
    expect(typo.json().msg).toBe('Data de nascimento não é uma data válida (dia, mês e ano)')
    const future = await young.call(SAVE, { ...adult, cpf: randomCpf(), birthDate: '2030-01-01' })
    expect(future).toMatchObject({ success: false, msgCode: 'invalid_request' })
    expect(await verifications()).toHaveLength(1)
  })

  it('refuses a suspended or deceased CPF and an under-18 record, in words, writing nothing', async () => {
    const player = await loginPlayer(app)
    const cases = [
      [SANDBOX_CPF_SUSPENDED, 'identity_cpf_suspended', 'Seu CPF está suspenso na Receita Federal.'],
      [
        SANDBOX_CPF_DECEASED,
        'identity_cpf_deceased',
        'A Receita Federal registra este CPF como de uma pessoa falecida.',
      ],
      // The record's date of birth counts, whatever date was typed.
      [SANDBOX_CPF_UNDER_18, 'identity_under_age', 'Apostas são só para maiores de 18 anos'],
    ] as const
    for (const [cpf, msgCode, text] of cases) {
      const res = await player.call(SAVE, { ...adult, cpf })
      expect(res, cpf).toMatchObject({ success: false, msgCode })
      expect(res.msg).toContain(text)
    }
    const hindi = await player.call(SAVE, { ...adult, cpf: SANDBOX_CPF_SUSPENDED }, 'hi')
    expect(hindi.msg).toBe(
      'आपका CPF Receita Federal में निलंबित है। इसे ठीक कराएँ (gov.br या किसी कार्यालय में) और फिर से कोशिश करें।',
    )
    expect(await verifications()).toEqual([])
    expect(await reviews()).toEqual([])
    expect((await player.call('/charge/amount/getUserAccountInfo')).data.status).toBe('none')
  })

  it('sends a different registered name, a PEP and a bureau without answer to the queue', async () => {
    const cases = [
      [SANDBOX_CPF_NAME_MISMATCH, 'name_mismatch', SANDBOX_REGISTERED_NAME],
      [SANDBOX_CPF_PEP, 'pep', adult.fullName],
      [SANDBOX_CPF_UNAVAILABLE, 'bureau_unavailable', null],
    ] as const
    for (const [cpf, reason, bureauName] of cases) {
      const player = await loginPlayer(app, { ageConfirmed: true })
      const saved = await player.call(SAVE, { ...adult, cpf })
      expect(saved, cpf).toMatchObject({
        success: true,
        data: { verified: false, status: 'review', reviewReason: reason, fullName: adult.fullName },
      })
      expect(JSON.stringify(saved)).not.toContain(cpf)
      const [row] = (await reviews()).filter((r) => r.cpf === cpf)
      // The player is told when the queue's clock for it runs out: four hours from now.
      expect(saved.data.reviewDueAt).toBe(Number(row?.created_at) + 4 * 3600_000)
      expect(row).toMatchObject({ reason, status: 'open', bureau_name: bureauName, birth_date: adult.birthDate })
      // Saying it again while an operator decides changes nothing.
      expect(await player.call(SAVE, { ...adult, cpf })).toMatchObject({
        success: false,
        msgCode: 'verification_pending',
      })
      // A deposit waits for the decision, and says so.
      const deposit = await player.call('/charge/create/order', { amount: 2000, requestId: randomUUID() }, 'en')
      expect(deposit).toMatchObject({ success: false, msgCode: 'verification_pending' })
      expect(deposit.msg).toBe(
        'Our team is reviewing your details. We will tell you here as soon as it is decided; then you can deposit.',
      )
    }
    expect(await verifications()).toEqual([])
    expect(await reviews()).toHaveLength(3)
    // Nobody else verifies with a CPF under review meanwhile: another account giving it goes to the
    // queue too, for an operator to tell the real holder (a review proves nothing yet).
    const other = await loginPlayer(app)
    expect(await other.call(SAVE, { ...adult, cpf: SANDBOX_CPF_PEP })).toMatchObject({
      success: true,
      data: { verified: false, status: 'review', reviewReason: 'cpf_contested' },
    })
    expect(await verifications()).toEqual([])
  })

  it('refuses a CPF on the barred list at verification', async () => {
    const cpf = randomCpf()
    await testDb.db.kysely.insertInto('barred_cpfs').values({ cpf, category: 'staff', added_at: START }).execute()
    const player = await loginPlayer(app)
    const res = await player.call(SAVE, { ...adult, cpf })
    expect(res).toMatchObject({ success: false, msgCode: 'identity_barred' })
    expect(res.msg).toContain('Lei 14.790/2023, art. 26')
    expect(await verifications()).toEqual([])
  })

  it('refuses a deposit before verification and sends nothing to the bank', async () => {
    const player = await loginPlayer(app, { ageConfirmed: true })
    expect(await player.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).toMatchObject({
      success: false,
      msgCode: 'verification_required',
    })
    expect(await testDb.db.kysely.selectFrom('deposit_orders').select('id').execute()).toEqual([])
  })

  it('credits promotions only to verified players, and the summary says so', async () => {
    // The daily sign-in: a reward Brazil's rules allow (the welcome gift is forbidden there).
    const player = await loginPlayer(app, { ageConfirmed: true })
    expect((await player.call('/activity/summary')).data).toMatchObject({ verified: false })
    const refused = await player.call('/activity/drawSignReward')
    expect(refused).toMatchObject({ success: false, msgCode: 'reward_verification_required' })
    expect(refused.msg).toContain('Promoções são só para contas verificadas')
    expect((await readPlayerBalances(testDb.db.kysely, player.userId)).bonus).toBe(0)
    const pending = await loginPlayer(app, { ageConfirmed: true })
    await pending.call(SAVE, { ...adult, cpf: SANDBOX_CPF_PEP })
    expect(await pending.call('/activity/drawSignReward')).toMatchObject({ msgCode: 'reward_verification_required' })

    await player.call(SAVE, { ...adult, cpf: randomCpf() })
    expect((await player.call('/activity/summary')).data).toMatchObject({ verified: true })
    const signed = await player.call('/activity/drawSignReward')
    expect(signed.success).toBe(true)
    expect(signed.data.amount).toBeGreaterThan(0)
    expect((await readPlayerBalances(testDb.db.kysely, player.userId)).bonus).toBe(signed.data.amount)
  })
})
