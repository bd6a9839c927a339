// The two primitives every module uses for secrets handed to clients: 256 random bits, and the
// SHA-256 they are stored and committed as (session, launch and game-session tokens, device
// secrets, setup links, server seeds).
import { hash, randomBytes } from 'node:crypto'

/** SHA-256 as lowercase hex: how secrets handed to clients are stored, and how seeds are committed. */
export function sha256Hex(text: string): string {
  // The one-shot digest: no Hash object for a single short input (every spin hashes its token).
  return hash('sha256', text, 'hex')
}

/** 256 random bits, URL-safe: session tokens, launch tokens, game-session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}
