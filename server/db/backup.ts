// Online backups and restores. SQLite: Node's `node:sqlite` backup API copies the live file
// page by page while the server keeps writing (the copy is one consistent moment). PostgreSQL:
// `pg_dump --format=custom` (one snapshot) and `pg_restore`. A schedule keeps the newest N.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { backup, DatabaseSync } from 'node:sqlite'
import { promisify } from 'node:util'
import { PRIVATE_DIR_MODE, privateFile } from '../lib/private-files.ts'

const run = promisify(execFile)

export const SQLITE_FILE = 'jogo-limpo.sqlite'
const BACKUP_NAME = /^jogo-limpo-\d{8}-\d{6}(-\d+)?\.(sqlite|pgdump)$/

export interface BackupTarget {
  /** PostgreSQL URL; when absent the SQLite file in dataDir. */
  databaseUrl?: string | undefined
  dataDir: string
}

/** `jogo-limpo-20261122-231500.sqlite` (UTC), unique within the directory. */
export function backupFileName(dir: string, engine: 'sqlite' | 'postgres', at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const extension = engine === 'sqlite' ? 'sqlite' : 'pgdump'
  let name = `jogo-limpo-${stamp}.${extension}`
  for (let n = 2; existsSync(path.join(dir, name)); n++) name = `jogo-limpo-${stamp}-${n}.${extension}`
  return path.join(dir, name)
}

/** Writes a consistent copy of the live database into `dir`; answers the file's path. */
export async function backupDatabase(target: BackupTarget, dir: string): Promise<string> {
  // A backup holds what the database holds: its folder 0700, the file 0600 before the first byte.
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (target.databaseUrl) {
    const file = backupFileName(dir, 'postgres')
    privateFile(file)
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, target.databaseUrl])
    return file
  }
  const source = path.join(target.dataDir, SQLITE_FILE)
  if (!existsSync(source)) throw new Error(`no database at ${source}`)
  const file = backupFileName(dir, 'sqlite')
  privateFile(file)
  const live = new DatabaseSync(source, { readOnly: true })
  try {
    await backup(live, file)
  } finally {
    live.close()
  }
  return file
}

/**
 * Replaces the database with a backup. SQLite: the current file is kept beside it as
 * `.before-restore-<time>`; the server must be stopped. PostgreSQL: `pg_restore --clean`.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`)
  if (target.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ])
    return
  }
  mkdirSync(target.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const live = path.join(target.dataDir, SQLITE_FILE)
  if (existsSync(live)) renameSync(live, `${live}.before-restore-${Date.now()}`)
  for (const suffix of ['-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true })
  privateFile(live)
  const copy = new DatabaseSync(file, { readOnly: true })
  try {
    await backup(copy, live)
  } finally {
    copy.close()
  }
}

/** Deletes all but the newest `keep` backups in `dir`; answers what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const files = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || b.localeCompare(a))
  const old = files.slice(keep)
  for (const file of old) rmSync(file)
  return old
}
