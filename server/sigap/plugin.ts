// The barred-person register module (SIGAP's Módulo de Impedidos, Lei 14.790/2023 art. 26 and the
// SPA/MF rules in docs/compliance.md): asks the register about players at registration, at their
// first login of each local day, again while it owes an answer, and every SIGAP_SWEEP_DAYS over the
// whole base; keeps every answer; bars a player it names from play, deposits and rewards (gate.ts).
// Its tables are register_players, register_answers, register_sweeps and register_leases; other
// modules call `app.sigap` and the gate's functions. The register is reached over HTTP
// (sigap-api.ts) at SIGAP_URL — the sandbox register's, which server/main.ts and the test harness
// start when none is configured.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { type BarredRegister, RegisterUnavailable } from './register.ts'
import { sigapApiRegister } from './sigap-api.ts'
import { RegisterStanding } from './standing.ts'
import { RegisterSweep } from './sweep.ts'

/** How often a due sweep is looked for, and owed answers asked again. */
const SWEEP_POLL_MS = 60_000
const RETRY_POLL_MS = 15_000

export interface SigapService {
  standing: RegisterStanding
  sweep: RegisterSweep
  /** Asks again about players owed an answer whose wait is over (a timer does it too). */
  retryDue(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    sigap: SigapService
  }
}

/** No register configured and none started: every question goes unanswered, so nobody is cleared. */
const unconfigured: BarredRegister = {
  lookup: async () => {
    throw new RegisterUnavailable('SIGAP_URL is not set')
  },
}

const sigapPlugin: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app
  const { sigap } = config
  const onError = (error: unknown) => app.log.error({ err: error }, 'barred-person register fault')
  const lookups = { answered: 0, unanswered: 0 }
  const lookupSeconds = { total: 0 }
  const register = sigap.url
    ? sigapApiRegister({
        baseUrl: sigap.url,
        token: sigap.token,
        timeoutMs: sigap.timeoutMs,
        onCall: (seconds, failed) => {
          lookups[failed ? 'unanswered' : 'answered'] += 1
          lookupSeconds.total += seconds
        },
      })
    : unconfigured
  const now = () => clock.now()
  const standing = new RegisterStanding({ db, register, now, timeZone: config.market.timeZone, onError })
  const sweep = new RegisterSweep({
    db,
    standing,
    now,
    everyMs: sigap.sweepDays * 86_400_000,
    ratePerSecond: sigap.ratePerSecond,
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    onError,
  })
  let retrying: Promise<number> | null = null
  const retryDue = () => {
    retrying ??= standing.retryDue().finally(() => {
      retrying = null
    })
    return retrying
  }
  app.decorate('sigap', { standing, sweep, retryDue } satisfies SigapService)

  app.metrics.gauge('register_sweep_checked', 'Players the latest barred-register sweep has asked about', async () =>
    Number((await sweep.progress())?.checked ?? 0),
  )
  app.metrics.gauge(
    'register_sweep_players',
    'Players the latest barred-register sweep set out to ask about',
    async () => Number((await sweep.progress())?.total ?? 0),
  )
  app.metrics.gauge(
    'register_players_unchecked',
    'Players the barred-person register owes an answer',
    async () => (await standing.counts()).unchecked,
  )
  app.metrics.gauge(
    'register_players_barred',
    'Players the barred-person register named',
    async () => (await standing.counts()).barred,
  )

  app.metrics.totals(
    'register_lookups_total',
    'Questions this instance sent the barred-person register',
    'result',
    () => lookups,
  )
  app.metrics.totals(
    'register_lookup_seconds_total',
    'Time this instance spent waiting for the register',
    'kind',
    () => ({
      lookup: lookupSeconds.total,
    }),
  )

  let retryTimer: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    sweep.start(SWEEP_POLL_MS)
    retryTimer = setInterval(() => void retryDue().catch(onError), RETRY_POLL_MS)
    retryTimer.unref()
  })
  app.addHook('onClose', async () => {
    if (retryTimer) clearInterval(retryTimer)
    await sweep.stop()
    await retrying?.catch(() => undefined)
  })
}

export const sigapModule = fp(sigapPlugin, { name: 'sigap', dependencies: ['metrics'] })
