// Live balance: a change made on the server reaches the open app's header by push — no reload
// and no read from the page — also after the push socket drops (then one read catches up); the statement lists the ledger entries.
import { expect, test } from '@playwright/test'
import { accountInfo, adjustBalance, disconnectPush, enterApp, expectNoSeriousAxe, readStored } from './support.ts'

test('a server-side balance change shows in the header by push, and again after a reconnect', async ({ page }) => {
  await enterApp(page)
  await expect(page.locator('.app')).toHaveAttribute('data-push-status', 'open')
  const { userId } = await accountInfo(page)
  const navigations: string[] = []
  page.on('framenavigated', (frame) => navigations.push(frame.url()))
  // The page's own API reads: a change that shows with none of them came by push. (How soon it
  // lands is a latency, measured by a bench script, not by a clock on a shared machine.)
  const reads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(request.url())
  })

  let readsBefore = reads.length
  await adjustBalance(page, userId, 2500)
  await expect(page.getByTestId('balance')).toHaveText('R$ 25,00')
  expect(reads.slice(readsBefore)).toEqual([])

  // The socket drops; a change made while it is down is fetched on reconnect.
  expect(await disconnectPush(page, userId)).toBe(1)
  await expect(page.locator('.app')).not.toHaveAttribute('data-push-status', 'open')
  await adjustBalance(page, userId, 1000)
  await expect(page.locator('.app')).toHaveAttribute('data-push-status', 'open')
  await expect(page.getByTestId('balance')).toHaveText('R$ 35,00')

  // And pushes flow again over the new socket.
  readsBefore = reads.length
  await adjustBalance(page, userId, -500)
  await expect(page.getByTestId('balance')).toHaveText('R$ 30,00')
  expect(reads.slice(readsBefore)).toEqual([])
  expect(navigations).toEqual([])

  // The header is the ledger: the same figure the server reports.
  expect((await accountInfo(page)).balance).toEqual({ total: 3000, cash: 3000, bonus: 0 })
  expect((await readStored<{ gold: number }>(page, 'user'))?.gold).toBe(3000)
})

test('the statement lists every ledger entry with the balance after it, and exports CSV', async ({ page }) => {
  await enterApp(page)
  const { userId } = await accountInfo(page)
  await adjustBalance(page, userId, 5000)
  await adjustBalance(page, userId, -1250)
  await page.goto('/statement')
  const entries = page.getByTestId('statement-entries').getByRole('listitem')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('-R$ 12,50')
  await expect(entries.nth(0)).toContainText('saldo R$ 37,50')
  await expect(entries.nth(1)).toContainText('+R$ 50,00')
  await expect(page.getByRole('img', { name: /agora R\$\s37,50/ })).toBeVisible()
  // The newest line's balance is the header's; its ledger legs are one tap away.
  await expect(page.getByTestId('balance')).toHaveText('R$\u00a037,50')
  const newest = entries.nth(0).getByText('Ajuste do operador', { exact: true })
  await newest.click()
  await expect(entries.nth(0)).toContainText('Ajuste do operador · Dinheiro')
  await expect(entries.nth(0)).toContainText('Dinheiro depois: R$\u00a037,50')
  await page.screenshot({ path: 'test-results/screens/statement-legs.png' })
  await expectNoSeriousAxe(page)
  await newest.click()

  // A new entry arrives by push without a reload.
  await adjustBalance(page, userId, 100)
  await expect(entries).toHaveCount(3)

  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/^jogo-limpo-extrato-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await (await download.createReadStream()).toArray()
  const lines = Buffer.concat(csv).toString('utf8').trim().split('\r\n')
  expect(lines).toHaveLength(4)
  // In the player's language: pt-BR separates cells with `;` and decimals with a comma.
  expect(lines[1]).toContain(';adjustment;cash;50,00;50,00;')
  expect(lines[3]).toContain(';adjustment;cash;1,00;38,50;')
})
