// Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const N = 2 ** 17
const r = 8
const p = 1
const keyLength = 32
// scrypt needs 128·N·r bytes; leave headroom.
const maxmem = 256 * 1024 * 1024

function derive(password: string, salt: Buffer, cost = { N, r, p }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(rr), p: Number(pp) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
