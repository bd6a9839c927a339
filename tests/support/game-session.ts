// Opening a game in server tests the way the game page does: the player's forward to the game,
// the launch token in its address opened for a game-session token, and the first client seed
// sent for the committed server seed when the player has no pair yet. Each step must succeed.
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { TestPlayer } from './server.ts'

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data is whatever the route answers, read as the app reads it
type Envelope = any

export interface OpenedGame {
  /** The `/game/forward` reply (its data names `openGameUrl`). */
  forward: Envelope
  launchToken: string
  /** The `/game/session/open` reply. */
  opened: Envelope
  /** The first client seed's reply, or null when the player already had a pair. */
  chosen: Envelope | null
  sessionToken: string
}

/** Forwards `call`'s player to `gameId` and opens the game's session. */
export async function openGameSession(
  app: FastifyInstance,
  call: TestPlayer['call'],
  { gameId = 'fruta-fina', clientSeed = 'semente' }: { gameId?: string; clientSeed?: string } = {},
): Promise<OpenedGame> {
  const forward = await call('/game/forward', { id: gameId })
  expect(forward.success, JSON.stringify(forward)).toBe(true)
  return { forward, ...(await openLaunch(app, forward, clientSeed)) }
}

/** Opens the game a successful `/game/forward` reply sends the player to. */
export async function openLaunch(
  app: FastifyInstance,
  forward: Envelope,
  clientSeed = 'semente',
): Promise<Omit<OpenedGame, 'forward'>> {
  const launchToken = new URL(forward.data.openGameUrl, 'http://x').searchParams.get('launch') as string
  const opened = (await app.inject({ method: 'POST', url: '/api/game/session/open', payload: { launchToken } })).json()
  expect(opened.success, JSON.stringify(opened)).toBe(true)
  const sessionToken = opened.data.sessionToken as string
  let chosen: Envelope | null = null
  if (!opened.data.seed) {
    chosen = (
      await app.inject({
        method: 'POST',
        url: '/api/game/session/seed',
        headers: { 'game-session': sessionToken },
        payload: { clientSeed, nextServerSeedHash: opened.data.nextServerSeedHash },
      })
    ).json()
    expect(chosen.success, JSON.stringify(chosen)).toBe(true)
  }
  return { launchToken, opened, chosen, sessionToken }
}

/** How many spin answers of each kind: a win, a loss, a replay, each refusal by its code. */
export function countAnswers(answers: unknown[]): Record<string, number> {
  const kinds: Record<string, number> = {}
  for (const answer of answers as {
    success: boolean
    msgCode?: string
    data?: { replayed: boolean; round: { win: number } }
  }[]) {
    const kind = !answer.success
      ? (answer.msgCode as string)
      : answer.data?.replayed
        ? 'replayed'
        : answer.data?.round.win
          ? 'win'
          : 'loss'
    kinds[kind] = (kinds[kind] ?? 0) + 1
  }
  return kinds
}
