// A process that runs the barred-person register's sweep and nothing else, for the test that kills
// it mid-sweep (server/sigap/sweep-kill.test.ts): the database from DATA_DIR (SQLite) or DB_URL and
// DB_SCHEMA (PostgreSQL), the register at SIGAP_URL, the clock fixed at START, small batches paced
// slowly so the kill lands in the middle.
import { openDatabase } from '../../server/db/database.ts'
import { sigapApiRegister } from '../../server/sigap/sigap-api.ts'
import { RegisterStanding } from '../../server/sigap/standing.ts'
import { RegisterSweep } from '../../server/sigap/sweep.ts'

const env = process.env
const db = env.DB_URL
  ? openDatabase({ url: env.DB_URL, schema: env.DB_SCHEMA as string, poolSize: 4 })
  : openDatabase({ dataDir: env.DATA_DIR as string })
const now = () => Number(env.START)
const fail = (error: unknown) => {
  console.error(error)
  process.exit(1)
}
const register = sigapApiRegister({ baseUrl: env.SIGAP_URL as string, token: null, timeoutMs: 10_000 })
const standing = new RegisterStanding({ db: db.kysely, register, now, timeZone: 'America/Sao_Paulo', onError: fail })
const sweep = new RegisterSweep({
  db: db.kysely,
  standing,
  now,
  everyMs: 15 * 86_400_000,
  ratePerSecond: Number(env.RATE ?? 20),
  holder: 'child',
  batchSize: 2,
  onError: fail,
})
console.log(await sweep.run())
