// The built app's scripts are served compressed (ARCHITECTURE: first route "served
// compressed"): the build's brotli copy to a browser that accepts it, gzip to one that takes only
// gzip, the plain file to one that takes neither — always with the file's own type and caching;
// the shell still answers at `/` whatever the client accepts.
import { expect, test } from '@playwright/test'

test('the scripts are sent as brotli, gzip or plain, as the browser accepts', async ({ request }) => {
  for (const accept of ['text/html', '*/*']) {
    const response = await request.get('/', { headers: { accept, 'accept-encoding': 'br, gzip' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
  }
  const shell = await request.get('/')
  // The app's code (start.tsx's chunk, which the shell preloads); the entry itself is ~2 KB.
  const script = (await shell.text()).match(/href="(\/assets\/start-[^"]+\.js)"/)?.[1] as string
  expect(script).toBeTruthy()

  const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  const body = await plain.body()
  for (const [accepted, encoding] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
  ]) {
    const response = await request.get(script, { headers: { 'accept-encoding': accepted as string } })
    expect(response.headers()['content-encoding']).toBe(encoding)
    expect(response.headers()['content-type']).toContain('javascript')
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    // Playwright decodes the body: the same bytes as the plain file.
    expect((await response.body()).equals(body)).toBe(true)
    expect(Number(response.headers()['content-length'])).toBeLessThan(body.length / 2)
  }
})
