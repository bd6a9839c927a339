// An app for the tests that compare the spin's paths: a fresh database of `engine`, a manual clock
// at `start`, server seeds handed out in a fixed order (…0000, …0001, …) so every path plays the
// same rounds, and the spin held to one path — SQLite's prepared statements (`direct`),
// PostgreSQL's `ledger_spin` (`oneStatement`), or neither (the LedgerTx path alone). Without a
// `path` the app keeps its own spin.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { GameOffReason } from '../../contract/ops.ts'
import type { Engine } from '../../server/db/database.ts'
import type { Database } from '../../server/db/schema.ts'
import { Rounds } from '../../server/games/rounds.ts'
import { type ManualClock, manualClock } from './clock.ts'
import { buildTestApp, createTestDb, type TestDb } from './server.ts'

export interface SpinPathApp {
  app: FastifyInstance
  testDb: TestDb
  clock: ManualClock
  close(): Promise<void>
}

export async function spinPathApp(
  engine: Engine,
  start: number,
  path?: {
    direct: boolean
    oneStatement: boolean
    /** Why an operator switched a game off, read at each spin (default: every game on). */
    gameOff?: (gameId: string) => GameOffReason | null
  },
): Promise<SpinPathApp> {
  const testDb = await createTestDb(engine)
  const clock = manualClock(start)
  let seeds = 0
  const app = await buildTestApp(testDb.db, {}, clock, {
    serverSeeds: () => `${'5eed'.repeat(15)}${String(seeds++).padStart(4, '0')}`,
  })
  if (path) {
    app.games.rounds = new Rounds({
      ledger: app.ledger,
      direct: path.direct ? { db: app.db, sqlite: app.sqlite as NonNullable<typeof app.sqlite> } : null,
      oneStatement: path.oneStatement,
      winFeedMin: app.config.winFeedMin,
      playLimits: { timeZone: app.config.market.timeZone, realityCheckMinutes: app.config.realityCheckDefaultMinutes },
      gameOff: path.gameOff ?? (() => null),
    })
  }
  return {
    app,
    testDb,
    clock,
    close: async () => {
      await app.close()
      await testDb.drop()
    },
  }
}

/**
 * Round ids and game-session ids are random: a function that replaces each round id by its place in
 * the history (ROUND0, ROUND1…) and each session id by S wherever they appear in `value`, so two
 * paths' answers and rows compare equal when they played the same rounds.
 */
export async function roundMasker(db: Kysely<Database>): Promise<<T>(value: T) => T> {
  const roundIds = (
    await db.selectFrom('game_rounds').select('id').orderBy('created_at').orderBy('nonce').execute()
  ).map((row) => row.id)
  return <T>(value: T): T =>
    JSON.parse(
      roundIds
        .reduce((text, id, i) => text.replaceAll(id, `ROUND${i}`), JSON.stringify(value))
        .replace(/"sessionId":"[0-9a-f]+"/g, '"sessionId":"S"'),
    )
}
