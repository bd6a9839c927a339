// Devices in a real browser: the security page lists the account's devices (this one marked),
// disconnecting another device sends it back to a new account with a notice, and disconnecting
// this one signs it out.
import { expect, type Page, test } from '@playwright/test'
import { accountInfo, enterApp, logInWithPassword, playerCall, readStored } from './support.ts'

const PASSWORD = 'boa-senha-42'

async function bindAccount(page: Page): Promise<{ userId: number; name: string }> {
  const { userId } = await accountInfo(page)
  const name = `seg${String(userId).padStart(6, '0')}x`
  const bound = await playerCall(page, '/user/bindLoginAccount', {
    userName: name,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  })
  expect(bound.success).toBe(true)
  return { userId, name }
}

async function logInOnNewDevice(page: Page, name: string) {
  await enterApp(page, '/login')
  await logInWithPassword(page, name, PASSWORD)
  await expect(page).toHaveURL(/\/mine$/)
}

test('the security page lists the devices; disconnecting another one sends it back to a new account', async ({
  page,
  browser,
}) => {
  await enterApp(page)
  const { userId, name } = await bindAccount(page)
  const other = await browser.newContext({ serviceWorkers: 'block' })
  const tablet = await other.newPage()
  await logInOnNewDevice(tablet, name)
  expect((await accountInfo(tablet)).userId).toBe(userId)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/security')
  const devices = page.getByTestId('device')
  await expect(devices).toHaveCount(2)
  const mine = devices.filter({ hasText: 'Este aparelho' })
  await expect(mine).toHaveCount(1)
  const ownId = (await readStored<string>(page, 'deviceId')) ?? ''
  await expect(mine).toContainText(`…${ownId.slice(-4)}`)
  await expect(mine).toContainText('Chrome · Android')
  await page.screenshot({ path: 'test-results/security-390x844.png' })

  const theirs = devices.filter({ hasNotText: 'Este aparelho' })
  await theirs.getByRole('button', { name: 'Desconectar' }).click()
  await theirs.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.locator('.toast p')).toHaveText('Aparelho desconectado.')
  await expect(devices).toHaveCount(1)

  // The tablet's session and device secret are dead: it starts over as a new account, and says why.
  const tabletDevice = await readStored<string>(tablet, 'deviceId')
  await tablet.reload()
  await expect(tablet.locator('.toast p')).toContainText('Este aparelho foi desconectado da sua conta')
  await expect.poll(() => readStored<string>(tablet, 'deviceSecret')).toBeTruthy()
  await expect.poll(() => readStored<string>(tablet, 'deviceId')).not.toBe(tabletDevice)
  // A newer account than the one the tablet was disconnected from.
  await expect
    .poll(async () => {
      const info = await playerCall(tablet, '/v1/bus/accountInfo')
      return info.success ? (info.data.userId as number) : 0
    })
    .toBeGreaterThan(userId)
  expect((await accountInfo(page)).userId).toBe(userId)
  await other.close()
})

test('disconnecting this device signs it out, and its name and password bring the account back', async ({ page }) => {
  await enterApp(page)
  const { userId, name } = await bindAccount(page)
  const oldDevice = await readStored<string>(page, 'deviceId')
  await page.goto('/security')
  const mine = page.getByTestId('device').filter({ hasText: 'Este aparelho' })
  await mine.getByRole('button', { name: 'Desconectar' }).click()
  await mine.getByRole('button', { name: 'Sair deste aparelho' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => readStored<string>(page, 'deviceId')).not.toBe(oldDevice)
  // This device is a new account now, welcomed as such; put that off to log back in.
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()

  await logInWithPassword(page, name, PASSWORD)
  await expect(page).toHaveURL(/\/mine$/)
  await expect(page.getByTestId('user-id')).toContainText(String(userId))
})
