// Test support for the ledger: a ledger on a fresh test database, and players to move money
// between.

import { createTestDb, type TestDb } from '../../tests/support/server.ts'
import { createDevicePlayer } from '../accounts/players.ts'
import type { Engine } from '../db/database.ts'
import { AccountDirectory } from './accounts.ts'
import { Ledger } from './ledger.ts'

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
