// Provably fair seed pairs (SPEC 6.3): each player has one active pair — a random server seed
// shown only as its SHA-256 hash, and a client seed the player may choose — plus a nonce that
// counts spins. Rotating reveals the active server seed and starts a new pair at nonce 0.
import { createHmac, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { RevealedSeed, SeedCommitment, SeedsView } from '../../contract/games/api.ts'
import type { HmacSha256 } from '../../contract/games/fair.ts'
import { sha256Hex } from '../accounts/tokens.ts'
import type { Database } from '../db/schema.ts'
import type { Ledger } from '../ledger/ledger.ts'

export const hmacSha256: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest())

export function randomServerSeed(): string {
  return randomBytes(32).toString('hex')
}

function randomClientSeed(): string {
  return randomBytes(8).toString('hex')
}

/** Draws server seeds; tests pass their own to reach rare outcomes on purpose. */
export type ServerSeedSource = () => string

async function insertSeed(
  trx: Transaction<Database>,
  playerId: number,
  now: number,
  source: ServerSeedSource,
  clientSeed?: string,
) {
  const serverSeed = source()
  return trx
    .insertInto('fair_seeds')
    .values({
      player_id: playerId,
      server_seed: serverSeed,
      server_seed_hash: sha256Hex(serverSeed),
      client_seed: clientSeed ?? randomClientSeed(),
      next_nonce: 0,
      created_at: now,
      revealed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The player's active pair, created on first use. Call inside a transaction that holds the player's lock. */
export async function activeSeed(trx: Transaction<Database>, playerId: number, now: number, source: ServerSeedSource) {
  const row = await trx
    .selectFrom('fair_seeds')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst()
  return row ?? insertSeed(trx, playerId, now, source)
}

/** Reveals the active pair and starts a new one (with the player's client seed when given). */
export async function rotateSeed(
  trx: Transaction<Database>,
  playerId: number,
  now: number,
  source: ServerSeedSource,
  clientSeed?: string,
): Promise<void> {
  await trx
    .updateTable('fair_seeds')
    .set({ revealed_at: now })
    .where('player_id', '=', playerId)
    .where('revealed_at', 'is', null)
    .execute()
  await insertSeed(trx, playerId, now, source, clientSeed)
}

export function commitmentOf(row: {
  server_seed_hash: string
  client_seed: string
  next_nonce: number
}): SeedCommitment {
  return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nextNonce: Number(row.next_nonce) }
}

export async function seedsView(db: Kysely<Database>, playerId: number): Promise<SeedsView | null> {
  const rows = await db
    .selectFrom('fair_seeds')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(21)
    .execute()
  const active = rows.find((row) => row.revealed_at === null)
  if (!active) return null
  const revealed: RevealedSeed[] = rows
    .filter((row) => row.revealed_at !== null)
    .map((row) => ({
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonces: Number(row.next_nonce),
      revealedAt: Number(row.revealed_at),
    }))
  return { active: commitmentOf(active), revealed }
}

/** The player's active seed pair, created on first use under their lock so it cannot race a spin. */
export function ensureActiveSeed(ledger: Ledger, playerId: number, source: ServerSeedSource) {
  return ledger.transact(async (tx) => {
    await tx.lockPlayer(playerId)
    return activeSeed(tx.trx, playerId, tx.now, source)
  })
}

/** Reveals the active pair and starts the next one; the player's lock keeps it out of a spin. */
export async function rotateSeedLocked(
  ledger: Ledger,
  playerId: number,
  source: ServerSeedSource,
  clientSeed?: string,
) {
  await ledger.transact(async (tx) => {
    await tx.lockPlayer(playerId)
    await rotateSeed(tx.trx, playerId, tx.now, source, clientSeed)
  })
}
