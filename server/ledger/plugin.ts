// The ledger module: the house accounts, the double-entry ledger (the only code that writes
// balances) and the statement. It wakes the push hub after each commit that moved money and
// gives the hub the balance a player sees.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { AccountDirectory, POSTGRES_HOUSE_SHARDS, readPlayerBalances } from './accounts.ts'
import { wageringProgress } from './bonus.ts'
import { Ledger } from './ledger.ts'

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger
  }
}

const ledgerPlugin: FastifyPluginAsync = async (app) => {
  // PostgreSQL runs spins in parallel: the game house and the jackpot pool are sharded there.
  const accounts = new AccountDirectory(app.db, {
    houseShards: app.engine === 'postgres' ? POSTGRES_HOUSE_SHARDS : 1,
  })
  await accounts.ensureHouseAccounts(app.clock.now())
  const ledger = new Ledger({
    db: app.db,
    engine: app.engine,
    sqlite: app.sqlite,
    postgres: app.postgres,
    accounts,
    now: () => app.clock.now(),
    afterCommit: (_players, events) => {
      app.push.committed()
      app.push.notifyCommitted(events)
    },
  })
  app.decorate('ledger', ledger)
  app.push.readBalanceWith(async (playerId) => {
    const [b, wagering] = await Promise.all([readPlayerBalances(app.db, playerId), wageringProgress(app.db, playerId)])
    return { total: b.total, cash: b.cash, bonus: b.bonus, wageringRemaining: wagering.remaining }
  })
}

export const ledgerModule = fp(ledgerPlugin, { name: 'ledger', dependencies: ['push'] })
