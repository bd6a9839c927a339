// The marketing-attribution question in Chromium (LGPD): a player who arrives from an ad
// is asked once, in plain words, with "no" as easy as "yes"; the answer is the server's, stays
// answered after a reload, and can be changed in Perfil. The ad click is never kept on the device.
import { expect, type Page, test } from '@playwright/test'
import { readStored, seriousAxeViolations } from './support.ts'

async function consentOnServer(page: Page) {
  const token = await readStored<string>(page, 'token')
  const response = await page.request.post('/api/user/attributionConsent/info', {
    headers: { 'access-token': token ?? '' },
    data: {},
  })
  return (await response.json()).data as { asked: boolean; granted: boolean }
}

const seriousViolations = (page: Page) => seriousAxeViolations(page)

test('a player from an ad is asked once; "no" keeps nothing; Perfil changes the answer', async ({ page }) => {
  await page.goto('/?zn=campanha1/x&fbclid=IwAR0abc123')
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()

  const prompt = page.getByRole('dialog', { name: 'Você veio de um anúncio' })
  await expect(prompt).toBeVisible()
  await expect(prompt).toContainText('Não enviamos seu nome, CPF nem chave PIX')
  const yes = prompt.getByRole('button', { name: 'Sim, pode contar' })
  const no = prompt.getByRole('button', { name: 'Não, obrigado' })
  // As easy to refuse: the same kind of button, the same size.
  expect(await no.getAttribute('class')).toBe(await yes.getAttribute('class'))
  const [yesBox, noBox] = [await yes.boundingBox(), await no.boundingBox()]
  expect(noBox?.width).toBeCloseTo(yesBox?.width ?? 0, 0)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: 'test-results/attribution-consent-prompt.png' })

  expect(await consentOnServer(page)).toMatchObject({ asked: false, granted: false })
  await no.click()
  await expect(prompt).toHaveCount(0)
  expect(await consentOnServer(page)).toMatchObject({ asked: true, granted: false })

  // Asked once: not again after a reload from the same ad.
  await page.goto('/?zn=campanha1&fbclid=IwAR0abc123')
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s\d/)
  await page.waitForTimeout(2000)
  await expect(prompt).toHaveCount(0)

  // The click never reaches the device's storage.
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('jogo-limpo')
        open.onsuccess = () => {
          const request = open.result.transaction('kv').objectStore('kv').getAll()
          request.onsuccess = () => resolve(JSON.stringify(request.result))
        }
      }),
  )
  expect(stored).not.toContain('IwAR0abc123')
  expect(await page.evaluate(() => localStorage.length)).toBe(0)

  await page.goto('/mine')
  const toggle = page.getByTestId('consent-switch')
  await expect(toggle).toBeEnabled()
  await expect(toggle).not.toBeChecked()
  await toggle.check()
  await expect(toggle).toBeChecked()
  await expect.poll(() => consentOnServer(page)).toMatchObject({ asked: true, granted: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: 'test-results/attribution-perfil-switch.png', fullPage: true })
  await toggle.uncheck()
  await expect.poll(() => consentOnServer(page)).toMatchObject({ granted: false })
})

test('a player who did not come from an ad is not asked', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click()
  const welcome = page.getByRole('dialog', { name: /Presente de boas-vindas|Seu primeiro jogo/ })
  await welcome.getByRole('button', { name: /Depois|Fechar/ }).click()
  await page.waitForTimeout(2000)
  await expect(page.getByRole('dialog', { name: 'Você veio de um anúncio' })).toHaveCount(0)
  expect(await consentOnServer(page)).toMatchObject({ asked: false })
})
