// The texts of the password card, its forgotten-password answer for an unverified account and the lobby's search count in the
// player's language: after switching to English and then Hindi from Perfil, each screen shows the
// catalog's words for that language, not the Portuguese source.
import { expect, type Page, test } from '@playwright/test'
import { accountInfo, enterApp, PLAYER_PASSWORD, playerCall } from './support.ts'

async function switchTo(page: Page, language: string, profileHeading: string) {
  await page.getByRole('button', { name: /^(Perfil|Profile|प्रोफ़ाइल)$/ }).click()
  await page.getByRole('button', { name: language }).click()
  await expect(page.getByRole('heading', { name: profileHeading })).toBeVisible()
}

for (const { language, profile, texts } of [
  {
    language: 'English',
    profile: 'Profile',
    texts: {
      none: 'No games found',
      change: 'Change password',
      forgot: 'I forgot my password',
      why: 'The password confirms every withdrawal and signs in to the account on another device.',
      unverified: 'this one is not verified yet. Support can help once they have confirmed who you are.',
      support: 'Talk to support',
    },
  },
  {
    language: 'हिन्दी',
    profile: 'प्रोफ़ाइल',
    texts: {
      none: 'कोई खेल नहीं मिला',
      change: 'पासवर्ड बदलें',
      forgot: 'मैं पासवर्ड भूल गया',
      why: 'पासवर्ड हर निकासी की पुष्टि करता है और दूसरे डिवाइस पर खाते में लॉग इन करता है।',
      unverified: 'यह खाता अभी सत्यापित नहीं है। आपकी पहचान की पुष्टि के बाद सहायता टीम मदद कर सकती है।',
      support: 'सहायता से बात करें',
    },
  },
]) {
  test(`the password card and the lobby's search count speak ${language}`, async ({ page }) => {
    await enterApp(page)
    const { userId } = await accountInfo(page)
    const bound = await playerCall(page, '/user/bindLoginAccount', {
      userName: `lang${String(userId).padStart(6, '0')}`,
      password: PLAYER_PASSWORD,
      confirmPassword: PLAYER_PASSWORD,
    })
    expect(bound.success).toBe(true)
    await switchTo(page, language, profile)

    await page.goto('/')
    await page.getByTestId('lobby-search').fill('zzzz')
    await expect(page.locator('.lobby p.lobby-status[role="status"]')).toHaveText(texts.none)

    await page.goto('/security')
    const card = page.locator('#password')
    await expect(card).toContainText(texts.why)
    await expect(card.getByRole('button', { name: texts.change })).toBeVisible()
    await card.getByRole('button', { name: texts.forgot }).click()
    // Not verified: the form says support can help instead of asking for a CPF.
    await expect(card).toContainText(texts.unverified)
    await expect(card.getByRole('link', { name: texts.support })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'hi')
  })
}
