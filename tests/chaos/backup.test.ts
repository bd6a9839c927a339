// Backup under load → restore → audit: the real server moves money (12 clients of operator
// adjustments) while `npm run backup` copies the live database; the copy restored by
// `npm run restore` into a fresh place holds transfers and passes the ledger's audit.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { pruneBackups } from '../../server/db/backup.ts'
import { openDatabase } from '../../server/db/database.ts'
import { createTemporaryDatabase } from '../../server/db/temporary-database.ts'
import { auditLedger } from '../../server/ledger/audit.ts'
import { engines } from '../support/server.ts'
import { freeTestPort, OPS_TOKEN, prepare, startServer } from './server-process.ts'

const run = promisify(execFile)
const WORKERS = 12

async function npmScript(script: 'backup.ts' | 'restore.ts', args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [`scripts/${script}`, ...args], {
    env: { ...process.env, ...env },
  })
  return stdout
}

describe.each(engines)('backup and restore on %s', (engine) => {
  it('restores a backup taken under load, and the ledger audit passes on it', async () => {
    const setup = await prepare(engine)
    const backups = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-backups-'))
    const port = await freeTestPort()
    const base = `http://127.0.0.1:${port}`
    const server = await startServer(setup.env, port)
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-restored-'))
    const restoredPg =
      engine === 'postgres'
        ? await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_restore')
        : null
    const restoreEnv: Record<string, string> = restoredPg ? { DATABASE_URL: restoredPg.url } : { DATA_DIR: restoredDir }
    try {
      const players: number[] = []
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: crypto.randomUUID() }),
        })
        players.push((await res.json()).data.userId)
      }
      let running = true
      let acknowledged = 0
      let counter = 0
      const stopAt = Date.now() + 20_000
      const worker = async () => {
        while (running && Date.now() < stopAt) {
          const n = counter++
          const res = await fetch(`${base}/api/ops/adjust`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
            body: JSON.stringify({
              requestId: `backup-load-${n}`,
              userId: players[n % players.length],
              amount: n % 4 === 0 ? -150 : 100,
              reason: 'backup-test',
            }),
          })
          if ((await res.json()).success) acknowledged++
        }
      }
      const workers = Array.from({ length: WORKERS }, worker)
      await sleep(800)
      const before = acknowledged
      const output = await npmScript('backup.ts', ['--dir', backups], setup.env)
      const after = acknowledged
      await sleep(300)
      running = false
      await Promise.all(workers)
      expect(output).toMatch(/backup written: /)
      const [file] = readdirSync(backups)
      expect(file).toMatch(engine === 'sqlite' ? /\.sqlite$/ : /\.pgdump$/)

      const restored = await npmScript('restore.ts', [path.join(backups, file as string)], restoreEnv)
      expect(restored).toMatch(/audit passes/)
      const db = openDatabase(restoredPg ? { url: restoredPg.url } : { dataDir: restoredDir })
      try {
        const audit = await auditLedger(db.kysely)
        expect(audit).toMatchObject({ ok: true, sumOfBalances: 0, mismatchedAccounts: [] })
        const adjustments = await db.kysely
          .selectFrom('ledger_transfers')
          .select('id')
          .where('kind', '=', 'adjustment')
          .execute()
        // A moment under load: at least what was acknowledged before the backup started, at most
        // what was acknowledged by its end.
        expect(adjustments.length).toBeGreaterThanOrEqual(before)
        expect(adjustments.length).toBeLessThanOrEqual(after)
        console.info(
          `${engine}: backup under load held ${adjustments.length} adjustments (${before}–${after} acknowledged around it)`,
        )
      } finally {
        await db.close()
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGTERM')
      await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)))
      await restoredPg?.drop()
      await setup.cleanup()
      rmSync(backups, { recursive: true, force: true })
      rmSync(restoredDir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('backup retention', () => {
  it('keeps the newest N backups and leaves other files alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-retention-'))
    try {
      const names = ['20261101-000000', '20261102-000000', '20261103-000000', '20261104-000000'].map(
        (stamp) => `jogo-limpo-${stamp}.sqlite`,
      )
      names.forEach((name, i) => {
        writeFileSync(path.join(dir, name), '')
        utimesSync(path.join(dir, name), 1_700_000_000 + i, 1_700_000_000 + i)
      })
      writeFileSync(path.join(dir, 'notes.txt'), '')
      expect(pruneBackups(dir, 2).map((file) => path.basename(file))).toEqual(names.slice(0, 2).reverse())
      expect(readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort())
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
