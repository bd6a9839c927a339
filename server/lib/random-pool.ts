// Random bytes for ids made on every request (a spin's round id): drawn from the operating
// system a few kilobytes at a time instead of one system call per id. Each byte is handed out
// once; the pool is as unpredictable as `randomBytes` itself.
import { randomBytes } from 'node:crypto'

const POOL_BYTES = 4096

let pool = randomBytes(POOL_BYTES)
let used = 0

/** `size` fresh random bytes as lowercase hex (size ≤ 4096). */
export function randomHex(size: number): string {
  if (used + size > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES)
    used = 0
  }
  const hex = pool.toString('hex', used, used + size)
  used += size
  return hex
}
