// End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app,
// served by the real server on a fresh SQLite file, in lanes (tests/e2e/lanes.ts): one worker each,
// with these servers of its own from its lane's first port. The two servers here use port and port + 1
// (the apps), + 5 and + 6 (their sandbox API Pix servers), + 2 and + 7 (their sandbox mailboxes'
// pages); specs that start a server of their own take + 3 and + 4 (regulatory files) and + 8 and
// + 9 (transparency).
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'
import { E2E_LANES, E2E_PORT, lane, laneDataDir, portOfLane } from './tests/e2e/lanes.ts'

/** A second server with every promotion switched off (PROMOTIONS=off), in lane `l`. */
const promotionsOffPortOf = (l: number) => portOfLane(l) + 1
/** This lane's server with every promotion switched off. */
export const promotionsOffPort = promotionsOffPortOf(lane)
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef'

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One worker a lane: each has servers of its own (tests/e2e/lanes.ts).
  workers: E2E_LANES,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    // The phone's layout (its CSS size, touch, user agent) drawn at one device pixel per CSS pixel:
    // the browser rasterises and encodes screenshots a seventh of the pixels. A spec that judges
    // drawn pixels sets the phone's own density (overlays.spec.ts).
    deviceScaleFactor: 1,
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    serviceWorkers: 'allow',
    locale: 'pt-BR',
    // A trace records every action of every test and is kept only when one fails; CI keeps no files,
    // so there it is off (the failure's message and call log are in the output).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The sandbox bank lives on the sandbox API Pix server (https://localhost:<app port + 5>),
    // whose certificate comes from the sandbox's own CA in DATA_DIR/sandbox-pix: a tester's
    // browser would be told to trust that CA; the e2e browser just accepts it.
    ignoreHTTPSErrors: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: E2E_LANES }, (_, l) => appServersOfLane(l)).flat(),
})

/** Lane `l`'s two servers: the app, and the app with every promotion off. */
function appServersOfLane(l: number): Extract<PlaywrightTestConfig['webServer'], unknown[]> {
  const port = portOfLane(l)
  const data = laneDataDir('.e2e-data', l)
  const dataOff = laneDataDir('.e2e-data-off', l)
  return [
    {
      command: `rm -rf ${data} && node server/main.ts`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: data,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        // Every spec's operators log in from this one address, many a minute.
        OPS_LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OPS_TOKEN: E2E_OPS_TOKEN,
        SANDBOX_PAYOUT_DELAY_MS: '2500',
        // Identity by face has its own spec and server (face.spec.ts); the others verify without it.
        FACE_CHECK: 'off',
        // The sandbox API Pix server `npm start` runs next to the app (never 8081 in tests).
        SANDBOX_PIX_PORT: String(port + 5),
        // The sandbox mailbox's page (tests read the setup links there); its SMTP port is any free one.
        SANDBOX_MAILBOX_PORT: String(port + 2),
        SANDBOX_SMTP_PORT: '0',
      },
    },
    {
      command: `rm -rf ${dataOff} && node server/main.ts`,
      url: `http://127.0.0.1:${promotionsOffPortOf(l)}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(promotionsOffPortOf(l)),
        HOST: '127.0.0.1',
        DATA_DIR: dataOff,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        OPS_LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_URL: `http://127.0.0.1:${promotionsOffPortOf(l)}`,
        PROMOTIONS: 'off',
        FACE_CHECK: 'off',
        OPS_TOKEN: E2E_OPS_TOKEN,
        SANDBOX_PIX_PORT: String(port + 6),
        SANDBOX_MAILBOX_PORT: String(port + 7),
        SANDBOX_SMTP_PORT: '0',
        // The reality check every minute of play (the limits end-to-end test).
        REALITY_CHECK_DEFAULT_MINUTES: '1',
      },
    },
  ]
}
