// What the server keeps on disk (the SQLite file and its -wal/-shm, backups, VAPID keys, the
// secrets key, the sandbox's certificates) is readable by the account that runs it and by no
// other local user: the process creates files 0600 and folders 0700 (umask 077 at start), and
// a data folder made by an older version is tightened to that when the server starts.
import { chmodSync, closeSync, existsSync, lstatSync, openSync, readdirSync } from 'node:fs'
import path from 'node:path'

export const PRIVATE_FILE_MODE = 0o600
export const PRIVATE_DIR_MODE = 0o700

/** Every file and folder the process creates from now on is its owner's alone. */
export function keepNewFilesPrivate(): void {
  process.umask(0o077)
}

/**
 * Makes `dir` 0700 and everything under it 0600 (files) or 0700 (folders); symbolic links are
 * left alone (what they point to is not ours to change).
 */
export function tightenTree(dir: string): void {
  if (!existsSync(dir)) return
  chmodSync(dir, PRIVATE_DIR_MODE)
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name)
    const stat = lstatSync(entry)
    if (stat.isDirectory()) tightenTree(entry)
    else if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(entry, PRIVATE_FILE_MODE)
  }
}

/**
 * Creates `file` empty and 0600 when it does not exist (whatever the umask), so that what is
 * then written into it (a backup, the database) is private from its first byte; an existing
 * file is made 0600.
 */
export function privateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  chmodSync(file, PRIVATE_FILE_MODE)
}
