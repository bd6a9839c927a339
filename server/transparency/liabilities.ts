// The proof of liabilities kept beside each frozen day: every player's owed balance (read from the
// ledger a page at a time, every page from one snapshot) as a leaf of a Merkle sum tree (contract/liabilities.ts), built in
// memory bounded by the tree's depth plus one page; its root and total go into the day's figures.
// The leaves (each with a fresh random salt, the player's secret for that day) are kept for
// LEAF_DAYS so a player can fetch their proof; the nodes of one level (chunks of 2^CHUNK_HEIGHT
// leaves) are kept with the day so a proof reads only its chunk's leaves.
import { randomBytes } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import { type LiabilityProof, leafNode, pathWithin, type SumNode, SumTreeBuilder } from '../../contract/liabilities.ts'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { owedBalancesAfter } from '../ledger/transparency.ts'
import { addDays } from './figures.ts'

/** A chunk holds 2^10 leaves: a proof reads 1 024 leaf rows and the day's chunk roots. */
export const CHUNK_HEIGHT = 10
/** Days whose leaves are kept (older days keep their root and total in the chain, forever). */
export const LEAF_DAYS = 7
/** Players read from the ledger, and leaf rows written, per step. */
const PAGE = 2000

export interface LiabilitiesFigures {
  root: string
  total: number
  players: number
  depth: number
}

/** How long a claim on a day's build holds without renewal (it is renewed after every page). */
const CLAIM_MS = 120_000

export interface LiabilitiesBuild {
  db: Kysely<Database>
  /** One consistent read of every balance (Db.readSnapshot): the tree adds up to one instant. */
  readSnapshot: Db['readSnapshot']
  /** This instance's name on the day's claim. */
  holder: string
  now: () => number
  /** Players read per page; the default suits production. */
  pageSize?: number
}

/** Another instance took over the day's claim while this one was building (this one stalled). */
class ClaimLost extends Error {}

/** Takes the day's claim, or renews it while this instance holds it; false while another holds it. */
async function claim({ db, holder, now }: LiabilitiesBuild, day: string): Promise<boolean> {
  const at = now()
  await db
    .insertInto('liability_claims')
    .values({ day, holder: '', until: 0 })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute()
  const taken = await db
    .updateTable('liability_claims')
    .set({ holder, until: at + CLAIM_MS })
    .where('day', '=', day)
    .where((eb) => eb.or([eb('until', '<=', at), eb('holder', '=', holder)]))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

/**
 * Builds and stores the day's tree from every player's balance at one instant (a snapshot read,
 * so money moving between players while the pages are read is counted once); its root, total and
 * size. Null when another instance holds the day's claim: that one builds it.
 */
export async function buildLiabilities(build: LiabilitiesBuild, day: string): Promise<LiabilitiesFigures | null> {
  const { db } = build
  if (!(await claim(build, day))) return null
  const readAt = build.now()
  // Under the claim no one else writes this day's leaves: an earlier attempt's that stopped
  // half-way are started again.
  await db.deleteFrom('liability_leaves').where('day', '=', day).execute()
  const chunkRoots: SumNode[] = []
  const builder = new SumTreeBuilder((height, index, node) => {
    if (height === CHUNK_HEIGHT) chunkRoots[index] = node
  })
  await build.readSnapshot(async (snapshot) => {
    let after = 0
    for (;;) {
      const page = await owedBalancesAfter(snapshot, after, build.pageSize ?? PAGE)
      if (page.length === 0) break
      const rows = page.map(({ playerId, balance }) => {
        const salt = randomBytes(16).toString('base64url')
        const position = builder.count
        builder.add(leafNode(day, salt, balance))
        return { day, position, player_id: playerId, salt, balance }
      })
      if (!(await claim(build, day)))
        throw new ClaimLost(`the claim on ${day}'s liabilities passed to another instance`)
      // 5 columns a row: under SQLite's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('liability_leaves')
          .values(rows.slice(i, i + 500))
          .execute()
      after = (page.at(-1) as { playerId: number }).playerId
      // SQLite answers synchronously, so without a turn of the event loop between pages the whole
      // build (a minute over a million players) would hold every request waiting behind it.
      await nextTurn()
    }
  })
  const { root, depth, count } = builder.finish()
  const chunkHeight = Math.min(CHUNK_HEIGHT, depth)
  // Below CHUNK_HEIGHT the whole tree is one chunk: its root is the tree's.
  const nodes = chunkHeight === CHUNK_HEIGHT ? chunkRoots.slice(0, Math.ceil(count / 2 ** CHUNK_HEIGHT)) : [root]
  await db
    .insertInto('liability_trees')
    .values({
      day,
      read_at: readAt,
      player_count: count,
      total: root.sum,
      root: root.hash,
      depth,
      chunk_height: chunkHeight,
      chunk_nodes: JSON.stringify(nodes.map((n) => [n.hash, n.sum])),
    })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute()
  const old = addDays(day, -LEAF_DAYS)
  await db.deleteFrom('liability_leaves').where('day', '<=', old).execute()
  await db
    .deleteFrom('liability_claims')
    .where((eb) => eb.or([eb('day', '=', day), eb('day', '<=', old)]))
    .execute()
  return { root: root.hash, total: root.sum, players: count, depth }
}

/** The latest day with a tree: its figures (the page shows them), or null before the first. */
export async function latestLiabilities(
  db: Kysely<Database>,
): Promise<(LiabilitiesFigures & { day: string; readAt: number }) | null> {
  const row = await db
    .selectFrom('liability_trees')
    .select(['day', 'read_at', 'player_count', 'total', 'root', 'depth'])
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row
    ? {
        day: row.day,
        readAt: Number(row.read_at),
        players: Number(row.player_count),
        total: Number(row.total),
        root: row.root,
        depth: Number(row.depth),
      }
    : null
}

/**
 * A player's proof in the latest tree (or `day`'s): their leaf, its salt and the path to the root,
 * recomputed from the stored leaves of their chunk and the day's chunk roots. Null when the player
 * has no leaf that day. The stored root is the chain's: a leaf changed since gives a path that
 * does not reach it.
 */
export async function liabilityProof(
  db: Kysely<Database>,
  playerId: number,
  day?: string,
): Promise<LiabilityProof | null> {
  let query = db.selectFrom('liability_trees').selectAll().orderBy('day', 'desc').limit(1)
  if (day) query = query.where('day', '=', day)
  const tree = await query.executeTakeFirst()
  if (!tree) return null
  const leaf = await db
    .selectFrom('liability_leaves')
    .select(['position', 'salt', 'balance'])
    .where('player_id', '=', playerId)
    .where('day', '=', tree.day)
    .executeTakeFirst()
  if (!leaf) return null
  const chunkHeight = Number(tree.chunk_height)
  const position = Number(leaf.position)
  const chunk = position >> chunkHeight
  const leaves = await db
    .selectFrom('liability_leaves')
    .select(['position', 'salt', 'balance'])
    .where('day', '=', tree.day)
    .where('position', '>=', chunk << chunkHeight)
    .where('position', '<', (chunk + 1) << chunkHeight)
    .orderBy('position')
    .execute()
  const below = pathWithin(
    leaves.map((l) => leafNode(tree.day, l.salt, Number(l.balance))),
    position - (chunk << chunkHeight),
    0,
    chunkHeight,
  )
  const chunkRoots = (JSON.parse(tree.chunk_nodes) as [string, number][]).map(([hash, sum]) => ({ hash, sum }))
  const above = pathWithin(chunkRoots, chunk, chunkHeight, Number(tree.depth) - chunkHeight)
  return {
    day: tree.day,
    position,
    salt: leaf.salt,
    balance: Number(leaf.balance),
    path: [...below.path, ...above.path],
    root: tree.root,
    total: Number(tree.total),
  }
}
