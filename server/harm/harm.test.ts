// The harm watch on each engine, from the records other modules keep: a player who deposits 8
// times in an hour, each after losing rounds, is scored by the worker (not by the deposit or the
// spin) at level 2 — a message with their own figures and an offered cool-off, both audited —
// sees them, accepts the cool-off with one tap (accounts' pause starts); words of distress to
// support and raised limits take them to levels 3 and 4: a contact task with its due clock in the
// operators' worklist (masked names, roles refused) and a mandatory pause with its reason;
// lowering a score needs a reason and a second, independent operator; the worker recomputes only
// players whose records changed and runs under a lease; each intervention's week before and after
// is measured and shown aggregated, without personal data.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxBankOf } from '../../tests/support/server.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe.each(engines)('harm watch on %s', { timeout: 180_000 }, (engine) => {
  const clock = manualClock(START)
  // The worker is driven by the test (runOnce), never by a timer.
  const t = appPerTest(engine, { env: { HARM_POLL_MS: '0' }, clock, start: START })
  const operator = operatorsOf(t, clock)

  /** A verified player who deposits through the sandbox bank and loses rounds before each deposit. */
  async function player() {
    const p = await loginPlayer(t.app, { ageConfirmed: true, verified: true, bound: true })
    let seedId: number | null = null
    const deposit = async (amount: number) => {
      const created = await p.call('/charge/create/order', { amount, requestId: randomUUID() })
      expect(created.success, JSON.stringify(created)).toBe(true)
      const paid = await sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code: created.data.payCode },
        headers: { 'content-type': 'application/json' },
      })
      expect(paid.json().success).toBe(true)
    }
    /** Rounds lost just before now, as the spin records them (a round row per spin). */
    const lose = async (count: number, bet: number) => {
      const db = t.db.kysely
      if (seedId === null) {
        const seed = await db
          .insertInto('fair_seeds')
          .values({
            player_id: p.userId,
            server_seed: 'a'.repeat(64),
            server_seed_hash: 'b'.repeat(64),
            client_seed: 'harm',
            next_nonce: 0,
            created_at: clock.now(),
            revealed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        seedId = Number(seed.id)
      }
      for (let i = 0; i < count; i++)
        await db
          .insertInto('game_rounds')
          .values({
            id: randomUUID(),
            player_id: p.userId,
            session_id: 'harm-test',
            request_id: randomUUID(),
            game_id: 'fruta-fina',
            game_version: 1,
            bet,
            stops: '[]',
            free_spins: '[]',
            win: 0,
            jackpot_win: 0,
            jackpot_contribution: 0,
            balance_before: 0,
            balance_after: 0,
            seed_id: seedId,
            server_seed_hash: 'b'.repeat(64),
            client_seed: 'harm',
            nonce: i,
            created_at: clock.now() - (count - i) * 1000,
          })
          .execute()
    }
    return { ...p, deposit, lose }
  }

  /** Eight deposits in an hour, each paid a minute after losing rounds. */
  async function chase(p: Awaited<ReturnType<typeof player>>) {
    for (let i = 0; i < 8; i++) {
      clock.time += 7 * MINUTE
      await p.lose(3, 1000)
      await p.deposit(2000)
    }
  }

  const auditOf = (action: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()
  const interventionsOf = (playerId: number) =>
    t.db.kysely
      .selectFrom('harm_interventions')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('level')
      .execute()

  it('8 deposits in an hour after losses: level 2, a message with their figures and an offered cool-off they accept', async () => {
    const p = await player()
    await chase(p)
    // Nothing is scored on the deposits' own path: the worker does it.
    expect(await interventionsOf(p.userId)).toEqual([])
    const run = await t.app.harm.runOnce()
    expect(run?.players).toBe(1)
    const score = await t.db.kysely.selectFrom('harm_scores').selectAll().executeTakeFirstOrThrow()
    expect(JSON.parse(score.fired).sort()).toEqual(['chasing_losses', 'deposit_acceleration', 'deposits_per_day'])
    expect(score).toMatchObject({ raw_score: 6, score: 6, level: 2 })
    const opened = await interventionsOf(p.userId)
    expect(opened.map((i) => [i.level, i.kind, i.status])).toEqual([
      [1, 'message', 'open'],
      [2, 'cool_off_offer', 'open'],
    ])
    expect((await auditOf('harm.message'))[0]).toMatchObject({ object_id: String(p.userId), actor_name: 'harm watch' })
    expect(await auditOf('harm.cool_off_offer')).toHaveLength(1)

    const notices = await p.call('/v1/harm/notices')
    expect(notices.success).toBe(true)
    expect(notices.data.open).toHaveLength(2)
    expect(notices.data.open[0].figures).toMatchObject({ depositsToday: 8, depositedToday: 16_000, deposits7d: 8 })
    expect(notices.data.open[0].fired).toContain('chasing_losses')

    // The worker again: nothing changed, nothing repeated.
    await t.app.harm.runOnce()
    expect(await interventionsOf(p.userId)).toHaveLength(2)

    const message = opened[0]?.id as number
    const offer = opened[1]?.id as number
    // A message is seen, not accepted; another player cannot answer this one.
    expect((await p.call('/v1/harm/answer', { interventionId: message, answer: 'accepted' })).msgCode).toBe(
      'harm_intervention_answered',
    )
    const stranger = await loginPlayer(t.app, { ageConfirmed: true })
    expect((await stranger.call('/v1/harm/answer', { interventionId: offer, answer: 'accepted' })).msgCode).toBe(
      'not_found',
    )
    expect((await p.call('/v1/harm/answer', { interventionId: message, answer: 'seen' })).success).toBe(true)
    const accepted = await p.call('/v1/harm/answer', { interventionId: offer, answer: 'accepted' })
    expect(accepted.success).toBe(true)
    expect(accepted.data.open).toEqual([])
    // Newest first.
    expect(accepted.data.history.map((i: { kind: string; status: string }) => [i.kind, i.status])).toEqual([
      ['cool_off_offer', 'accepted'],
      ['message', 'seen'],
    ])
    // Accounts' own pause: 24 hours, in the player's limits history like any pause they chose.
    const pause = await t.db.kysely
      .selectFrom('self_exclusions')
      .selectAll()
      .where('player_id', '=', p.userId)
      .executeTakeFirstOrThrow()
    expect(Number(pause.until)).toBe(clock.now() + DAY)
    const limits = await p.call('/v1/bus/limits')
    expect(limits.data.history[0]).toMatchObject({
      kind: 'self_exclusion',
      actor: 'player',
      detail: { duration: '24h' },
    })
    expect((await p.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).success).toBe(false)
    // Answered once: a second tap changes nothing.
    expect((await p.call('/v1/harm/answer', { interventionId: offer, answer: 'declined' })).msgCode).toBe(
      'harm_intervention_answered',
    )
    expect(await auditOf('harm.cool_off_offer_accepted')).toHaveLength(1)
  })

  it('distress words and raised limits reach levels 3 and 4: a contact task with its due clock, and a mandatory pause with its reason', async () => {
    const p = await player()
    await chase(p)
    const sent = await p.call('/v1/support/send', { text: 'Perdi tudo, estou desesperado', requestId: randomUUID() })
    expect(sent.success, JSON.stringify(sent)).toBe(true)
    const level3 = await t.app.harm.runOnce()
    expect(level3?.players).toBe(1)
    expect((await interventionsOf(p.userId)).map((i) => i.kind)).toEqual(['message', 'cool_off_offer', 'contact_task'])
    const task = (await interventionsOf(p.userId))[2]
    expect(Number(task?.due_at)).toBe(clock.now() + 24 * HOUR)

    // The player sets a weekly loss limit (tighter: at once), then loosens it twice (each waits
    // its 24 hours): two raises, level 4.
    clock.time += MINUTE
    expect((await p.call('/v1/bus/setLossLimit', { period: 'week', amount: 100_000 })).success).toBe(true)
    expect((await p.call('/v1/bus/setLossLimit', { period: 'week', amount: 900_000 })).success).toBe(true)
    expect((await p.call('/v1/bus/setLossLimit', { period: 'week', amount: null })).success).toBe(true)
    await t.app.harm.runOnce()
    const all = await interventionsOf(p.userId)
    expect(all.map((i) => [i.kind, i.status])).toEqual([
      ['message', 'open'],
      ['cool_off_offer', 'open'],
      ['contact_task', 'open'],
      ['mandatory_pause', 'applied'],
    ])
    const pause = await t.db.kysely
      .selectFrom('self_exclusions')
      .selectAll()
      .where('player_id', '=', p.userId)
      .executeTakeFirstOrThrow()
    expect(Number(pause.until)).toBe(clock.now() + 72 * HOUR)
    const notices = await p.call('/v1/harm/notices')
    const shown = notices.data.open.find((i: { kind: string }) => i.kind === 'mandatory_pause')
    expect(shown.figures.pauseUntil).toBe(clock.now() + 72 * HOUR)
    expect(shown.fired).toEqual(expect.arrayContaining(['distress_words', 'limit_raises']))
    const limits = await p.call('/v1/bus/limits')
    expect(limits.data.history[0]).toMatchObject({
      kind: 'self_exclusion',
      actor: 'operator',
      detail: { reason: 'harm_watch' },
    })

    // The operators' worklist: support works it, names masked; payments may not.
    const support = await operator('support')
    const list = await support.call('harm/tasks', {})
    expect(list.success).toBe(true)
    expect(list.data.items).toHaveLength(1)
    expect(list.data.items[0]).toMatchObject({ playerId: p.userId, playerName: 'Ana S****', overdue: false })
    expect((await (await operator('payments')).post('harm/tasks', {})).statusCode).toBe(403)
    // A day later (a new console session: the first one has idled out) the task is overdue.
    clock.time += 25 * HOUR
    const later = await operator('support')
    expect((await later.call('harm/tasks', {})).data.items[0].overdue).toBe(true)
    const done = await later.call('harm/task/resolve', {
      taskId: Number(task?.id),
      outcome: 'contacted',
      note: 'Called; they agreed to keep the pause.',
    })
    expect(done.success).toBe(true)
    expect(done.data.items).toEqual([])
    expect(
      (await later.call('harm/task/resolve', { taskId: Number(task?.id), outcome: 'contacted', note: 'again' }))
        .msgCode,
    ).toBe('harm_intervention_answered')
    const [audit] = await auditOf('harm.contact_task_done')
    expect(audit).toMatchObject({ actor_name: later.name, reason: 'Called; they agreed to keep the pause.' })
    expect(JSON.parse(audit?.after as string)).toMatchObject({ outcome: 'contacted', late: true })
    expect((await later.call('harm/tasks', { status: 'done' })).data.items[0]).toMatchObject({
      outcome: 'contacted',
      resolvedBy: later.name,
    })
  })

  it('a score is lowered only with a reason and a second, independent operator; new evidence ends the lowering', async () => {
    const p = await player()
    await chase(p)
    await t.app.harm.runOnce()
    const first = await operator('risk')
    const second = await operator('risk')
    expect((await first.post('harm/score/lower', { playerId: p.userId, toScore: 0 })).statusCode).toBe(400)
    expect(
      (await first.call('harm/score/lower', { playerId: p.userId, toScore: 6, reason: 'same score' })).msgCode,
    ).toBe('harm_score_not_lower')
    const asked = await first.call('harm/score/lower', {
      playerId: p.userId,
      toScore: 0,
      reason: 'Deposits were a relative paying rent',
    })
    expect(asked.success).toBe(true)
    expect(asked.data).toMatchObject({ score: 6, level: 2 })
    const [review] = asked.data.reviews
    // Not by the one who asked.
    const own = await first.post('harm/score/decide', { reviewId: review.id, decision: 'approve', reason: 'ok by me' })
    expect(own.statusCode).toBe(403)
    expect(own.json().msgCode).toBe('four_eyes_same_operator')
    expect((await second.call('harm/score/reviews')).data.items).toHaveLength(1)
    const approved = await second.call('harm/score/decide', {
      reviewId: review.id,
      decision: 'approve',
      reason: 'Checked the payer',
    })
    expect(approved.success).toBe(true)
    expect(approved.data).toMatchObject({
      score: 0,
      rawScore: 6,
      level: 0,
      lowered: { to: 0, reason: 'Deposits were a relative paying rent' },
    })
    expect(await auditOf('harm.lower_requested')).toHaveLength(1)
    expect((await auditOf('harm.lower_approved'))[0]).toMatchObject({
      actor_name: second.name,
      reason: 'Checked the payer',
    })
    expect(
      (await second.call('harm/score/decide', { reviewId: review.id, decision: 'reject', reason: 'late' })).msgCode,
    ).toBe('harm_review_taken')
    // The worker keeps the lowered score while the evidence is the same…
    clock.time += MINUTE
    expect(await t.app.harm.recompute(p.userId)).toMatchObject({ rawScore: 6, score: 0, level: 0, opened: [] })
    // …and new evidence (distress words) ends it.
    await p.call('/v1/support/send', { text: 'I am addicted', requestId: randomUUID() })
    const raised = await t.app.harm.recompute(p.userId)
    expect(raised).toMatchObject({ rawScore: 10, score: 10, level: 3 })
    expect(raised.opened.map((o) => o.kind)).toEqual(['contact_task'])
  })

  it('a run stopped by shutdown gives its lease back and keeps its watermark: the next run takes the work over at once', async () => {
    const p = await player()
    await p.deposit(1000)
    const stopped = new AbortController()
    stopped.abort()
    await expect(t.app.harm.runOnce(undefined, stopped.signal)).rejects.toThrow()
    const worker = await t.db.kysely.selectFrom('harm_worker').selectAll().executeTakeFirstOrThrow()
    expect(Number(worker.lease_until)).toBe(0)
    // The watermark a first run starts from (a day back), not moved on by the stopped run.
    expect(Number(worker.watermark)).toBe(clock.now() - DAY)
    const next = await t.app.harm.runOnce()
    expect(next?.players).toBeGreaterThanOrEqual(1)
  })

  it('the worker recomputes only players whose records changed, under a lease; and measures each intervention a week on', async () => {
    const p = await player()
    const quiet = await player()
    await quiet.deposit(1000)
    clock.time += 2 * DAY
    await t.app.harm.runOnce()
    await chase(p)
    // A run already under way holds the lease: a second one at the same time does nothing.
    await t.db.kysely
      .updateTable('harm_worker')
      .set({ lease_until: clock.now() + MINUTE })
      .execute()
    expect(await t.app.harm.runOnce()).toBeNull()
    await t.db.kysely.updateTable('harm_worker').set({ lease_until: 0 }).execute()
    expect(await t.app.harm.runOnce()).toMatchObject({ players: 1, measured: 0 })

    const risk = await operator('risk')
    const before = await risk.call('harm/effect')
    expect(before.data.rows[0]).toMatchObject({ kind: 'message', interventions: 1, measured: 0 })

    // A quiet week after the message.
    clock.time += 7 * DAY + HOUR
    expect(await t.app.harm.runOnce()).toMatchObject({ measured: 2 })
    const effect = await (await operator('support')).call('harm/effect')
    expect(effect.success).toBe(true)
    expect(effect.data.rows[0]).toMatchObject({
      kind: 'message',
      level: 1,
      interventions: 1,
      measured: 1,
      before: { deposited: 16_000, loss: 24_000 },
      after: { deposited: 0, loss: 0, minutes: 0 },
    })
    expect(JSON.stringify(effect.data)).not.toContain(String(p.cpf))
    expect(Object.keys(effect.data.rows[0])).not.toContain('playerId')
  })

  it('a run after a long pause finds every player changed over the whole window, each once, reading it a day at a time', async () => {
    const [early, edge, late, twice] = [await player(), await player(), await player(), await player()]
    // Their sign-up (limits set) falls before the window.
    clock.time += HOUR
    await t.app.harm.runOnce()
    const pausedAt = clock.now()
    clock.time += HOUR
    await early.deposit(1000)
    await twice.deposit(1000)
    // The last millisecond of the window's first day (the window opens a minute before the
    // watermark), then days on.
    clock.time = pausedAt - MINUTE + DAY - 1
    await edge.deposit(2000)
    // Days on (a player's session outlives this pause; a longer one would need a new log-in).
    clock.time += 4 * DAY
    await twice.deposit(3000)
    await late.call('/v1/support/send', { text: 'a question', requestId: randomUUID() })
    clock.time += HOUR
    const ids = [early, edge, late, twice].map((p) => p.userId)
    expect((await t.app.harm.changedPlayers(pausedAt - MINUTE, clock.now() + 1, clock.now())).sort()).toEqual(
      [...ids].sort(),
    )
    expect(await t.app.harm.runOnce()).toMatchObject({ players: 4 })
    const scored = await t.db.kysely
      .selectFrom('harm_scores')
      .select('computed_at')
      .where('player_id', 'in', ids)
      .execute()
    expect(scored.map((row) => Number(row.computed_at))).toEqual(ids.map(() => clock.now()))
  })
})
