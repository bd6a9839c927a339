// The console's reports at 1280×800 and on a phone (390×844): a payments operator picks a period,
// sees today's deposit in the day's row and the totals, downloads the finance CSV (the same figure
// in it) and a regulatory file (CPF masked); the dashboard shows refunds, bonuses and adjustments;
// axe finds nothing serious on either screen at either size; nothing scrolls sideways on the
// phone; support has no Reports page. CONSOLE_SHOTS=<dir> keeps screenshots.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { formatMoney } from '../../contract/money.ts'
import { consolePage, createOperator, expectNoSeriousAxe, fundedPlayer } from './support.ts'

const SHOTS = process.env.CONSOLE_SHOTS

test('a payments operator reads the finance report and downloads its files, at 1280×800 and 390×844', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const paula = `paula.reports.${stamp}@jogolimpo.example`
  const sara = `sara.reports.${stamp}@jogolimpo.example`
  createOperator(paula, 'payments', 'Paula Relatórios')
  createOperator(sara, 'support', 'Sara Atendimento')
  const cpf = randomCpf()
  await fundedPlayer(page, 12_345, cpf)

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const operator = await consolePage(browser, paula, viewport, {
      acceptDownloads: true,
      // A phone's window at a phone's width; the desk's keeps the project's device settings.
      ...(viewport.width < 500 ? { phone: true } : {}),
    })
    const size = `${viewport.width}x${viewport.height}`
    const answered = operator.waitForResponse((response) => response.url().endsWith('/api/ops/reports/finance'))
    if (viewport.width < 500) await operator.goto('/console/reports')
    else await operator.getByRole('link', { name: 'Relatórios' }).click()
    const report = (await (await answered).json()).data as { totals: { deposits: { amount: number; count: number } } }
    await expect(operator.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible()
    const days = operator.getByTestId('finance-days')
    await expect(days).toBeVisible()
    // Seven local days by default, today last, then the totals line.
    await expect(days.locator('tbody tr')).toHaveCount(8)
    // Other specs deposit on the same server: the totals hold this player's deposit at least, and
    // the screen shows exactly what the server counted.
    expect(report.totals.deposits.amount).toBeGreaterThanOrEqual(12_345)
    expect(report.totals.deposits.count).toBeGreaterThanOrEqual(1)
    await expect(operator.getByTestId('report-totals')).toContainText(formatMoney(report.totals.deposits.amount))
    await operator.waitForLoadState('networkidle')
    await expectNoSeriousAxe(operator)
    const overflow = await operator.evaluate(
      () => Math.max(document.documentElement.scrollWidth, window.innerWidth) - window.innerWidth,
    )
    expect(overflow, `the page scrolls sideways at ${size}`).toBe(0)
    if (SHOTS) await operator.screenshot({ path: `${SHOTS}/console-reports-${size}.png`, fullPage: true })

    if (viewport.width > 500) {
      // The finance file has today's deposit; the regulatory registrations file masks the CPF.
      const [finance] = await Promise.all([
        operator.waitForEvent('download'),
        operator.getByRole('link', { name: 'Relatório financeiro' }).click(),
      ])
      expect(finance.suggestedFilename()).toMatch(/^jogo-limpo-financeiro-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
      const financeText = readFileSync((await finance.path()) as string, 'utf8')
      expect(financeText.split('\r\n')[0]).toBe('date,item,game_id,count,amount_brl')
      expect(financeText).toMatch(/,deposits,,\d+,\d+\.\d\d\r\n/)
      const [people] = await Promise.all([
        operator.waitForEvent('download'),
        operator.getByRole('link', { name: 'Cadastros' }).click(),
      ])
      const peopleText = readFileSync((await people.path()) as string, 'utf8')
      expect(peopleText).toContain(`***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}`)
      expect(peopleText).not.toContain(cpf)
    }

    await operator.goto('/console/')
    const today = operator.getByTestId('today')
    await expect(today).toContainText('Devoluções PIX')
    await expect(today).toContainText('Bônus concedidos')
    await expect(today).toContainText('Ajustes (crédito − débito)')
    await operator.waitForLoadState('networkidle')
    await expectNoSeriousAxe(operator)
    if (SHOTS) await operator.screenshot({ path: `${SHOTS}/console-dashboard-${size}.png`, fullPage: true })
    await operator.context().close()
  }

  // Support has no Reports page in its menu.
  const support = await consolePage(browser, sara, { width: 1280, height: 800 }, { acceptDownloads: true })
  await expect(support.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Relatórios' })).toHaveCount(
    0,
  )
  await support.context().close()
})
