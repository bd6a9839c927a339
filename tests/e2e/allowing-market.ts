// A server of a spec's own in a market whose rules allow every promotion (Mexico: MARKET_COUNTRY=MX,
// amounts still in reais and texts in pt-BR), for the tests about the welcome gift, invites and the
// install reward, which Brazil's rules forbid (contract/market-rules.ts) on the config's servers.
// Called at the top of a spec file or of a describe block: its tests run against it. It listens on
// E2E_PORT + offset, its sandbox API Pix on + offset + 5 (where `sandboxBank` looks for it).
import { rmSync } from 'node:fs'
import { test } from '@playwright/test'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import { laneDataDir } from './lanes.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'

export function inAllowingMarket(offset = 3): string {
  const port = E2E_PORT + offset
  const origin = `http://127.0.0.1:${port}`
  const dataDir = laneDataDir(`.e2e-data-allowing-${offset}`)
  let server: SpecServer | undefined
  test.use({ baseURL: origin })
  test.beforeAll(async () => {
    // A fresh database and the sandboxes' certificates: slow on a loaded machine.
    test.setTimeout(300_000)
    rmSync(dataDir, { recursive: true, force: true })
    server = await startSpecServer({
      port,
      quiet: true,
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        MARKET_COUNTRY: 'MX',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        OPS_LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_URL: origin,
        OPS_TOKEN: E2E_OPS_TOKEN,
        SANDBOX_PAYOUT_DELAY_MS: '2500',
        FACE_CHECK: 'off',
        SANDBOX_PIX_PORT: String(port + 5),
        SANDBOX_SMTP_PORT: '0',
        SANDBOX_MAILBOX_PORT: '0',
      },
      timeoutMs: 240_000,
    })
  })
  test.afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return origin
}
