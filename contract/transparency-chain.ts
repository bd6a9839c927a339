// The transparency chain's rule, so the server, the browser and `npm run transparency:verify`
// compute the same hash: SHA-256 of the RFC 8785 canonical JSON of { day, previousHash, figures }.
// No zod here: the browser runs this file (the schemas of the replies stay in transparency.ts).
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import canonicalize from 'canonicalize'
import type { Snapshot } from './transparency.ts'

/** The previous hash of the first frozen day. */
export const GENESIS_HASH = '0'.repeat(64)

const encoder = new TextEncoder()

/** The bytes a frozen day's hash is taken over (and a time-stamp token's imprint is the hash of). */
export function snapshotContent(snapshot: Pick<Snapshot, 'day' | 'previousHash' | 'figures'>): Uint8Array {
  const text = canonicalize({ day: snapshot.day, previousHash: snapshot.previousHash, figures: snapshot.figures })
  return encoder.encode(text ?? '')
}

/** The hash a frozen day carries: it covers the day, its figures and the day before's hash. */
export function snapshotHash(snapshot: Pick<Snapshot, 'day' | 'previousHash' | 'figures'>): string {
  return bytesToHex(sha256(snapshotContent(snapshot)))
}

export type ChainCheck =
  | { ok: true; days: number; head: { day: string; hash: string } | null }
  | { ok: false; day: string; problem: 'hash' | 'link' | 'order' | 'known' | 'head' }

/**
 * Recomputes the chain: each day's hash from its content, each link to the day before, days in
 * order. `known` are hashes seen earlier (a head published before, remembered by a browser):
 * a day rewritten and the chain re-hashed after it passes every other check but not this one.
 */
export function verifyChain(
  snapshots: readonly Pick<Snapshot, 'day' | 'previousHash' | 'hash' | 'figures'>[],
  options: { known?: readonly { day: string; hash: string }[]; head?: { day: string; hash: string } | null } = {},
): ChainCheck {
  let previous = GENESIS_HASH
  let previousDay = ''
  const byDay = new Map<string, string>()
  for (const snapshot of snapshots) {
    if (snapshot.day <= previousDay) return { ok: false, day: snapshot.day, problem: 'order' }
    if (snapshot.previousHash !== previous) return { ok: false, day: snapshot.day, problem: 'link' }
    if (snapshotHash(snapshot) !== snapshot.hash) return { ok: false, day: snapshot.day, problem: 'hash' }
    byDay.set(snapshot.day, snapshot.hash)
    previous = snapshot.hash
    previousDay = snapshot.day
  }
  for (const seen of options.known ?? []) {
    if (byDay.get(seen.day) !== seen.hash) return { ok: false, day: seen.day, problem: 'known' }
  }
  const last = snapshots.at(-1)
  const head = last ? { day: last.day, hash: last.hash } : null
  if (options.head !== undefined && (options.head?.day !== head?.day || options.head?.hash !== head?.hash))
    return { ok: false, day: options.head?.day ?? '', problem: 'head' }
  return { ok: true, days: snapshots.length, head }
}
