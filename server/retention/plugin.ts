// The retention module: the schedule of how long each kind of record is kept (schedule.ts) and
// the job that anonymises closed accounts past it (job.ts), decorated as `app.retention` and run
// on a timer while the app is up. It owns no table: each module anonymises its own.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { RetentionJob } from './job.ts'

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionJob
  }
}

const retentionPlugin: FastifyPluginAsync = async (app) => {
  const job = new RetentionJob({
    db: app.db,
    now: () => app.clock.now(),
    onError: (error) => app.log.error({ err: error }, 'retention run failed'),
  })
  app.decorate('retention', job)
  app.addHook('onReady', async () => job.start())
  app.addHook('onClose', async () => job.stop())
}

export const retentionModule = fp(retentionPlugin, { name: 'retention' })
