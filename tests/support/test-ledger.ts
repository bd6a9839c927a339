// Test support for the ledger: a ledger on a fresh test database, and players to move money
// between.

import { createDevicePlayer } from '../../server/accounts/players.ts'
import type { Engine } from '../../server/db/database.ts'
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
