// Provably fair seed pairs in Stake's order. The server always holds a committed
// *next* server seed, shown only as its SHA-256 hash, before the player chooses anything. A
// player's active pair — server seed (hash shown) + client seed (chosen in the browser) + a nonce
// that counts spins — is only ever made by activating exactly that committed seed, when the
// player sends a client seed together with the next hash they were shown; then a new next seed
// is committed. So no server seed is drawn after the server has seen the client seed it will be
// played with. Activating reveals the pair it replaces.
import { createHmac, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { RevealedSeed, SeedCommitment, SeedsView } from '../../contract/games/api.ts'
import type { HmacSha256 } from '../../contract/games/fair.ts'
import type { Database } from '../db/schema.ts'
import type { Ledger } from '../ledger/ledger.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'

/** node:crypto's HMAC (a Buffer is a Uint8Array). */
export const hmacSha256: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest()

export function randomServerSeed(): string {
  return randomBytes(32).toString('hex')
}

/** Draws server seeds; tests pass their own to reach rare outcomes on purpose. */
export type ServerSeedSource = () => string

/** The player's active pair, if they have one. */
export function activeSeed(trx: Transaction<Database> | Kysely<Database>, playerId: number) {
  return activeSeedQuery(trx, playerId).executeTakeFirst()
}

export function activeSeedQuery(trx: Transaction<Database> | Kysely<Database>, playerId: number) {
  return trx.selectFrom('fair_seeds').selectAll().where('player_id', '=', playerId).where('revealed_at', 'is', null)
}

/**
 * Moves the pair's nonce past `nonce`, only if it still stands there (the spin read it under the
 * player's lock and plays it): answers the row it moved, none if the pair changed meanwhile.
 */
export function nonceTaken(trx: Transaction<Database>, seedId: number, nonce: number) {
  return trx
    .updateTable('fair_seeds')
    .set({ next_nonce: nonce + 1 })
    .where('id', '=', seedId)
    .where('next_nonce', '=', nonce)
    .where('revealed_at', 'is', null)
    .returning('id')
}

async function commitNext(trx: Transaction<Database>, playerId: number, now: number, source: ServerSeedSource) {
  const serverSeed = source()
  const row = { player_id: playerId, server_seed: serverSeed, server_seed_hash: sha256Hex(serverSeed), created_at: now }
  await trx.insertInto('fair_next_seeds').values(row).execute()
  return row
}

/** The committed next server seed, committed now if the player has none yet. Call under the player's lock. */
export async function nextSeed(trx: Transaction<Database>, playerId: number, now: number, source: ServerSeedSource) {
  const row = await trx.selectFrom('fair_next_seeds').selectAll().where('player_id', '=', playerId).executeTakeFirst()
  return row ?? commitNext(trx, playerId, now, source)
}

/**
 * Makes the committed next seed the active pair with the player's client seed — only if it is the
 * one whose hash the player names — reveals the pair it replaces and commits a new next seed.
 * False when the named hash is not the committed one. Call under the player's lock.
 */
export async function activateNextSeed(
  trx: Transaction<Database>,
  playerId: number,
  now: number,
  source: ServerSeedSource,
  choice: { clientSeed: string; nextServerSeedHash: string },
): Promise<boolean> {
  const next = await trx.selectFrom('fair_next_seeds').selectAll().where('player_id', '=', playerId).executeTakeFirst()
  if (!next || next.server_seed_hash !== choice.nextServerSeedHash) return false
  await trx
    .updateTable('fair_seeds')
    .set({ revealed_at: now })
    .where('player_id', '=', playerId)
    .where('revealed_at', 'is', null)
    .execute()
  await trx
    .insertInto('fair_seeds')
    .values({
      player_id: playerId,
      server_seed: next.server_seed,
      server_seed_hash: next.server_seed_hash,
      client_seed: choice.clientSeed,
      next_nonce: 0,
      created_at: now,
      revealed_at: null,
    })
    .execute()
  await trx.deleteFrom('fair_next_seeds').where('player_id', '=', playerId).execute()
  await commitNext(trx, playerId, now, source)
  return true
}

export function commitmentOf(row: {
  server_seed_hash: string
  client_seed: string
  next_nonce: number
}): SeedCommitment {
  return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nextNonce: Number(row.next_nonce) }
}

export async function seedsView(db: Kysely<Database>, playerId: number): Promise<SeedsView> {
  const [rows, next] = await Promise.all([
    db.selectFrom('fair_seeds').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(21).execute(),
    db.selectFrom('fair_next_seeds').select('server_seed_hash').where('player_id', '=', playerId).executeTakeFirst(),
  ])
  const active = rows.find((row) => row.revealed_at === null)
  const revealed: RevealedSeed[] = rows
    .filter((row) => row.revealed_at !== null)
    .slice(0, 20)
    .map((row) => ({
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonces: Number(row.next_nonce),
      revealedAt: Number(row.revealed_at),
    }))
  return {
    active: active ? commitmentOf(active) : null,
    nextServerSeedHash: next?.server_seed_hash ?? null,
    revealed,
  }
}

/** Commits the player's next server seed (if none is yet) under their lock, so it cannot race a spin. */
export function ensureNextSeed(ledger: Ledger, playerId: number, source: ServerSeedSource) {
  return ledger.transact(async (tx) => {
    await tx.lockPlayer(playerId)
    return nextSeed(tx.trx, playerId, tx.now, source)
  })
}

/**
 * Activates exactly the committed next seed the player names, with their client seed (revealing
 * the pair it replaces); `onlyFirst` leaves a player who already has a pair as they are. The
 * player's lock keeps an activation from landing in the middle of a spin.
 */
export function activateSeed(
  ledger: Ledger,
  playerId: number,
  source: ServerSeedSource,
  choice: { clientSeed: string; nextServerSeedHash: string },
  onlyFirst: boolean,
) {
  return ledger.transact(async (tx) => {
    await tx.lockPlayer(playerId)
    if (onlyFirst && (await activeSeed(tx.trx, playerId))) return
    if (!(await activateNextSeed(tx.trx, playerId, tx.now, source, choice)))
      throw new Refusal('seed_commitment_changed')
  })
}
