// Start-up checks of the directories the configuration names: each must be usable, or start-up
// stops with a message naming the variable (instead of failing later, or hanging).
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from './config.ts'
import { tightenTree } from './lib/private-files.ts'

function refuse(variable: string, dir: string, problem: string): never {
  throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot use ${dir}: ${problem}`)
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Creates the directory and its missing parents one level at a time: `mkdirSync(…, { recursive:
 * true })` never returns for a path under /proc (it keeps retrying the ENOENT).
 */
function makeDirectory(dir: string): void {
  const missing: string[] = []
  let existing = dir
  while (!existsSync(existing)) {
    missing.unshift(existing)
    const parent = path.dirname(existing)
    if (parent === existing) break
    existing = parent
  }
  if (existsSync(existing) && !statSync(existing).isDirectory()) throw new Error(`${existing} is not a directory`)
  // Only the server's account may enter what it creates (the data folder holds secrets).
  for (const level of missing) mkdirSync(level, { mode: 0o700 })
}

/** A directory the server writes to (DATA_DIR): created if missing, and proven writable. */
export function ensureWritableDirectory(variable: string, dir: string): void {
  try {
    makeDirectory(dir)
    const probe = path.join(dir, `.write-check-${process.pid}`)
    writeFileSync(probe, '')
    rmSync(probe)
  } catch (error) {
    refuse(variable, dir, reasonOf(error))
  }
}

/**
 * The data folder (when it exists) and everything in it become the server account's alone: 0700
 * folders, 0600 files. A shared folder (sticky bit, like /tmp) is refused rather than closed.
 */
export function ensurePrivateDirectory(variable: string, dir: string): void {
  try {
    if (existsSync(dir) && (statSync(dir).mode & 0o1000) !== 0) refuse(variable, dir, 'a shared folder (sticky bit)')
    tightenTree(dir)
  } catch (error) {
    if (error instanceof ConfigError) throw error
    refuse(variable, dir, reasonOf(error))
  }
}

/** A directory the server only reads (LOCALES_DIR). */
export function ensureReadableDirectory(variable: string, dir: string): void {
  try {
    if (!statSync(dir).isDirectory()) refuse(variable, dir, 'not a directory')
    accessSync(dir, constants.R_OK | constants.X_OK)
  } catch (error) {
    if (error instanceof ConfigError) throw error
    refuse(variable, dir, reasonOf(error))
  }
}
