// The Merkle sum tree on its own: every leaf of trees of many sizes proves against the streamed
// root, a changed balance, salt, sibling or position does not, and a player's proof in a tree of
// 1 000 000 players — built as the server does, keeping one level — stays under 2 KB.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  depthFor,
  type LiabilityProof,
  leafNode,
  parentNode,
  pathWithin,
  type SumNode,
  SumTreeBuilder,
  verifyLiabilityProof,
} from './liabilities.ts'

const DAY = '2026-03-09'

/** The root computed the slow way: every level in memory, padded with empties. */
function naiveRoot(leaves: SumNode[]): SumNode {
  const depth = depthFor(leaves.length)
  let level = leaves
  for (let k = 0; k < depth; k++) level = nextLevel(level, k)
  return level[0] as SumNode
}
function nextLevel(level: SumNode[], height: number): SumNode[] {
  const out: SumNode[] = []
  for (let i = 0; i < level.length; i += 2) out.push(parentNode(level[i] as SumNode, level[i + 1] ?? emptyOf(height)))
  return out
}
const emptyOf = (height: number) => pathWithin([], 0, height, 0).top

function proofFor(leaves: SumNode[], balances: number[], salts: string[], position: number): LiabilityProof {
  const builder = new SumTreeBuilder()
  for (const leaf of leaves) builder.add(leaf)
  const { root, depth } = builder.finish()
  return {
    day: DAY,
    position,
    salt: salts[position] as string,
    balance: balances[position] as number,
    path: pathWithin(leaves, position, 0, depth).path,
    root: root.hash,
    total: root.sum,
  }
}

describe('the liabilities tree', () => {
  it('proves every leaf of trees from 1 to 40 leaves, and its root is the one built level by level', () => {
    for (let n = 1; n <= 40; n++) {
      const balances = Array.from({ length: n }, (_, i) => (i * 7919) % 100_000)
      const salts = balances.map((_, i) => `salt-${n}-${i}`)
      const leaves = balances.map((b, i) => leafNode(DAY, salts[i] as string, b))
      const builder = new SumTreeBuilder()
      for (const leaf of leaves) builder.add(leaf)
      const { root } = builder.finish()
      expect(root).toEqual(naiveRoot(leaves))
      expect(root.sum).toBe(balances.reduce((a, b) => a + b, 0))
      for (let p = 0; p < n; p++)
        expect(verifyLiabilityProof(proofFor(leaves, balances, salts, p))).toEqual({ ok: true })
    }
  })

  it('fails a proof whose balance, salt, sibling, position or total was changed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        (balances, pick) => {
          const salts = balances.map((_, i) => `s${i}`)
          const leaves = balances.map((b, i) => leafNode(DAY, salts[i] as string, b))
          const position = pick % balances.length
          const proof = proofFor(leaves, balances, salts, position)
          expect(verifyLiabilityProof(proof).ok).toBe(true)
          expect(verifyLiabilityProof({ ...proof, balance: proof.balance + 1 })).toEqual({ ok: false, problem: 'root' })
          expect(verifyLiabilityProof({ ...proof, salt: `${proof.salt}x` })).toEqual({ ok: false, problem: 'root' })
          expect(verifyLiabilityProof({ ...proof, total: proof.total + 1 })).toEqual({ ok: false, problem: 'total' })
          const [hash, sum] = proof.path[0] as [string, number]
          expect(verifyLiabilityProof({ ...proof, path: [[hash, sum + 1], ...proof.path.slice(1)] }).ok).toBe(false)
          expect(verifyLiabilityProof({ ...proof, position: position ^ 1 }).ok).toBe(false)
          // A negative sibling would let a balance be hidden: refused whatever the hashes say.
          expect(verifyLiabilityProof({ ...proof, path: [[hash, -1], ...proof.path.slice(1)] })).toEqual({
            ok: false,
            problem: 'negative',
          })
        },
      ),
      { numRuns: 60 },
    )
  })

  it('keeps a proof among 1 000 000 players under 2 KB, built from one stored level as the server does', () => {
    const players = 1_000_000
    const CHUNK = 10
    const balance = (i: number) => 10_000_000_000 + ((i * 2_654_435_761) % 1_000_000_000)
    const salt = (i: number) => `k${i.toString(36).padStart(22, '0')}`
    const chunkRoots: SumNode[] = []
    const builder = new SumTreeBuilder((height, index, node) => {
      if (height === CHUNK) chunkRoots[index] = node
    })
    for (let i = 0; i < players; i++) builder.add(leafNode(DAY, salt(i), balance(i)))
    const { root, depth } = builder.finish()
    expect(depth).toBe(20)
    const position = 777_777
    const chunk = position >> CHUNK
    const chunkLeaves = Array.from({ length: 1 << CHUNK }, (_, j) => (chunk << CHUNK) + j)
      .filter((i) => i < players)
      .map((i) => leafNode(DAY, salt(i), balance(i)))
    const below = pathWithin(chunkLeaves, position - (chunk << CHUNK), 0, CHUNK)
    const above = pathWithin(chunkRoots.slice(0, Math.ceil(players / (1 << CHUNK))), chunk, CHUNK, depth - CHUNK)
    const proof: LiabilityProof = {
      day: DAY,
      position,
      salt: salt(position),
      balance: balance(position),
      path: [...below.path, ...above.path],
      root: root.hash,
      total: root.sum,
    }
    expect(verifyLiabilityProof(proof)).toEqual({ ok: true })
    // As the API sends it, in its envelope.
    const sent = JSON.stringify({ success: true, msgCode: 'ok', msg: '', data: proof })
    expect(new TextEncoder().encode(sent).length).toBeLessThan(2048)
  }, 180_000)
})
