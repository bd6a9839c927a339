// `npm run transparency:verify-leaf -- <proof.json> [<url of the app>]`: checks one player's proof
// of liabilities (the JSON the app shows under Perfil → "Meu saldo na prova de hoje", or the
// player's `GET /api/transparency/liabilities/proof`): recomputes the leaf from its day, salt and
// balance, climbs the path to the root, and checks the root and total. With the app's URL it also
// fetches that day from the published chain and checks that its hash covers this very root and
// total (the chain itself: `npm run transparency:verify`). Exits 0 naming the balance, 1 otherwise.
import { readFileSync } from 'node:fs'
import type { Envelope } from '../contract/envelope.ts'
import { type LiabilityProof, verifyLiabilityProof } from '../contract/liabilities.ts'
import type { Snapshot } from '../contract/transparency.ts'
import { snapshotHash } from '../contract/transparency-chain.ts'
import { cliArgs } from './cli-args.ts'

const usage = 'usage: npm run transparency:verify-leaf -- <proof.json> [<url of the app>]'
const { positionals } = cliArgs({ options: {}, allowPositionals: true }, usage)
const [file, target] = positionals
if (!file || positionals.length > 2) {
  console.error(usage)
  process.exit(2)
}
const text = JSON.parse(readFileSync(file, 'utf8')) as LiabilityProof | Envelope<LiabilityProof>
const proof = ('success' in text ? text.data : text) as LiabilityProof
const check = verifyLiabilityProof(proof)
if (!check.ok) {
  const why = {
    negative: 'a balance or a sum in it is not a whole, non-negative number of centavos',
    position: 'its position does not fit its path',
    root: 'its path does not lead to the root (the balance, the salt or a sibling was changed)',
    total: 'its path leads to the root but not to the total',
  }[check.problem]
  console.error(`PROOF BROKEN: ${why}.`)
  process.exit(1)
}
if (target) {
  const response = await fetch(`${new URL(target).origin}/api/transparency/snapshots/${proof.day}.json`)
  const envelope = (await response.json()) as Envelope<Snapshot>
  const day = envelope.data
  if (!response.ok || !envelope.success || !day) {
    console.error(`PROOF BROKEN: the chain has no day ${proof.day} (${response.status}).`)
    process.exit(1)
  }
  if (snapshotHash(day) !== day.hash) {
    console.error(`CHAIN BROKEN at ${proof.day}: its hash does not match its figures.`)
    process.exit(1)
  }
  const published = day.figures.liabilities
  if (!published || published.root !== proof.root || published.total !== proof.total) {
    console.error(`PROOF BROKEN: the chain's day ${proof.day} publishes another root or total than this proof's.`)
    process.exit(1)
  }
}
const reais = (proof.balance / 100).toFixed(2).replace('.', ',')
console.log(
  `prova verificada: saldo R$ ${reais} incluído no total de ${proof.day} (${proof.path.length} níveis, raiz ${proof.root})${target ? ', a mesma raiz publicada na cadeia' : ''}`,
)
