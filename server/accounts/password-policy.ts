// Which new passwords are accepted (OWASP ASVS 5.0): 8–64 characters (the contract's rule) and
// not one of the ~49,000 most common passwords of @zxcvbn-ts's list, compared case-insensitively.
// Only new passwords are checked; older, shorter ones still log in.
import { dictionary } from '@zxcvbn-ts/language-common'
import type { z } from 'zod'
import { bindRequest } from '../../contract/accounts.ts'

const common = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()))

export function isCommonPassword(password: string): boolean {
  return common.has(password.normalize('NFKC').toLowerCase())
}

/** The bind body as the server checks it: the contract's shape plus the common-password list. */
export const serverBindRequest = bindRequest.check((ctx) => {
  if (isCommonPassword(ctx.value.password)) {
    ctx.issues.push({ code: 'custom', path: ['password'], message: 'password_common', input: ctx.value.password })
  }
})

export type ServerBindRequest = z.infer<typeof serverBindRequest>
