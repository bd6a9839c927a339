// Web Push in Chromium: never offered at first open; offered once after the first deposit is
// credited ("Agora não" as easy as "Ativar"); a push delivered to the service worker through the
// DevTools protocol (ServiceWorker.deliverPushMessage) shows its notification, as it would with
// the app closed. The server's side (encryption, VAPID, the events) is server/push/web-push.test.ts.
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { enterApp, fundedPlayer, playerCall, readStored, sandboxBank } from './support.ts'

async function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }))
  })
}

test('notifications are never offered at first open', async ({ page }) => {
  await enterApp(page)
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await expect(page.getByTestId('web-push-offer')).toHaveCount(0)
  expect(await page.evaluate(() => Notification.permission)).toBe('default')
  expect(await readStored<boolean>(page, 'webPushOffered')).toBeUndefined()
})

test('notifications are offered after the first deposit is credited, once', async ({ page: next }) => {
  await fundedPlayer(next, 2000, randomCpf())
  const offer = next.getByTestId('web-push-offer')
  await expect(offer).toBeVisible()
  await expect(offer).toContainText('com o app fechado')
  await next.setViewportSize({ width: 390, height: 844 })
  await next.screenshot({ path: 'test-results/screens/web-push-offer.png' })
  await offer.getByRole('button', { name: 'Agora não' }).click()
  await expect(offer).toHaveCount(0)
  expect(await readStored<boolean>(next, 'webPushOffered')).toBe(true)
  // Not asked again for the next deposit.
  const order = await playerCall(next, '/charge/create/order', { amount: 1000, requestId: `e2e-${Date.now()}` })
  await next.request.post(`${sandboxBank(next)}/pay`, { data: { code: order.data.payCode } })
  await expect(next.getByText('Depósito de R$ 10,00 creditado.')).toBeVisible()
  await expect(offer).toHaveCount(0)
})

test('a push delivered to the service worker shows its notification', async ({ page, context }) => {
  await context.grantPermissions(['notifications'])
  await enterApp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const origin = new URL(page.url()).origin
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'Depósito creditado',
      body: 'R$\u00a020,00 já está no seu saldo.',
      url: '/',
      tag: 'deposit',
    }),
  })
  await expect
    .poll(() => notifications(page))
    .toEqual([{ title: 'Depósito creditado', body: 'R$\u00a020,00 já está no seu saldo.', tag: 'deposit' }])
})
