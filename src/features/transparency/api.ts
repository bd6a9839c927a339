// The transparency page's calls: public GETs, no account needed (the service worker keeps the
// last answers, so the page opens offline with the time its figures were computed), and the
// chain check in the browser — every frozen day fetched and its hash recomputed
// (contract/transparency.ts), against the head this browser verified before.
import type { Envelope } from '../../../contract/envelope.ts'
import type { Snapshot, SnapshotPage, TransparencyView } from '../../../contract/transparency.ts'
import { type ChainCheck, verifyChain } from '../../../contract/transparency-chain.ts'
import { ApiError, request } from '../../lib/http.ts'

async function get<T>(path: string): Promise<T> {
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
      `/transparency/snapshots${after ? `?after=${encodeURIComponent(after)}` : ''}`,
    )
    all.push(...page.snapshots)
    after = page.nextAfter
  } while (after)
  return all
}

/** The head this browser verified last: a chain rewritten since would not contain it. */
const KNOWN_KEY = 'jl-transparency-head'

function knownHead(): { day: string; hash: string } | null {
  try {
    const value = JSON.parse(localStorage.getItem(KNOWN_KEY) ?? 'null') as { day?: unknown; hash?: unknown } | null
    return typeof value?.day === 'string' && typeof value.hash === 'string'
      ? { day: value.day, hash: value.hash }
      : null
  } catch {
    return null
  }
}

export async function checkChain(head: TransparencyView['chain']['head']): Promise<ChainCheck> {
  const snapshots = await getSnapshots()
  const known = [knownHead(), head].filter((k): k is { day: string; hash: string } => k !== null)
  const check = verifyChain(snapshots, { known })
  if (check.ok && check.head) {
    try {
      localStorage.setItem(KNOWN_KEY, JSON.stringify(check.head))
    } catch {
      // Private mode without storage: the check still ran, only not remembered.
    }
  }
  return check
}
