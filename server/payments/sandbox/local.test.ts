// The sandbox next to the app as a tester starts it: the OAuth2 client secret sits alone in its
// file and the line start-up prints for PIX_CLIENT_SECRET reads exactly it in a shell (a file
// made by an older start, JSON with the id, is split); and migration 0033 keeps the sandbox's
// charges (revisao 0) while letting a charge be stored as withdrawn by the receiver.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDb, engines, type TestDb } from '../../../tests/support/server.ts'
import { loadConfig } from '../../config.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { type LocalSandbox, startLocalSandbox } from './local.ts'
import { inMemorySandboxPki, sandboxClientFiles } from './pki.ts'

describe.each(engines)('the local sandbox on %s', (engine) => {
  let db: TestDb | undefined
  let sandbox: LocalSandbox | undefined
  let dir: string | undefined
  afterEach(async () => {
    await sandbox?.server.close()
    await db?.drop()
    if (dir) rmSync(dir, { recursive: true, force: true })
    sandbox = db = dir = undefined
  })

  const start = async (directory: string) =>
    startLocalSandbox({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      db: (db as TestDb).db.kysely,
      dir: directory,
      makePki: inMemorySandboxPki,
      port: 0,
      webhookUrl: 'http://127.0.0.1/api/payments/webhook',
    })

  it('keeps the client secret alone in its file, and the printed PIX_CLIENT_SECRET reads exactly it in a shell', async () => {
    db = await createTestDb(engine)
    dir = mkdtempSync(path.join(tmpdir(), "sandbox pix 'quoted' "))
    sandbox = await start(dir)
    const secret = sandbox.env.PIX_CLIENT_SECRET as string
    expect(readFileSync(path.join(dir, sandboxClientFiles.secret), 'utf8')).toBe(secret)
    const read = execFileSync('/bin/sh', [
      '-c',
      `PIX_CLIENT_SECRET=${sandbox.clientSecretInShell}; printf %s "$PIX_CLIENT_SECRET"`,
    ])
    expect(read.toString('utf8')).toBe(secret)
    await sandbox.server.close()

    // A directory from before the secret had its own file: JSON with the id, split on start.
    writeFileSync(
      path.join(dir, sandboxClientFiles.secret),
      JSON.stringify({ clientId: 'old-id', clientSecret: 'old-secret-0123456789' }),
    )
    sandbox = await start(dir)
    expect(sandbox.env).toMatchObject({ PIX_CLIENT_ID: 'old-id', PIX_CLIENT_SECRET: 'old-secret-0123456789' })
    expect(readFileSync(path.join(dir, sandboxClientFiles.secret), 'utf8')).toBe('old-secret-0123456789')
    expect(readFileSync(path.join(dir, sandboxClientFiles.id), 'utf8').trim()).toBe('old-id')
  })

  it('migration 0033 keeps the charges made before it (revisao 0) and stores a charge withdrawn by the receiver', async () => {
    db = await createTestDb(engine, '0027-four-eyes-window')
    await sql`insert into sandbox_charges (txid, amount, status, pay_code, payer_name, payer_cpf, created_at, expires_seconds)
      values ('T0000000000000000000000000000001', 1234, 'ATIVA', '0002012', '', '', 1, 600)`.execute(db.db.kysely)
    await migrateToLatest(db.db)
    const row = await db.db.kysely.selectFrom('sandbox_charges').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ txid: 'T0000000000000000000000000000001', status: 'ATIVA', revisao: 0 })
    expect(Number(row.amount)).toBe(1234)
    await db.db.kysely
      .updateTable('sandbox_charges')
      .set({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 })
      .execute()
    await expect(
      db.db.kysely
        .updateTable('sandbox_charges')
        .set({ status: 'OUTRA' as never })
        .execute(),
    ).rejects.toThrow()
  })
})
