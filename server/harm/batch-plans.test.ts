// The harm watch's batch reads on SQLite, as the planner sees them: every kind of record is
// searched through an index that starts with the player (the `player_id in (…)` of a batch), never
// through one of the whole table by status or time — each batch would then walk every paid
// deposit or every session of the week, which at a million players is the whole run's cost.
// (PostgreSQL plans from its statistics; the year's bench checks its plans at size.)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RecordedQuery, recordingSqlite, sqlitePlans } from '../../tests/support/sqlite-plans.ts'
import { copySqliteTemplate } from '../../tests/support/template-db.ts'
import { loadConfig } from '../config.ts'
import { readHarmInputs } from './input.ts'

/** Indexes of a whole table by status or time: a batch read through one of them scans them all. */
const wholeTable = /USING (COVERING )?INDEX \w+ \((status|last_seen_at|paid_at|created_at|updated_at|answered_at)[=<>]/

describe('the harm watch’s batch reads on SQLite', () => {
  let dir: string
  let file: string
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'harm-plans-'))
    await copySqliteTemplate(dir)
    file = path.join(dir, 'jogo-limpo.sqlite')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('search each kind of record by the player’s own index', async () => {
    const read: RecordedQuery[] = []
    const db = recordingSqlite(file, read)
    const config = loadConfig({})
    const now = Date.now()
    // One player with a deposit in the last day, so the rounds before it are read too.
    const player = await db
      .insertInto('players')
      .values({ device_id: 'plans', language: 'pt-BR', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('deposit_orders')
      .values({
        id: 'plans-deposit',
        player_id: Number(player.id),
        request_id: 'plans',
        amount: 2000,
        txid: 'plans',
        pay_code: 'plans',
        status: 'paid',
        accept_offer: 0,
        created_at: now - 60_000,
        expires_at: now,
        paid_at: now - 30_000,
        paid_amount: 2000,
      })
      .execute()
    read.length = 0
    const batch = [Number(player.id), ...Array.from({ length: 499 }, (_, i) => Number(player.id) + i + 1)]
    await readHarmInputs(db, batch, now, config.market.timeZone, config.harm)
    await db.destroy()
    const steps = sqlitePlans(file, read)
    const plans = read.map((query, i) => ({ table: /from "(\w+)"/.exec(query.sql)?.[1], plan: steps[i] ?? [] }))
    expect(plans.map((p) => p.table).sort()).toEqual(
      expect.arrayContaining(['deposit_orders', 'game_rounds', 'game_sessions', 'limit_events', 'reality_checks']),
    )
    for (const { table, plan: steps } of plans) {
      // An OR of each player's own span is searched index by index: each part must be by the player.
      const plan = steps[0] === 'MULTI-INDEX OR' ? steps.filter((step) => step.startsWith('SEARCH')) : steps
      const first = plan[0] ?? ''
      // A read whose only predicate is the batch's players and the time may still take an index by
      // status when the status is rare (failed withdrawals); the large tables may not.
      if (table === 'withdrawal_orders') continue
      if (steps[0] === 'MULTI-INDEX OR')
        for (const part of plan) expect(part, `${table}: ${steps.join(' | ')}`).toMatch(/\(player_id=\?/)
      expect(first, `${table}: ${plan.join(' | ')}`).toMatch(/^SEARCH /)
      expect(first, `${table}: ${plan.join(' | ')}`).not.toMatch(wholeTable)
      expect(first, `${table}: ${plan.join(' | ')}`).toMatch(/\(player_id=\?/)
    }
  })
})
