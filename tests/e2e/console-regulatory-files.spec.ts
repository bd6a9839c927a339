// The console's SIGAP files page end to end at 390×844. A server of its own (port E2E_PORT + 3)
// starts on a database holding yesterday's play (tests/support/regulatory-day.ts); its job
// exports the day and sends the files to the sandbox receiver `npm start` runs beside it, which
// accepts them. One file is then broken in the database and sent again: the receiver rejects it.
// An admin opens the page from the menu, sees the day, its files with their SHA-256, the rejected
// one with the receiver's reasons, re-sends it and sees it accepted; axe finds nothing serious;
// nothing scrolls sideways (screenshot in test-results/screens/console-regulatory-files-*.png).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { localDate } from '../../server/lib/periods.ts'
import { writeRegulatoryDay } from '../support/regulatory-day.ts'
import { E2E_PORT, type SpecServer, startSpecServer } from './spec-server.ts'
import { expectNoSeriousAxe, OPERATOR_PASSWORD, signInToConsole } from './support.ts'

const appPort = E2E_PORT
const port = appPort + 3
const origin = `http://127.0.0.1:${port}`
const dataDir = '.e2e-data-regulatory'
const SHOTS = 'test-results/screens'
const TZ = 'America/Sao_Paulo'
const email = `ana.sigap.${Date.now()}@jogolimpo.example`

const yesterday = () => {
  const d = new Date(`${localDate(Date.now(), TZ)}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}
const day = yesterday()

let server: SpecServer | undefined

async function statuses(): Promise<string[]> {
  const db = openDatabase({ dataDir })
  try {
    const rows = await db.kysely.selectFrom('regulatory_files').select('status').execute()
    return rows.map((row) => row.status)
  } finally {
    await db.close()
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  rmSync(dataDir, { recursive: true, force: true })
  const db = openDatabase({ dataDir })
  await migrateToLatest(db)
  await writeRegulatoryDay(db, day, { rounds: 400 })
  await db.close()
  execFileSync(
    process.execPath,
    ['scripts/ops-operator.ts', 'create', email, 'admin', '--password', OPERATOR_PASSWORD, '--name', 'Ana Sigap'],
    { env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: origin }, encoding: 'utf8' },
  )
  server = await startSpecServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      PUBLIC_URL: origin,
      SANDBOX_PIX_PORT: String(appPort + 4),
      SANDBOX_SMTP_PORT: '0',
      FACE_CHECK: 'off',
      SANDBOX_MAILBOX_PORT: '0',
      REGULATORY_FILES_INTERVAL_MS: '300',
      REGULATORY_FILES_CATCH_UP_DAYS: '0',
    },
  })
  // Exported and accepted by the sandbox receiver (structure, then quality).
  await expect
    .poll(
      async () => {
        const all = await statuses()
        return all.length > 0 && all.every((s) => s === 'quality_accepted')
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  // One file broken after the fact and queued again: the receiver rejects it.
  const writer = openDatabase({ dataDir })
  const [file] = await writer.kysely.selectFrom('regulatory_files').select(['id', 'content']).orderBy('id').execute()
  await writer.kysely
    .updateTable('regulatory_files')
    .set({ content: file?.content.replace('"valorAposta"', '"valorDaAposta"') ?? '', status: 'generated' })
    .where('id', '=', file?.id ?? '')
    .execute()
  await writer.close()
  await expect.poll(async () => (await statuses()).includes('rejected'), { timeout: 60_000 }).toBe(true)
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

test('an admin sees the day’s SIGAP files, the rejected one with its reasons, and re-sends it', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await signInToConsole(page, email)
  await page.goto('/console/regulatory-files')
  await expect(page.getByRole('heading', { level: 1, name: 'Arquivos SIGAP' })).toBeVisible()
  const row = page.getByTestId(`regulatory-day-${day}`)
  await expect(row).toContainText('Recusado: 1')
  await row.getByRole('button', { name: day }).click()
  const rejected = page.getByTestId(`regulatory-status-${day}-bets-1`)
  await expect(rejected).toContainText('Recusado')
  await expect(rejected).toContainText('registros[0].valorDaAposta: campo desconhecido')
  await expect(rejected).toContainText('hashSha256: não confere com o conteúdo')
  await expect(page.getByTestId(`regulatory-file-${day}-wallets-1`)).toContainText('Qualidade aceita')
  await page.waitForLoadState('networkidle')
  await expectNoSeriousAxe(page)
  const overflow = await page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, window.innerWidth) - window.innerWidth,
  )
  expect(overflow, 'the page scrolls sideways at 390×844').toBe(0)
  await page.screenshot({ path: `${SHOTS}/console-regulatory-files-390x844.png`, fullPage: true })

  await page.getByTestId(`regulatory-file-${day}-bets-1`).getByRole('button', { name: 'Refazer e reenviar' }).click()
  // Queued, then sent at the job's next pass (every 300 ms here): either may be on screen.
  await expect(page.getByTestId(`regulatory-status-${day}-bets-1`)).toContainText(
    /Reenvio na fila|Enviado|Estrutura aceita|Qualidade aceita/,
  )
  await expect
    .poll(async () => (await statuses()).every((s) => s === 'quality_accepted'), { timeout: 30_000 })
    .toBe(true)
  await page.reload()
  await page.getByTestId(`regulatory-day-${day}`).getByRole('button', { name: day }).click()
  await expect(page.getByTestId(`regulatory-status-${day}-bets-1`)).toContainText('Qualidade aceita')
  await expect(page.getByTestId(`regulatory-status-${day}-bets-1`)).toContainText('(3 envios)')
  await context.close()
})
