// Password reset codes: 16 characters of Crockford's base32 (80 random bits), shown in groups of
// four. Read aloud or typed from a chat, so case, spaces and hyphens do not matter and the
// letters people confuse with digits (O, I, L) read as those digits.
export const RESET_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const RESET_CODE_LENGTH = 16

export function normalizeResetCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
}

/** "ABCD-EFGH-JKMN-PQRS": how a code is shown. */
export function formatResetCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}
