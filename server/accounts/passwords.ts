// Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1). Each check costs
// 128 MiB and about half a second of a core, so checks and hashes go through one bounded, fair
// queue: a flood of logins is refused with 429 (`busy`) instead of slowing every login and
// growing memory without bound.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { FairQueue, QueueFullError } from '../lib/fair-queue.ts'
import { Refusal } from '../refusal.ts'

const N = 2 ** 17
const r = 8
const p = 1
/** The N new hashes are made at. A hash records its own cost, and is checked at it. */
let hashN = N
const keyLength = 32
// scrypt needs 128·N·r bytes; leave headroom.
const maxmem = 256 * 1024 * 1024

// One check per core, at most libuv's default four threads (more would only wait there holding
// memory). One client address may use all but one of them, so a flood from one address never
// takes the last core from the rest of the API, and another address's login starts at once.
const concurrency = Math.max(1, Math.min(availableParallelism(), 4))
const checks = new FairQueue({
  concurrency,
  perSourceRunning: Math.max(1, concurrency - 1),
  capacity: 4 * concurrency,
  perSource: 2,
})

/** How many scrypt runs may hold memory at once (for tests that bound the process's growth). */
export const passwordChecksAtOnce = concurrency

/** How many checks run and wait now (for tests that must act once a flood has reached the queue). */
export function passwordQueueState(): { running: number; waiting: number } {
  return { running: checks.running, waiting: checks.waiting }
}

/**
 * Test suites only: new hashes made at a lower N (`null`: OWASP's again), so the thousands of
 * passwords a suite sets and checks do not each take a third of a second. Checks stay exact, since
 * each hash carries its cost; the tests of the queue's bounds and cost run at the real one.
 */
export function setHashCostForTests(n: number | null): void {
  hashN = n ?? N
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** Runs scrypt work in its turn; `source` (the client address) decides whose turn it is. */
async function queued<T>(source: string | undefined, task: () => Promise<T>): Promise<T> {
  try {
    return await checks.run(source, task)
  } catch (error) {
    if (error instanceof QueueFullError) throw new Refusal('busy')
    throw error
  }
}

export function hashPassword(password: string, source?: string): Promise<string> {
  return queued(source, async () => {
    const salt = randomBytes(16)
    const n = hashN
    const key = await derive(password, salt, { N: n, r, p })
    return `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`
  })
}

/** True when the password matches; throws a 429 refusal (`busy`) when too many checks wait. */
export function verifyPassword(password: string, stored: string, source?: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !key) return Promise.resolve(false)
  return queued(source, async () => {
    const expected = Buffer.from(key, 'base64')
    const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(rr), p: Number(pp) })
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  })
}
