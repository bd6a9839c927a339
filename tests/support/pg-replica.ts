// A real PostgreSQL primary and its streaming replica on this machine, each a `postgres` of its
// own on a free port in a temporary directory (as the proxy tests start nginx), run as the
// `postgres` OS user when the tests run as root: the primary made by initdb (replication allowed
// from loopback), the replica a base backup of it taken with pg_basebackup and started as a hot
// standby. A primary of their own, not the shared test server: a base backup copies a whole
// cluster (every other test's databases), the shared server allows no replication connection,
// and without a slot its busy WAL can be recycled before the standby streams it.
// `replicaUnavailable` says, before any test, why they cannot be started here (PostgreSQL not
// given, no server binaries), so the tests that need them skip with that reason.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** The OS user the server runs as: `postgres` when we are root (PostgreSQL refuses root), else ourselves. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'))
  if (!line) throw new Error('running as root and there is no postgres user to run PostgreSQL as')
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** Why no primary and replica can be started here, or null when they can. */
export function replicaUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (PostgreSQL is not given to the tests)'
  return serverBinariesMissing()
}

/** Which PostgreSQL server program is missing here, or null when a cluster of our own can be run. */
export function serverBinariesMissing(): string | null {
  for (const bin of ['initdb', 'pg_basebackup', 'postgres'])
    if (!existsSync(path.join(PG_BIN, bin))) return `${path.join(PG_BIN, bin)} is missing (set PG_BIN)`
  return null
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface LocalServer {
  port: number
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string
  /** `url` (a URL of another server) with this server's port. */
  urlFor(url: string): string
  /** Stops the server (fast shutdown); the directory stays until `remove`. */
  stop(): Promise<void>
  /** Stops it if running and removes its directory. */
  remove(): Promise<void>
}

/** Settings a standby must hold at least as high as its primary's. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
]

/**
 * A temporary directory (in `under`, else the OS's) the server's user owns, its `data` folder to
 * be made by initdb, pg_basebackup or a backup's archive.
 */
function serverDirectory(kind: string, under = tmpdir()) {
  const user = serverUser()
  const dir = mkdtempSync(path.join(under, `jogo-limpo-${kind}-`))
  if (user) chownSync(dir, user.uid, user.gid)
  return { dir, data: path.join(dir, 'data'), as: user ? { uid: user.uid, gid: user.gid } : {}, user, kept: false }
}

/** A directory an earlier `startPrimary` made and left (its `data` folder whole): kept if the start fails. */
function existingDirectory(dir: string) {
  if (!existsSync(path.join(dir, 'data', 'PG_VERSION'))) throw new Error(`${dir} holds no cluster (no data/PG_VERSION)`)
  const user = serverUser()
  return { dir, data: path.join(dir, 'data'), as: user ? { uid: user.uid, gid: user.gid } : {}, user, kept: true }
}

/**
 * Writes `config` and a trusting pg_hba.conf into `data` (Debian's packages keep both outside the
 * data directory), starts `postgres` on it, and waits until it answers (and, for a standby, is
 * in recovery).
 */
async function serve(
  where: ReturnType<typeof serverDirectory>,
  port: number,
  config: string[],
  standby: boolean,
): Promise<LocalServer> {
  const { dir, data, as, user } = where
  const base = [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${dir}'`,
    'shared_buffers = 32MB',
    // A test's server: nothing in it outlives the test.
    'fsync = off',
    'synchronous_commit = off',
  ]
  writeFileSync(path.join(data, 'postgresql.conf'), `${[...base, ...config].join('\n')}\n`)
  writeFileSync(
    path.join(data, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  )
  if (user) for (const file of ['postgresql.conf', 'pg_hba.conf']) chownSync(path.join(data, file), user.uid, user.gid)
  const log: string[] = []
  const server: ChildProcess = spawn(path.join(PG_BIN, 'postgres'), ['-D', data], {
    ...as,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  // A process that ends without stopping it (a failed bench) does not leave it running: immediate shutdown.
  const orphaned = () => server.kill('SIGQUIT')
  process.once('exit', orphaned)
  server.once('exit', () => process.off('exit', orphaned))
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGINT') // PostgreSQL's fast shutdown
    await Promise.race([exited, sleep(10_000)])
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
  }
  const remove = async () => {
    await stop()
    rmSync(dir, { recursive: true, force: true })
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`postgres exited: ${log.join('')}`)
      const probe = new pg.Client({ connectionString: url })
      try {
        await probe.connect()
        const inRecovery = (await probe.query('select pg_is_in_recovery() as r')).rows[0].r as boolean
        await probe.end()
        if (inRecovery === standby) break
      } catch {
        await probe.end().catch(() => {})
      }
      if (i > 300) throw new Error(`postgres did not accept connections: ${log.join('')}`)
      await sleep(100)
    }
  } catch (error) {
    await (where.kept ? stop() : remove())
    throw error
  }
  return {
    port,
    url,
    urlFor: (other) => {
      const target = new URL(other)
      target.hostname = '127.0.0.1'
      target.port = String(port)
      return target.toString()
    },
    stop,
    remove,
  }
}

/**
 * A new primary: initdb, replication allowed from loopback (wal_level replica, PostgreSQL's
 * default); in a directory made in `under` if given, with `config` after the test settings.
 */
export async function startPrimary(
  options: { under?: string; config?: string[]; existing?: string } = {},
): Promise<LocalServer & { dir: string }> {
  const where = options.existing ? existingDirectory(options.existing) : serverDirectory('primary', options.under)
  if (!options.existing)
    try {
      await run(
        path.join(PG_BIN, 'initdb'),
        ['-D', where.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'],
        where.as,
      )
    } catch (error) {
      rmSync(where.dir, { recursive: true, force: true })
      throw error
    }
  const server = await serve(
    where,
    await freePort(),
    ['wal_level = replica', 'max_wal_senders = 4', 'max_connections = 100', ...(options.config ?? [])],
    false,
  )
  return { ...server, dir: where.dir }
}

/** A base backup of the primary at `primaryUrl`, started as a hot standby streaming from it. */
export async function startReplica(primaryUrl: string): Promise<LocalServer> {
  return (await startFromBaseBackup(primaryUrl, 'standby')).server
}

/**
 * A base backup of the primary at `primaryUrl` (pg_basebackup, its WAL streamed with it), started
 * as a hot standby streaming from the primary (`standby`) or as a server of its own — a restore of
 * the backup (`restore`). Says how long the copy and the start took and how large the copy is.
 */
export async function startFromBaseBackup(
  primaryUrl: string,
  as: 'standby' | 'restore',
): Promise<{ server: LocalServer; backupSeconds: number; startSeconds: number; bytes: number }> {
  const settings = await primarySettings(primaryUrl)
  const where = serverDirectory(as === 'standby' ? 'replica' : 'restored')
  // standby.signal and primary_conninfo
  const backupSeconds = await pgBaseBackup(primaryUrl, where, as === 'standby' ? ['-R'] : [], `jogo-limpo-${as}`)
  const bytes = directoryBytes(where.data)
  const starting = performance.now()
  const server = await serve(
    where,
    await freePort(),
    [
      ...(as === 'standby'
        ? [
            'hot_standby = on',
            // Long report queries are not cancelled by the primary's vacuum (the setting production uses).
            'hot_standby_feedback = on',
          ]
        : []),
      ...settings,
    ],
    as === 'standby',
  )
  return { server, backupSeconds, startSeconds: (performance.now() - starting) / 1000, bytes }
}

/** A base backup kept as archives: what a restore needs once its primary is gone. */
export interface BaseBackupArchive {
  /** The folder holding base.tar.zst and pg_wal.tar. */
  dir: string
  /** The primary's settings a server started from it must hold at least as high. */
  settings: string[]
  seconds: number
  bytes: number
}

async function primarySettings(primaryUrl: string): Promise<string[]> {
  const settings = new pg.Client({ connectionString: primaryUrl })
  await settings.connect()
  const { rows } = await settings.query<{ name: string; setting: string }>(
    'select name, setting from pg_settings where name = any($1)',
    [AT_LEAST_PRIMARY],
  )
  await settings.end()
  return rows.map((r) => `${r.name} = ${r.setting}`)
}

/**
 * A base backup of the primary at `primaryUrl` written as tar archives in a new folder in `under`:
 * the data compressed by the server with zstd (`--compress=server-zstd`, what crosses the wire and
 * lands on disk is the compressed copy), its WAL streamed beside it.
 */
export async function baseBackupArchive(primaryUrl: string, under: string): Promise<BaseBackupArchive> {
  const settings = await primarySettings(primaryUrl)
  const where = serverDirectory('base-backup', under)
  const seconds = await pgBaseBackup(primaryUrl, where, ['-F', 'tar', '--compress=server-zstd'], 'jogo-limpo-archive')
  return { dir: where.data, settings, seconds, bytes: directoryBytes(where.data) }
}

/**
 * pg_basebackup of the primary at `primaryUrl` into `where`'s data folder, its WAL streamed with
 * it, after a fast checkpoint, with `extra` options; the folder removed if it fails. Its seconds.
 */
async function pgBaseBackup(
  primaryUrl: string,
  where: ReturnType<typeof serverDirectory>,
  extra: string[],
  appName: string,
): Promise<number> {
  const primary = new URL(primaryUrl)
  const copying = performance.now()
  try {
    await run(
      path.join(PG_BIN, 'pg_basebackup'),
      [
        '-h',
        primary.hostname,
        '-p',
        primary.port || '5432',
        '-U',
        decodeURIComponent(primary.username || 'postgres'),
        '-D',
        where.data,
        ...extra,
        '-X',
        'stream',
        '-c',
        'fast',
      ],
      { ...where.as, env: { ...process.env, PGAPPNAME: appName } },
    )
  } catch (error) {
    rmSync(where.dir, { recursive: true, force: true })
    throw error
  }
  return (performance.now() - copying) / 1000
}

/**
 * A restore of `archive`: its archives unpacked into a new data folder in `under` (the base, then
 * its WAL into pg_wal) and started as a server of its own, which replays that WAL to the
 * backup's end before it answers. Says how long the unpacking and the start took.
 */
export async function startFromArchive(
  archive: BaseBackupArchive,
  under: string,
): Promise<{ server: LocalServer; unpackSeconds: number; startSeconds: number; bytes: number }> {
  const where = serverDirectory('restored', under)
  const unpacking = performance.now()
  try {
    mkdirSync(where.data, { mode: 0o700 })
    if (where.user) chownSync(where.data, where.user.uid, where.user.gid)
    const unpack = (file: string, into: string) =>
      run(
        'tar',
        ['-x', ...(file.endsWith('.zst') ? ['--zstd'] : []), '-f', path.join(archive.dir, file), '-C', into],
        where.as,
      )
    const files = readdirSync(archive.dir)
    const base = files.find((f) => f.startsWith('base.tar'))
    const wal = files.find((f) => f.startsWith('pg_wal.tar'))
    if (!base || !wal) throw new Error(`${archive.dir} holds no base backup (${files.join(', ')})`)
    await unpack(base, where.data)
    await unpack(wal, path.join(where.data, 'pg_wal'))
  } catch (error) {
    rmSync(where.dir, { recursive: true, force: true })
    throw error
  }
  const unpackSeconds = (performance.now() - unpacking) / 1000
  const bytes = directoryBytes(where.data)
  const starting = performance.now()
  const server = await serve(where, await freePort(), archive.settings, false)
  return { server, unpackSeconds, startSeconds: (performance.now() - starting) / 1000, bytes }
}

/** The bytes of every file under `dir`. */
function directoryBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size
  return total
}
