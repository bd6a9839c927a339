// Support on both engines: one conversation per player, idempotent sends, a player never reads
// another's messages, the withdrawal context, operators by role, audit rows, read receipts and
// badges, notice windows and languages, feedback with answers, rate limits, and the `chat` /
// `support` pushes over real sockets.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_OPS_TOKEN,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { createOperator, openSession } from '../ops/operators.ts'
import { SUPPORT_SENDS_PER_MINUTE } from './routes.ts'

const START = Date.UTC(2026, 10, 22, 15, 0)
const MINUTE = 60_000

interface Operator {
  id: number
  name: string
  cookie: string
}

describe.each(engines)('support on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  const sockets: WebSocket[] = []

  beforeEach(async () => {
    clock.time = START
    operators.clear()
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: '600000' }, clock)
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await app.close()
    await testDb.drop()
  })

  /** A console operator with an open session (the console's own login is tested in ops). */
  const operators = new Map<string, Operator>()
  const operator = async (name: string, role: OperatorRole = 'support'): Promise<Operator> => {
    const known = operators.get(`${name}:${role}`)
    if (known) return known
    const db = testDb.db.kysely
    const email = `${name.split(' ')[0]?.toLowerCase()}.${role}@jogolimpo.example`
    const { id } = await createOperator(db, { email, name, role }, clock.now())
    const { token } = await openSession(db, id, '127.0.0.1', clock.now(), {
      idleMs: 24 * 3600_000,
      maxMs: 24 * 3600_000,
    })
    const made = { id, name, cookie: `jl_ops=${token}` }
    operators.set(`${name}:${role}`, made)
    return made
  }
  const ops = async (path: string, payload: object, who?: Operator) => {
    const as = who ?? (await operator('Carla Mendes'))
    const res = await app.inject({
      method: 'POST',
      url: `/api/ops/support${path}`,
      headers: { cookie: as.cookie },
      payload,
    })
    return { status: res.statusCode, body: res.json() }
  }
  const send = (player: TestPlayer, text: string, requestId = randomUUID(), extra: object = {}) =>
    player.call('/v1/support/send', { text, requestId, ...extra })
  const auditRows = () =>
    testDb.db.kysely.selectFrom('audit_log').selectAll().where('action', 'like', 'support.%').orderBy('id').execute()

  it('keeps one conversation per player, created once even when asked for at once', async () => {
    const player = await loginPlayer(app)
    const answers = await Promise.all(Array.from({ length: 6 }, () => player.call('/v1/support/conversation')))
    expect(answers.every((a) => a.success)).toBe(true)
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1)
    await send(player, 'Olá')
    await send(player, 'Tudo bem?')
    const rows = await testDb.db.kysely
      .selectFrom('support_conversations')
      .selectAll()
      .where('player_id', '=', player.userId)
      .execute()
    expect(rows).toHaveLength(1)
    const view = (await player.call('/v1/support/conversation')).data
    expect(view.id).toBe(answers[0].data.id)
    expect(view.messages.map((m: { text: string }) => m.text)).toEqual(['Olá', 'Tudo bem?'])
  })

  it('sends once per requestId: the same text replays, other text is refused, racing sends store one', async () => {
    const player = await loginPlayer(app)
    const requestId = randomUUID()
    const first = await send(player, 'Meu saque não chegou', requestId)
    expect(first.success).toBe(true)
    expect(first.data.replayed).toBe(false)
    const again = await send(player, 'Meu saque não chegou', requestId)
    expect(again.data).toEqual({ message: first.data.message, replayed: true })
    const other = await send(player, 'Outro texto', requestId)
    expect(other.msgCode).toBe('request_id_reused')

    const raced = randomUUID()
    const racing = await Promise.all(Array.from({ length: 5 }, () => send(player, 'Oi de novo', raced)))
    expect(racing.every((r) => r.success)).toBe(true)
    expect(new Set(racing.map((r) => r.data.message.id)).size).toBe(1)
    const messages = await testDb.db.kysely.selectFrom('support_messages').select('text').execute()
    expect(messages.map((m) => m.text).sort()).toEqual(['Meu saque não chegou', 'Oi de novo'])
  })

  it('never shows a player another player’s messages, orders or read receipts', async () => {
    const ana = await loginPlayer(app)
    const bruno = await loginPlayer(app)
    const sent = await send(ana, 'Mensagem da Ana')
    const anaConversation = (await ana.call('/v1/support/conversation')).data
    await ops('/reply', { conversationId: anaConversation.id, text: 'Resposta para Ana', requestId: randomUUID() })

    const brunoView = (await bruno.call('/v1/support/conversation')).data
    expect(brunoView.id).not.toBe(anaConversation.id)
    expect(brunoView.messages).toEqual([])
    expect(brunoView.unread).toBe(0)
    // Reading up to Ana's message ids moves nothing of Ana's.
    const read = await bruno.call('/v1/support/read', { upTo: sent.data.message.id + 1 })
    expect(read.data).toEqual({ playerReadUpTo: 0, unread: 0 })
    expect((await ana.call('/v1/support/conversation')).data.unread).toBe(1)
    // Bruno's requestId space is his own: Ana's requestId on Bruno's conversation is a new message.
    const reused = await send(bruno, 'Mensagem do Bruno', sent.data.message.requestId)
    expect(reused.data.replayed).toBe(false)
    expect(reused.data.message.text).toBe('Mensagem do Bruno')
  })

  it('attaches a withdrawal the player owns as context, and refuses another player’s order', async () => {
    const ana = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
    const order = await ana.call('/withdraw/create/order', {
      accountNumber: ana.cpf,
      payType: 'cpf',
      amount: 5000,
      requestId: randomUUID(),
      password: ana.password,
    })
    expect(order.success).toBe(true)
    const orderId = order.data.orderId as string
    const bruno = await loginPlayer(app)
    const refused = await send(bruno, 'Meu saque não chegou', randomUUID(), { context: { orderId } })
    expect(refused.msgCode).toBe('not_found')

    const sent = await send(ana, 'Meu saque não chegou', randomUUID(), { context: { orderId } })
    expect(sent.success).toBe(true)
    const inbox = await ops('/inbox', {})
    const item = inbox.body.data.conversations.find((c: { playerId: number }) => c.playerId === ana.userId)
    expect(item).toMatchObject({
      context: { orderId },
      waitingSince: START,
      unread: 1,
      lastText: 'Meu saque não chegou',
    })
    expect(item.language).toBe('pt-BR')
    const view = await ops('/player', { conversationId: item.id })
    expect(view.body.data.withdrawals[0]).toMatchObject({ orderId })
    expect(view.body.data.withdrawals[0].steps.length).toBeGreaterThan(0)
    expect(view.body.data.balances.cash).toBe(5000)
  })

  it('shows support the withdrawals’ holder names masked, payments them whole, and audits the view as a player view', async () => {
    const ana = await loginPlayer(app, {
      ageConfirmed: true,
      bound: true,
      verified: { fullName: 'Ana Beatriz Souza' },
      cash: 10_000,
    })
    const order = await ana.call('/withdraw/create/order', {
      accountNumber: ana.cpf,
      payType: 'cpf',
      amount: 5000,
      requestId: randomUUID(),
      password: ana.password,
    })
    expect(order.success).toBe(true)
    expect((await send(ana, 'Meu saque não chegou')).success).toBe(true)
    const conversationId = (await ops('/inbox', {})).body.data.conversations[0].id
    const support = await operator('Carla Mendes', 'support')
    const payments = await operator('Paulo Pagamentos', 'payments')

    const masked = await ops('/player', { conversationId }, support)
    expect(masked.body.data.withdrawals[0].holderName).toBe('Ana B****** S****')
    expect(JSON.stringify(masked.body)).not.toContain('Beatriz')
    expect(JSON.stringify(masked.body)).not.toContain(ana.cpf)
    const whole = await ops('/player', { conversationId }, payments)
    expect(whole.body.data.withdrawals[0].holderName).toBe('Ana Beatriz Souza')

    const views = await testDb.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'object_id'])
      .where('action', '=', 'player.view')
      .orderBy('id')
      .execute()
    expect(views).toEqual([
      { action: 'player.view', actor_name: 'Carla Mendes', object_id: String(ana.userId) },
      { action: 'player.view', actor_name: 'Paulo Pagamentos', object_id: String(ana.userId) },
    ])
  })

  it('lets each operator role do only its part', async () => {
    const player = await loginPlayer(app)
    await send(player, 'Oi')
    const { id } = (await player.call('/v1/support/conversation')).data
    const reply = { conversationId: id, text: 'Olá!', requestId: randomUUID() }

    for (const role of ['payments', 'risk'] as const) {
      const who = await operator('Paula Pagamentos', role)
      expect((await ops('/inbox', {}, who)).status).toBe(200)
      expect((await ops('/player', { conversationId: id }, who)).status).toBe(200)
      const refused = await ops('/reply', reply, who)
      expect(refused.status).toBe(403)
      expect(refused.body.msgCode).toBe('ops_forbidden')
      const faq = { language: 'pt-BR', position: 9, question: 'Q?', answer: 'A' }
      expect((await ops('/faq/save', faq, who)).status).toBe(403)
      expect((await ops('/feedback', {}, who)).status).toBe(403)
      expect((await ops('/assign', { conversationId: id, action: 'take' }, who)).status).toBe(403)
    }
    const noCredentials = await app.inject({ method: 'POST', url: '/api/ops/support/inbox', payload: {} })
    expect(noCredentials.statusCode).toBe(401)
    expect((await ops('/reply', reply, await operator('Carla Mendes', 'support'))).body.success).toBe(true)
    expect((await ops('/close', { conversationId: id }, await operator('Ana Admin', 'admin'))).body.success).toBe(true)
    // The scripts' account (OPS_TOKEN) acts as admin and replies as "Atendimento", never its technical name.
    const service = await app.inject({
      method: 'POST',
      url: '/api/ops/support/reply',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { conversationId: id, text: 'Mensagem da equipe', requestId: randomUUID() },
    })
    expect(service.json().data.message.operatorName).toBe('Atendimento')
    // Nothing the refused roles asked for was written.
    const messages = await testDb.db.kysely.selectFrom('support_messages').select('author').execute()
    expect(messages.map((m) => m.author)).toEqual(['player', 'operator', 'operator'])
  })

  it('writes an audit row for every reply, assignment and close, and shows the first name only', async () => {
    const player = await loginPlayer(app)
    await send(player, 'Preciso de ajuda')
    const { id } = (await player.call('/v1/support/conversation')).data
    const carla = await operator('Carla Mendes')
    const davi = await operator('Davi Rocha')
    await ops('/assign', { conversationId: id, action: 'take' }, carla)
    await ops('/reply', { conversationId: id, text: 'Oi, sou a Carla', requestId: randomUUID() }, carla)
    await ops('/assign', { conversationId: id, action: 'transfer', to: davi.id }, carla)
    expect((await ops('/assign', { conversationId: id, action: 'transfer', to: 999_999 }, carla)).body.msgCode).toBe(
      'not_found',
    )
    // Only the holder (or an admin) releases it.
    const release = await ops('/assign', { conversationId: id, action: 'release' }, carla)
    expect(release.body.msgCode).toBe('ops_forbidden')
    await ops('/close', { conversationId: id }, davi)
    await ops('/close', { conversationId: id, reopen: true }, davi)

    const rows = await auditRows()
    expect(rows.map((r) => [Number(r.actor_id), r.action, r.object_type, r.object_id])).toEqual([
      [carla.id, 'support.take', 'support_conversation', String(id)],
      [carla.id, 'support.reply', 'support_conversation', String(id)],
      [carla.id, 'support.transfer', 'support_conversation', String(id)],
      [davi.id, 'support.close', 'support_conversation', String(id)],
      [davi.id, 'support.reopen', 'support_conversation', String(id)],
    ])
    expect(JSON.parse(rows[2]?.after ?? '{}')).toEqual({ from: String(carla.id), to: String(davi.id) })
    const view = (await player.call('/v1/support/conversation')).data
    expect(view.operatorName).toBe('Davi')
    expect(view.messages[1]).toMatchObject({ author: 'operator', operatorName: 'Carla', requestId: null })
    expect(JSON.stringify(view)).not.toContain('Mendes')
    // The console's audit view finds them by object.
    const trail = await app.inject({
      method: 'POST',
      url: '/api/ops/audit/list',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { objectType: 'support_conversation', objectId: String(id) },
    })
    expect(trail.json().data.entries).toHaveLength(5)
  })

  it('orders the inbox by waiting time, counts unread both ways and clears badges on read', async () => {
    const early = await loginPlayer(app)
    await send(early, 'Primeiro')
    clock.time += 5 * MINUTE
    const late = await loginPlayer(app)
    await send(late, 'Segundo')
    clock.time += MINUTE
    await send(early, 'Ainda esperando')
    const inbox = (await ops('/inbox', {})).body.data
    expect(inbox.conversations.map((c: { playerId: number }) => c.playerId)).toEqual([early.userId, late.userId])
    expect(inbox.conversations[0]).toMatchObject({ waitingSince: START, unread: 2 })

    const conversationId = inbox.conversations[0].id
    const replied = await ops('/reply', { conversationId, text: 'Oi!', requestId: randomUUID() })
    const after = (await ops('/inbox', {})).body.data.conversations
    expect(after.map((c: { playerId: number }) => c.playerId)).toEqual([late.userId, early.userId])
    expect(after[1]).toMatchObject({
      waitingSince: null,
      unread: 0,
      assignedTo: String((await operator('Carla Mendes')).id),
    })

    expect((await early.call('/v1/support/unread')).data.chat).toBe(1)
    const read = await early.call('/v1/support/read', { upTo: replied.body.data.message.id })
    expect(read.data.unread).toBe(0)
    expect((await early.call('/v1/support/unread')).data.chat).toBe(0)
    // The operator reads the late player's message: that player sees "read" up to it.
    const lateView = (await late.call('/v1/support/conversation')).data
    await ops('/read', { conversationId: lateView.id, upTo: lateView.messages[0].id })
    expect((await late.call('/v1/support/conversation')).data.operatorReadUpTo).toBe(lateView.messages[0].id)
  })

  // How soon a push lands is a latency, measured by `npm run bench:push`; this test asserts what is
  // pushed to whom, and waits as long as a loaded machine may take.
  it('pushes chat messages to the player and conversation changes to operators', async () => {
    const player = await loginPlayer(app)
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const listen = (path: string, auth: object | null, headers: Record<string, string> = {}) =>
      new Promise<{ messages: { type: string; data: unknown }[] }>((resolve, reject) => {
        const socket = new WebSocket(`${address.replace('http', 'ws')}${path}`, { headers })
        sockets.push(socket)
        const messages: { type: string; data: unknown }[] = []
        socket.on('message', (raw) => {
          const message = JSON.parse(String(raw))
          messages.push(message)
          if (message.type === 'ready') resolve({ messages })
        })
        socket.once('open', () => {
          if (auth) socket.send(JSON.stringify(auth))
        })
        socket.once('error', reject)
      })
    const waitFor = async (
      messages: { type: string; data: unknown }[],
      type: string,
      matches: (data: never) => boolean = () => true,
    ) => {
      const deadline = Date.now() + 10_000
      while (Date.now() < deadline) {
        const found = messages.find((m) => m.type === type && matches(m.data as never))
        if (found) return found.data
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`no ${type} within 10 s: ${JSON.stringify(messages)}`)
    }
    const console = await listen('/ws/ops', null, { cookie: (await operator('Carla Mendes')).cookie })
    const playerSocket = await listen('/ws', { type: 'auth', token: player.token })

    await send(player, 'Alguém aí?')
    const conversationId = (await player.call('/v1/support/conversation')).data.id
    expect(await waitFor(console.messages, 'ops')).toEqual({
      topic: 'support',
      playerId: player.userId,
      id: String(conversationId),
      status: 'message',
    })
    expect(console.messages.some((m) => m.type === 'balance' || m.type === 'chat')).toBe(false)

    await ops('/reply', { conversationId, text: 'Estou aqui', requestId: randomUUID() }, await operator('Carla Mendes'))
    const pushed = (await waitFor(
      playerSocket.messages,
      'chat',
      (data: { kind: string; message?: { author: string } }) =>
        data.kind === 'message' && data.message?.author === 'operator',
    )) as { message: { text: string; operatorName: string } }
    expect(pushed.message).toMatchObject({ text: 'Estou aqui', operatorName: 'Carla' })

    // A player's token is no way into the operators' socket.
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/ops`, {
        headers: { 'access-token': player.token },
      })
      sockets.push(socket)
      socket.once('close', (code) => resolve(code))
    })
    expect(refused).toBe(4003)

    // An operator's valid cookie, sent by a page of another site (a browser sends it with any
    // site's WebSocket): refused before the session is used; from this server's own page, served.
    const cookie = (await operator('Carla Mendes')).cookie
    const foreign = await new Promise<{ code: number; said: string }>((resolve) => {
      const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/ops`, {
        headers: { cookie, origin: 'https://evil.example' },
      })
      sockets.push(socket)
      let said = ''
      socket.on('message', (raw) => {
        said += String(raw)
      })
      socket.once('close', (code) => resolve({ code, said }))
    })
    expect(foreign.code).toBe(4003)
    expect(foreign.said).not.toContain('"ready"')
    await listen('/ws/ops', null, { cookie, origin: address })
  })

  it('limits sends per player per minute', async () => {
    const player = await loginPlayer(app)
    for (let i = 0; i < SUPPORT_SENDS_PER_MINUTE; i++) expect((await send(player, `m${i}`)).success).toBe(true)
    const over = await player.post('/v1/support/send', { text: 'demais', requestId: randomUUID() })
    expect(over.statusCode).toBe(429)
    expect(over.json().msgCode).toBe('rate_limited')
    // Another player is not affected.
    expect((await send(await loginPlayer(app), 'oi')).success).toBe(true)
  })

  it('lists notices only inside their window and language, newest first, with unread counts', async () => {
    const player = await loginPlayer(app)
    const hour = 60 * MINUTE
    const save = async (title: string, startsAt: number, endsAt: number | null, language: string | null = null) =>
      (await ops('/notices/save', { title, body: `${title}.`, language, startsAt, endsAt, link: '/limits' })).body.data
    const current = await save('Atual', START - hour, START + hour)
    const newer = await save('Mais novo', START - MINUTE, null, 'pt-BR')
    await save('Futuro', START + hour, null)
    await save('Expirado', START - 2 * hour, START - hour)
    await save('In English', START - MINUTE, null, 'en')
    expect(
      (await ops('/notices/save', { title: 'x', body: 'y', language: null, startsAt: 10, endsAt: 5 })).body.msgCode,
    ).toBe('invalid_request')

    const list = (await player.call('/v1/support/notices')).data
    expect(list.notices.map((n: { title: string }) => n.title)).toEqual(['Mais novo', 'Atual'])
    expect(list.unread).toBe(2)
    expect(
      (await player.call('/v1/support/notices', {}, 'en')).data.notices.map((n: { title: string }) => n.title),
    ).toEqual(['In English', 'Atual'])
    const read = (await player.call('/v1/support/notices/read', { ids: [newer.id] })).data
    expect(read.unread).toBe(1)
    // The window moves with time: an hour later "Atual" has ended and "Futuro" has begun.
    clock.time = START + hour
    const later = (await player.call('/v1/support/notices')).data
    expect(later.notices.map((n: { title: string }) => n.title)).toEqual(['Futuro', 'Mais novo'])
    expect(later.notices.find((n: { id: number }) => n.id === current.id)).toBeUndefined()
    // (a session opened now: console sessions end after their idle time)
    expect((await ops('/notices/delete', { id: newer.id }, await operator('Nina Avisos'))).body.success).toBe(true)
    expect((await player.call('/v1/support/notices')).data.notices.map((n: { title: string }) => n.title)).toEqual([
      'Futuro',
    ])
  })

  it('serves the FAQ per language, editable by operators', async () => {
    const pt = await app.inject({
      method: 'GET',
      url: '/api/v1/support/faq',
      headers: { 'access-token': (await loginPlayer(app)).token },
    })
    const items = pt.json().data.items as { id: number; question: string }[]
    expect(items.length).toBeGreaterThanOrEqual(5)
    expect(items[0]?.question).toContain('PIX')
    const player = await loginPlayer(app)
    const en = await player.post('/v1/support/faq', {})
    expect(en.statusCode).toBe(404)
    const enFaq = await app.inject({
      method: 'GET',
      url: '/api/v1/support/faq?language=en',
      headers: { 'access-token': player.token },
    })
    expect(enFaq.json().data.items[0].question).toContain('PIX deposits')
    const saved = await ops('/faq/save', {
      id: items[0]?.id,
      language: 'pt-BR',
      position: 0,
      question: 'Como depositar?',
      answer: 'Por PIX.',
    })
    expect(saved.body.data.question).toBe('Como depositar?')
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/support/faq',
      headers: { 'access-token': player.token },
    })
    expect(after.json().data.items[0]).toMatchObject({ question: 'Como depositar?', answer: 'Por PIX.' })
    expect((await auditRows()).map((r) => r.action)).toEqual(['support.faq.save'])
  })

  it('keeps feedback for operators and shows the player their answer once', async () => {
    const player = await loginPlayer(app)
    const given = await player.call('/v1/support/feedback', {
      topic: 'payments',
      text: 'O PIX demorou.',
      contactConsent: true,
    })
    expect(given.data).toMatchObject({ topic: 'payments', status: 'open', contactConsent: true, answer: null })
    const other = await loginPlayer(app)
    await other.call('/v1/support/feedback', { topic: 'games', text: 'Mais jogos!' })
    expect((await other.call('/v1/support/feedback/list')).data.feedback).toHaveLength(1)

    const answered = await ops('/feedback/answer', { id: given.data.id, answer: 'Obrigado, já verificamos.' })
    expect(answered.body.data).toMatchObject({ status: 'answered', answeredBy: 'Carla Mendes' })
    expect((await player.call('/v1/support/unread')).data.feedback).toBe(1)
    const list = (await player.call('/v1/support/feedback/list')).data.feedback
    expect(list[0]).toMatchObject({ answer: 'Obrigado, já verificamos.', status: 'answered' })
    expect((await player.call('/v1/support/unread')).data.feedback).toBe(0)
    expect((await ops('/feedback', { status: 'open' })).body.data.feedback).toHaveLength(1)
  })
})
