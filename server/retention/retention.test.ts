// The retention job on each engine, over generated history: closed accounts past the period,
// closed accounts within it, and open accounts, each with identity, devices, a verification
// review, deposits with a payer's CPF, a withdrawal to a PIX key, support texts, ad clicks, play
// and money. Only the expired closed accounts are anonymised, in every owning table (the console
// still shows them, with nothing personal left); the ledger's
// conservation check passes and its rows are unchanged; the transparency chain still verifies and
// its frozen days' figures computed again are the same; a second run changes nothing; two
// instances never take the same account; a run stopped half-way is taken up after its lease. The
// mail outbox's notices go 5 years after sending (failed ones 5 years after writing), queued ones
// never. And docs/retention.md carries the schedule as the code has it.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import canonicalize from 'canonicalize'
import { describe, expect, it } from 'vitest'
import type { DayFigures } from '../../contract/transparency.ts'
import { verifyChain } from '../../contract/transparency-chain.ts'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer } from '../../tests/support/server.ts'
import { tableOwners } from '../db/owners.ts'
import { auditLedger } from '../ledger/audit.ts'
import { dayFigures, dayPeriod } from '../transparency/figures.ts'
import { anonymiseSteps, LEASE_MS, RetentionJob } from './job.ts'
import { closedAccountYears, retentionSchedule, scheduleMarkdown } from './schedule.ts'

const DAY = 24 * 60 * 60_000
const YEAR = 365.25 * DAY
const T0 = Date.UTC(2020, 0, 10, 15, 0)
/** When the job runs: the expired accounts closed more than 5 years before, the recent ones not. */
const RUN_AT = T0 + 5.5 * YEAR

describe('the retention schedule', () => {
  it('is what docs/retention.md shows, and names only tables of the module it gives', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/retention.md'), 'utf8')
    const between = doc.split('<!-- retention-schedule:start -->\n')[1]?.split('<!-- retention-schedule:end -->')[0]
    expect(between).toBe(scheduleMarkdown())
    const owners = tableOwners as Record<string, string>
    for (const rule of retentionSchedule) {
      for (const table of rule.tables
        .replace(/\s*\([^)]*\)/g, '')
        .split(', ')
        .map((t) => t.split(' ')[0] as string)
        .filter(Boolean)) {
        expect(owners[table], `${table} (${rule.record})`).toBe(rule.module)
      }
    }
    expect(closedAccountYears).toBe(5)
  })
})

describe.each(engines)('the retention job on %s', { timeout: 180_000 }, (engine) => {
  const clock = manualClock(T0)
  const t = appPerTest(engine, { clock, start: T0 })
  const db = () => t.db.kysely
  const operator = operatorsOf(t, clock)

  /** A player with every kind of personal record and some play and money. */
  async function playerWithHistory() {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: 10_000 })
    const id = player.userId as number
    const { sessionToken } = await openGameSession(t.app, player.call)
    expect((await player.call('/user/contact/email', { email: `ana${id}@exemplo.com` })).success).toBe(true)
    const spin = await t.app.inject({
      method: 'POST',
      url: '/api/game/spin',
      headers: { 'game-session': sessionToken },
      payload: { bet: 100, requestId: randomUUID() },
    })
    expect(spin.json().success).toBe(true)
    const now = clock.now()
    const orderId = `dep-${id}`
    await db()
      .insertInto('deposit_orders')
      .values({
        id: orderId,
        player_id: id,
        request_id: randomUUID(),
        amount: 2000,
        txid: `txid${id}${randomUUID().replaceAll('-', '')}`.slice(0, 30),
        pay_code: 'pix-code',
        status: 'paid',
        accept_offer: 0,
        created_at: now,
        expires_at: now + 3600_000,
        paid_at: now,
        paid_amount: 2000,
      })
      .execute()
    await db()
      .insertInto('pix_payments')
      .values({
        end_to_end_id: `E${id}${randomUUID().replaceAll('-', '')}`.slice(0, 32),
        txid: `tx-${id}`,
        amount: 2000,
        paid_at: now,
        order_id: orderId,
        late: 0,
        received_at: now,
        payer_cpf: player.cpf,
      })
      .execute()
    await db()
      .insertInto('withdrawal_orders')
      .values({
        id: `wd-${id}`,
        player_id: id,
        request_id: randomUUID(),
        amount: 1000,
        key_type: 'cpf',
        pix_key: player.cpf,
        holder_name: 'Ana Souza',
        status: 'paid',
        attempt: 1,
        sent_attempt: 1,
        end_to_end_id: null,
        fail_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await db()
      .insertInto('verification_reviews')
      .values({
        player_id: id,
        cpf: player.cpf,
        full_name: 'Ana Souza',
        birth_date: '1990-01-15',
        reason: 'name_mismatch',
        bureau_name: 'Ana de Souza',
        bureau_birth_date: '1990-01-15',
        status: 'approved',
        created_at: now,
        decided_at: now,
        decided_by: 'Bia',
        decision_reason: 'ok',
        address: '203.0.113.7',
      })
      .execute()
    const conversation = await db()
      .insertInto('support_conversations')
      .values({
        player_id: id,
        status: 'closed',
        language: 'pt-BR',
        context: null,
        assigned_to: null,
        assigned_name: null,
        waiting_since: null,
        last_message_at: now,
        player_typing_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('support_messages')
      .values([
        {
          conversation_id: conversation.id,
          author: 'player',
          operator_id: null,
          operator_name: null,
          text: `Meu CPF é ${player.cpf}, moro na Rua das Flores 10`,
          request_id: randomUUID(),
          created_at: now,
        },
        {
          conversation_id: conversation.id,
          author: 'operator',
          operator_id: '1',
          operator_name: 'Bia',
          text: 'Obrigada, Ana Souza',
          request_id: randomUUID(),
          created_at: now,
        },
      ])
      .execute()
    await db()
      .insertInto('support_feedback')
      .values({
        player_id: id,
        topic: 'other',
        text: 'Me liguem: (11) 91234-5678',
        contact_consent: 1,
        status: 'answered',
        answer: 'Ligamos, Ana',
        answered_by: 'Bia',
        answered_at: now,
        answer_seen_at: null,
        created_at: now,
      })
      .execute()
    await db()
      .insertInto('attribution_clicks')
      .values({
        player_id: id,
        fbc: 'fb.1.1.abc',
        fbp: 'fb.1.1.def',
        event_url: 'https://example.test/?fbclid=abc',
        client_user_agent: 'Mozilla/5.0 (Android)',
        channel: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('player_id').doNothing())
      .execute()
    await db()
      .insertInto('push_subscriptions')
      .values({
        player_id: id,
        endpoint: `https://push.example.test/${id}`,
        p256dh: 'key',
        auth: 'auth',
        language: 'pt-BR',
        created_at: now,
      })
      .execute()
    await db()
      .insertInto('login_throttles')
      .values({
        key: `name:${player.userName}`,
        failures: 1,
        window_started_at: now,
        last_attempt_at: now,
        locked_until: null,
      })
      .execute()
    return { id, cpf: player.cpf, userName: player.userName as string }
  }

  /** Every personal field of one player, from each owning table. */
  async function personalData(playerId: number) {
    const k = db()
    const conversations = k.selectFrom('support_conversations').select('id').where('player_id', '=', playerId)
    const orders = k.selectFrom('deposit_orders').select('id').where('player_id', '=', playerId)
    return {
      player: await k
        .selectFrom('players')
        .select(['device_id', 'user_name', 'password_hash', 'anonymised_at'])
        .where('id', '=', playerId)
        .executeTakeFirstOrThrow(),
      devices: await k
        .selectFrom('devices')
        .select(['device_id', 'label', 'secret_hash'])
        .where('player_id', '=', playerId)
        .orderBy('id')
        .execute(),
      verification: await k
        .selectFrom('player_verifications')
        .select(['full_name', 'cpf', 'birth_date'])
        .where('player_id', '=', playerId)
        .executeTakeFirst(),
      reviews: await k
        .selectFrom('verification_reviews')
        .select(['cpf', 'full_name', 'birth_date', 'bureau_name', 'bureau_birth_date', 'address'])
        .where('player_id', '=', playerId)
        .execute(),
      withdrawals: await k
        .selectFrom('withdrawal_orders')
        .select(['pix_key', 'holder_name', 'amount'])
        .where('player_id', '=', playerId)
        .execute(),
      payers: await k
        .selectFrom('pix_payments')
        .select(['payer_cpf', 'amount'])
        .where('order_id', 'in', orders)
        .execute(),
      messages: await k
        .selectFrom('support_messages')
        .select('text')
        .where('conversation_id', 'in', conversations)
        .orderBy('id')
        .execute(),
      feedback: await k
        .selectFrom('support_feedback')
        .select(['text', 'answer'])
        .where('player_id', '=', playerId)
        .execute(),
      push: await k.selectFrom('push_subscriptions').select('endpoint').where('player_id', '=', playerId).execute(),
      standing: await k.selectFrom('register_players').select('cpf').where('player_id', '=', playerId).execute(),
      registerAnswers: await k
        .selectFrom('register_answers')
        .select(['cpf', 'outcome'])
        .where('player_id', '=', playerId)
        .execute(),
      sightings: await k
        .selectFrom('login_sightings')
        .select(['device_id', 'address'])
        .where('player_id', '=', playerId)
        .execute(),
      contacts: await k
        .selectFrom('player_contacts')
        .select('pending_value')
        .where('player_id', '=', playerId)
        .execute(),
      contactCodes: await k
        .selectFrom('player_contact_codes')
        .select('value')
        .where('player_id', '=', playerId)
        .execute(),
      clicks: await k
        .selectFrom('attribution_clicks')
        .select(['fbc', 'fbp', 'event_url', 'client_user_agent'])
        .where('player_id', '=', playerId)
        .execute(),
    }
  }

  const ledgerRows = async () => ({
    transfers: await db()
      .selectFrom('ledger_transfers')
      .select(['id', 'debit_account_id', 'credit_account_id', 'amount', 'kind'])
      .orderBy('seq')
      .execute(),
    accounts: await db().selectFrom('ledger_accounts').select(['id', 'player_id', 'balance']).orderBy('id').execute(),
  })

  const snapshots = async () =>
    (
      await db()
        .selectFrom('transparency_snapshots')
        .select(['day', 'previous_hash', 'hash', 'figures'])
        .orderBy('day')
        .execute()
    ).map((row) => ({
      day: row.day,
      previousHash: row.previous_hash,
      hash: row.hash,
      figures: JSON.parse(row.figures) as DayFigures,
    }))

  const closeAt = (playerId: number, at: number) =>
    db().updateTable('players').set({ closed_at: at }).where('id', '=', playerId).execute()

  function expectAnonymised(data: Awaited<ReturnType<typeof personalData>>, cpf: string) {
    const text = JSON.stringify(data)
    expect(text).not.toContain(cpf)
    expect(text).not.toContain('Ana')
    expect(text).not.toContain('1990-01-15')
    expect(text).not.toContain('Rua das Flores')
    expect(text).not.toContain('91234')
    expect(text).not.toContain('fb.1.1')
    expect(text).not.toContain('Mozilla')
    expect(text).not.toContain('203.0.113.7')
    expect(data.player.user_name).toBeNull()
    expect(data.player.password_hash).toBeNull()
    expect(data.player.device_id).toMatch(/^anonimizado:/)
    expect(data.player.anonymised_at).not.toBeNull()
    expect(data.devices.length).toBeGreaterThan(0)
    for (const device of data.devices) expect(device.device_id).toMatch(/^anonimizado:/)
    expect(data.verification).toMatchObject({ full_name: 'anonimizado', birth_date: null })
    expect(data.verification?.cpf).toMatch(/^anonimizado:/)
    expect(data.withdrawals).toEqual([{ pix_key: 'anonimizado', holder_name: 'anonimizado', amount: 1000 }])
    expect(data.payers).toEqual([{ payer_cpf: null, amount: 2000 }])
    expect(data.messages.map((m) => m.text)).toEqual(['anonimizado', 'anonimizado'])
    expect(data.feedback).toEqual([{ text: 'anonimizado', answer: null }])
    expect(data.clicks).toEqual([{ fbc: null, fbp: null, event_url: null, client_user_agent: null }])
    expect(data.push).toEqual([])
    expect(data.standing).toEqual([])
    expect(data.registerAnswers.length).toBeGreaterThan(0)
    for (const answer of data.registerAnswers) expect(answer).toMatchObject({ cpf: 'anonimizado', outcome: 'allowed' })
    expect(data.sightings).toEqual([])
    expect(data.contacts).toEqual([])
    expect(data.contactCodes).toEqual([])
  }

  it('anonymises only the closed accounts past the period, keeps the ledger and the transparency chain, and a second run changes nothing', async () => {
    // The test freezes the days itself; the service's own timer would freeze years of days.
    t.app.transparency.stop()
    const expired = [await playerWithHistory(), await playerWithHistory(), await playerWithHistory()]
    const recent = [await playerWithHistory(), await playerWithHistory()]
    const open = [await playerWithHistory(), await playerWithHistory()]

    clock.time = T0 + 2 * DAY
    expect(await t.app.transparency.freezeDue()).toBeGreaterThan(0)
    const chainBefore = await snapshots()
    expect(verifyChain(chainBefore).ok).toBe(true)

    for (const p of expired) await closeAt(p.id, T0 + DAY)
    for (const p of recent) await closeAt(p.id, T0 + YEAR)
    const keptBefore = await Promise.all([...recent, ...open].map((p) => personalData(p.id)))
    const ledgerBefore = await ledgerRows()

    clock.time = RUN_AT
    const run = await t.app.retention.run()
    expect(run.accounts).toBe(3)
    expect(run.rows.payments).toBeGreaterThan(0)

    for (const p of expired) expectAnonymised(await personalData(p.id), p.cpf)
    // Login throttles keyed by an expired account's name go; the others' stay (until a login prunes them).
    const throttled = async (p: { userName: string }) =>
      (await db().selectFrom('login_throttles').select('key').where('key', '=', `name:${p.userName}`).execute()).length
    for (const p of expired) expect(await throttled(p)).toBe(0)
    for (const p of [...recent, ...open]) expect(await throttled(p)).toBe(1)
    // The console still shows the account (its money and history), with nothing personal left in it.
    const admin = await operator('admin')
    for (const p of expired) {
      const view = await admin.post('players/view', { userId: p.id })
      expect(view.statusCode).toBe(200)
      expect(view.json().success).toBe(true)
      expect(view.body).not.toContain(p.cpf)
      expect(view.body).not.toContain('Ana')
    }
    // Closed within the period, or open: untouched, in every table.
    expect(await Promise.all([...recent, ...open].map((p) => personalData(p.id)))).toEqual(keptBefore)
    for (const [i, p] of [...recent, ...open].entries()) expect(JSON.stringify(keptBefore[i])).toContain(p.cpf)

    // The ledger: not one row changed, and conservation holds.
    expect(await ledgerRows()).toEqual(ledgerBefore)
    const audit = await auditLedger(db())
    expect(audit).toMatchObject({ ok: true, sumOfBalances: 0 })

    // The transparency chain: the stored days still verify, and computed again they are the same.
    const chainAfter = await snapshots()
    expect(chainAfter).toEqual(chainBefore)
    expect(verifyChain(chainAfter, { head: chainBefore.at(-1) ?? null }).ok).toBe(true)
    const timeZone = t.app.config.market.timeZone
    for (const day of chainAfter) {
      // The proof of liabilities is the balances read as the day froze, not a figure of its rows.
      const { liabilities: _liabilities, ...figures } = day.figures
      expect(canonicalize(await dayFigures(db(), dayPeriod(day.day, timeZone)))).toBe(canonicalize(figures))
    }

    // Audited with counts only.
    const entries = await db().selectFrom('audit_log').selectAll().where('action', '=', 'retention.anonymise').execute()
    expect(entries).toHaveLength(1)
    expect(JSON.parse(entries[0]?.after ?? '{}')).toMatchObject({ accounts: 3, closedYears: 5 })
    for (const p of expired) expect(JSON.stringify(entries[0])).not.toContain(p.cpf)

    // A second run, even much later: nothing changes, nothing more is audited.
    const everything = await Promise.all([...expired, ...recent, ...open].map((p) => personalData(p.id)))
    clock.time = RUN_AT + DAY
    expect(await t.app.retention.run()).toMatchObject({ accounts: 0 })
    expect(await Promise.all([...expired, ...recent, ...open].map((p) => personalData(p.id)))).toEqual(everything)
    expect(
      await db().selectFrom('audit_log').select('id').where('action', '=', 'retention.anonymise').execute(),
    ).toHaveLength(1)
  })

  it('removes the e-mails and SMS sent more than 5 years ago, and those failed that long ago; keeps the rest', async () => {
    t.app.transparency.stop()
    const message = (
      recipient: string,
      status: 'queued' | 'sent' | 'failed',
      createdAt: number,
      sentAt: number | null,
    ) =>
      db()
        .insertInto('mail_outbox')
        .values({
          kind: recipient.startsWith('+') ? 'sms' : 'email',
          recipient,
          subject: recipient.startsWith('+') ? '' : 'Sua conta no Jogo Limpo foi encerrada',
          body_text: status === 'sent' ? '' : 'Olá',
          body_html: null,
          message_id: `<${randomUUID()}@jogolimpo.invalid>`,
          status,
          attempts: status === 'failed' ? 12 : 1,
          // A queued one waits for a retry far ahead: the app's own mail worker leaves it alone.
          next_attempt_at: status === 'queued' ? RUN_AT + 10 * YEAR : createdAt,
          claimed_until: null,
          last_error: null,
          provider_id: null,
          created_at: createdAt,
          sent_at: sentAt,
        })
        .execute()
    const cutoff = RUN_AT - 5 * YEAR
    await message('velha@exemplo.com', 'sent', cutoff - 2 * DAY, cutoff - DAY)
    await message('+5511900000001', 'sent', cutoff - 2 * DAY, cutoff - DAY)
    await message('falhou@exemplo.com', 'failed', cutoff - DAY, null)
    // Written before the cutoff but sent after it: kept 5 years from its sending.
    await message('tarde@exemplo.com', 'sent', cutoff - DAY, cutoff + DAY)
    await message('recente@exemplo.com', 'sent', RUN_AT - YEAR, RUN_AT - YEAR)
    await message('falhou.recente@exemplo.com', 'failed', cutoff + 10 * DAY, null)
    // Never sent: not the job's to remove, however old.
    await message('na.fila@exemplo.com', 'queued', cutoff - 3 * DAY, null)
    const recipients = async () =>
      (await db().selectFrom('mail_outbox').select('recipient').orderBy('recipient').execute()).map((r) => r.recipient)
    const before = await recipients()

    clock.time = RUN_AT
    const run = await t.app.retention.run()
    expect(run).toMatchObject({ accounts: 0, rows: { mail: 3 } })
    const gone = ['velha@exemplo.com', '+5511900000001', 'falhou@exemplo.com']
    expect(await recipients()).toEqual(before.filter((r) => !gone.includes(r)))
    const entries = await db().selectFrom('audit_log').selectAll().where('action', '=', 'retention.anonymise').execute()
    expect(entries).toHaveLength(1)
    expect(JSON.parse(entries[0]?.after ?? '{}')).toMatchObject({ accounts: 0, rows: { mail: 3 }, noticeYears: 5 })
    for (const address of gone) expect(JSON.stringify(entries[0])).not.toContain(address)

    // Two days later the one sent a day after the cutoff is past its period too; then nothing more.
    clock.time = RUN_AT + 2 * DAY
    expect(await t.app.retention.run()).toMatchObject({ rows: { mail: 1 } })
    expect(await recipients()).not.toContain('tarde@exemplo.com')
    expect(await recipients()).toEqual(
      expect.arrayContaining(['recente@exemplo.com', 'falhou.recente@exemplo.com', 'na.fila@exemplo.com']),
    )
    expect(await t.app.retention.run()).toMatchObject({ rows: { mail: 0 } })
  })

  it('two instances never take the same account, and a run stopped half-way is taken up once its lease is over', async () => {
    t.app.transparency.stop()
    const players = [await playerWithHistory(), await playerWithHistory(), await playerWithHistory()]
    for (const p of players) await closeAt(p.id, T0 + DAY)
    clock.time = RUN_AT

    // The second account stops after payments did its part, before support and accounts.
    const stopAt = players[1]?.id
    const failing = anonymiseSteps.map((step) =>
      step.module === 'support'
        ? {
            module: step.module,
            run: async (kdb: Parameters<typeof step.run>[0], playerId: number) => {
              if (playerId === stopAt) throw new Error('stopped')
              return step.run(kdb, playerId)
            },
          }
        : step,
    )
    const stopped = new RetentionJob({ db: db(), now: clock.now, onError: () => undefined, steps: failing })
    await expect(stopped.run()).rejects.toThrow('stopped')
    const first = await personalData(players[0]?.id as number)
    expectAnonymised(first, players[0]?.cpf as string)
    const half = await personalData(stopAt as number)
    expect(half.player.anonymised_at).toBeNull()
    expect(half.withdrawals[0]?.pix_key).toBe('anonimizado')
    expect(JSON.stringify(half.messages)).toContain(players[1]?.cpf)
    // What the stopped run did is on record, by count.
    const entries = await db().selectFrom('audit_log').selectAll().where('action', '=', 'retention.anonymise').execute()
    expect(entries.map((e) => JSON.parse(e.after ?? '{}').accounts)).toEqual([1])

    // The stopped run's lease still holds every account it claimed: no other instance takes them.
    expect(await t.app.retention.run()).toMatchObject({ accounts: 0 })
    expect((await personalData(stopAt as number)).player.anonymised_at).toBeNull()

    // Once the lease is over, two instances at once take the rest up, each account exactly once.
    clock.time = RUN_AT + LEASE_MS + 1
    const one = new RetentionJob({ db: db(), now: clock.now, onError: () => undefined })
    const two = new RetentionJob({ db: db(), now: clock.now, onError: () => undefined })
    const both = await Promise.all([one.run(), two.run()])
    expect(both[0].accounts + both[1].accounts).toBe(2)
    for (const p of players) expectAnonymised(await personalData(p.id), p.cpf)
    expect(await t.app.retention.run()).toMatchObject({ accounts: 0 })
    const audited = await db().selectFrom('audit_log').selectAll().where('action', '=', 'retention.anonymise').execute()
    expect(audited.reduce((sum, e) => sum + Number(JSON.parse(e.after ?? '{}').accounts), 0)).toBe(3)
    expect((await auditLedger(db())).ok).toBe(true)
  })
})
