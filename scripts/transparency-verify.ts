// `npm run transparency:verify -- <url> [--tsa-cert=<pem>] [--known=YYYY-MM-DD:<hash> …]`: fetches
// every frozen day the transparency page publishes (/api/transparency/snapshots, page by page) and
// recomputes the hash chain — each day's hash from its figures and the day before's hash — then
// checks the head the page shows, and any hash seen earlier (`--known`, e.g. a head noted last
// month). With `--tsa-cert` (the certificate you trust for the time-stamping authority, e.g. its
// CA's), every day's RFC 3161 token is checked too: issued for that day's content, signed by that
// authority; a day without a token fails when a later day has one (it was removed) or when it is
// more than two days old, and days stamped late are named. Exits 0 with "cadeia verificada até DD/MM/YYYY", or 1 naming the first day that
// does not check.
import { readFileSync } from 'node:fs'
import type { Envelope } from '../contract/envelope.ts'
import type { Snapshot, SnapshotPage, TransparencyView } from '../contract/transparency.ts'
import { snapshotContent, verifyChain } from '../contract/transparency-chain.ts'
import { certificatesFromPem, checkToken } from '../server/transparency/tsa.ts'
import { cliArgs } from './cli-args.ts'

/** Days a frozen day may wait for its token (a TSA down for a while) before its absence fails. */
const UNSTAMPED_GRACE_DAYS = 2
const DAY_MS = 24 * 60 * 60_000

const usage =
  'usage: npm run transparency:verify -- <url of the app> [--tsa-cert=<PEM file>] [--known=YYYY-MM-DD:<hash> …]'
const { values, positionals } = cliArgs(
  {
    options: { known: { type: 'string', multiple: true, default: [] }, 'tsa-cert': { type: 'string' } },
    allowPositionals: true,
  },
  usage,
)
const [target] = positionals
if (!target || positionals.length > 1) {
  console.error(usage)
  process.exit(2)
}
const origin = new URL(target).origin
const known = values.known.map((value) => {
  const [day, hash] = value.split(':') as [string, string]
  return { day, hash }
})

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, { headers: { accept: 'application/json' } })
  const envelope = (await response.json()) as Envelope<T>
  if (!response.ok || !envelope.success) throw new Error(`${path}: ${response.status} ${envelope.msg ?? ''}`)
  return envelope.data as T
}

const snapshots: Snapshot[] = []
let after: string | null = null
do {
  const page: SnapshotPage = await get<SnapshotPage>(
    `/transparency/snapshots${after ? `?after=${encodeURIComponent(after)}` : ''}`,
  )
  snapshots.push(...page.snapshots)
  after = page.nextAfter
} while (after)

const view = await get<TransparencyView>('/transparency')
// The page's figures may be a few minutes older than the list: its head must be in the chain.
if (view.chain.head) known.push(view.chain.head)
const check = verifyChain(snapshots, { known })
if (!check.ok) {
  const why = {
    hash: 'its hash does not match its figures (the day was changed)',
    link: 'it does not carry the previous day’s hash (the chain was cut or reordered)',
    order: 'days out of order',
    known: 'the hash published earlier for this day is no longer the one served (the chain was rewritten)',
    head: 'the head does not match',
  }[check.problem]
  console.error(`CHAIN BROKEN at ${check.day}: ${why}.`)
  process.exit(1)
}
if (!check.head) {
  console.log('Nothing frozen yet: the first day freezes after its local midnight.')
  process.exit(0)
}
let stamped = ''
const tsaCert = values['tsa-cert']
if (tsaCert) {
  const trusted = certificatesFromPem(readFileSync(tsaCert, 'utf8'))
  const today = new Date().toISOString().slice(0, 10)
  const graceFrom = new Date(Date.parse(today) - UNSTAMPED_GRACE_DAYS * DAY_MS).toISOString().slice(0, 10)
  const lastStamped = snapshots.findLast((s) => s.anchor)?.day ?? ''
  const unstamped: string[] = []
  const late: string[] = []
  for (const snapshot of snapshots) {
    if (!snapshot.anchor) {
      // A day without a token before a stamped one had its token removed; an old one was never stamped.
      if (snapshot.day < lastStamped || snapshot.day < graceFrom) {
        console.error(
          `CHAIN BROKEN at ${snapshot.day}: it has no time-stamp token (${snapshot.day < lastStamped ? 'a later day has one: it was removed' : `older than ${UNSTAMPED_GRACE_DAYS} days`}).`,
        )
        process.exit(1)
      }
      unstamped.push(snapshot.day)
      continue
    }
    const token = await checkToken(snapshot.anchor.token, snapshotContent(snapshot), trusted)
    if (!token.ok) {
      console.error(`CHAIN BROKEN at ${snapshot.day}: its time-stamp token does not check: ${token.problem}.`)
      process.exit(1)
    }
    // Stamped days after the day ended: the TSA vouches only that the day existed by then.
    if (token.stampedAt > Date.parse(snapshot.day) + (UNSTAMPED_GRACE_DAYS + 1) * DAY_MS) late.push(snapshot.day)
  }
  stamped = `; ${snapshots.length - unstamped.length} carimbos de tempo verificados${
    unstamped.length ? ` (ainda sem carimbo: ${unstamped.join(', ')})` : ''
  }${late.length ? `; carimbados com atraso (mais de ${UNSTAMPED_GRACE_DAYS} dias depois): ${late.length} dias, de ${late[0]} a ${late.at(-1)}` : ''}`
} else {
  stamped = '; carimbos de tempo não verificados (sem --tsa-cert)'
}
const [y, m, d] = check.head.day.split('-')
console.log(`cadeia verificada até ${d}/${m}/${y}: ${check.days} dias, cabeça ${check.head.hash}${stamped}`)
