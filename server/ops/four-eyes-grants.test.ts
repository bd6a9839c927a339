// Four-eyes needs two independent people, on each engine. The attack: an admin asks for a
// R$ 50 000 adjustment, creates (or resets, or promotes) a payments operator, takes over that
// operator — the setup link now goes only to the operator's e-mail, so the admin must control that
// inbox — enrols its TOTP, logs in as it and approves: refused with `four_eyes_not_independent`,
// no money moved, the audit naming the grant. After OPS_FOUR_EYES_GRANT_DAYS it is allowed; an
// operator someone else set up approves at once. The console's answers to create and reset carry
// no link or token; the link arrives in the sandbox mailbox over SMTP and works once.
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { engines, loginPlayer, mailboxOf } from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { createOperator } from './operators.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const DAY = 24 * 3600_000
const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'
const TAKEN_PASSWORD = 'Mula-Controlada-2026!'
const PUBLIC_URL = 'https://console.jogolimpo.example'
/** R$ 50 000, far above the four-eyes bound. */
const BIG = 5_000_000

describe.each(engines)('four-eyes between independent people on %s', { timeout: 180_000 }, (engine) => {
  const clock = manualClock(START)
  const t = appPerTest(engine, {
    env: { PUBLIC_URL, OPS_FOUR_EYES_ABOVE: '50000', MAIL_POLL_MS: '600000' },
    clock,
    start: START,
  })
  let ip = 0

  const login = (email: string, password: string, totp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password, ...(totp ? { totp } : {}) },
      remoteAddress: `192.0.2.${++ip}`,
    })

  function signedIn(res: Awaited<ReturnType<typeof login>>) {
    expect(res.json()).toMatchObject({ success: true })
    const cookie = String((res.headers['set-cookie'] as string[])[0]).split(';')[0] as string
    const post = (path: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { cookie }, payload })
    return { post, call: async (path: string, payload: object = {}) => (await post(path, payload)).json() }
  }

  type Session = ReturnType<typeof signedIn>

  /** An operator put in place apart from the others (no grant ties them to anyone here). */
  async function operator(role: OperatorRole, name: string) {
    const email = `${name.toLowerCase().replace(/\W/g, '')}@jogolimpo.example`
    const { id } = await createOperator(t.db.kysely, { email, role, name, password: OPERATOR_PASSWORD }, clock.now())
    return { id, email, ...signedIn(await login(email, OPERATOR_PASSWORD)) }
  }

  /** The one-time link the sandbox mailbox received for `email` over SMTP (the latest). */
  async function linkInMailbox(email: string) {
    await t.app.mail.deliverDue()
    const mail = mailboxOf(t.app)
      .messages()
      .find((m) => m.to.includes(email))
    expect(mail, `an e-mail to ${email}`).toBeDefined()
    const link = /https:\/\/\S+\/console\/setup#[\w-]{43}/.exec(mail?.text ?? '')?.[0]
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/console/setup#[\\w-]{43}$`))
    return { link: link as string, subject: mail?.subject }
  }

  /** Uses a setup link, logs in, enrols TOTP: the operator as whoever reads that inbox. */
  async function takeOver(link: string, email: string) {
    const token = link.split('#')[1] as string
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/setup',
      payload: { token, password: TAKEN_PASSWORD },
    })
    expect(setup.json()).toMatchObject({ success: true })
    const session = signedIn(await login(email, TAKEN_PASSWORD))
    const { secret } = (await session.call('session/totp/start')).data
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    const confirmed = await session.call('session/totp/confirm', { code: totp.generate({ timestamp: clock.now() }) })
    expect(confirmed).toMatchObject({ success: true, data: { totpEnabled: true } })
    return {
      ...session,
      /** Logs in again (with a fresh TOTP code at the clock's time). */
      again: async () => signedIn(await login(email, TAKEN_PASSWORD, totp.generate({ timestamp: clock.now() }))),
    }
  }

  async function bigRequest(requester: Pick<Session, 'call'>, id: string) {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    const asked = await requester.call('adjust', {
      requestId: id,
      userId: player.userId,
      amount: BIG,
      reason: 'acordo',
    })
    expect(asked).toMatchObject({ success: true, data: { status: 'pending' } })
    return player.userId
  }

  const approve = (by: Pick<Session, 'post'>, id: string) =>
    by.post('adjustments/decide', { id, decision: 'approve', reason: 'conferido' })

  async function expectRefused(
    res: Awaited<ReturnType<typeof approve>>,
    playerId: number,
    id: string,
    grant: { grant: string; grantedBy: string; operator: string },
  ) {
    expect(res.statusCode, res.body).toBe(403)
    const body = res.json()
    expect(body).toMatchObject({ success: false, msgCode: 'four_eyes_not_independent', data: grant })
    expect(body.msg).toContain(grant.grantedBy)
    // No money moved; the request still waits for an independent person.
    expect((await readPlayerBalances(t.db.kysely, playerId)).cash).toBe(0)
    const transfer = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', '=', `ops:${id}`)
      .executeTakeFirst()
    expect(transfer).toBeUndefined()
    const row = await t.db.kysely
      .selectFrom('adjustment_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('pending')
    // The refusal is audited with why.
    const refused = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_name', 'object_id', 'after'])
      .where('action', '=', 'access.refused')
      .execute()
    expect(refused.map((r) => ({ ...r, after: JSON.parse(r.after ?? '{}') }))).toContainEqual(
      expect.objectContaining({
        object_id: 'POST /api/ops/adjustments/decide',
        after: expect.objectContaining({ msgCode: 'four_eyes_not_independent', data: expect.objectContaining(grant) }),
      }),
    )
  }

  const auditOf = (action: string) =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_name', 'object_id', 'after', 'at'])
      .where('action', '=', action)
      .orderBy('id')
      .execute()

  it('an admin who creates a payments operator, takes it over and approves their own R$ 50 000 request is refused', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const playerId = await bigRequest(ana, 'big-create')

    const created = await ana.post('operators/create', {
      email: 'Mula@Jogolimpo.example',
      name: 'Mula',
      role: 'payments',
    })
    // The admin is told where the link went, never the link or its token.
    expect(created.json(), created.body).toEqual({
      success: true,
      msgCode: 'success',
      msg: expect.any(String),
      languageVersion: expect.any(String),
      data: { operatorId: expect.any(Number), sentTo: 'mula@jogolimpo.example', expiresAt: START + DAY },
    })
    expect(created.body).not.toContain('/console/setup')
    expect(created.body).not.toMatch(/[\w-]{43}/)
    const mulaId = created.json().data.operatorId as number

    // The link reaches the operator's own inbox over SMTP; the admin in this attack controls it.
    const { link, subject } = await linkInMailbox('mula@jogolimpo.example')
    expect(subject).toBe('Seu acesso ao console do Jogo Limpo')
    const mula = await takeOver(link, 'mula@jogolimpo.example')

    await expectRefused(await approve(mula, 'big-create'), playerId, 'big-create', {
      grant: 'create',
      grantedBy: 'Ana Admin',
      operator: 'Mula',
    })
    // The audit shows the chain: who created whom, and when.
    expect(await auditOf('operator.create')).toMatchObject([
      { actor_name: 'Ana Admin', object_id: String(mulaId), at: START },
    ])
    // Ana cannot approve her own either.
    expect((await approve(ana, 'big-create')).json().msgCode).toBe('four_eyes_same_operator')
  })

  it('the same with a reset: the new link goes to the operator, and approving as them is refused', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const paula = await operator('payments', 'Paula')
    const playerId = await bigRequest(ana, 'big-reset')
    const reset = await ana.post('operators/reset', { operatorId: paula.id, reason: 'perdeu o celular' })
    expect(reset.json()).toMatchObject({
      success: true,
      data: { operatorId: paula.id, sentTo: paula.email, expiresAt: START + DAY },
    })
    expect(reset.body).not.toContain('/console/setup')
    expect(reset.body).not.toMatch(/[\w-]{43}/)
    const { link, subject } = await linkInMailbox(paula.email)
    expect(subject).toBe('Seu acesso ao console do Jogo Limpo foi redefinido')
    const taken = await takeOver(link, paula.email)
    await expectRefused(await approve(taken, 'big-reset'), playerId, 'big-reset', {
      grant: 'reset',
      grantedBy: 'Ana Admin',
      operator: 'Paula',
    })
    expect(await auditOf('operator.reset')).toMatchObject([
      { actor_name: 'Ana Admin', object_id: String(paula.id), after: expect.stringContaining(paula.email) },
    ])
  })

  it('the same with a role change: an operator just given the payments role by the requester is refused', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const sara = await operator('support', 'Sara')
    const playerId = await bigRequest(ana, 'big-role')
    expect(
      await ana.call('operators/role', { operatorId: sara.id, role: 'payments', reason: 'cobrir férias' }),
    ).toMatchObject({ success: true })
    await expectRefused(await approve(sara, 'big-role'), playerId, 'big-role', {
      grant: 'role',
      grantedBy: 'Ana Admin',
      operator: 'Sara',
    })
  })

  it('after OPS_FOUR_EYES_GRANT_DAYS the operator the requester set up may approve', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const playerId = await bigRequest(ana, 'big-later')
    await ana.call('operators/create', { email: 'mula@jogolimpo.example', name: 'Mula', role: 'payments' })
    const mula = await takeOver((await linkInMailbox('mula@jogolimpo.example')).link, 'mula@jogolimpo.example')
    clock.time = START + 7 * DAY - 60_000
    const early = await approve(await mula.again(), 'big-later')
    expect(early.json().msgCode).toBe('four_eyes_not_independent')
    clock.time = START + 7 * DAY + 60_000
    const approved = await approve(await mula.again(), 'big-later')
    expect(approved.json()).toMatchObject({ success: true, data: { status: 'approved', balance: { cash: BIG } } })
    expect((await readPlayerBalances(t.db.kysely, playerId)).cash).toBe(BIG)
  })

  it('an operator someone else set up approves at once; the one who set them up may not approve theirs', async () => {
    const ana = await operator('admin', 'Ana Admin')
    const bruno = await operator('admin', 'Bruno')
    await bruno.call('operators/create', { email: 'paula@jogolimpo.example', name: 'Paula', role: 'payments' })
    const paula = await takeOver((await linkInMailbox('paula@jogolimpo.example')).link, 'paula@jogolimpo.example')

    const fromAna = await bigRequest(ana, 'big-ana')
    expect((await approve(paula, 'big-ana')).json()).toMatchObject({
      success: true,
      data: { status: 'approved', balance: { cash: BIG } },
    })
    expect((await readPlayerBalances(t.db.kysely, fromAna)).cash).toBe(BIG)

    // Either way round: Bruno created Paula, so he may not approve what she asks.
    const fromPaula = await bigRequest(paula, 'big-paula')
    await expectRefused(await approve(bruno, 'big-paula'), fromPaula, 'big-paula', {
      grant: 'create',
      grantedBy: 'Bruno',
      operator: 'Paula',
    })
    expect((await approve(ana, 'big-paula')).json()).toMatchObject({ success: true })
  })

  it('the setup link e-mailed to the operator works once and is not kept in the outbox once sent', async () => {
    const ana = await operator('admin', 'Ana Admin')
    await ana.call('operators/create', { email: 'rita@jogolimpo.example', name: 'Rita', role: 'risk' })
    const { link } = await linkInMailbox('rita@jogolimpo.example')
    const token = link.split('#')[1] as string
    const info = await t.app.inject({ method: 'POST', url: '/api/ops/session/setupInfo', payload: { token } })
    expect(info.json().data).toMatchObject({ email: 'rita@jogolimpo.example', name: 'Rita', role: 'risk' })
    const setup = { token, password: TAKEN_PASSWORD }
    const first = await t.app.inject({ method: 'POST', url: '/api/ops/session/setup', payload: setup })
    expect(first.json().success).toBe(true)
    const again = await t.app.inject({ method: 'POST', url: '/api/ops/session/setup', payload: setup })
    expect(again.json()).toMatchObject({ success: false, msgCode: 'ops_setup_link_invalid' })
    signedIn(await login('rita@jogolimpo.example', TAKEN_PASSWORD))
    const rows = await t.db.kysely.selectFrom('mail_outbox').select(['status', 'body_text']).execute()
    expect(rows).toEqual([{ status: 'sent', body_text: '' }])
  })
})
