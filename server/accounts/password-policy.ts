// Which new passwords are accepted (OWASP ASVS 5.0): 8–64 characters (the contract's rule), not
// one of the ~49,000 most common passwords of @zxcvbn-ts's list (compared case-insensitively),
// and strong enough by zxcvbn's estimate — score PASSWORD_MIN_SCORE of 4 at least, with its
// Brazilian Portuguese dictionary (names, words, football clubs…) and the brand's own words,
// so `flamengo123`, `brasil123` or `jogolimpo2026` are refused. The password guards withdrawals.
// Only new passwords are checked; older ones still log in.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as portuguese from '@zxcvbn-ts/language-pt-br'
import type { z } from 'zod'
import { bindRequest } from '../../contract/accounts.ts'

const commonList = new Set((common.dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()))

/** Words anyone guessing a password of this site tries first. */
export const BRAND_WORDS = ['jogolimpo', 'jogo', 'limpo', 'jogo limpo', 'pix', 'cassino', 'slot', 'aposta', 'bet']

/** zxcvbn scores 0–4: 3 is "safely unguessable" for an online attack (10¹⁰ guesses). */
export const PASSWORD_MIN_SCORE = 3

/**
 * zxcvbn's matching grows steeply with length (a 64-character password took seconds, on the
 * request's event loop): only the first SCORED_LENGTH characters are scored. What follows can
 * only add to a password's strength, so none that passes would fail in full.
 */
export const SCORED_LENGTH = 24

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...portuguese.dictionary, brand: BRAND_WORDS },
  graphs: common.adjacencyGraphs,
  translations: portuguese.translations,
  maxLength: SCORED_LENGTH,
})

export function isCommonPassword(password: string): boolean {
  return commonList.has(password.normalize('NFKC').toLowerCase())
}

/** zxcvbn's score (0–4) of a password, with the brand's words and the player's own as guesses. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  return zxcvbn.check(password.normalize('NFKC'), userInputs).score
}

/**
 * The bind body as the server checks it: the contract's shape and the common list. The score is
 * checked by the route off the event loop (password-score.ts), after the refusals that cost nothing.
 */
export const serverBindRequest = bindRequest.check((ctx) => {
  const { password } = ctx.value
  if (isCommonPassword(password)) {
    ctx.issues.push({ code: 'custom', path: ['password'], message: 'password_common', input: password })
  }
})

/** Any request schema with a new `password`, refusing the most common ones as the bind does. */
export function withoutCommonPassword<T extends z.ZodType<{ password: string }>>(schema: T): T {
  return schema.check((ctx) => {
    const { password } = ctx.value
    if (isCommonPassword(password)) {
      ctx.issues.push({ code: 'custom', path: ['password'], message: 'password_common', input: password })
    }
  })
}

export type ServerBindRequest = z.infer<typeof serverBindRequest>
