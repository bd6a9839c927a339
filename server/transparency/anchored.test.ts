// The proof held against its own operator, tried from outside on both engines. (a) A connection
// of its own — not the app's — cannot UPDATE or DELETE a frozen day, its time-stamp token, a
// ledger transfer or an audit row (nor TRUNCATE them on PostgreSQL): the database refuses; the
// one documented way through (server/audit/append-only.ts) works and is audited. (b) Each frozen
// day is stamped by the sandbox RFC 3161 authority over HTTP; a past day rewritten with the
// triggers dropped and the chain re-hashed forward passes the hash chain alone but fails
// `npm run transparency:verify --tsa-cert` on its token; the server, started again on that
// database, finds the break, reports it as a metric, freezes no new day until an admin
// acknowledges it in the console (audited), and then goes on.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DayFigures } from '../../contract/transparency.ts'
import { snapshotContent, snapshotHash } from '../../contract/transparency-chain.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { buildTestApp, createTestDb, engines, type TestDb, testDatabaseClient } from '../../tests/support/server.ts'
import { writeHistory } from '../../tests/support/transparency-history.ts'
import { isAppendOnlyRefusal, throughAppendOnly } from '../audit/append-only.ts'
import { writeAudit } from '../audit/audit.ts'
import type { Db } from '../db/database.ts'
import { addDays } from './figures.ts'
import { startSandboxTsa } from './sandbox/tsa.ts'
import { certificatesFromPem, checkToken } from './tsa.ts'

const run = promisify(execFile)
const DAY = 24 * 60 * 60_000
// 10 March 2026, 15:00 in São Paulo.
const NOW = Date.parse('2026-03-10T18:00:00Z')
const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const verifyScript = path.resolve(import.meta.dirname, '../../scripts/transparency-verify.ts')

/** A connection of its own to the test database, as someone with database access would open. */
interface Outside {
  run(text: string, params?: unknown[]): Promise<void>
  close(): Promise<void>
}

async function outside(db: Db): Promise<Outside> {
  if (db.engine === 'sqlite') {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
      db.kysely,
    )
    const file = new DatabaseSync(rows[0]?.file as string)
    return {
      run: async (text, params = []) => {
        file.prepare(text).run(...(params as (string | number)[]))
      },
      close: async () => file.close(),
    }
  }
  const client = await testDatabaseClient(db)
  return {
    run: async (text, params = []) => {
      // $1, $2 … on PostgreSQL where SQLite takes ?.
      let n = 0
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )
    },
    close: () => client.end(),
  }
}

const refusal = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error, 'the database let the change through').not.toBeNull()
  expect(isAppendOnlyRefusal(error), String(error)).toBe(true)
}

describe.each(engines)('append-only below the app on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  let out: Outside

  beforeAll(async () => {
    testDb = await createTestDb(engine)
    await writeHistory(testDb.db, NOW)
    app = await buildTestApp(testDb.db, {}, { now: () => NOW })
    await app.transparency.refresh()
    await writeAudit(
      testDb.db.kysely,
      { id: null, name: 'test', ip: '203.0.113.9' },
      { action: 'test.action', objectType: 'test', objectId: 1 },
      NOW,
    )
    out = await outside(testDb.db)
  }, 180_000)
  afterAll(async () => {
    await out?.close()
    await app?.close()
    await testDb?.drop()
  })

  it('refuses UPDATE and DELETE of a frozen day, a transfer and an audit row from a connection of its own', async () => {
    const k = testDb.db.kysely
    const day = (await k.selectFrom('transparency_snapshots').select('day').orderBy('day').executeTakeFirstOrThrow())
      .day
    const transfer = (await k.selectFrom('ledger_transfers').select('id').executeTakeFirstOrThrow()).id
    const audit = Number((await k.selectFrom('audit_log').select('id').executeTakeFirstOrThrow()).id)
    const attempts: [string, unknown[]][] = [
      ["update transparency_snapshots set figures = '{}' where day = ?", [day]],
      ['update transparency_snapshots set hash = previous_hash where day = ?', [day]],
      ['delete from transparency_snapshots where day = ?', [day]],
      ['update ledger_transfers set amount = amount + 1 where id = ?', [transfer]],
      ['delete from ledger_transfers where id = ?', [transfer]],
      ["update audit_log set actor_name = 'someone else' where id = ?", [audit]],
      ['delete from audit_log where id = ?', [audit]],
      ['delete from audit_log', []],
    ]
    for (const [text, params] of attempts) await refusal(out.run(text, params))
    if (engine === 'postgres')
      for (const table of ['transparency_snapshots', 'ledger_transfers', 'audit_log', 'transparency_anchors'])
        await refusal(out.run(`truncate ${table}`))
    // Through the app's own connection too: the triggers do not care who asks.
    await refusal(k.updateTable('ledger_transfers').set({ amount: 1 }).where('id', '=', transfer).execute())
    // Nothing changed; inserting goes on as before.
    expect(
      await k.selectFrom('transparency_snapshots').select('day').where('day', '=', day).executeTakeFirst(),
    ).toBeDefined()
    await writeAudit(
      k,
      { id: null, name: 'test', ip: '-' },
      { action: 'test.again', objectType: 'test', objectId: 2 },
      NOW,
    )
  })

  it('lets the one documented way through, for its own transaction only, and audits it', async () => {
    const k = testDb.db.kysely
    const row = await k.selectFrom('ledger_transfers').select(['id', 'amount']).executeTakeFirstOrThrow()
    const lifted = await throughAppendOnly(
      k,
      {
        actor: { id: null, name: 'retention', ip: '-' },
        reason: 'test: the documented path',
        tables: ['ledger_transfers'],
      },
      NOW,
      async (trx) => {
        const result = await trx
          .updateTable('ledger_transfers')
          .set({ reference: 'changed through the documented path' })
          .where('id', '=', row.id)
          .executeTakeFirst()
        return { rows: Number(result.numUpdatedRows) }
      },
    )
    expect(lifted.rows).toBe(1)
    const entry = await k
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'appendOnly.lift')
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({
      actor_name: 'retention',
      object_id: 'ledger_transfers',
      reason: 'test: the documented path',
    })
    expect(JSON.parse(entry.after as string)).toEqual({ rows: 1 })
    expect(await k.selectFrom('append_only_unlocks').selectAll().execute()).toEqual([])
    // Closed again at once: the next change is refused.
    await refusal(k.updateTable('ledger_transfers').set({ reference: null }).where('id', '=', row.id).execute())
    // A failing piece of work leaves nothing behind, the audit entry included.
    const before = await k
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    await expect(
      throughAppendOnly(k, { actor: { id: null, name: 'x', ip: '-' }, reason: 'fails', tables: [] }, NOW, async () => {
        throw new Error('stopped half-way')
      }),
    ).rejects.toThrow('stopped half-way')
    const after = await k
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})

describe.each(engines)('anchored days on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  let tsa: Awaited<ReturnType<typeof startSandboxTsa>>
  let tsaDir: string
  let now = NOW
  let env: Record<string, string>
  let origin: string

  const listen = async (target: FastifyInstance) => {
    await target.listen({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${(target.server.address() as { port: number }).port}`
  }
  const verify = (...args: string[]) =>
    run(process.execPath, [verifyScript, origin, ...args]).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    )
  const metric = async (target: FastifyInstance) => {
    const reply = await target.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    return Number(/^jogolimpo_transparency_chain_breaks_unacknowledged (\d+)$/m.exec(reply.body)?.[1])
  }

  beforeAll(async () => {
    tsaDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-tsa-'))
    tsa = await startSandboxTsa({ dir: tsaDir, port: 0 })
    env = { TRANSPARENCY_TSA_URL: tsa.url, TRANSPARENCY_TSA_CERT_FILE: tsa.caFile, METRICS_TOKEN }
    testDb = await createTestDb(engine)
    await writeHistory(testDb.db, NOW)
    app = await buildTestApp(testDb.db, env, { now: () => now })
    await listen(app)
    await app.transparency.refresh()
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
    await tsa?.close()
    rmSync(tsaDir, { recursive: true, force: true })
  })

  it('stamps every frozen day at the TSA and publishes the token with the day', async () => {
    const k = testDb.db.kysely
    const days = await k.selectFrom('transparency_snapshots').select(['day', 'hash']).orderBy('day').execute()
    const anchors = await k.selectFrom('transparency_anchors').selectAll().orderBy('day').execute()
    expect(days.length).toBeGreaterThan(40)
    expect(anchors.map((a) => [a.day, a.hash])).toEqual(days.map((d) => [d.day, d.hash]))
    const page = (await app.inject({ method: 'GET', url: '/api/transparency/snapshots' })).json().data
    const trusted = certificatesFromPem(readFileSync(tsa.caFile, 'utf8'))
    for (const snapshot of page.snapshots) {
      expect(snapshot.anchor.tsaUrl).toBe(tsa.url)
      expect(await checkToken(snapshot.anchor.token, snapshotContent(snapshot), trusted)).toMatchObject({ ok: true })
    }
    const good = await verify(`--tsa-cert=${tsa.caFile}`)
    expect(good.out).toMatch(/cadeia verificada até 09\/03\/2026: \d+ dias.*\d+ carimbos de tempo verificados/)
    expect(good.code).toBe(0)
    // Another authority's certificate is not trusted for these tokens.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-tsa-'))
    const other = await startSandboxTsa({ dir: otherDir, port: 0 })
    try {
      const wrong = await verify(`--tsa-cert=${other.caFile}`)
      expect(wrong.code).toBe(1)
      expect(wrong.out).toMatch(/time-stamp token does not check/)
    } finally {
      await other.close()
      rmSync(otherDir, { recursive: true, force: true })
    }
    expect(await metric(app)).toBe(0)
  }, 120_000)

  it('catches a day rewritten with the triggers dropped and re-hashed forward: verify on its token, the server on its self-check', async () => {
    const k = testDb.db.kysely
    const target = '2026-02-20'
    const rows = await k
      .selectFrom('transparency_snapshots')
      .selectAll()
      .where('day', '>=', target)
      .orderBy('day')
      .execute()
    const out = await outside(testDb.db)
    try {
      // The operator with database access: the triggers off, one figure changed, every hash after it
      // recomputed so the chain is consistent in itself, the triggers back on.
      const triggers =
        engine === 'postgres'
          ? ['drop trigger transparency_snapshots_append_only on transparency_snapshots']
          : ['drop trigger transparency_snapshots_no_update']
      for (const text of triggers) await out.run(text)
      let previous = rows[0]?.previous_hash as string
      for (const row of rows) {
        const figures = JSON.parse(row.figures) as DayFigures
        if (row.day === target) figures.withdrawals.paid += 1
        const hash = snapshotHash({ day: row.day, previousHash: previous, figures })
        await out.run('update transparency_snapshots set figures = ?, previous_hash = ?, hash = ? where day = ?', [
          JSON.stringify(figures),
          previous,
          hash,
          row.day,
        ])
        previous = hash
      }
    } finally {
      await out.close()
    }

    // The server started again on that database (no memory of what it saw, no cached head).
    await app.close()
    now = NOW + 2 * DAY
    app = await buildTestApp(testDb.db, env, { now: () => now })
    await listen(app)
    // The check at start (in the background); a request joins it.
    await app.transparency.refresh()

    // The hash chain alone holds (nobody kept a head); the token of the rewritten day does not.
    expect((await verify()).code).toBe(0)
    const caught = await verify(`--tsa-cert=${tsa.caFile}`)
    expect(caught.code).toBe(1)
    expect(caught.out).toContain(`CHAIN BROKEN at ${target}: its time-stamp token does not check`)

    // Its self-check at start found the break, the metric says so, and a new day is not frozen.
    expect(await metric(app)).toBeGreaterThan(0)
    const breaks = await app.transparency.breaks()
    expect(breaks.some((b) => b.day === target && b.problem === 'anchor')).toBe(true)
    const head = async () =>
      (await k.selectFrom('transparency_snapshots').select('day').orderBy('day', 'desc').executeTakeFirstOrThrow()).day
    expect(await head()).toBe('2026-03-09')
    await app.transparency.refresh()
    expect(await head()).toBe('2026-03-09')

    // Support may not acknowledge; an admin does, with a reason, audited.
    const support = await signedInOperator(app, k, 'support', now, '192.0.2.10')
    expect((await support.post('transparency/acknowledge', { reason: 'seen' })).statusCode).toBe(403)
    const admin = await signedInOperator(app, k, 'admin', now, '192.0.2.11')
    const listed = await admin.call('transparency/breaks')
    expect(listed.data.open).toBeGreaterThan(0)
    const acknowledged = await admin.call('transparency/acknowledge', {
      reason: 'restored from backup; see incident 7',
    })
    expect(acknowledged).toMatchObject({ success: true, data: { open: 0 } })
    const entry = await k
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'transparency.acknowledgeBreak')
      .executeTakeFirstOrThrow()
    expect(entry.actor_name).toBe(admin.name)
    expect(entry.reason).toBe('restored from backup; see incident 7')
    expect(JSON.parse(entry.before as string)).toContainEqual({ day: target, problem: 'anchor' })
    expect(await metric(app)).toBe(0)

    // Publishing goes on: the days since are frozen and stamped; the rewritten day stays on record.
    await app.transparency.refresh()
    expect(await head()).toBe(addDays('2026-03-09', 2))
    const latest = await k
      .selectFrom('transparency_anchors')
      .select('day')
      .orderBy('day', 'desc')
      .executeTakeFirstOrThrow()
    expect(latest.day).toBe(addDays('2026-03-09', 2))
    expect((await verify(`--tsa-cert=${tsa.caFile}`)).code).toBe(1)
  }, 180_000)

  it('refuses to pass a day whose token was removed, and does not stamp it again', async () => {
    const k = testDb.db.kysely
    const out = await outside(testDb.db)
    try {
      await out.run(
        engine === 'postgres'
          ? 'drop trigger transparency_anchors_append_only on transparency_anchors'
          : 'drop trigger transparency_anchors_no_delete',
      )
      await out.run("delete from transparency_anchors where day = '2026-02-25'")
    } finally {
      await out.close()
    }
    await app.transparency.refresh()
    expect(
      await k.selectFrom('transparency_anchors').select('day').where('day', '=', '2026-02-25').executeTakeFirst(),
    ).toBe(undefined)
    const breaks = await app.transparency.breaks()
    expect(breaks.some((b) => b.day === '2026-02-25' && b.problem === 'unanchored' && b.acknowledgedAt === null)).toBe(
      true,
    )
  }, 60_000)
})
