// The operator console on a phone (390×844): operators answer from phones, so every page of the
// menu fits the width (no sideways scrolling of the page) and none of its controls is covered by
// another element; the support inbox's "Responder" is reachable and works.
import { expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { accountInfo, consolePage, createOperator, fundedPlayer, requestWithdrawal } from './support.ts'

const SHOTS = process.env.CONSOLE_SHOTS

/**
 * Controls of the page whose centre, once scrolled into view, is taken by another element. The
 * pages are live (a push reloads their lists: a withdrawal paid meanwhile leaves the worklist), so
 * the survey runs in one task of the page: every control it names is one of the same render.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const covered: string[] = []
    for (const el of main.querySelectorAll<HTMLElement>('button, a, input, select, textarea')) {
      // Playwright's `:visible`: rendered, not `visibility: hidden`, and a box of some size.
      if (!el.checkVisibility({ visibilityProperty: true })) continue
      if (el.getBoundingClientRect().width === 0 || el.getBoundingClientRect().height === 0) continue
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })
      const r = el.getBoundingClientRect()
      const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1)
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1)
      const top = document.elementFromPoint(x, y)
      const hit =
        top !== null && (el === top || el.contains(top) || (el as HTMLInputElement).labels?.[0]?.contains(top) === true)
      if (!hit) covered.push(el.outerHTML.slice(0, 120))
    }
    return covered
  })
}

test.use({ viewport: { width: 390, height: 844 } })

test('every console page is usable at 390×844, and the support inbox answers with "Responder"', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = `celular.${Date.now()}@jogolimpo.example`
  createOperator(email, 'admin', 'Olga Celular')
  // A player with a withdrawal and a support message, so the pages have rows to show.
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  const { userId } = await accountInfo(page)
  const order = await requestWithdrawal(page, cpf, 5000, `e2e-phone-${userId}`)
  expect(order.success).toBe(true)
  await page.goto('/servicePage')
  await page.getByLabel('Sua mensagem').fill('Pergunta pelo celular')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Pergunta pelo celular' })).toBeVisible()

  const operator = await consolePage(browser, email, { width: 390, height: 844 }, { phone: true })

  const menu = operator.getByRole('navigation', { name: 'Menu' })
  const paths = await menu.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))
  expect(paths.length).toBeGreaterThan(5)
  const problems: string[] = []
  for (const path of [...paths, `/console/players/${userId}`]) {
    await operator.goto(path)
    await expect(operator.locator('main h1, main h2').first()).toBeVisible()
    await operator.waitForLoadState('networkidle')
    // Against the phone's width (a mobile browser widens its viewport to fit wider content).
    const overflow = await operator.evaluate(
      () => Math.max(document.documentElement.scrollWidth, window.innerWidth) - 390,
    )
    if (overflow > 0) problems.push(`${path}: the page scrolls sideways by ${overflow}px`)
    for (const covered of await coveredControls(operator)) problems.push(`${path}: covered ${covered}`)
    if (SHOTS) await operator.screenshot({ path: `${SHOTS}/console${path.replace(/\//g, '-')}.png`, fullPage: true })
  }
  expect(problems).toEqual([])

  // The inbox: open the conversation, take it, answer — "Responder" is not covered and works.
  await operator.goto('/console/support')
  await operator
    .getByTestId('support-row')
    .filter({ hasText: 'Pergunta pelo celular' })
    .getByRole('button')
    .first()
    .click()
  const conversation = operator.getByTestId('support-conversation')
  await conversation.getByRole('button', { name: 'Pegar' }).click()
  await conversation.getByLabel('Resposta', { exact: true }).fill('Respondido do celular.')
  const reply = conversation.getByRole('button', { name: 'Responder' })
  await reply.scrollIntoViewIfNeeded()
  expect(await coveredControls(operator)).toEqual([])
  if (SHOTS) await operator.screenshot({ path: `${SHOTS}/console-support-reply.png` })
  await reply.tap()
  await expect(conversation.getByTestId('support-messages')).toContainText('Respondido do celular.')
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Respondido do celular.' })).toBeVisible()
  await operator.context().close()
})
