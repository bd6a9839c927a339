// Support end to end: a player opens "Ajuda", reads the FAQ, writes from a
// withdrawal's tracker; the operator's open console is told by push (no reload, no poll) with the
// order attached and replies; the player sees the reply without reloading and the badge clears when read; a message
// written offline is delivered once when the connection returns. Notices and feedback from the
// operator's side; every player route walked for "em construção"; axe on the support screens,
// photographed at 390×844.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { randomCpf } from '../../contract/cpf.ts'
import { E2E_OPS_TOKEN } from '../../playwright.config.ts'
import {
  accountInfo,
  consoleWindow,
  createOperator,
  enterApp,
  expectNoSeriousAxe,
  fundedPlayer,
  playerCall,
  requestWithdrawal,
  signInToConsole,
  specRoutes,
} from './support.ts'

const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/screens'

/** What the console's support inbox saw, in the order it saw it: pushes on /ws/ops and its reads. */
type InboxEvent = { kind: 'support-push' | 'inbox-read'; at: number }

/**
 * A second browser context signed in to /console/ and showing the support inbox. `events` records
 * each support push its socket receives and each time the inbox is read, so a test can tell a
 * row brought by push from one brought by a poll.
 */
async function consoleInbox(browser: Browser, email: string): Promise<{ page: Page; events: InboxEvent[] }> {
  const page = await consoleWindow(browser)
  const events: InboxEvent[] = []
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type: string; data?: { topic?: string } }
      if (message.type === 'ops' && message.data?.topic === 'support')
        events.push({ kind: 'support-push', at: Date.now() })
    }),
  )
  page.on('request', (request) => {
    if (request.url().includes('/support/inbox')) events.push({ kind: 'inbox-read', at: Date.now() })
  })
  await signInToConsole(page, email)
  await page.getByRole('link', { name: 'Atendimento' }).click()
  await expect(page.getByRole('heading', { name: 'Atendimento' })).toBeVisible()
  return { page, events }
}

const noSeriousViolations = (page: Page) => expectNoSeriousAxe(page)

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data is whatever the route answers
async function ops(request: APIRequestContext, path: string, data: object = {}): Promise<any> {
  const response = await request.post(`/api/ops/support${path}`, {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data,
  })
  const body = await response.json()
  expect(body.success, JSON.stringify(body)).toBe(true)
  return body.data
}

interface InboxItem {
  id: number
  playerId: number
  context: { orderId: string } | null
  lastText: string
}

test('a player reaches a person from a withdrawal: FAQ, chat with the order, the operator in /console/ replies, badge, offline message sent once', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a funded player, a withdrawal, three axe runs and an offline round trip: about
  // 40 s on an idle machine, so twice the default for a loaded one.
  test.setTimeout(120_000)
  const email = `carla.${Date.now()}@jogolimpo.example`
  createOperator(email, 'support', 'Carla Mendes')
  const cpf = randomCpf()
  await fundedPlayer(page, 10000, cpf)
  const { userId } = await accountInfo(page)
  const order = await requestWithdrawal(page, cpf, 5000, `e2e-support-${userId}`)
  expect(order.success).toBe(true)
  const orderId = order.data.orderId as string
  const { page: operator, events: heard } = await consoleInbox(browser, email)

  // "Ajuda" on the home opens the FAQ first.
  await page.goto('/')
  await page.getByTestId('dock-support').click()
  await expect(page).toHaveURL(/\/service$/)
  const faq = page.getByTestId('faq').locator('details')
  await expect(faq).toHaveCount(6)
  await faq.first().locator('summary').click()
  await expect(faq.first()).toContainText('O saldo entra sozinho')
  await shoot(page, 'support-faq')
  await noSeriousViolations(page)

  // From the withdrawal's tracker, with its order.
  await page.goto(`/withdrawalTracker?orderId=${orderId}`)
  await page.getByTestId('tracker-support').click()
  await expect(page).toHaveURL(new RegExp(`/servicePage\\?orderId=${orderId}`))
  await expect(page.getByTestId('chat-context')).toContainText(orderId)
  await page.getByLabel('Sua mensagem').fill('Meu saque não chegou')
  const sentAt = Date.now()
  await page.getByRole('button', { name: 'Enviar' }).click()
  const mine = page.getByTestId('chat-message').filter({ hasText: 'Meu saque não chegou' })

  // The operator's open console shows it because the server pushed it: the inbox is read again
  // only after a support push arrives, never on a timer. How fast the push lands is a latency,
  // measured by `npm run bench:push`, not by a clock in this test (CI's machine is shared).
  const row = operator.getByTestId('support-row').filter({ hasText: 'Meu saque não chegou' })
  await expect(row).toBeVisible()
  const since = heard.filter((event) => event.at >= sentAt)
  expect(since[0]?.kind, JSON.stringify(since)).toBe('support-push')
  test
    .info()
    .annotations.push({ type: 'support push', description: `${(since[0]?.at ?? sentAt) - sentAt} ms after sending` })
  await expect(row.getByTestId('support-row-order')).toContainText(orderId)
  await expect(mine.getByTestId('message-status')).toContainText('entregue')
  await row.getByRole('button').first().click()
  const conversation = operator.getByTestId('support-conversation')
  await expect(conversation.getByTestId('support-context')).toContainText(orderId)
  await expect(conversation.getByTestId('player-summary')).toBeVisible()
  await expect(conversation.getByTestId('support-messages')).toContainText('Meu saque não chegou')
  // Opened in the console, it is read: the player sees "lida".
  await expect(mine.getByTestId('message-status')).toContainText('lida')
  await operator.screenshot({ path: `${SHOTS}/support-console-inbox.png` })
  await noSeriousViolations(operator)

  // The player leaves the chat; the operator takes it and replies.
  await page.getByRole('button', { name: 'Fechar', exact: true }).click()
  await expect(page).not.toHaveURL(/servicePage/)
  await page.goto('/service')
  await expect(page.getByTestId('faq').locator('details')).toHaveCount(6)
  await conversation.getByRole('button', { name: 'Pegar' }).click()
  await expect(conversation).toContainText('Com Carla Mendes')
  await conversation.getByLabel('Resposta', { exact: true }).fill('Oi! Vi o seu saque: ele está com o banco.')
  await conversation.getByRole('button', { name: 'Responder' }).click()
  await expect(conversation.getByTestId('support-messages')).toContainText('Vi o seu saque')
  await expect(page.getByTestId('chat-badge')).toContainText('1')
  await page.getByTestId('open-chat').click()
  const reply = page.getByTestId('chat-message').filter({ hasText: 'Vi o seu saque' })
  await expect(reply).toContainText('Carla')
  await expect(reply).not.toContainText('Mendes')
  await expect(page.getByTestId('chat-operator')).toContainText('Carla')
  await shoot(page, 'support-chat')
  await noSeriousViolations(page)
  // Read on screen: the badge clears, and the console says the player read it.
  await expect.poll(async () => (await playerCall(page, '/v1/support/unread')).data.chat).toBe(0)
  await expect(conversation.getByTestId('support-messages')).toContainText('lida pelo jogador')
  await page.goto('/service')
  await expect(page.getByTestId('faq').locator('details')).toHaveCount(6)
  await expect(page.getByTestId('chat-badge')).toHaveCount(0)

  // Offline: the message waits on the device, then goes once.
  await page.getByTestId('open-chat').click()
  await expect(reply).toBeVisible()
  await page.context().setOffline(true)
  await expect(page.getByTestId('chat-offline')).toBeVisible()
  await page.getByLabel('Sua mensagem').fill('Ainda estou esperando')
  await page.getByRole('button', { name: 'Enviar' }).click()
  const queued = page.getByTestId('chat-message').filter({ hasText: 'Ainda estou esperando' })
  await expect(queued.getByTestId('message-status')).toHaveText('enviando…')
  await shoot(page, 'support-chat-offline')
  await page.waitForTimeout(500)
  await page.context().setOffline(false)
  // Delivered (and, with the conversation open in the console, read at once).
  await expect(queued.getByTestId('message-status')).toContainText(/entregue|lida/)
  await expect(page.getByTestId('chat-offline')).toHaveCount(0)
  await expect(conversation.getByTestId('support-messages')).toContainText('Ainda estou esperando')
  const inbox = await ops(request, '/inbox')
  const conversationId = (inbox.conversations as InboxItem[]).find((c) => c.playerId === userId)?.id
  const messages = (await ops(request, '/conversation', { conversationId })).messages as { text: string }[]
  expect(messages.map((m) => m.text)).toEqual([
    'Meu saque não chegou',
    'Oi! Vi o seu saque: ele está com o banco.',
    'Ainda estou esperando',
  ])
  await page.reload()
  await expect(page.getByTestId('chat-message')).toHaveCount(3)
  await operator.context().close()
})

test('notices and feedback: an operator publishes and answers in /console/, the player reads; axe on every screen', async ({
  page,
  browser,
}) => {
  const email = `nina.${Date.now()}@jogolimpo.example`
  createOperator(email, 'support', 'Nina Avisos')
  await enterApp(page)
  const { page: operator } = await consoleInbox(browser, email)

  // The FAQ and notices editor: a notice for every language, linking into the app.
  await operator.getByRole('link', { name: 'FAQ e avisos' }).click()
  await expect(operator.getByTestId('faq-editor').locator('form')).toHaveCount(7)
  const editor = operator.getByTestId('notices-editor')
  await editor.getByLabel('Título', { exact: true }).fill('Manutenção do PIX')
  await editor.getByLabel('Texto', { exact: true }).fill('Os depósitos podem demorar alguns minutos hoje à noite.')
  await editor.getByLabel(/Link no app/).fill('/rechargeMall')
  await editor.getByRole('button', { name: 'Publicar' }).click()
  await expect(editor.getByRole('table')).toContainText('Manutenção do PIX')
  await operator.screenshot({ path: `${SHOTS}/support-console-content.png` })
  await noSeriousViolations(operator)

  await page.goto('/mine')
  await expect(page.getByRole('link', { name: /Avisos/ })).toContainText('1')
  await page.getByRole('link', { name: /Avisos/ }).click()
  const notice = page.getByTestId('notice').filter({ hasText: 'Manutenção do PIX' })
  await expect(notice).toContainText('Novo')
  await expect(notice.getByRole('link', { name: 'Abrir' })).toHaveAttribute('href', '/rechargeMall')
  await shoot(page, 'support-notices')
  await noSeriousViolations(page)
  await expect.poll(async () => (await playerCall(page, '/v1/support/unread')).data.notices).toBe(0)

  // Feedback: the player writes, the operator answers in the console, the player reads it.
  await page.goto('/feedback')
  await page.getByLabel('Assunto').selectOption('payments')
  await page.getByLabel('Sua sugestão').fill('Queria ver o tempo médio do PIX.')
  await page.getByLabel('A equipe pode me responder sobre isto').check()
  await page.getByRole('button', { name: 'Enviar' }).click()
  const mine = page.getByTestId('feedback-item').filter({ hasText: 'Queria ver o tempo médio' })
  await expect(mine).toContainText('Depósitos e saques')
  await operator.getByRole('link', { name: 'Sugestões' }).click()
  const item = operator.getByTestId('feedback-list').locator('li').filter({ hasText: 'Queria ver o tempo médio' })
  await expect(item).toContainText('aceita ser contatado')
  await item.getByLabel('Resposta ao jogador').fill('Boa ideia, vamos mostrar.')
  await item.getByRole('button', { name: 'Responder' }).click()
  await expect(item).toHaveCount(0)
  await operator.screenshot({ path: `${SHOTS}/support-console-feedback.png` })
  await noSeriousViolations(operator)
  await page.reload()
  await expect(mine).toContainText('Boa ideia, vamos mostrar.')
  await shoot(page, 'support-feedback')
  await noSeriousViolations(page)
  await operator.context().close()
})

/** Every route of the player app. */

test('no player route says "em construção" any more', async ({ page }) => {
  // One walk over every route: its budget grows with the list (each route loads to network idle).
  test.setTimeout(30_000 + specRoutes.length * 2_500)
  await enterApp(page)
  for (const route of specRoutes) {
    await page.goto(route)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('main, .app').first()).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    const text = await page.locator('body').innerText()
    expect(text, route).not.toMatch(/em construção|Esta área ainda/i)
  }
})
