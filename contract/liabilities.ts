// Proof of liabilities: a Merkle sum tree over every player's balance at a frozen day, so each
// player can check their own balance was counted in the total the chain publishes, and nobody
// learns anyone else's. The same code builds the tree on the server (streaming, memory bounded by
// the tree's depth), proves one leaf, and verifies a proof in the browser and the CLI — no zod.
//
// Exactly (hashes are SHA-256 over UTF-8 text, written in lowercase hex; sums are centavos):
//   leaf  = H("jogo-limpo/liabilities/leaf:" + day + ":" + salt + ":" + balance)
//   node  = H("jogo-limpo/liabilities/node:" + left.hash + ":" + left.sum + ":" + right.hash + ":" + right.sum),
//           its sum left.sum + right.sum
//   empty = { hash: H("jogo-limpo/liabilities/empty"), sum: 0 } fills the slots after the last leaf,
// over 2^depth slots (depth the smallest with 2^depth ≥ players). `salt` is a random secret made
// for that player and that day: without it a leaf's hash cannot be tested against guessed balances.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

export interface SumNode {
  hash: string
  sum: number
}

/** One player's inclusion proof: their leaf, its place, and the sibling of each level, leaf upwards. */
export interface LiabilityProof {
  day: string
  position: number
  salt: string
  balance: number
  /** [hash, sum] of the sibling at each level, from the leaf's up to the root's children. */
  path: [string, number][]
  root: string
  total: number
}

const encoder = new TextEncoder()
const h = (text: string) => bytesToHex(sha256(encoder.encode(text)))

export const EMPTY_NODE: SumNode = { hash: h('jogo-limpo/liabilities/empty'), sum: 0 }

export function leafNode(day: string, salt: string, balance: number): SumNode {
  return { hash: h(`jogo-limpo/liabilities/leaf:${day}:${salt}:${balance}`), sum: balance }
}

export function parentNode(left: SumNode, right: SumNode): SumNode {
  return {
    hash: h(`jogo-limpo/liabilities/node:${left.hash}:${left.sum}:${right.hash}:${right.sum}`),
    sum: left.sum + right.sum,
  }
}

/** The empty subtree of each height: empties[k] covers 2^k empty slots. */
const empties: SumNode[] = [EMPTY_NODE]
export function emptyAt(height: number): SumNode {
  while (empties.length <= height) {
    const below = empties[empties.length - 1] as SumNode
    empties.push(parentNode(below, below))
  }
  return empties[height] as SumNode
}

/** The smallest depth whose 2^depth slots hold `count` leaves. */
export function depthFor(count: number): number {
  let depth = 0
  while (2 ** depth < count) depth++
  return depth
}

/**
 * Builds a tree from leaves given one at a time, keeping one pending node per level (memory grows
 * with the depth, not with the players). `onNode(height, index, node)` is called for every node
 * of the heights asked for, so a caller can keep a level (the server keeps one, for proofs).
 */
export class SumTreeBuilder {
  readonly #pending: (SumNode | undefined)[] = []
  #count = 0
  readonly #onNode: ((height: number, index: number, node: SumNode) => void) | undefined

  constructor(onNode?: (height: number, index: number, node: SumNode) => void) {
    this.#onNode = onNode
  }

  get count(): number {
    return this.#count
  }

  add(leaf: SumNode): void {
    const index = this.#count++
    this.#push(0, index, leaf)
  }

  #push(height: number, index: number, node: SumNode): void {
    this.#onNode?.(height, index, node)
    if (index % 2 === 0) {
      this.#pending[height] = node
      return
    }
    const left = this.#pending[height] as SumNode
    this.#pending[height] = undefined
    this.#push(height + 1, index >> 1, parentNode(left, node))
  }

  /** The root over 2^depth slots (the empty slots filled in), its total and depth. */
  finish(): { root: SumNode; depth: number; count: number } {
    const count = this.#count
    const depth = depthFor(count)
    if (count === 0) return { root: EMPTY_NODE, depth: 0, count }
    // Fill the slots after the last leaf, level by level, until one node remains at the top.
    let index = count
    for (let height = 0; height < depth; height++) {
      if (index % 2 === 1) this.#push(height, index, emptyAt(height))
      index = (index + 1) >> 1
    }
    return { root: this.#pending[depth] as SumNode, depth, count }
  }
}

/**
 * The siblings of `position` from a level of nodes (padded with empties of that height), up to
 * that level's root: what a proof needs inside one stored chunk, and above the stored level.
 */
export function pathWithin(nodes: readonly SumNode[], position: number, height: number, levels: number) {
  const path: [string, number][] = []
  let level = [...nodes]
  let index = position
  for (let k = 0; k < levels; k++) {
    const sibling = level[index ^ 1] ?? emptyAt(height + k)
    path.push([sibling.hash, sibling.sum])
    const next: SumNode[] = []
    for (let i = 0; i < level.length; i += 2)
      next.push(parentNode(level[i] as SumNode, level[i + 1] ?? emptyAt(height + k)))
    level = next
    index >>= 1
  }
  return { path, top: level[0] ?? emptyAt(height + levels) }
}

export type ProofCheck = { ok: true } | { ok: false; problem: 'negative' | 'root' | 'total' | 'position' }

/** Recomputes the root from the leaf and its path; every sum must be a whole, non-negative number. */
export function verifyLiabilityProof(proof: LiabilityProof): ProofCheck {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0
  if (!whole(proof.balance) || proof.path.some(([, sum]) => !whole(sum))) return { ok: false, problem: 'negative' }
  if (!Number.isSafeInteger(proof.position) || proof.position < 0 || proof.position >= 2 ** proof.path.length)
    return { ok: false, problem: 'position' }
  let node = leafNode(proof.day, proof.salt, proof.balance)
  let index = proof.position
  for (const [hash, sum] of proof.path) {
    const sibling = { hash, sum }
    node = index % 2 === 0 ? parentNode(node, sibling) : parentNode(sibling, node)
    index = Math.floor(index / 2)
  }
  if (node.hash !== proof.root) return { ok: false, problem: 'root' }
  if (node.sum !== proof.total) return { ok: false, problem: 'total' }
  return { ok: true }
}
