// The transparency page's calls: public GETs, no account needed (the service worker keeps the
// last answers, so the page opens offline with the time its figures were computed), and the
// chain check in the browser — every frozen day fetched and its hash recomputed
// (contract/transparency-chain.ts). The app is a witness: every head it verified is kept in
// IndexedDB, and each visit checks that the chain served now still holds each of them; one that
// is gone or changed is reported (the head seen, the hash served now and today's head) to the
// public report endpoint the console lists, once per head.
import type { GetPath } from '../../../contract/api-paths.ts'
import type { WithQuery } from '../../../contract/client.ts'
import type { Envelope } from '../../../contract/envelope.ts'
import type { Snapshot, SnapshotPage, TransparencyView, WitnessReportBody } from '../../../contract/transparency.ts'
import { type ChainCheck, verifyChain } from '../../../contract/transparency-chain.ts'
import { ApiError, request } from '../../lib/http.ts'
import { storage, type WitnessedHead } from '../../lib/storage.ts'

async function get<T>(path: WithQuery<GetPath>): Promise<T> {
  const envelope: Envelope<T> = await request<T>(path, undefined, { method: 'GET' })
  if (!envelope.success) throw new ApiError(envelope.msgCode, envelope.msg ?? '', 200)
  return envelope.data as T
}

export const getTransparency = () => get<TransparencyView>('/transparency')

export async function getSnapshots(): Promise<Snapshot[]> {
  const all: Snapshot[] = []
  let after: string | null = null
  do {
    const page: SnapshotPage = await get<SnapshotPage>(
      after ? `/transparency/snapshots?after=${encodeURIComponent(after)}` : '/transparency/snapshots',
    )
    all.push(...page.snapshots)
    after = page.nextAfter
  } while (after)
  return all
}

/** Heads kept at most: a year and more of daily visits; the oldest go first. */
const MAX_HEADS = 400

/** The head an older version of the app kept in localStorage: taken in as a witnessed head. */
const LEGACY_KEY = 'jl-transparency-head'

function legacyHead(): WitnessedHead | null {
  try {
    const value = JSON.parse(localStorage.getItem(LEGACY_KEY) ?? 'null') as { day?: unknown; hash?: unknown } | null
    return typeof value?.day === 'string' && typeof value.hash === 'string'
      ? { day: value.day, hash: value.hash, at: 0 }
      : null
  } catch {
    return null
  }
}

export type WitnessCheck = ChainCheck & {
  /** The earliest head this device saw that the chain served now no longer holds; null: all held. */
  rewritten: WitnessedHead | null
}

/** Sends the evidence of each changed head not reported yet; a failed send is tried at the next visit. */
async function report(changed: WitnessedHead[], served: Map<string, string>, head: WitnessReportBody['head']) {
  for (const seen of changed) {
    if (seen.reported) continue
    const body: WitnessReportBody = {
      seen: { day: seen.day, hash: seen.hash, ...(seen.at > 0 ? { at: seen.at } : {}) },
      served: served.get(seen.day) ?? null,
      head,
    }
    try {
      const envelope = await request('/transparency/witness', body, { method: 'POST' })
      if (envelope.success) seen.reported = true
    } catch {
      // Offline or refused: the head stays unreported and is sent again next time.
    }
  }
}

export async function checkChain(head: TransparencyView['chain']['head']): Promise<WitnessCheck> {
  const snapshots = await getSnapshots()
  const served = new Map(snapshots.map((s) => [s.day, s.hash]))
  const stored = (await storage.get('witnessedHeads').catch(() => undefined)) ?? []
  const legacy = legacyHead()
  const heads = legacy && !stored.some((h) => h.day === legacy.day) ? [legacy, ...stored] : stored
  // Checked apart from the heads: a chain consistent in itself may still have been rewritten.
  const check = verifyChain(snapshots, head ? { known: [head] } : {})
  const changed = heads.filter((h) => served.get(h.day) !== h.hash).sort((a, b) => a.day.localeCompare(b.day))
  const last = snapshots.at(-1)
  if (changed.length > 0) await report(changed, served, last ? { day: last.day, hash: last.hash } : null)
  const current = check.ok ? check.head : null
  let kept = heads
  if (current && !heads.some((h) => h.day === current.day && h.hash === current.hash))
    kept = [...heads, { ...current, at: Date.now() }]
  await storage.set('witnessedHeads', kept.slice(-MAX_HEADS)).catch(() => undefined)
  return { ...check, rewritten: changed[0] ?? null }
}
