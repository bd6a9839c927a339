// The one API transport of the browser clients (contract/client.ts) against a real server over
// HTTP: it unwraps a success to its data, turns a refusal into an ApiError with the server's
// msgCode and words in the caller's language (a refusal, not a lost answer), hands every envelope
// to its watcher, counts the call while it runs, and says `network` when nothing answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GetPath, PostPath } from '../../contract/api-paths.ts'
import { ApiError, apiClient, isRefusal, type WithQuery } from '../../contract/client.ts'
import { createTestApp, loginPlayer, type TestApp } from '../../tests/support/server.ts'

describe('contract/client.ts, the API transport', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api`
  })
  afterAll(() => t.close())

  const clientOf = (options: { base: string; token?: string; language?: string }) => {
    const seen: { msgCode: string; status: number; path: string }[] = []
    const pending: number[] = []
    let running = 0
    const client = apiClient<PostPath | WithQuery<GetPath>>({
      base: options.base,
      timeoutMs: 5000,
      language: () => options.language ?? 'pt-BR',
      headers: (): Record<string, string> => (options.token ? { 'access-token': options.token } : {}),
      failures: () => ({ network: 'sem rede', timeout: 'demorou' }),
      onPending: (delta) => {
        running += delta
        pending.push(running)
      },
      onEnvelope: (envelope, status, path) => seen.push({ msgCode: envelope.msgCode, status, path }),
    })
    return { client, seen, pending }
  }

  it('unwraps a success to its data, with the token and a GET path', async () => {
    const player = await loginPlayer(t.app)
    const { client, seen, pending } = clientOf({ base, token: player.token })
    const info = await client.call<{ userId: number }>('/v1/account/info', {})
    expect(info.userId).toBe(player.userId)
    const games = await client.call<{ games: unknown[] }>('/v1/games', undefined, { method: 'GET' })
    expect(games.games.length).toBeGreaterThan(0)
    expect(seen.map((s) => [s.msgCode, s.path])).toEqual([
      ['success', '/v1/account/info'],
      ['success', '/v1/games'],
    ])
    expect(pending).toEqual([1, 0, 1, 0])
  })

  it('throws a refusal as an ApiError with the msgCode and the words in the caller’s language', async () => {
    const { client } = clientOf({ base, language: 'en' })
    const refused = await client.call('/v1/account/info', {}).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ msgCode: 'token_invalid', status: 200 })
    expect(isRefusal(refused)).toBe(true)
    const { client: portuguese } = clientOf({ base })
    const inPortuguese = await portuguese.call('/v1/account/info', {}).catch((error: unknown) => error)
    expect((inPortuguese as ApiError).message).not.toBe((refused as ApiError).message)
    // The envelope itself, for a caller that decides what a refusal means.
    const envelope = await client.exchange('/v1/account/info', {})
    expect(envelope).toMatchObject({ success: false, msgCode: 'token_invalid' })
  })

  it('says `network` (not a refusal) when nothing answers', async () => {
    const closed = await createTestApp('sqlite')
    const address = await closed.app.listen({ port: 0, host: '127.0.0.1' })
    await closed.close()
    const { client, pending } = clientOf({ base: `${address}/api` })
    const lost = await client.call('/v1/games', undefined, { method: 'GET' }).catch((error: unknown) => error)
    expect(lost).toMatchObject({ msgCode: 'network', message: 'sem rede', status: 0 })
    expect(isRefusal(lost)).toBe(false)
    expect(pending).toEqual([1, 0])
  })
})
