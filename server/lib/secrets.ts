// The two primitives every module uses for secrets handed to clients: 256 random bits, and the
// SHA-256 they are stored and committed as (session, launch and game-session tokens, device
// secrets, setup links, server seeds).
import { createHash, randomBytes } from 'node:crypto'

/** SHA-256 as lowercase hex: how secrets handed to clients are stored, and how seeds are committed. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** 256 random bits, URL-safe: session tokens, launch tokens, game-session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}
