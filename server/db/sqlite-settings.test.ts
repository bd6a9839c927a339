// The writer's connection to the SQLite file as the server opens it: WAL, an fsync per commit,
// foreign keys, and the page cache SQLITE_CACHE_MB asks for (SQLite's own default of 2 MiB made
// each insert into a year's random-keyed tables a read from disk).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { type Db, openDatabase } from './database.ts'

describe('the SQLite connection', () => {
  let dir: string | undefined
  let db: Db | undefined
  afterEach(async () => {
    await db?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const pragma = async (name: string) =>
    Object.values(
      (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db?.kysely as never)).rows[0] ?? {},
    )[0]

  it('is WAL, synchronous FULL, with foreign keys and a 64 MiB page cache by default', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-settings-'))
    db = openDatabase({ dataDir: dir, sqliteCacheMb: loadConfig({}).sqliteCacheMb })
    expect(await pragma('journal_mode')).toBe('wal')
    expect(await pragma('synchronous')).toBe(2)
    expect(await pragma('foreign_keys')).toBe(1)
    expect(await pragma('cache_size')).toBe(-64 * 1024)
  })

  it('takes SQLITE_CACHE_MB', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-settings-'))
    db = openDatabase({ dataDir: dir, sqliteCacheMb: loadConfig({ SQLITE_CACHE_MB: '256' }).sqliteCacheMb })
    expect(await pragma('cache_size')).toBe(-256 * 1024)
  })
})
