// `npm run transparency:verify -- <url> [--known=YYYY-MM-DD:<hash> …]`: fetches every frozen day
// the transparency page publishes (/api/transparency/snapshots, page by page) and recomputes the
// hash chain — each day's hash from its figures and the day before's hash — then checks the head
// the page shows, and any hash seen earlier (`--known`, e.g. a head noted last month). Exits 0
// with "cadeia verificada até DD/MM/YYYY", or 1 naming the first day that does not check.
import type { Envelope } from '../contract/envelope.ts'
import type { Snapshot, SnapshotPage, TransparencyView } from '../contract/transparency.ts'
import { verifyChain } from '../contract/transparency-chain.ts'
import { cliArgs } from './cli-args.ts'

const usage = 'usage: npm run transparency:verify -- <url of the app> [--known=YYYY-MM-DD:<hash> …]'
const { values, positionals } = cliArgs(
  { options: { known: { type: 'string', multiple: true, default: [] } }, allowPositionals: true },
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
const [y, m, d] = check.head.day.split('-')
console.log(`cadeia verificada até ${d}/${m}/${y}: ${check.days} dias, cabeça ${check.head.hash}`)
