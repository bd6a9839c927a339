// The HTTP adapter for face match at Serpro's Datavalid (biometric validation of a person, "PF
// facial"), and the one place that knows its wire format. What its public documentation says and
// what we could read of it is in docs/identity.md: the client credentials (consumer key and secret)
// are exchanged for a bearer token; the answer gives the face's availability in the government's
// base, a similarity and a probability band; a CPF without a face in that base answers HTTP 422
// with code DV040. The exact path, the body's field names and the liveness field below are written
// from the public descriptions, not from the contract's manual: assumed, and said so in the docs.
// When the manual is at hand, only this file changes.
import { z } from 'zod'
import { isValidCpf } from '../../contract/cpf.ts'
import { type FaceAnswer, type FaceMatcher, type FaceQuery, FaceUnavailable } from './face-matcher.ts'

/** The token path and the face validation's path, under the configured base URL (assumed). */
export const tokenPath = '/token'
export const facePath = '/validate/pf-facial'

/** The request body (assumed field names): the key is the CPF, the answer the picture to compare. */
export interface WireRequest {
  key: { cpf: string }
  answer: { biometria_face: string }
}

/** The answer body (assumed field names): availability, similarity 0–1, probability band, liveness 0–1. */
export const wireAnswer = z.object({
  biometria_face: z.object({
    disponivel: z.boolean(),
    probabilidade: z.string().optional(),
    similaridade: z.number().min(0).max(1).optional(),
    prova_vida: z.object({ score: z.number().min(0).max(1) }).optional(),
  }),
  protocolo: z.string().optional(),
})
export type WireAnswer = z.infer<typeof wireAnswer>

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive().default(3600) })

export interface DatavalidOptions {
  baseUrl: string
  clientId: string | null
  clientSecret: string | null
  timeoutMs: number
  now?: () => number
}

export function datavalidFaceMatcher(options: DatavalidOptions): FaceMatcher {
  const base = options.baseUrl.replace(/\/+$/, '')
  const now = options.now ?? Date.now
  let token: { value: string; until: number } | null = null

  async function bearer(): Promise<string | null> {
    if (!options.clientId || !options.clientSecret) return null
    if (token && token.until > now()) return token.value
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
    const response = await fetch(`${base}${tokenPath}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(options.timeoutMs),
    }).catch((error: unknown) => {
      throw new FaceUnavailable(error instanceof Error ? error.message : String(error))
    })
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null))
    if (response.status !== 200 || !parsed.success) throw new FaceUnavailable(`token answered ${response.status}`)
    // Renewed a minute early so no call goes out with a token about to end.
    token = { value: parsed.data.access_token, until: now() + (parsed.data.expires_in - 60) * 1000 }
    return token.value
  }

  return {
    name: 'datavalid',
    async check(query: FaceQuery): Promise<FaceAnswer> {
      if (!isValidCpf(query.cpf)) throw new RangeError('not a CPF')
      const auth = await bearer()
      const body: WireRequest = { key: { cpf: query.cpf }, answer: { biometria_face: query.image.toString('base64') } }
      const response = await fetch(`${base}${facePath}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      }).catch((error: unknown) => {
        throw new FaceUnavailable(error instanceof Error ? error.message : String(error))
      })
      if (response.status === 401) token = null
      if (response.status !== 200) {
        await response.body?.cancel()
        // 422 DV040: no face for this CPF in the government's base; an operator decides.
        throw new FaceUnavailable(`face provider answered ${response.status}`)
      }
      const parsed = wireAnswer.safeParse(await response.json().catch(() => null))
      if (!parsed.success) throw new FaceUnavailable('unreadable answer')
      const face = parsed.data.biometria_face
      if (!face.disponivel || face.similaridade === undefined) throw new FaceUnavailable('no reference face')
      return {
        match: face.similaridade,
        // Without a liveness score the answer cannot pass the liveness threshold: it goes to review.
        liveness: face.prova_vida?.score ?? 0,
        reference: parsed.data.protocolo ?? null,
      }
    },
  }
}
