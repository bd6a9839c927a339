// A player's e-mail and phone in a real browser: Perfil → Segurança da conta → Contato takes an
// e-mail, says where the code went, takes the code read from the sandbox mailbox (sent over
// SMTP), and shows the address confirmed; the same for a mobile phone typed as people type it,
// its code read from the sandbox SMS API. A wrong code is refused in words. Screenshot at
// 390×844 (when SCREENSHOT_DIR is set) and axe on each step.
import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { enterApp, expectNoSeriousAxe, sandboxMailbox } from './support.ts'

const SHOTS = process.env.SCREENSHOT_DIR

async function look(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/${name}-390x844.png` })
  }
  await expectNoSeriousAxe(page)
}

/** The latest 6-digit code sent to `to` (an e-mail or a phone), read from the sandbox mailbox's JSON. */
async function sentCode(page: Page, to: string): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${sandboxMailbox(page)}.json?to=${encodeURIComponent(to)}`)
        const { messages, sms } = (await response.json()) as { messages: { text: string }[]; sms: { body: string }[] }
        const last = to.startsWith('+') ? sms.at(-1)?.body : messages.at(-1)?.text
        code = /\b(\d{6})\b/.exec(last ?? '')?.[1] ?? ''
        return code
      },
      { timeout: 20_000 },
    )
    .not.toBe('')
  return code
}

test('sets and confirms an e-mail and a mobile phone with the codes sent to them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await enterApp(page)
  await page.goto('/mine')
  await page.getByRole('link', { name: 'Segurança da conta' }).click()
  const card = page.getByTestId('contact-card')
  await expect(card.getByRole('heading', { name: 'Contato' })).toBeVisible()
  await card.scrollIntoViewIfNeeded()
  await look(page, 'contact-empty')

  const email = `ana.${Date.now()}@exemplo.com`
  const mail = card.getByTestId('contact-email')
  await mail.getByRole('button', { name: 'Adicionar' }).click()
  await mail.getByLabel('Seu e-mail').fill(email)
  await mail.getByRole('button', { name: 'Enviar código' }).click()
  await expect(mail.getByRole('status')).toContainText(`Enviamos um código para ${email}`)
  const code = await sentCode(page, email)
  // A wrong code first: refused in words, the form stays.
  await mail.getByLabel('Código de 6 números').fill(code === '000000' ? '111111' : '000000')
  await mail.getByRole('button', { name: 'Confirmar' }).click()
  await expect(mail.getByText('Este código não confere ou já venceu.', { exact: false })).toBeVisible()
  await look(page, 'contact-code')
  await mail.getByLabel('Código de 6 números').fill(code)
  await mail.getByRole('button', { name: 'Confirmar' }).click()
  await expect(mail.getByText(email)).toBeVisible()
  await expect(mail.getByText('confirmado', { exact: true })).toBeVisible()

  const phone = card.getByTestId('contact-phone')
  await phone.getByRole('button', { name: 'Adicionar' }).click()
  await phone.getByLabel('Seu celular com DDD').fill('(21) 99876-5432')
  await phone.getByRole('button', { name: 'Enviar código' }).click()
  await expect(phone.getByRole('status')).toContainText('Enviamos um código por SMS para +55 21 99876-5432')
  await phone.getByLabel('Código de 6 números').fill(await sentCode(page, '+5521998765432'))
  await phone.getByRole('button', { name: 'Confirmar' }).click()
  await expect(phone.getByText('+55 21 99876-5432')).toBeVisible()
  await expect(phone.getByText('confirmado', { exact: true })).toBeVisible()
  await card.scrollIntoViewIfNeeded()
  await look(page, 'contact-confirmed')

  // After a reload both are still there, read from the server.
  await page.reload()
  await expect(page.getByTestId('contact-email').getByText(email)).toBeVisible()
  await expect(page.getByTestId('contact-phone').getByText('+55 21 99876-5432')).toBeVisible()
})
