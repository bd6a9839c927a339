// The game page's calls: everything with its game-session token only, through the one API
// transport (contract/client.ts).
import { t } from '@lingui/core/macro'
import type { GetPath, PostPath } from '../contract/api-paths.ts'
import { apiClient, type WithQuery } from '../contract/client.ts'
import type { SeedChoice, SessionView, SpinResult } from '../contract/games/api.ts'
import type { GameDef } from '../contract/games/engine.ts'
import type { PublishedFigures } from '../contract/games/figures.ts'
import type { JackpotRule } from '../contract/games/jackpot.ts'
import type { RealityCheckChoice } from '../contract/limit-values.ts'

export { isRefusal } from '../contract/client.ts'

/** What the reality-check dialog shows: time played in this play session and its net result. */
export interface RealityCheck {
  playedMs: number
  net: number
}

let sessionToken = ''
let language = 'pt-BR'

export function setLanguage(lang: string) {
  language = lang
}

const client = apiClient<PostPath | WithQuery<GetPath>>({
  base: '/api',
  timeoutMs: 10_000,
  language: () => language,
  headers: (): Record<string, string> => (sessionToken ? { 'game-session': sessionToken } : {}),
  failures: () => ({ network: t`Sem conexão.`, timeout: t`O servidor demorou a responder.` }),
})

function call<T>(method: 'GET' | 'POST', path: PostPath | WithQuery<GetPath>, body?: unknown): Promise<T> {
  return client.call<T>(path, body, { method })
}

export async function openSession(launchToken: string): Promise<SessionView> {
  const session = await call<SessionView>('POST', '/v1/games/session/open', { launchToken })
  sessionToken = session.sessionToken
  return session
}

/** A game's definition: the current version, or the one a round was played on. */
export function loadGame(id: string, version?: number) {
  const query = version === undefined ? '' : `?version=${version}`
  return call<{ game: GameDef; figures: PublishedFigures; jackpotRule: JackpotRule }>(
    'GET',
    `/v1/games/def/${id}${query}`,
  )
}

/** The player's first client seed, made here in the browser, for the committed seed the page was shown. */
export function chooseSeed(clientSeed: string, nextServerSeedHash: string) {
  return call<SeedChoice>('POST', '/v1/games/session/seed', { clientSeed, nextServerSeedHash })
}

export function spin(bet: number, requestId: string) {
  return call<SpinResult>('POST', '/v1/games/spin', { bet, requestId })
}

export function ping() {
  return call<{ balance: SessionView['balance']; jackpot: SessionView['jackpot']; realityCheck: RealityCheck | null }>(
    'POST',
    '/v1/games/session/ping',
    {},
  )
}

export function answerRealityCheck(answer: RealityCheckChoice) {
  return call<RealityCheck>('POST', '/v1/games/realityCheck', { answer })
}
