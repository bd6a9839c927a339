// The game page's calls: everything with its game-session token only, answers in the envelope.
import type { SeedChoice, SessionView, SpinResult } from '../contract/games/api.ts'
import type { GameDef } from '../contract/games/engine.ts'
import type { PublishedFigures } from '../contract/games/figures.ts'
import type { JackpotRule } from '../contract/games/jackpot.ts'

interface Envelope<T> {
  success: boolean
  msgCode: string
  msg: string
  data: T | null
}

export class GameApiError extends Error {
  readonly msgCode: string
  readonly data: unknown
  constructor(msgCode: string, msg: string, data: unknown = null) {
    super(msg)
    this.msgCode = msgCode
    this.data = data
  }
}

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

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method,
    headers: {
      'accept-language': language,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(sessionToken ? { 'game-session': sessionToken } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
  const envelope = (await response.json()) as Envelope<T>
  if (!envelope.success || envelope.data === null) throw new GameApiError(envelope.msgCode, envelope.msg, envelope.data)
  return envelope.data
}

export async function openSession(launchToken: string): Promise<SessionView> {
  const session = await call<SessionView>('POST', '/game/session/open', { launchToken })
  sessionToken = session.sessionToken
  return session
}

/** A game's definition: the current version, or the one a round was played on. */
export function loadGame(id: string, version?: number) {
  const query = version === undefined ? '' : `?version=${version}`
  return call<{ game: GameDef; figures: PublishedFigures; jackpotRule: JackpotRule }>('GET', `/game/def/${id}${query}`)
}

/** The player's first client seed, made here in the browser, for the committed seed the page was shown. */
export function chooseSeed(clientSeed: string, nextServerSeedHash: string) {
  return call<SeedChoice>('POST', '/game/session/seed', { clientSeed, nextServerSeedHash })
}

export function spin(bet: number, requestId: string) {
  return call<SpinResult>('POST', '/game/spin', { bet, requestId })
}

export function ping() {
  return call<{ balance: SessionView['balance']; jackpot: SessionView['jackpot']; realityCheck: RealityCheck | null }>(
    'POST',
    '/game/session/ping',
    {},
  )
}

export function answerRealityCheck(answer: 'continue' | 'stop') {
  return call<RealityCheck>('POST', '/game/realityCheck', { answer })
}
