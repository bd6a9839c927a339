// A describe block's app, made again for each test: the clock set back, a fresh database on the
// engine and an app on it before each test, closed and dropped after it (vitest's hooks, so it
// lives apart from server.ts, which scripts outside vitest import too).
import { afterEach, beforeEach } from 'vitest'
import type { Engine } from '../../server/db/database.ts'
import type { ManualClock } from './clock.ts'
import { createTestApp, type TestApp } from './server.ts'

/**
 * In the describe block it is called in: before each test the clock (when given) set back to
 * `start`, a fresh database on `engine` and an app built on it with `env`; after each, the app
 * closed and the database dropped. Tests reach the current ones through `app` and `db`.
 */
export function appPerTest(
  engine: Engine,
  options: { env?: Record<string, string>; clock?: ManualClock; start?: number } = {},
): Pick<TestApp, 'app' | 'db'> {
  const { env = {}, clock, start } = options
  let current: TestApp | undefined
  beforeEach(async () => {
    if (clock && start !== undefined) clock.time = start
    current = await createTestApp(engine, env, clock)
  })
  afterEach(async () => {
    await current?.close()
    current = undefined
  })
  const now = () => {
    if (!current) throw new Error('appPerTest: there is an app only inside a test')
    return current
  }
  return {
    get app() {
      return now().app
    },
    get db() {
      return now().db
    },
  }
}
