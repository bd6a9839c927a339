// Identity by face on each engine, through the sandbox face server over HTTP (Datavalid's API as
// the adapter speaks it): after the bureau's yes the account waits for the face (no deposit); a
// matching live face verifies it; another face, a spoof or no answer go to the verification queue
// with the scores, never the picture; no camera goes there too; only the picture's SHA-256, the
// scores and the provider's reference are kept, with the biometric consent. The step-up before a
// withdrawal from a device a password login added — owed by every verified player (one an operator
// approved after a doubtful face too), said in the login's reply and the account info, and skipped
// with an audit row for a player verified without a camera; the registration data with its CEP and gender,
// the sign-up address and device, masked for an operator who may not see personal data.
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxFaceOf,
  TEST_BIRTH_DATE,
  type TestDb,
} from '../../tests/support/server.ts'
import { sandboxFaceCpf } from './sandbox/face-server.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const SAVE = '/charge/amount/saveUserAccountInfo'
const CONSENT = 'face-2026-11'
/** Any picture: the sandbox accepts it (a few hundred bytes of a JPEG-like body). */
const PICTURE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]).toString('base64')
const sha = (base64: string) => createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex')

describe.each(engines)('identity by face on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  let serial = 0

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { FACE_CHECK: 'on', FACE_STEP_UP: 'on' }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function awaitingFace(cpf: string) {
    const player = await loginPlayer(app, { ageConfirmed: true })
    const saved = await player.call(SAVE, { fullName: 'Maria da Silva', cpf, birthDate: TEST_BIRTH_DATE })
    expect(saved.data).toMatchObject({ status: 'face', verified: false, fullName: 'Maria da Silva' })
    return player
  }
  const face = (player: { call: (p: string, b?: object) => Promise<unknown> }, purpose = 'onboarding') =>
    player.call('/v1/account/face', { image: PICTURE, purpose, consentVersion: CONSENT }) as Promise<{
      success: boolean
      msgCode: string
      data: { outcome: string }
    }>
  const checks = () => testDb.db.kysely.selectFrom('face_checks').selectAll().orderBy('id').execute()

  it('keeps the account unverified until a matching live face passes, and keeps no picture', async () => {
    const cpf = sandboxFaceCpf('match', ++serial)
    const player = await awaitingFace(cpf)
    const deposit = await player.call('/charge/create/order', { amount: 2000, requestId: 'face-dep-1' })
    expect(deposit).toMatchObject({ success: false, msgCode: 'verification_required' })
    expect((await player.call('/v1/account/faceStatus')).data).toEqual({
      enabled: true,
      pending: true,
      stepUpDue: false,
    })

    const answer = await face(player)
    expect(answer.data).toEqual({ outcome: 'passed' })
    expect((await player.call('/charge/amount/getUserAccountInfo')).data).toMatchObject({ status: 'verified' })
    const paid = await player.call('/charge/create/order', { amount: 2000, requestId: 'face-dep-2' })
    expect(paid.success, JSON.stringify(paid)).toBe(true)

    const [check] = await checks()
    expect(check).toMatchObject({
      purpose: 'onboarding',
      outcome: 'passed',
      match_bp: 9612,
      liveness_bp: 9870,
      provider: 'datavalid',
      image_sha256: sha(PICTURE),
    })
    expect(check?.provider_ref).toMatch(/^SBX-/)
    expect(sandboxFaceOf(app).asked.get(cpf)?.lastImageSha256).toBe(sha(PICTURE))
    // No column anywhere holds the picture.
    expect(JSON.stringify(await checks())).not.toContain(PICTURE.slice(0, 40))
    const consents = await testDb.db.kysely.selectFrom('biometric_consents').selectAll().execute()
    expect(consents).toEqual([expect.objectContaining({ player_id: player.userId, version: CONSENT, given_at: START })])
    // Nothing waits any more: a second picture is refused.
    expect((await face(player)).msgCode).toBe('face_not_pending')
  })

  it('sends another face, a spoof and no answer to the queue with the scores, an operator sees them', async () => {
    const cases = [
      ['no_match', 'face_mismatch', 0.4217, 0.979],
      ['spoof', 'face_liveness', 0.9344, 0.1203],
      ['unavailable', 'face_unavailable', null, null],
    ] as const
    for (const [answer, reason, match, liveness] of cases) {
      const player = await awaitingFace(sandboxFaceCpf(answer, ++serial))
      expect((await face(player)).data).toEqual({ outcome: 'review' })
      const details = await player.call('/charge/amount/getUserAccountInfo')
      expect(details.data).toMatchObject({ status: 'review', reviewReason: reason, verified: false })
      const risk = await signedInOperator(app, testDb.db.kysely, 'risk', clock.now(), `192.0.2.${serial}`)
      const queue = await risk.call('verifications/queue')
      const item = queue.data.items.find((i: { playerId: number }) => i.playerId === player.userId)
      expect(item).toMatchObject({ reason, faceMatch: match, faceLiveness: liveness })
      expect(JSON.stringify(queue)).not.toContain(PICTURE.slice(0, 40))
      // An approval verifies the identity as it does for the bureau's reviews.
      expect((await risk.call('verifications/decide', { id: item.id, decision: 'approve' })).success).toBe(true)
      expect((await player.call('/charge/amount/getUserAccountInfo')).data.status).toBe('verified')
    }
  })

  it('refuses a step-up that does not pass, and keeps asking', async () => {
    const cpf = sandboxFaceCpf('spoof', ++serial)
    const player = await awaitingFace(cpf)
    // The onboarding spoof goes to review; an operator approves it, then a step-up is asked.
    expect((await face(player)).data.outcome).toBe('review')
    const risk = await signedInOperator(app, testDb.db.kysely, 'risk', clock.now(), '192.0.2.200')
    const item = (await risk.call('verifications/queue')).data.items[0]
    expect((await risk.call('verifications/decide', { id: item.id, decision: 'approve' })).success).toBe(true)
    expect((await face(player, 'step_up')).msgCode).toBe('face_step_up_failed')
    expect((await checks()).map((c) => [c.purpose, c.outcome])).toEqual([
      ['onboarding', 'liveness'],
      ['step_up', 'liveness'],
    ])
  })

  it('sends a phone without a camera to the queue, and refuses the fallback when nothing waits', async () => {
    const stranger = await loginPlayer(app, { ageConfirmed: true })
    expect((await stranger.call('/v1/account/faceFallback', { reason: 'no_camera' })).msgCode).toBe('face_not_pending')
    const player = await awaitingFace(sandboxFaceCpf('match', ++serial))
    expect((await player.call('/v1/account/faceFallback', { reason: 'no_camera' })).data).toEqual({ outcome: 'review' })
    expect((await player.call('/charge/amount/getUserAccountInfo')).data).toMatchObject({
      status: 'review',
      reviewReason: 'face_no_camera',
    })
    expect(await checks()).toEqual([
      expect.objectContaining({ outcome: 'no_camera', image_sha256: null, match_bp: null }),
    ])
  })

  it('asks the face again before a withdrawal from a device a password login added', async () => {
    const cpf = sandboxFaceCpf('match', ++serial)
    const player = await awaitingFace(cpf)
    expect((await face(player)).data.outcome).toBe('passed')
    const bound = await player.call('/user/bindLoginAccount', {
      userName: `rosto${serial}xyzw`,
      password: 'Horse-Batt3ry9',
      confirmPassword: 'Horse-Batt3ry9',
    })
    expect(bound.success, JSON.stringify(bound)).toBe(true)
    // On the device that signed up: the first withdrawal to a key never paid to asks the face.
    const toNewKey = {
      accountNumber: cpf,
      payType: 'cpf',
      amount: 1000,
      requestId: 'face-wd-000',
      password: 'Horse-Batt3ry9',
    }
    expect(await player.call('/withdraw/create/order', toNewKey)).toMatchObject({
      success: false,
      msgCode: 'face_step_up_required',
    })
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {
        userName: `rosto${serial}xyzw`,
        password: 'Horse-Batt3ry9',
        apiType: 1,
        deviceId: crypto.randomUUID(),
      },
    })
    expect(login.json().success, login.body).toBe(true)
    const token = login.json().data.token as string
    const call = async (path: string, body: object = {}) =>
      (
        await app.inject({ method: 'POST', url: `/api${path}`, headers: { 'access-token': token }, payload: body })
      ).json()
    expect((await call('/v1/account/faceStatus')).data.stepUpDue).toBe(true)
    const withdraw = {
      accountNumber: cpf,
      payType: 'cpf',
      amount: 1000,
      requestId: 'face-wd-001',
      password: 'Horse-Batt3ry9',
    }
    const refused = await call('/withdraw/create/order', withdraw)
    expect(refused).toMatchObject({ success: false, msgCode: 'face_step_up_required' })
    // The step-up on the new device clears its due step-up and lets the withdrawal through the gate.
    const passed = await call('/v1/account/face', { image: PICTURE, purpose: 'step_up', consentVersion: CONSENT })
    expect(passed.data).toEqual({ outcome: 'passed' })
    expect((await call('/v1/account/faceStatus')).data.stepUpDue).toBe(false)
    const after = await call('/withdraw/create/order', withdraw)
    expect(after.msgCode).not.toBe('face_step_up_required')
    const steps = (await checks()).filter((c) => c.purpose === 'step_up')
    expect(steps).toEqual([expect.objectContaining({ outcome: 'passed', image_sha256: sha(PICTURE) })])
  })

  /** Name and password on the account, then a login with them from a device never seen (its session's call). */
  async function newDeviceLogin(player: { call: (p: string, b?: object) => Promise<{ success: boolean }> }) {
    const userName = `rosto${serial}novo`
    const bound = await player.call('/user/bindLoginAccount', {
      userName,
      password: 'Horse-Batt3ry9',
      confirmPassword: 'Horse-Batt3ry9',
    })
    expect(bound.success, JSON.stringify(bound)).toBe(true)
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { userName, password: 'Horse-Batt3ry9', apiType: 1, deviceId: randomUUID() },
    })
    expect(login.json().success, login.body).toBe(true)
    const reply = login.json().data as { token: string; faceStepUpDue: boolean }
    const call = async (path: string, body: object = {}) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api${path}`,
          headers: { 'access-token': reply.token },
          payload: body,
        })
      ).json()
    return { reply, call }
  }
  async function approveFromQueue(playerId: number) {
    const risk = await signedInOperator(app, testDb.db.kysely, 'risk', clock.now(), `192.0.2.${100 + serial}`)
    const item = (await risk.call('verifications/queue')).data.items.find(
      (i: { playerId: number }) => i.playerId === playerId,
    )
    expect((await risk.call('verifications/decide', { id: item.id, decision: 'approve' })).success).toBe(true)
  }
  const skips = () =>
    testDb.db.kysely
      .selectFrom('audit_log')
      .select(['actor_name', 'action', 'object_id', 'after', 'reason'])
      .where('action', '=', 'face.step_up_skipped')
      .orderBy('id')
      .execute()

  it('a player an operator approved after a doubtful face owes the step-up on a new device, and the login reply and account info say so', async () => {
    const cpf = sandboxFaceCpf('no_match', ++serial)
    const player = await awaitingFace(cpf)
    expect((await face(player)).data.outcome).toBe('review')
    await approveFromQueue(player.userId)
    // On the device that signed up nothing is owed.
    expect((await player.call('/v1/account/info')).data.faceStepUpDue).toBe(false)

    const { reply, call } = await newDeviceLogin(player)
    expect(reply.faceStepUpDue).toBe(true)
    expect((await call('/v1/account/info')).data.faceStepUpDue).toBe(true)
    expect((await call('/v1/account/faceStatus')).data.stepUpDue).toBe(true)
    const refused = await call('/withdraw/create/order', {
      accountNumber: cpf,
      payType: 'cpf',
      amount: 1000,
      requestId: 'face-wd-queue',
      password: 'Horse-Batt3ry9',
    })
    expect(refused).toMatchObject({ success: false, msgCode: 'face_step_up_required' })
    expect(await skips()).toEqual([])
    // The old device's account info still says nothing is owed there.
    expect((await player.call('/v1/account/info')).data.faceStepUpDue).toBe(false)
  })

  it('with the step-up off, a new device owes nothing and the login reply says so', async () => {
    const player = await awaitingFace(sandboxFaceCpf('match', ++serial))
    expect((await face(player)).data.outcome).toBe('passed')
    app.config.face.stepUp = false
    try {
      const { reply, call } = await newDeviceLogin(player)
      expect(reply.faceStepUpDue).toBe(false)
      expect((await call('/v1/account/info')).data.faceStepUpDue).toBe(false)
    } finally {
      app.config.face.stepUp = true
    }
  })

  it('a player verified without a camera is not asked the face on a new device or for a new key: each skip is an audit row', async () => {
    const cpf = sandboxFaceCpf('match', ++serial)
    const player = await awaitingFace(cpf)
    expect((await player.call('/v1/account/faceFallback', { reason: 'no_camera' })).data).toEqual({ outcome: 'review' })
    await approveFromQueue(player.userId)
    const { reply, call } = await newDeviceLogin(player)
    expect(reply.faceStepUpDue).toBe(false)
    expect((await call('/v1/account/faceStatus')).data.stepUpDue).toBe(false)
    const devices = await testDb.db.kysely
      .selectFrom('devices')
      .select(['id', 'face_step_up_due'])
      .where('player_id', '=', player.userId)
      .orderBy('id')
      .execute()
    expect(devices.map((d) => d.face_step_up_due)).toEqual([null, null])
    const newDevice = devices[1]?.id
    // A withdrawal to a key never paid to goes past the face gate (and stops later, for want of cash).
    const toNewKey = await call('/withdraw/create/order', {
      accountNumber: cpf,
      payType: 'cpf',
      amount: 1000,
      requestId: 'face-wd-nocam',
      password: 'Horse-Batt3ry9',
    })
    expect(toNewKey.msgCode).not.toBe('face_step_up_required')
    const rows = await skips()
    expect(rows.map((r) => ({ ...r, after: JSON.parse(String(r.after)) }))).toEqual([
      {
        actor_name: 'face-step-up',
        action: 'face.step_up_skipped',
        object_id: String(player.userId),
        after: { deviceRowId: Number(newDevice), why: 'new_device' },
        reason: 'verified_without_camera',
      },
      {
        actor_name: 'face-step-up',
        action: 'face.step_up_skipped',
        object_id: String(player.userId),
        after: { deviceRowId: Number(newDevice), why: 'new_key' },
        reason: 'verified_without_camera',
      },
    ])
  })

  it('counts face checks per player, not per address: a seventh in a minute is refused, another player is not', async () => {
    const player = await awaitingFace(sandboxFaceCpf('no_match', ++serial))
    expect((await face(player)).data.outcome).toBe('review')
    await approveFromQueue(player.userId)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/account/face',
        headers: { 'access-token': player.token },
        payload: { image: PICTURE, purpose: 'step_up', consentVersion: CONSENT },
      })
      statuses.push(answer.statusCode)
    }
    // The onboarding picture and five step-ups pass the limit; the sixth step-up is the seventh check.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    // Another player from the same address still sends a picture.
    const other = await awaitingFace(sandboxFaceCpf('match', ++serial))
    expect((await face(other)).data.outcome).toBe('passed')
  })

  it("keeps the address with its CEP, the gender, the sign-up address and device; shows them in the console's player view, masked unless the role sees personal data", async () => {
    // The sign-up: a phone's first login from a public address.
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { deviceId: randomUUID(), ageConfirmed: true },
      headers: { 'user-agent': android },
      remoteAddress: '203.0.113.45',
    })
    const { token, userId } = login.json().data as { token: string; userId: number }
    const call = async (path: string, body: object) =>
      await app.inject({ method: 'POST', url: `/api${path}`, headers: { 'access-token': token }, payload: body })
    const address = {
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 12',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      gender: 'female',
    }
    const bad = await call('/v1/account/registration', { ...address, cep: '1234-567' })
    expect(bad.statusCode).toBe(400)
    const saved = await call('/v1/account/registration', { ...address, cep: '01310-100' })
    expect(saved.json().data).toMatchObject({ cep: '01310100', gender: 'female', complement: 'Apto 12' })

    const view = async (role: 'support' | 'admin', ip: string) => {
      const operator = await signedInOperator(app, testDb.db.kysely, role, clock.now(), ip)
      const answer = await operator.call('players/view', { userId })
      expect(answer.success, JSON.stringify(answer)).toBe(true)
      return answer.data.registration
    }
    // Support may not see personal data: the region, the city and state, the network.
    expect(await view('support', '192.0.2.1')).toEqual({
      cep: '01***-***',
      street: '***',
      number: '***',
      complement: '***',
      district: '***',
      city: 'São Paulo',
      state: 'SP',
      gender: 'not_informed',
      signupAddress: '203.0.***.***',
      signupDevice: expect.stringMatching(/Chrome.*Android/),
    })
    // An admin sees what the player gave.
    expect(await view('admin', '192.0.2.2')).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 12',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      gender: 'female',
      signupAddress: '203.0.113.45',
      signupDevice: expect.stringMatching(/Chrome.*Android/),
    })
    // A player who gave nothing: nulls, for either role (a later login changes no sign-up).
    const quiet = await loginPlayer(app, { ageConfirmed: true })
    const support = await signedInOperator(app, testDb.db.kysely, 'support', clock.now(), '192.0.2.3')
    expect((await support.call('players/view', { userId: quiet.userId })).data.registration).toMatchObject({
      cep: null,
      street: null,
      gender: null,
      signupAddress: '127.0.***.***',
    })
  })
})
