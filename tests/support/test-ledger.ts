// Test support for the ledger: a ledger on a fresh test database, and players to move money
// between.

import { createDevicePlayer } from '../../server/accounts/players.ts'
import type { Db, Engine } from '../../server/db/database.ts'
import { AccountDirectory } from '../../server/ledger/accounts.ts'
import { Ledger } from '../../server/ledger/ledger.ts'
import { createTestDb, type TestDb } from './server.ts'

export interface TestLedger extends TestDb {
  ledger: Ledger
  newPlayer(): Promise<number>
  committed: number[][]
}

export async function createTestLedger(engine: Engine): Promise<TestLedger> {
  const testDb = await createTestDb(engine)
  const accounts = new AccountDirectory(testDb.db.kysely)
  await accounts.ensureHouseAccounts(Date.now())
  const committed: number[][] = []
  const ledger = new Ledger({
    db: testDb.db.kysely,
    engine,
    sqlite: testDb.db.sqlite,
    accounts,
    now: () => Date.now(),
    afterCommit: (players) => committed.push(players),
  })
  return {
    ...testDb,
    ledger,
    committed,
    newPlayer: () => createDevicePlayer(testDb.db.kysely, Date.now()),
  }
}

/** A ledger on test database `db` whose clock is `clock.now` (moved by the test), its house accounts made. */
export async function ledgerOnClock(db: Db, clock: { now: number }) {
  const accounts = new AccountDirectory(db.kysely)
  const ledger = new Ledger({
    db: db.kysely,
    engine: db.engine,
    sqlite: db.sqlite,
    accounts,
    now: () => clock.now,
    afterCommit: () => {},
  })
  await accounts.ensureHouseAccounts(clock.now)
  return { ledger, accounts }
}
